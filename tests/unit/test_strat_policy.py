"""The auto-manager's calls (league/rules/strat/policy.py), one situation each: it makes the
decision where the policy says, and not where it does not."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

import pytest

from league.rules.pa.replay import Fold
from league.rules.pa.subs import emergency_pitcher
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import Fielding
from league.rules.strat.manager import ORDERS, manage
from league.rules.strat.policy import batting_value
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, game, pa, with_cells


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    return card_set()


def fold(cards: Any, level: str = "advanced", dh: bool = True, **state: Any) -> Fold:
    st = game(cards, dh=dh, **state)
    setup = {"level": level, "dh": dh, "orders": ORDERS, "visitor": {}, "home": {}}
    return Fold(setup, cards, ENGINE, level, st, ENGINE.strategy(ORDERS))


def decisions(f: Fold) -> list[dict[str, Any]]:
    return [{k: v for k, v in d.items() if k != "team"} for d in manage(f)]


def sets(f: Fold) -> dict[str, Any]:
    """Everything the strategy decisions set, merged."""
    out: dict[str, Any] = {}
    for d in decisions(f):
        if d["type"] == "strategy":
            out.update(d["set"])
    return out


def test_nothing_to_decide_with_the_bases_empty_early(cards):  # type: ignore[no-untyped-def]
    assert decisions(fold(cards)) == []


# -- intentional walk -----------------------------------------------------------------------------


def test_walks_a_strong_batter_late_with_first_open_and_a_weak_one_next(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = with_cells(cards["V1"], {f"{c}-{r}": "HOMERUN" for c in (1, 2) for r in range(2, 13)})
    f = fold(cards, inning=8, half="top", bases=(None, "V8", None))
    assert batting_value(cards["V1"], "R") > 1.25 * batting_value(cards["V2"], "R")
    assert decisions(f) == [{"type": "strategy", "set": {"play": "ibb"}}]
    # step: not with first base taken, nor early, nor when the batting side leads
    assert "play" not in sets(fold(cards, inning=8, bases=("V7", "V8", None)))
    assert "play" not in sets(fold(cards, inning=6, bases=(None, "V8", None)))
    assert "play" not in sets(fold(cards, inning=8, bases=(None, "V8", None), score=(1, 0)))


def test_the_walk_is_weighed_against_the_25_3_card_when_a_switch_hitter_pitches(cards):  # type: ignore[no-untyped-def]
    # A position player pitching throws from the emergency card (its hand, not his "S" for bats)
    cards["H10"] = replace(cards["H10"], hand="S")
    cards["V1"] = with_cells(cards["V1"], {f"{c}-{r}": "HOMERUN" for c in (1, 2) for r in range(2, 13)})
    st = game(cards, inning=8, half="top", bases=(None, "V8", None))
    home = replace(st.home, bullpen=())
    st, _ = emergency_pitcher(replace(st, home=home), "home", "H10")
    setup = {"level": "advanced", "dh": True, "orders": ORDERS, "visitor": {}, "home": {}}
    f = Fold(setup, cards, ENGINE, "advanced", st, ENGINE.strategy(ORDERS))
    assert decisions(f) == [{"type": "strategy", "set": {"play": "ibb"}}]


def test_no_walk_when_the_next_batter_is_as_good(cards):  # type: ignore[no-untyped-def]
    assert "play" not in sets(fold(cards, inning=8, bases=(None, "V8", None)))


# -- infield in, hold, cut-off ----------------------------------------------------------------------


def test_infield_in_late_and_close_with_a_runner_on_third(cards):  # type: ignore[no-untyped-def]
    assert sets(fold(cards, inning=7, bases=(None, None, "V8")))["infield_in"] is True
    assert "infield_in" not in sets(fold(cards, inning=7, bases=(None, None, "V8"), score=(3, 0)))
    assert "infield_in" not in sets(fold(cards, inning=7, outs=2, bases=(None, None, "V8")))


def test_infield_in_against_the_pitchers_bunt_in_advanced_play_only(cards):  # type: ignore[no-untyped-def]
    f = fold(cards, dh=False, bases=("V8", None, None))
    f.state = replace(f.state, visitor=replace(f.state.visitor, up=8))  # the pitcher bats ninth
    made = decisions(f)
    assert {"type": "strategy", "set": {"infield_in": True}} in made  # 20.12
    assert {"type": "strategy", "set": {"play": "sacrifice"}} in made  # he bunts all the same
    f = fold(cards, level="basic", dh=False, bases=("V8", None, None))
    f.state = replace(f.state, visitor=replace(f.state.visitor, up=8))
    assert "infield_in" not in sets(f)  # basic play has no 20.12


def test_holds_a_runner_on_first_who_would_steal(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="A")  # 15 against an arm 0 catcher: he would go
    made = decisions(fold(cards, bases=("V8", None, None)))
    assert {"type": "strategy", "set": {"held": [1]}} in made
    assert not any(d["type"] == "steal" for d in made)  # held, 15 - 2 = 13 (22.23): he stays


def test_no_hold_for_a_runner_who_would_not_steal(cards):  # type: ignore[no-untyped-def]
    assert "held" not in sets(fold(cards, bases=("V8", None, None)))  # an E stealer


def test_cuts_off_the_throw_when_the_runner_from_second_would_score_anyway(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=17)  # 17 + 1 not held = 18 of 20: cut off with none out
    assert sets(fold(cards, bases=("V7", "V8", None)))["cut_off"] is True
    assert "cut_off" not in sets(fold(cards, bases=("V7", "V9", None)))  # a 1-10 runner: throw home
    assert "cut_off" not in sets(fold(cards, level="basic", bases=("V7", "V8", None)))  # 13.3 is advanced


def test_super_revision_3_concedes_the_run_with_a_runner_on_second_alone(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=17)  # 18 of 20 with none out: concede the run (13.61)
    assert sets(fold(cards, level="super+r3", bases=(None, "V8", None)))["cut_off"] is True
    assert "cut_off" not in sets(fold(cards, level="super+r2", bases=(None, "V8", None)))  # 13.3 needs first


@pytest.mark.parametrize("trail_running, cut, hold", [(10, True, False), (9, True, True), (14, False, False)])
def test_super_revision_3_cuts_off_for_a_slow_trail_runner_and_the_offense_then_holds_a_slower_one(
        cards, trail_running, cut, hold):  # type: ignore[no-untyped-def]
    # one out, the runner on second 1-14: 15 of 20, sent home (15) but not conceded (17); the trail runner
    # from first: running -5, arm 0, not held +1 (13.621) = 6, 5 or 10
    cards["V8"] = replace(cards["V8"], running=14)
    cards["V7"] = replace(cards["V7"], running=trail_running)
    made = sets(fold(cards, level="super+r3", outs=1, bases=("V7", "V8", None)))
    assert made.get("cut_trail", False) is cut and made.get("hold_trail", False) is hold
    assert "cut_off" not in made


def test_super_revision_3_no_trail_cut_off_when_the_lead_runner_would_not_go(cards):  # type: ignore[no-untyped-def]
    made = sets(fold(cards, level="super+r3", outs=1, bases=("V7", "V8", None)))  # 1-10 on second: 11 < 15
    assert "cut_trail" not in made and "hold_trail" not in made


# -- steal, send or hold ----------------------------------------------------------------------------


@pytest.mark.parametrize("grade,arm,steals", [
    ("AAA", 0, True), ("AA", 0, True), ("A", 2, True), ("A", 0, False), ("B", 5, True), ("B", 2, False)])
def test_steals_second_when_the_chance_once_held_is_15_or_more(cards, grade, arm, steals):  # type: ignore[no-untyped-def]
    """The defense holds every runner who would steal; he goes when the hold (22.23) leaves him 15."""
    cards["V8"] = replace(cards["V8"], stealing=grade)
    cards["H1"] = replace(cards["H1"], fielding=(Fielding("c", 3, arm, 5),))
    made = decisions(fold(cards, bases=("V8", None, None)))
    assert any(d["type"] == "steal" for d in made) == steals


def play(f: Fold, cards: Any, *rolls: str) -> tuple[Any, dict[str, Any]]:
    """The next play after the policy's decisions, under the strategy they leave (standing orders included)."""
    return pa(f.state, cards, *rolls, level=f.level, s=cast(Strategy, f.strategy))


