"""Super advanced starter rest in play (revision 4): the season player rests starters by 27.51's chart,
by the outs of each one's last start, and sets a game up with 27.52's and 27.61's fatigue; revision 3
keeps 26.1's three or four games.

The clubs' Staffs are fresh in-memory aggregates holding made-up outings (the outs of each start kept as
the season player keeps those of a game it finished), so each rule is set up exactly.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Iterator, cast

import pytest

from league.bootstrap import open_app
from league.domain.dice import SeededDice
from league.domain.errors import RulesError
from league.domain.staff import Staff
from league.rules.pa.replay import fold
from league.rules.strat import card_engine
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team
from tests.integration.test_strat_calendar_agrees_with_engine import card_schedule, reshaped

START = dt.date(2024, 4, 1)
GAME_DAY = 10  # the scheduled game the tests set up: ANV at home on 2024-04-11
STAR, PLAIN, FILLER, DUAL = "ANV14", "ANV15", "ANV18", "ANV24"  # Lou Abernath*, a starter, starter(4) relief(2)


@pytest.fixture(scope="module")
def app(tmp_path_factory: Any) -> Iterator[Any]:
    folder: Path = tmp_path_factory.mktemp("super-rest")
    app = open_app(str(folder / "league.db"))
    app.create_league(name="rest", ruleset="strat-o-matic-super", seed="rest", actor="test")
    for c in ("ANV", "BRK"):  # ANV's first starter, ANV14, gets an asterisk (26.1)
        (folder / f"{c}.txt").write_text(reshaped((CARD_SET / f"{c}.txt").read_text(), None))
    app.import_teams([(read_card_team(folder / f"{c}.txt"), f"{c}.txt") for c in ("ANV", "BRK")], actor="test")
    app.import_schedule([g for g in card_schedule(("ANV", "BRK"), GAME_DAY + 1, set(), set())
                         if g.date == START + dt.timedelta(days=GAME_DAY)], source="test", actor="test")
    yield app
    app.close()


def _player(app: Any, level: str = "super+r4") -> Any:
    league = app.league()
    player = app.season_player(league, {"ANV": Staff(team="ANV"), "BRK": Staff(team="BRK")})
    player.level = level
    return player


def _pitched(player: Any, day: int, pitcher: str, role: str, outs: int) -> None:
    """ANV's made-up game on ``day`` (days after 2024-04-01): ``pitcher`` started it or relieved in it."""
    game = f"ANV-{day:02d}-{pitcher}"
    appearances = [{"pitcher": pitcher, "role": "start"}] if role == "start" else \
        [{"pitcher": FILLER, "role": "start"}, {"pitcher": pitcher, "role": "relief"}]
    player.staffs["ANV"].record_usage(game=game, date=(START + dt.timedelta(days=day)).isoformat(),
                                      appearances=appearances, number=0)
    player.outs[game] = {a["pitcher"]: outs if a["pitcher"] == pitcher else 21 for a in appearances}


def _begin(app: Any, player: Any, home: str | None = None) -> Any:
    scheduled = next(iter(app.league().games.values()))
    assert scheduled["home"] == "ANV" and scheduled["date"] == (START + dt.timedelta(days=GAME_DAY)).isoformat()
    return player.begin(scheduled, None, "test", "test", (None, home))


def _card(player: Any, pid: str) -> Any:
    return next(c for c in player.cards("ANV", "BRK").values() if c.id == pid)


# 27.51's rows: (outs of his last start, games of rest for a * starter, for the others)
ROWS = [(8, 1, 2), (17, 2, 3), (26, 3, 4), (27, 4, 5)]


@pytest.mark.parametrize(("outs", "star", "plain"), ROWS)
def test_27_51_the_rest_a_starter_needs_follows_the_outs_of_his_last_start(
        app: Any, outs: int, star: int, plain: int) -> None:
    player = _player(app)
    _pitched(player, 0, STAR, "start", outs)
    _pitched(player, 1, PLAIN, "start", outs)
    assert player.starter_rest("ANV", _card(player, STAR), player.level) == star
    assert player.starter_rest("ANV", _card(player, PLAIN), player.level) == plain
    r3 = _player(app, "super+r3")  # revision 3: 26.1's games, whatever his last start
    _pitched(r3, 0, STAR, "start", outs)
    _pitched(r3, 1, PLAIN, "start", outs)
    assert (r3.starter_rest("ANV", _card(r3, STAR), r3.level), r3.starter_rest("ANV", _card(r3, PLAIN), r3.level)) \
        == (3, 4)


@pytest.mark.parametrize(("outs", "star", "plain"), ROWS)
@pytest.mark.parametrize("pitcher", [STAR, PLAIN])
def test_27_51_a_starter_named_one_game_short_of_his_rest_is_refused_and_on_it_starts(
        app: Any, outs: int, star: int, plain: int, pitcher: str) -> None:
    rest = star if pitcher == STAR else plain
    for short in (True, False):
        player = _player(app)
        _pitched(player, 0, pitcher, "start", outs)
        for day in range(1, rest + (0 if short else 1)):  # the club's games since his start
            _pitched(player, day, FILLER, "start", 21)
        if short:
            with pytest.raises(RulesError, match=f"{rest - 1} game\\(s\\) of rest, needs {rest}"):
                _begin(app, player, pitcher)
        else:
            assert _begin(app, player, pitcher).setup["home"]["starter"] == pitcher


