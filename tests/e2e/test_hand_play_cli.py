"""Hand play keeps every roll and decision visible, on SQLite and PostgreSQL alike.

Leftover scripted rolls are refused (nothing stored), decisions that wait for
the next play show as pending, steals and decisions read in words with the
players' names, and `league sim` leaves a game being played by hand alone
unless told to finish it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import ok, refused

GAME = "BRK202404010"
SCHEDULE = """date,visitor,home,game
2024-04-01,ANV,BRK,0
2024-04-01,CDR,DUN,0
2024-04-02,ANV,BRK,0
2024-04-02,DUN,CDR,0
2024-04-03,BRK,CDR,0
"""


def state(db: str) -> dict[str, Any]:
    return json.loads(ok(db, "game", "state", GAME, "--json"))  # type: ignore[no-any-return]


def name_of(card: str) -> str:
    team = card[:3]
    text = (CARD_SET / f"{team}.txt").read_text()
    return next(c.name for c in parse_cards(text, team) if c.id == card)


@pytest.fixture
def league(db_url: str, tmp_path: Path) -> str:
    ok(db_url, "init", "--name", "S", "--ruleset", "strat-o-matic", "--seed", "1")
    ok(db_url, "teams", "import", *(str(CARD_SET / f"{t}.txt") for t in ("ANV", "BRK", "CDR", "DUN")))
    sched = tmp_path / "s.csv"
    sched.write_text(SCHEDULE)
    ok(db_url, "schedule", "import", str(sched))
    ok(db_url, "game", "start", GAME)
    return db_url


def test_rolls_left_over_in_a_script_are_refused_with_their_line_and_nothing_is_stored(
        league: str, tmp_path: Path) -> None:
    dice = tmp_path / "d.txt"
    dice.write_text("315  # one plate appearance\n222\n333\n")
    before = state(league)["position"]
    out = refused(league, "game", "roll", GAME, "--dice", str(dice), names=("d.txt", "line 2", "left over"))
    assert "--to roll" in out
    # step: the same through stdin, to the end of the play: still two rolls too many
    refused(league, "game", "roll", GAME, "--dice", "-", "--to", "play", input="315\n222\n333\n",
            names=("<stdin>", "line 2", "2 roll(s) left over"))
    assert state(league)["position"] == before
    # step: exactly the rolls the play needs are taken
    dice.write_text("315\n")
    ok(league, "game", "roll", GAME, "--dice", str(dice))
    assert state(league)["position"] == before + 1


def test_an_intentional_walk_and_a_bunt_show_as_pending_until_the_next_play(league: str) -> None:
    ok(league, "game", "walk", GAME)
    assert "pending for the next play: intentional walk" in ok(league, "game", "state", GAME)
    assert state(league)["pending"]["decisions"] == ["intentional walk"]
    batter = state(league)["batter"]
    # step: the walk is played (it needs no roll); nothing is pending any more
    out = ok(league, "game", "roll", GAME, "--to", "play")
    assert f"{name_of(batter)}: intentional walk" in out
    assert state(league)["pending"]["decisions"] == [] and state(league)["bases"][0] == batter
    # step: a bunt with the runner on first waits for the next roll
    ok(league, "game", "bunt", GAME)
    assert "pending for the next play: sacrifice bunt" in ok(league, "game", "state", GAME)
    assert state(league)["pending"]["decisions"] == ["sacrifice bunt"]


def test_a_steal_is_logged_safe_or_out_and_decisions_in_words_with_names(league: str, tmp_path: Path) -> None:
    ok(league, "game", "walk", GAME)
    ok(league, "game", "roll", GAME, "--to", "play")
    runner = state(league)["bases"][0]
    ok(league, "game", "steal", GAME)
    s = state(league)
    assert s["pending"]["decisions"] == [f"steal: {name_of(runner)} from first"]
    dice = tmp_path / "d.txt"
    dice.write_text("d20\n")  # the top of the d20: no stealer's range reaches it
    out = ok(league, "game", "roll", GAME, "--dice", str(dice))
    after = state(league)
    assert after["outs"] == s["outs"] + 1 and after["bases"][0] is None
    assert f"{name_of(runner)} out stealing second" in out
    assert f"last play: {name_of(runner)} out stealing second" in ok(league, "game", "state", GAME)
    log = [e["summary"] for e in json.loads(ok(league, "game", "log", GAME, "--json"))]
    assert "home: intentional walk" in log and "visitor: steal: the runner from first" in log
    assert not any("{" in line or "=" in line for line in log), log
    # step: names, not card ids, in the state and the roll output
    text = ok(league, "game", "state", GAME)
    assert name_of(after["batter"]) in text and after["batter"] not in text
    assert name_of(after["pitcher"]) in text and after["pitcher"] not in text


def test_sim_leaves_a_game_played_by_hand_and_its_clubs_later_games_unless_told(league: str) -> None:
    ok(league, "game", "roll", GAME, "--to", "half")
    position = state(league)["position"]
    out = ok(league, "sim", "--quiet")
    assert "Simulated 2 game(s)." in out
    assert f"Skipped 1 game(s) in progress: {GAME}" in out
    assert "2 later game(s) of their clubs: BRK202404020, CDR202404030" in out
    assert state(league)["position"] == position and state(league)["status"] == "in progress"
    assert json.loads(ok(league, "game", "show", "CDR202404020", "--json"))["status"] == "final"
    # step: told to, sim finishes it and the games that waited
    assert "Simulated 3 game(s)." in ok(league, "sim", "--quiet", "--finish-in-progress")
    for game in (GAME, "BRK202404020", "CDR202404030"):
        assert json.loads(ok(league, "game", "show", game, "--json"))["status"] == "final"
