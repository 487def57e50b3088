"""The managers' running and fielding choices in the engine: send or stop a runner (2.2, 14.2,
14.3), the cut-off (13.3), infield in against the bunt (20.12), holding (8.2, 13.2), each with
scripted dice and, where the manual works an example, its numbers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.domain.dice import NeedRoll
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import Fielding
from league.rules.strat.engine import resolve_pa
from league.rules.strat.strategy import Strategy, check_orders, check_strategy
from tests.unit.test_strat_helpers import card_set, game, pa, roll, with_cells

SEND = Strategy(send=True, tag_up=True, tag_from_second=True)  # the standing orders of every game


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {
        "1-7": "SINGLE", "1-8": "DOUBLE", "1-9": "fly(cf)B?", "1-10": "fly(rf)B", "1-11": "GROUNDBALL(ss)A",
        "1-12": "GROUNDBALL(2b)B++"})
    return cards


# -- stop and go (2.2, 14.2, 14.3) -----------------------------------------------------------------


def test_2_2_a_stopped_lead_runner_takes_one_base_and_no_die_is_rolled(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=(None, "V8", None))
    state, ev = pa(start, cards, "134", s=replace(SEND, stop=(2,)))
    assert state.bases == ("V1", None, "V8") and state.score == (0, 0) and len(ev["rolls"]) == 1
    assert "V8 is stopped" in ev["steps"][-1]["note"] and "(2.2)" in ev["steps"][-1]["note"]
    # step: sent (the standing orders), the same single asks for his d20
    assert isinstance(resolve_pa(start, cards, None, [roll("134")], SEND), NeedRoll)


def test_2_2_go_sends_a_runner_whatever_the_standing_orders(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V8", None, None))
    state, _ = pa(start, cards, "135", s=Strategy())  # standing orders that send nobody: he holds
    assert state.bases == (None, "V1", "V8")
    state, ev = pa(start, cards, "135", "d10", s=Strategy(go=(1,)))  # V8 runs 1-10: safe on 10
    assert state.score == (1, 0) and "tries for an extra base" in ev["steps"][-1]["note"]


def test_2_2_stopping_the_runner_on_first_does_not_stop_the_lead_runner_on_second(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V7", "V8", None))
    state, _ = pa(start, cards, "134", "d10", s=replace(SEND, stop=(1,)))  # single: V8 is the lead runner
    assert state.score == (1, 0) and state.bases == ("V1", None, "V7")
    state, ev = pa(start, cards, "135", s=replace(SEND, stop=(1,)))  # double: V7 is, and he holds at third
    assert state.bases == (None, "V1", "V7") and state.score == (1, 0) and len(ev["rolls"]) == 1


def test_2_22_example_a_1_15_runner_with_two_out_is_1_17_unless_stopped(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=15)
    start = game(cards, outs=2, bases=(None, "V8", None))
    _, ev = pa(start, cards, "134", "d17", s=SEND)
    assert "1-17" in ev["steps"][-1]["note"]
    state, ev = pa(start, cards, "134", s=replace(SEND, stop=(2,)))
    assert state.bases == ("V1", None, "V8") and len(ev["rolls"]) == 1


def test_14_2_example_1_14_runner_against_a_minus_1_arm_stopped_holds_at_third(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=14)
    cards["H7"] = replace(cards["H7"], fielding=(Fielding("cf", 2, -1, 3),))
    start = game(cards, bases=(None, None, "V8"))
    _, ev = pa(start, cards, "136", "d15", level="advanced", s=SEND)  # sent: safe on 1-15
    assert "1-15" in ev["steps"][-1]["note"]
    state, ev = pa(start, cards, "136", level="advanced", s=replace(SEND, stop=(3,)))
    assert state.bases == (None, None, "V8") and state.outs == 1 and len(ev["rolls"]) == 1
    assert "stopped and holds at third (14.2)" in ev["steps"][-1]["note"]


def test_14_3_example_a_stopped_runner_on_second_does_not_tag_on_fly_rf_b(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=14)
    cards["H8"] = replace(cards["H8"], fielding=(Fielding("rf", 2, -1, 3),))
    start = game(cards, bases=(None, "V8", None))
    state, _ = pa(start, cards, "146", "d15", level="advanced", s=SEND)  # safe 1-15 (14.3's example)
    assert state.bases == (None, None, "V8")
    state, ev = pa(start, cards, "146", level="advanced", s=replace(SEND, stop=(2,)))
    assert state.bases == (None, "V8", None) and len(ev["rolls"]) == 1
    assert "(14.3)" in ev["steps"][-1]["note"]


def test_a_stop_follows_its_runner_through_the_hit_and_runs_forced_steal(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="A")
    start = game(cards, bases=("V8", None, None))
    # MISS: V8 must steal (d3: safe, he is now on second), then the batter singles: V8 is still stopped
    state, ev = pa(start, cards, "12", "d3", "134", s=replace(SEND, play="hit_and_run", stop=(1,)))
    assert ev["forced_steal"]["outs_made"] == 0
    assert state.bases == ("V1", None, "V8") and "V8 is stopped" in ev["steps"][-1]["note"]


# -- the cut-off (13.3) -----------------------------------------------------------------------------


def test_13_31_no_cut_off_when_the_runner_from_second_is_not_sent(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V7", "V8", None))
    state, ev = pa(start, cards, "134", level="advanced", s=replace(SEND, cut_off=True, stop=(2,)))
    assert state.bases == ("V1", "V7", "V8") and state.score == (0, 0) and len(ev["rolls"]) == 1


def test_13_2_the_held_lead_runner_throws_home_with_one_less(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V7", "V8", None))  # V8 runs 1-10, arm 0: held 1-9, not held 1-11
    _, ev = pa(start, cards, "134", "d1", level="advanced", s=replace(SEND, held=(2,)))
    assert "-1 held (13.2) = 1-9" in ev["steps"][-1]["note"]
    _, ev = pa(start, cards, "134", "d1", level="advanced", s=SEND)
    assert "+1 not held (13.2) = 1-11" in ev["steps"][-1]["note"]


# -- infield in against the bunt (20.12) ------------------------------------------------------------


def test_20_12_the_infield_comes_in_against_a_bunt_with_a_runner_on_first_in_advanced_play(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = replace(cards["V1"], bunting="A")
    start = game(cards, bases=("V8", None, None))
    _, ev = pa(start, cards, "34", level="advanced", s=Strategy(play="sacrifice", infield_in=True))
    assert ev["steps"][0]["column"] == "B"  # 20.11: an A bunter becomes a B
    with pytest.raises(RulesError, match="9.1"):  # basic play: only 9.1's runner on third
        pa(start, cards, "34", s=Strategy(play="sacrifice", infield_in=True))
    with pytest.raises(RulesError, match="20.12"):
        pa(replace(start, outs=2), cards, "111", level="advanced", s=Strategy(infield_in=True))
    with pytest.raises(RulesError, match="20.12"):
        pa(game(cards), cards, "111", level="advanced", s=Strategy(infield_in=True))


def test_20_12_a_groundball_with_the_infield_in_and_nobody_on_third_reads_the_groundball_table(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V8", None, None))
    state, ev = pa(start, cards, "156", level="advanced", s=Strategy(infield_in=True))
    assert ev["steps"][-1]["chart"] == "strategy groundballs" and state.outs == 2  # the double play stands
    assert any("(20.12)" in s.get("note", "") for s in ev["steps"])
    state, ev = pa(start, cards, "166", level="advanced", s=Strategy(infield_in=True))  # ++: SINGLE** (9.13)
    assert ev["play"]["label"] == "SINGLE**" and state.bases == ("V1", None, "V8")


# -- which choices are refused ----------------------------------------------------------------------


@pytest.mark.parametrize("s,bases,outs,level,msg", [
    (Strategy(cut_off=True), ("V7", "V8", None), 0, "basic", "advanced rule"),
    (Strategy(cut_off=True), ("V7", None, "V8"), 0, "advanced", "nobody to cut off"),
    (Strategy(stop=(2,)), ("V7", None, None), 0, "advanced", "nobody on second"),
    (Strategy(go=(4,)), ("V7", None, None), 0, "advanced", "1 to 3"),
    (Strategy(stop=(3,)), (None, None, "V7"), 0, "basic", "basic play"),
    (Strategy(stop=(3,)), (None, None, "V7"), 2, "advanced", "two out"),
    (Strategy(go=(1,), stop=(1,)), ("V7", None, None), 0, "advanced", "both sent and stopped"),
])
def test_conditional_choices_that_cannot_arise_are_refused(cards, s, bases, outs, level, msg):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=msg):
        check_orders(game(cards, bases=bases, outs=outs), s, level)


def test_the_choices_that_can_arise_pass(cards):  # type: ignore[no-untyped-def]
    check_orders(game(cards, bases=("V7", "V8", None)), Strategy(cut_off=True, stop=(1, 2)), "advanced")
    check_orders(game(cards, outs=1, bases=(None, None, "V7")), Strategy(stop=(3,)), "advanced")


def test_only_runners_on_first_or_second_are_held(cards):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="first or second"):
        check_strategy(game(cards, bases=(None, None, "V7")), Strategy(held=(3,)))


def test_plays_stored_before_go_and_stop_record_the_same_strategy():  # type: ignore[no-untyped-def]
    """A play's record lists the strategy; go and stop appear only when set, so old plays replay equal."""
    assert set(ENGINE.strategy({"send": True}).fact()) == {
        "play", "infield_in", "held", "send", "cut_off", "tag_up", "tag_from_second"}
    s = ENGINE.strategy({"stop": [2], "go": [1]})
    assert s.fact()["stop"] == [2] and s.fact()["go"] == [1] and ENGINE.strategy(s.fact()) == s