def test_holds_the_runner_on_second_with_none_out_and_sends_him_with_two(cards):  # type: ignore[no-untyped-def]
    """No decision: the standing orders' send_at holds him on a single when 1-11 is below 19 (none
    out) and sends him when 1-13 reaches 8 (two out)."""
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE"})
    f = fold(cards, bases=(None, "V8", None))
    assert decisions(f) == []
    state, ev = play(f, cards, "134")  # no d20 for him
    assert state.bases == ("V1", None, "V8") and len(ev["rolls"]) == 1
    assert "1-11, below the 1-19 the standing orders ask" in ev["steps"][-1]["note"]
    f = fold(cards, outs=2, bases=(None, "V8", None))
    assert decisions(f) == []
    state, ev = play(f, cards, "134", "d13")
    assert state.score == (1, 0) and "= 1-13; d20 13: safe" in ev["steps"][-1]["note"]


def test_tags_up_from_third_with_one_out_but_not_a_slow_runner_with_none(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=8)  # tag-up 8 + 0 + 2 = 10
    cards["V1"] = with_cells(cards["V1"], {"1-9": "fly(cf)B?"})
    f = fold(cards, bases=(None, None, "V8"))
    assert decisions(f) == []
    state, ev = play(f, cards, "136")  # needs 15: he holds, no d20
    assert state.bases == (None, None, "V8") and state.outs == 1 and len(ev["rolls"]) == 1
    f = fold(cards, outs=1, bases=(None, None, "V8"))
    assert decisions(f) == []
    state, ev = play(f, cards, "136", "d10")  # needs 7: he tags up, safe on 1-10
    assert state.score == (1, 0) and "tries to score" in ev["steps"][-1]["note"]


# -- pinch runner, late defensive replacement ---------------------------------------------------------


def test_pinch_runs_for_a_slow_runner_late_in_a_tie(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=8)
    cards["V12"] = replace(cards["V12"], running=16, fielding=(Fielding("rf", 3, 0, 5),))
    made = decisions(fold(cards, inning=9, bases=("V8", None, None)))
    assert {"type": "pinch_run", "base": 1, "in": "V12"} in made
    assert not any(d["type"] == "pinch_run" for d in decisions(fold(cards, inning=7, bases=("V8", None, None))))
    assert not any(d["type"] == "pinch_run"
                   for d in decisions(fold(cards, inning=9, bases=("V8", None, None), score=(2, 0))))


def test_replaces_a_poor_fielder_late_with_a_lead(cards):  # type: ignore[no-untyped-def]
    cards["H3"] = replace(cards["H3"], fielding=(Fielding("2b", 5, None, 10),))
    cards["H10"] = replace(cards["H10"], fielding=(Fielding("2b", 1, None, 5),))
    made = decisions(fold(cards, inning=8, score=(0, 2)))
    assert {"type": "defensive_replacement", "out": "H3", "in": "H10", "position": "2b"} in made
    assert not any(d["type"] == "defensive_replacement" for d in decisions(fold(cards, inning=8, score=(2, 2))))
