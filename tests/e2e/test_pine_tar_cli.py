"""Pine Tar through the CLI: the manual's walk-through and other worked examples with scripted dice,
hand play, rewind, audit, and a small season simulated on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from commands.cli import cli
from league.rules.pine_tar.cardgen import OUT as CARD_SET

POSITIONS = ["c", "1b", "2b", "3b", "ss", "lf", "cf", "rf", "1b"]


def ok(db: str, *args: str) -> str:
    r = CliRunner().invoke(cli, ["--db", db, "--log-format", "json", *args])
    assert r.exit_code == 0, (args, r.output)
    return r.output


def refused(db: str, *args: str) -> str:
    r = CliRunner().invoke(cli, ["--db", db, *args])
    assert r.exit_code == 1, (args, r.output)
    return r.output


def column(results: dict[str, str]) -> list[str]:
    """``{"14": "1B"}``: those numbers, home runs on 95-99 (so a simulated game ends), strikeouts elsewhere."""
    cells = ["SO"] * 95 + ["HR"] * 5
    for key, result in results.items():
        lo, _, hi = key.partition("-")
        for n in range(int(lo), int(hi or lo) + 1):
            cells[n] = result
    return [f"{n:02d} {r}" for n, r in enumerate(cells)]


def club(code: str, name: str, batters: list[dict[str, Any]], grade: str = "C", ar: int = 0) -> str:
    lines = [f"# {name} ({code})", "# league: Test", "# division: One", ""]
    for i, pos in enumerate(POSITIONS):
        b = batters[i] if i < len(batters) else {}
        lines += [f"BATTER {code}{i + 1:02d}", f"name: {b.get('name', f'{code} Batter {i + 1}')}",
                  f"team: {code}", "bats: R", "throws: R", f"positions: {pos}", f"sbc: {b.get('sbc', 'N')}",
                  f"sbo: {b.get('sbo', 'N')}", f"br: {b.get('br', 'M')}", f"shc: {b.get('shc', 'N')}",
                  "rg: Neu", "ec: 3", "inj: 20B"]
        if pos == "c":
            lines.append(f"ar: {ar}")
        col = column(b.get("column", {}))
        lines += ["[vs LHP]", *col, "[vs RHP]", *col, "END", ""]
    for k, (role, mip) in enumerate([("S 30", "6"), ("R", "2"), ("C", "1")]):
        lines += [f"PITCHER {code}{k + 20}", f"name: {code} Pitcher {k + 1}", f"team: {code}", "throws: R",
                  "bats: R", f"role: {role}", f"home: {grade}", f"away: {grade}", f"mip: {mip}", "bkwp: 21/99",
                  "sbc: N", "sbo: N", "br: S", "shc: 80", "rg: Neu", "ec: 2", "inj: 30C", "[batting]",
                  *column({}), "END", ""]
    return "\n".join(lines)


def league(tmp_path: Path, db: str, visitor: str, home: str) -> str:
    ok(db, "init", "--name", "PT", "--ruleset", "pine-tar", "--seed", "7")
    (tmp_path / "chi.txt").write_text(visitor)
    (tmp_path / "cle.txt").write_text(home)
    ok(db, "teams", "import", str(tmp_path / "chi.txt"), str(tmp_path / "cle.txt"))
    (tmp_path / "s.csv").write_text("date,visitor,home,game\n2016-04-01,CHI,CLE,0\n")
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    game = "CLE201604010"
    ok(db, "game", "start", game)
    return game


def roll(tmp_path: Path, db: str, game: str, *dice: str) -> None:
    script = tmp_path / "dice.txt"
    script.write_text("\n".join(dice) + "\n")
    ok(db, "game", "roll", game, "--dice", str(script), "--to", "play")


def state(db: str, game: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(ok(db, "game", "state", game, "--json"))
    return out


def labels(db: str, game: str) -> list[str]:
    log = json.loads(ok(db, "game", "log", game, "--json"))
    return [e["play"]["play"]["label"] for e in log if e.get("type") == "PlayResolved"]


def test_the_manuals_walk_through_played_by_hand_through_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "w.db")
    chicago = club("CHI", "Chicago", [
        {"name": "Rizzo", "br": "S", "column": {"14": "1B"}},
        {"name": "Zobrist", "column": {"08-20": "1B"}},
        {"name": "Soler", "column": {"78-80": "FO-RF"}},
        {"name": "Russell", "column": {"68": "GO-SS"}},
        {"name": "Montero", "column": {"15": "1B"}},
        {"name": "Baez", "column": {"34": "SO"}},
    ])
    game = league(tmp_path, db, chicago, club("CLE", "Cleveland", [], grade="C"))
    roll(tmp_path, db, game, "14")  # Rizzo singles to right
    roll(tmp_path, db, game, "16")  # Zobrist singles to left; slow Rizzo to second
    s = state(db, game)
    assert s["bases"][:2] == ["CHI02", "CHI01"]
    roll(tmp_path, db, game, "78", "43")  # Soler flies to right; tag roll 43: Rizzo to third
    roll(tmp_path, db, game, "68")  # Russell GO-SS, white 8: PO-3 RA, Rizzo scores
    roll(tmp_path, db, game, "15")  # Montero: 1B on 15 off grade C is a double to right
    roll(tmp_path, db, game, "34")  # Baez strikes out
    s = state(db, game)
    assert (s["inning"], s["half"], s["score"]) == (1, "bottom", [2, 0])
    assert labels(db, game) == ["SINGLE to RF", "SINGLE to LF", "FLYBALL to RF", "GROUNDOUT GO-SS PO-3 RA",
                                "DOUBLE to RF", "STRIKEOUT"]
    log = ok(db, "game", "log", game)
    assert "tag roll 43 against 45" in log or "r4w3" in log
    # rewind to Soler's tag roll and roll 77 instead: Rizzo is thrown out tagging
    entries = json.loads(ok(db, "game", "log", game, "--json"))
    tag = next(e for e in entries if "tag" in (e.get("purpose") or ""))
    ok(db, "rewind", game, "--to", str(tag["position"]), "--reason", "tag roll misread")
    roll(tmp_path, db, game, "77")
    s = state(db, game)
    assert s["outs"] == 2 and s["bases"] == ["CHI02", None, None]
    assert "Audit passed" in ok(db, "audit", "--all")


def test_the_47_go_2b_fc_and_the_tag_roll_of_49_through_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "e.db")
    chicago = club("CHI", "Chicago", [
        {"column": {"20": "2B"}},
        {"column": {"17": "1B"}},
        {"column": {"47": "GO-2B"}},
        {"column": {"22": "2B"}},
        {"column": {"78": "FO-RF"}},
    ])
    game = league(tmp_path, db, chicago, club("CLE", "Cleveland", [], grade="C"))
    roll(tmp_path, db, game, "20")  # a double: runner on second
    roll(tmp_path, db, game, "17")  # a single on an odd roll: the medium runner takes one base, to third
    assert state(db, game)["bases"] == ["CHI02", None, "CHI01"]
    roll(tmp_path, db, game, "47")  # GO-2B, runner on 1st table, white 7: FC R3A
    s = state(db, game)
    assert s["outs"] == 1 and s["score"] == [1, 0] and s["bases"] == ["CHI03", None, None]
    roll(tmp_path, db, game, "22")  # a double on a doubled roll: the runner takes exactly two bases
    assert state(db, game)["bases"] == [None, "CHI04", "CHI03"]
    roll(tmp_path, db, game, "78", "49")  # FO-RF, tag roll 49: the runner on third scores, second holds
    s = state(db, game)
    assert s["outs"] == 2 and s["score"] == [2, 0] and s["bases"] == [None, "CHI04", None]
    assert labels(db, game)[2].startswith("GROUNDOUT GO-2B FC")


def test_a_sacrifice_with_shc_89_and_the_steal_example_through_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "b.db")
    chicago = club("CHI", "Chicago", [
        {"column": {"16": "1B"}, "sbc": 82, "sbo": "A", "br": "S"},
        {"shc": 89},
        {"column": {"16": "1B"}},
    ])
    game = league(tmp_path, db, chicago, club("CLE", "Cleveland", [], grade="C", ar=-9))
    roll(tmp_path, db, game, "16")
    ok(db, "game", "steal", game, "--base", "1")
    roll(tmp_path, db, game, "70")  # 70 <= 82 - 9: safe at second
    assert state(db, game)["bases"] == [None, "CHI01", None]
    ok(db, "game", "bunt", game)
    roll(tmp_path, db, game, "86")  # under 89, even: SH 5-4, the runner to third, the batter out
    s = state(db, game)
    assert s["outs"] == 1 and s["bases"] == [None, None, "CHI01"]
    assert labels(db, game)[-2:] == ["STOLEN BASE", "SAC"]
    refused(db, "game", "walk", game)  # Pine Tar has no intentional walk


def test_a_bad_card_file_is_refused_with_its_file_line_and_field(tmp_path: Path) -> None:
    db = str(tmp_path / "bad.db")
    ok(db, "init", "--name", "PT", "--ruleset", "pine-tar", "--seed", "7")
    text = (CARD_SET / "hbr.txt").read_text().replace("sbo: E", "sbo: Q", 1)
    line = next(i for i, ln in enumerate(text.splitlines(), start=1) if ln == "sbo: Q")
    bad = tmp_path / "hbr.txt"
    bad.write_text(text)
    out = refused(db, "teams", "import", str(bad))
    assert "hbr.txt" in out and f"line {line}" in out and "sbo" in out
    assert json.loads(ok(db, "teams", "list", "--json")) == []


def test_a_small_pine_tar_season_through_the_cli(tmp_path: Path, db_url: str) -> None:
    ok(db_url, "init", "--name", "PT", "--ruleset", "pine-tar-dh", "--seed", "11")
    ok(db_url, "teams", "import", *(str(CARD_SET / f) for f in ("hbr.txt", "prd.txt", "msa.txt", "clf.txt")))
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home,game\n" + "".join(
        f"2024-04-0{d},{v},{h},0\n" for d, v, h in [(1, "HBR", "PRD"), (1, "MSA", "CLF"), (2, "PRD", "MSA"),
                                                    (2, "CLF", "HBR"), (3, "HBR", "MSA"), (3, "PRD", "CLF")]))
    ok(db_url, "schedule", "import", str(sched))
    ok(db_url, "sim", "--quiet")
    standings = json.loads(ok(db_url, "standings", "--json"))
    assert sum(t["w"] for t in standings) == 6 and sum(t["l"] for t in standings) == 6
    box = json.loads(ok(db_url, "game", "show", "PRD202404010", "--json"))
    for side in ("visitor", "home"):
        assert box[side]["runs"] == sum(box[side]["line"])
        assert sum(b["r"] for b in box[side]["batting"]) == box[side]["runs"]
    assert "Audit passed" in ok(db_url, "audit", "--all")
    assert "STRIKEOUT" in ok(db_url, "game", "log", "PRD202404010")
    # the calendar counts games on or before the day: by April 2nd the April 1st starter has had one since
    cal = json.loads(ok(db_url, "pitchers", "--team", "HBR", "--as-of", "2024-04-02", "--json"))
    first = box["visitor"]["pitching"][0]["pitcher"]
    row = next(r for r in cal["starters"] if r["pitcher"] == first)
    assert row["games_since_start"] == 1 and not row["rested"]
    assert "resting" in ok(db_url, "roster", "HBR")


def test_optional_rules_are_league_options_recorded_in_each_game(tmp_path: Path) -> None:
    db = str(tmp_path / "o.db")
    ok(db, "init", "--name", "PT", "--ruleset", "pine-tar", "--seed", "3", "--option", "defensive-rolls=on",
       "--option", "plays-at-the-plate=on")
    out = refused(db, "init", "--name", "PT", "--ruleset", "pine-tar", "--option", "steal-points=on")
    assert "steal-points" in out  # steal points are not played (docs/pine-tar.md, "Not implemented")
    chicago = club("CHI", "Chicago", [{"column": {"11": "1B"}}])
    (tmp_path / "chi.txt").write_text(chicago)
    (tmp_path / "cle.txt").write_text(club("CLE", "Cleveland", [], grade="C"))
    ok(db, "teams", "import", str(tmp_path / "chi.txt"), str(tmp_path / "cle.txt"))
    (tmp_path / "s.csv").write_text("date,visitor,home,game\n2016-04-01,CHI,CLE,0\n2016-04-02,CHI,CLE,0\n")
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    game = "CLE201604010"
    ok(db, "game", "start", game)
    started = json.loads(ok(db, "game", "log", game, "--json"))[0]
    assert started["setup"]["orders"]["options"] == ["defensive-rolls", "plays-at-the-plate"]
    # defensive roll example 2: a single on 11, the roll 49 names the (Neu) center fielder: the hit stands
    roll(tmp_path, db, game, "11", "49")
    assert labels(db, game) == ["SINGLE to CF"]
    ok(db, "sim", "--quiet", "--finish-in-progress")
    assert "Audit passed" in ok(db, "audit", "--all")


def test_the_defense_refuses_the_gdp_in_the_8th_with_the_infield_in_through_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "i.db")
    chicago = club("CHI", "Chicago", [{}, {}, {}, {"column": {"20": "2B"}}, {"column": {"17": "1B"}},
                                      {"column": {"41": "GO-SS"}}])
    game = league(tmp_path, db, chicago, club("CLE", "Cleveland", [], grade="C"))
    script = tmp_path / "half.txt"
    for inning in range(1, 8):
        for half in ("top", "bottom"):
            script.write_text("95\n34\n34\n34\n" if (inning, half) == (1, "bottom") else "34\n34\n34\n")
            ok(db, "game", "roll", game, "--dice", str(script), "--to", "half")
    assert state(db, game)["score"] == [0, 1]  # Cleveland's leadoff home run
    ok(db, "game", "pitch", game, "CLE21")  # Cleveland's starter is past his maximum innings
    assert "runners on first and third" in refused(db, "game", "infield", game)
    roll(tmp_path, db, game, "20")  # a double
    roll(tmp_path, db, game, "17")  # a single: the runner on second to third
    assert state(db, game)["bases"] == ["CHI05", None, "CHI04"]
    ok(db, "game", "infield", game)  # the run from third would tie: Cleveland refuses the GDP
    roll(tmp_path, db, game, "41")  # GO-SS, white 1: GDP, refused
    s = state(db, game)
    assert s["outs"] == 1 and s["score"] == [0, 1] and s["bases"] == ["CHI06", "CHI05", None]
    assert labels(db, game)[-1] == "GROUNDOUT GO-SS GDP refused, runner out at home (FC)"
    assert "Audit passed" in ok(db, "audit", "--all")


def test_a_hit_and_run_through_the_cli_only_where_the_league_plays_the_option(tmp_path: Path) -> None:
    chicago = club("CHI", "Chicago", [{"column": {"16": "1B"}, "sbc": 70, "sbo": "A", "br": "S"},
                                      {"column": {"48": "1B"}}])
    off = str(tmp_path / "off.db")
    game = league(tmp_path, off, chicago, club("CLE", "Cleveland", [], grade="C"))
    roll(tmp_path, off, game, "16")
    assert "hit-and-run" in refused(off, "game", "hitrun", game)
    db = str(tmp_path / "on.db")
    ok(db, "init", "--name", "PT", "--ruleset", "pine-tar", "--seed", "7", "--option", "hit-and-run=on")
    ok(db, "teams", "import", str(tmp_path / "chi.txt"), str(tmp_path / "cle.txt"))
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    ok(db, "game", "start", game)
    assert "runner on first" in refused(db, "game", "hitrun", game)  # the bases are empty
    roll(tmp_path, db, game, "16")
    ok(db, "game", "hitrun", game)
    roll(tmp_path, db, game, "43")  # 43 + 5 = 48: a single; the slow runner runs as M: to third on an even roll
    s = state(db, game)
    assert s["bases"] == ["CHI02", None, "CHI01"] and labels(db, game)[-1] == "SINGLE to CF"
    assert "Audit passed" in ok(db, "audit", "--all")
