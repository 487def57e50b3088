"""Every manager decision of the manual, played from the CLI on scripted dice, and refused when illegal.

One Strat-O-Matic (advanced) game, ANV at BRK, started by hand: each test
copies it, puts runners on with intentional walks, makes one decision, rolls
the dice that decide its play, and reads the effect in ``league game state``
and ``league game log``.  Each refusal exits 1, says why, and stores nothing.
The dice are found on the cards themselves (``reading``), so the tests read
the shipped card set rather than hard-code it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from league.rules.strat.cards import Card, parse_cards
from league.rules.strat.results import Result
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import STRAT_GAME, game_state, last_play as cli_last_play, ok, refused, started_strat_game

GAME = STRAT_GAME
CARDS = {c.id: c for t in ("ANV", "BRK") for c in parse_cards((CARD_SET / f"{t}.txt").read_text(), t)}


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return started_strat_game(tmp_path_factory.mktemp("decisions"), "strat-o-matic")


@pytest.fixture
def db(started: Path, tmp_path: Path) -> str:
    shutil.copy(started, tmp_path / "g.db")
    return str(tmp_path / "g.db")


def state(db: str) -> dict[str, Any]:
    return game_state(db, GAME)


def last_play(db: str) -> dict[str, Any]:
    return cli_last_play(db, GAME)


def notes(play: dict[str, Any]) -> str:
    return " | ".join(s.get("note", "") for s in play["steps"])


def walk(db: str, times: int = 1) -> None:
    for _ in range(times):
        ok(db, "game", "walk", GAME)
        ok(db, "game", "roll", GAME, "--to", "play")


def reading(db: str, want: Callable[[Result], bool]) -> str:
    """Three dice that read, off the batter's own card against this pitcher's hand, a result ``want`` takes."""
    s = state(db)
    batter: Card = CARDS[s["batter"]]
    side = CARDS[s["pitcher"]].hand  # advanced: the batter's card side against this pitcher
    for column in (1, 2, 3):
        for row in range(2, 13):
            cell = batter.cell(side, column, row)
            if len(cell) == 1 and want(cell[0][2]):
                red = max(1, row - 6)
                return f"{column}{red}{row - red}"
    raise AssertionError(f"no such reading on {batter.id}'s card")


def clean_single(r: Result) -> bool:
    return r.kind == "SINGLE" and r.stars == 0


def roll(db: str, *dice: str) -> str:
    return ok(db, "game", "roll", GAME, "--dice", "-", input="".join(f"{d}\n" for d in dice))


# -- hold (8.2, 22.23) ------------------------------------------------------------------------------


def test_a_held_runner_steals_with_the_hold_deducted(db: str) -> None:
    walk(db)
    runner = state(db)["bases"][0]
    ok(db, "game", "hold", GAME, "--base", "1")
    assert state(db)["pending"]["decisions"] == ["runner on first held"]
    ok(db, "game", "steal", GAME)
    roll(db, "d20")
    play = last_play(db)
    assert play["strategy"]["held"] == [1] and "held (22.23)" in notes(play)
    assert state(db)["bases"][0] is None and state(db)["outs"] == 1, runner


def test_holding_a_runner_who_is_not_on_base_is_refused(db: str) -> None:
    refused(db, "game", "hold", GAME, "--base", "1", names=("no runner to hold on base 1",))
    walk(db, 2)
    refused(db, "game", "hold", GAME, "--base", "3", names=("only a runner on first or second is held",))
    ok(db, "game", "infield", GAME)  # 20.12: in against the bunt, runners on first and second
    refused(db, "game", "hold", GAME, "--base", "1", names=("no holding runners with the infield in",))


# -- stop and send (2.2, 13.3) ----------------------------------------------------------------------


def test_a_stopped_lead_runner_takes_one_base_on_a_clean_single_and_nobody_tries(db: str) -> None:
    walk(db, 2)
    before = state(db)["bases"]
    ok(db, "game", "stop", GAME, "--base", "2")
    assert "holds the runner on second at his base" in state(db)["pending"]["decisions"]
    batter = state(db)["batter"]
    roll(db, reading(db, clean_single))  # one roll: no d20 for the runner
    after = state(db)
    assert after["bases"] == [batter, before[0], before[1]] and after["score"] == [0, 0]
    assert "is stopped: no try for the extra base" in notes(last_play(db))


def test_a_runner_sent_again_tries_to_score_and_the_throw_home_gives_the_trail_runner_third(db: str) -> None:
    walk(db, 2)
    lead, trail = state(db)["bases"][1], state(db)["bases"][0]
    ok(db, "game", "stop", GAME, "--base", "2")
    ok(db, "game", "send", GAME, "--base", "2")
    assert state(db)["pending"]["decisions"] == ["sends the runner on second"]
    out = roll(db, reading(db, clean_single))
    assert "play in progress" in out  # the runner's d20 is next
    roll(db, "d1")
    after = state(db)
    assert after["score"] == [1, 0] and after["bases"][2] == trail
    assert f"throw home, the runner from first takes third (13.33); {lead}:" in notes(last_play(db))


def test_the_standing_orders_hold_a_runner_whose_chance_is_below_their_threshold(db: str) -> None:
    """A game started today stores send_at in its standing orders: no decision is made or stored,
    and a runner whose chance misses the threshold holds, the log saying why."""
    walk(db)
    pending = state(db)["pending"]
    assert pending["strategy"]["send_at"]["first_third"] == [15, 15, 18] and pending["decisions"] == []
    runner = state(db)["bases"][0]
    assert CARDS[runner].running == 14  # + the left or centre fielder's strong arm (-3, -2) + 1 not held < 15
    out = roll(db, reading(db, lambda r: clean_single(r) and r.at in (None, "lf", "cf")))
    assert "play in progress" not in out  # no d20 for him
    play = last_play(db)
    assert "send_at" not in play["strategy"]
    note = next(s for s in play["steps"] if "(send_at)" in s.get("note", ""))
    assert note["note"].startswith(f"{runner} holds: running 1-14") and note["safe_through"] < note["send_at"] == 15
    assert state(db)["bases"][1] == runner and state(db)["score"] == [0, 0]
    decisions = [e for e in json.loads(ok(db, "game", "log", GAME, "--json")) if e["type"] == "DecisionMade"]
    assert len(decisions) == 1  # the walk


def test_send_and_stop_for_an_empty_base_or_twice_are_refused(db: str) -> None:
    refused(db, "game", "stop", GAME, "--base", "2", names=("nobody on second to send or stop",))
    walk(db)
    refused(db, "game", "send", GAME, "--base", "3", names=("nobody on third",))
    ok(db, "game", "stop", GAME, "--base", "1")
    refused(db, "game", "stop", GAME, "--base", "1", names=("already stopped",))


# -- cut-off (13.3) ---------------------------------------------------------------------------------


def test_the_cut_off_lets_the_run_score_and_holds_the_trail_runner_at_second(db: str) -> None:
    walk(db, 2)
    trail = state(db)["bases"][0]
    ok(db, "game", "cutoff", GAME)
    assert state(db)["pending"]["decisions"] == ["cut off the throw home"]
    batter = state(db)["batter"]
    roll(db, reading(db, clean_single))  # one roll: the run is conceded
    after = state(db)
    assert after["score"] == [1, 0] and after["bases"] == [batter, trail, None]
    assert "cuts off the throw" in notes(last_play(db))


def test_a_cut_off_with_nobody_to_cut_off_is_refused(db: str) -> None:
    walk(db)
    refused(db, "game", "cutoff", GAME, names=("nobody to cut off", "13.3"))


# -- infield in (9.1, 20.12) ------------------------------------------------------------------------


def test_the_infield_in_against_a_bunt_downgrades_the_bunter(db: str) -> None:
    walk(db)
    bunter = CARDS[state(db)["batter"]]
    ok(db, "game", "infield", GAME)  # 20.12: a runner on first, nobody out
    ok(db, "game", "bunt", GAME)
    assert state(db)["pending"]["decisions"] == ["sacrifice bunt", "infield in"]
    roll(db, "34")
    grades = "ABCDE"
    column = last_play(db)["steps"][0]["column"]
    assert column == grades[min(grades.index(bunter.bunting) + 1, 4)]


def test_the_infield_in_with_the_bases_loaded_cuts_the_runner_down_at_home(db: str) -> None:
    walk(db, 3)
    ok(db, "game", "infield", GAME)  # 9.1: a runner on third, nobody out
    roll(db, reading(db, lambda r: r.kind == "GROUNDBALL" and r.grade in ("A", "B") and not r.plus))
    play, after = last_play(db), state(db)
    assert play["steps"][0]["chart"] == "strategy infield in" and play["steps"][0]["value"] == "7"
    assert after["score"] == [0, 0] and after["outs"] == 1 and all(after["bases"])


def test_the_infield_in_with_nobody_to_bunt_is_refused(db: str) -> None:
    refused(db, "game", "infield", GAME, names=("runner on third", "20.12"))


# -- intentional walk -------------------------------------------------------------------------------


def test_an_intentional_walk_needs_no_roll_and_is_logged(db: str) -> None:
    batter = state(db)["batter"]
    ok(db, "game", "walk", GAME)
    out = ok(db, "game", "roll", GAME, "--to", "play")
    assert "intentional walk" in out and state(db)["bases"][0] == batter
    log = [e["summary"] for e in json.loads(ok(db, "game", "log", GAME, "--json"))]
    assert "home: intentional walk" in log


def test_no_bunt_or_steal_once_the_defense_walks_the_batter_and_no_walk_before_a_called_steal(db: str) -> None:
    walk(db)
    ok(db, "game", "walk", GAME)
    refused(db, "game", "bunt", GAME, names=("walking the batter intentionally", "sacrifice bunt"))
    refused(db, "game", "steal", GAME, names=("walking the batter intentionally",))
    ok(db, "game", "roll", GAME, "--to", "play")
    ok(db, "game", "steal", GAME, "--base", "2", "--base", "1")
    refused(db, "game", "walk", GAME, names=("called a steal",))


def test_a_walk_in_the_middle_of_a_play_is_refused(db: str) -> None:
    split = reading_split(db)
    roll(db, split)  # the split's d20 is still to come
    refused(db, "game", "walk", GAME, names=("play is in progress",))


def reading_split(db: str) -> str:
    s = state(db)
    batter, side = CARDS[s["batter"]], CARDS[s["pitcher"]].hand
    for column in (1, 2, 3):
        for row in range(2, 13):
            if len(batter.cell(side, column, row)) > 1:
                red = max(1, row - 6)
                return f"{column}{red}{row - red}"
    raise AssertionError("no split reading")


# -- pinch runner, late defensive replacement ---------------------------------------------------------


def test_a_pinch_runner_takes_the_runners_base(db: str) -> None:
    walk(db)
    ok(db, "game", "sub", GAME, "ANV13", "--base", "1")
    assert state(db)["bases"][0] == "ANV13"
    log = [e["summary"] for e in json.loads(ok(db, "game", "log", GAME, "--json"))]
    assert "visitor: pinch runner ANV13 for the runner on first" in log  # --json keeps card ids


def test_a_pinch_runner_for_an_empty_base_or_no_base_is_refused(db: str) -> None:
    refused(db, "game", "sub", GAME, "ANV13", "--base", "1", names=("nobody is on first",))
    refused(db, "game", "sub", GAME, "ANV13", "--base", "4", names=("base 1, 2 or 3",))


def test_a_late_defensive_replacement_takes_the_position(db: str) -> None:
    ok(db, "game", "sub", GAME, "BRK11", "--for", "BRK03", "--position", "2b")
    log = [e["summary"] for e in json.loads(ok(db, "game", "log", GAME, "--json"))]
    assert "home: BRK11 replaces BRK03 at 2B" in log  # --json keeps card ids
    # step: he bats in the slot of the man he replaced (third), once BRK comes up
    ok(db, "game", "roll", GAME, "--to", "half")
    assert state(db)["half"] == "bottom"
    walk(db, 2)
    assert state(db)["batter"] == "BRK11"


def test_a_defensive_replacement_not_rated_while_a_rated_player_sits_is_refused(db: str) -> None:
    refused(db, "game", "sub", GAME, "BRK13", "--for", "BRK01", "--position", "c",
            names=("not rated at c", "BRK10"))
    ok(db, "game", "sub", GAME, "BRK11", "--for", "BRK03", "--position", "2b")
    refused(db, "game", "sub", GAME, "BRK03", "--for", "BRK11", "--position", "2b", names=("may not re-enter",))