def test_27_52_a_pitcher_who_relieved_yesterday_is_fatigued_for_his_whole_start(app: Any) -> None:
    player = _player(app)
    _pitched(player, GAME_DAY - 1, DUAL, "relief", 4)
    g = _begin(app, player, DUAL)
    why = g.setup["orders"]["fatigued"][DUAL]
    assert "no day of rest before this start (27.52)" in why
    # Played out: every batter he faces reads a fatigued pitcher's card (27.1), and the fold agrees.
    player.play_out(g, SeededDice("27.52"), "test")
    f = fold(g, player.cards("BRK", "ANV"), player.engine, check=True)
    his = [p for p in f.plays if p.get("type") == "plate_appearance" and p["pitcher"] == DUAL]
    assert his and all(p["fatigued"] for p in his)


def test_27_52_with_a_day_off_since_his_relief_outing_he_starts_fresh(app: Any) -> None:
    player = _player(app)
    _pitched(player, GAME_DAY - 2, DUAL, "relief", 4)
    g = _begin(app, player, DUAL)
    assert "fatigued" not in g.setup["orders"]


def test_27_52_the_season_player_starts_a_rested_man_who_did_not_relieve_yesterday_first(app: Any) -> None:
    for relieved, starts in ((GAME_DAY - 1, "ANV14"), (GAME_DAY - 2, DUAL)):
        player = _player(app)
        for day, p in enumerate(("ANV14", "ANV15", "ANV16", "ANV17", "ANV18")):
            _pitched(player, day, p, "start", 21)  # every starter has had his rest; DUAL has not started
        _pitched(player, relieved, DUAL, "relief", 3)
        g = _begin(app, player)
        assert g.setup["home"]["starter"] == starts
        assert "fatigued" not in g.setup["orders"]


def test_27_61_a_starter_sent_to_relieve_within_his_rest_is_fatigued_for_that_outing(app: Any) -> None:
    player = _player(app)
    _pitched(player, GAME_DAY - 2, DUAL, "start", 26)  # 6 2/3 innings: four games of rest
    _pitched(player, GAME_DAY - 1, FILLER, "start", 21)
    g = _begin(app, player)
    assert DUAL in g.setup["home"]["bullpen"]
    assert g.setup["orders"]["fatigued"][DUAL] == \
        "started 1 game(s) ago, needs 4: fatigued for a relief outing (27.61)"
    assert {r["pitcher"]: r["reason"] for r in g.setup["home"]["resting"]}[DUAL] == \
        "started 1 game(s) ago, needs 4 (27.61)"


def test_27_61_after_a_short_start_his_rest_is_short_too(app: Any) -> None:
    player = _player(app)
    _pitched(player, GAME_DAY - 3, DUAL, "start", 6)  # two innings: two games of rest
    _pitched(player, GAME_DAY - 2, FILLER, "start", 21)
    _pitched(player, GAME_DAY - 1, FILLER, "start", 21)
    g = _begin(app, player)
    assert DUAL in g.setup["home"]["bullpen"] and "fatigued" not in g.setup["orders"]
    assert DUAL not in {r["pitcher"] for r in g.setup["home"]["resting"]}  # 26.1's four games would rest him


def test_revision_3_super_games_keep_26_1s_rest_the_same_starters_on_the_same_seed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small super season set up at revision 3 gets exactly the setups it got before 27.51 came into
    play (their digest recorded then): the same starters and resting relievers, and no fatigue."""
    monkeypatch.setitem(card_engine.LEVELS, "strat-o-matic-super", ("super+r3", True))
    codes = ("ANV", "BRK", "CDR", "DUN")
    app = open_app(str(tmp_path / "league.db"))
    try:
        app.create_league(name="r3", ruleset="strat-o-matic-super", seed="r3rest", actor="t")
        for c in codes:
            # the cards as they were when the digests were recorded: without the lead: lines the shipped
            # batter cards carry since (23.1), with which super games steal differently
            text = re.sub(r"(?m)^lead: .*\n", "", (CARD_SET / f"{c}.txt").read_text())
            (tmp_path / f"{c}.txt").write_text(reshaped(text, 4))
        app.import_teams([(read_card_team(tmp_path / f"{c}.txt"), f"{c}.txt") for c in codes], actor="t")
        app.import_schedule(card_schedule(codes, 14, {3, 9}, {6}), source="t", actor="t")
        app.simulate(actor="t")
        games = sorted(app.league().games.values(), key=lambda g: (g["date"], g["number"], g["game_id"]))
        setups = [cast(dict[str, Any], app.game(g["game_id"]).setup) for g in games]
        rows = [[g["game_id"], s["level"], s["visitor"]["starter"], s["home"]["starter"],
                 [r["pitcher"] for r in s["visitor"]["resting"] + s["home"]["resting"]]]
                for g, s in zip(games, setups)]
        assert hashlib.sha256(json.dumps(rows).encode()).hexdigest() == \
            "e9e955ac99811eb4d9f5c71d3f1ef9e6f65cd2980ccececed83022c832d0bb71"
        by_id = [app.game(g).setup for g in sorted(app.league().games)]
        assert hashlib.sha256(json.dumps(by_id, sort_keys=True).encode()).hexdigest() == \
            "77ad480792e0f7d0e059e4bf903ac0b3c3dcfc29e3a56214cf81467db3464c6e"
    finally:
        app.close()
