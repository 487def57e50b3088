"""Super advanced revision 3 on scripted dice: the super advanced cut-off on hits (13.6-13.623) and on
fly()B? (14.4-14.432).

The filler cards: every runner runs 1-10, every outfielder and catcher has arm 0, every fielder is rated 3
(the catcher blocks the plate on 1-10, 13.63).  With runners on, the 29.1 d20 comes first ("d20": no wild
pitch).  The visitor's 1-7 (white 1, colored 3+4) is the reading under test.  A lead runner sent on a
single or double without asterisk: running 1-10, arm 0, not held +1 (13.2) = 1-11.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.strat import running
from league.rules.strat.cards import Fielding
from league.rules.strat.levels import revision, with_flag
from league.rules.strat.strategy import Strategy, check_orders
from tests.unit.test_strat_helpers import card_set, game, pa, step_note, v1_reads

R3, R2 = "super+r3", "super+r2"
SEND = Strategy(send=True)
TAG = Strategy(tag_up=True)


def test_revision_3_is_its_own_flag_and_plays_with_the_2_1_option() -> None:
    assert revision(R3) == 3 and revision(R2) == 2 and revision("super") == 1
    assert revision(with_flag(R3, "2.1")) == 3


# --- 13.621 and 14.43: the lead trail runner's chance -------------------------------------------------

def test_13_621_example_running_15_arm_minus_2_held_is_1_7() -> None:
    assert running.trail_runner(15, -2, held=True)[0] == 7  # 15-5-2-1


def test_14_43_example_running_15_arm_minus_2_is_1_8() -> None:
    assert running.trail_runner(15, -2)[0] == 8  # 15-5-2, no hold adjustment on a fly


@pytest.mark.parametrize("kw, top", [
    ({"held": False}, 6), ({"held": False, "two_out": True}, 8),
    ({"held": False, "to_third_from": "rf"}, 8), ({"held": False, "to_third_from": "lf"}, 4),
    ({"held": True, "to_third_from": "lf"}, 2), ({"to_third_from": "rf"}, 7),
])
def test_13_621_adjustments_two_out_and_the_throw_to_third(kw: dict, top: int) -> None:  # type: ignore[type-arg]
    assert running.trail_runner(10, 0, **kw)[0] == top


def test_13_621_the_chance_is_never_lower_than_1_nor_higher_than_19() -> None:
    assert running.trail_runner(3, -5, held=True)[0] == 1  # 3-5-5-1 = -8
    assert running.trail_runner(20, 5, held=False, two_out=True, to_third_from="rf")[0] == 19


# --- 13.61: the defense concedes the run ---------------------------------------------------------------

def test_13_61_conceding_the_run_on_a_single_holds_the_batter_at_first() -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", level=R3,
                   s=Strategy(send=True, cut_off=True))
    assert state.score == (1, 0) and state.bases == ("V1", None, None) and len(ev["rolls"]) == 2
    assert "13.61" in step_note(ev, "concedes the run")


def test_13_61_conceding_the_run_on_a_double_holds_the_batter_at_second() -> None:
    cards = v1_reads("DOUBLE(cf)")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", level=R3,
                   s=Strategy(send=True, cut_off=True))
    assert state.score == (1, 0) and state.bases == (None, "V1", None) and len(ev["rolls"]) == 2


def test_13_61_a_conceded_runner_goes_whatever_the_standing_orders_threshold() -> None:
    cards = v1_reads("SINGLE(cf)")
    orders = Strategy(send=True, cut_off=True, send_at=(("second_home", (20, 20, 20)),))
    state, _ = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", level=R3, s=orders)
    assert state.score == (1, 0)
    state, _ = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", level=R3,
                  s=replace(orders, cut_off=False))
    assert state.score == (0, 0) and state.bases == ("V1", None, "V8")  # below 1-20: he holds at third


# --- 13.622 and 13.623: the throw home, the trail runners held or sent ---------------------------------

@pytest.mark.parametrize("roll, score, outs", [("d10", (1, 0), 0), ("d13", (0, 0), 1)])
def test_13_622_the_trail_runners_held_the_throw_goes_home(roll: str, score: tuple[int, int], outs: int) -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=("V8", "V7", None)), cards, "d20", "134", roll, level=R3,
                   s=Strategy(send=True, hold_trail=True))
    assert state.score == score and state.outs == outs and state.bases == ("V1", "V8", None)
    assert "13.622" in step_note(ev, "holds the trail runners")


@pytest.mark.parametrize("roll, score, outs", [("d10", (1, 0), 0), ("d13", (0, 0), 1)])
def test_13_623_a_the_throw_goes_through_and_the_trail_runners_advance_an_extra_base(
        roll: str, score: tuple[int, int], outs: int) -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=("V8", "V7", None)), cards, "d20", "134", roll, level=R3, s=SEND)
    assert state.score == score and state.outs == outs and state.bases == (None, "V1", "V8")
    assert "13.623 A" in step_note(ev, "goes through")


def test_13_623_a_with_the_runner_on_second_alone_the_batter_takes_second_on_the_throw() -> None:
    cards = v1_reads("SINGLE(cf)")
    state, _ = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", "d10", level=R3, s=SEND)
    assert state.score == (1, 0) and state.bases == (None, "V1", None)
    state, _ = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", "d10", level=R2, s=SEND)
    assert state.bases == ("V1", None, None)  # revision 2: no super advanced cut-off, the batter holds


def test_13_623_a_the_catcher_still_blocks_the_plate() -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", "d12", "d4", level=R3, s=SEND)
    assert state.score == (1, 0) and "13.63" in step_note(ev, "blocks the plate")


def test_13_621_example_the_cut_off_for_a_held_trail_runner() -> None:
    # 13.621's example: the lead trail runner runs 1-15, the centre fielder's arm is -2, he is held (the
    # runner ahead of him is, 13.2's note): safe on 1-7.  The runner from second scores without a roll
    # and the batter, the last trail runner, takes second (13.623 B).
    cards = v1_reads("SINGLE(cf)")
    cards["V8"] = replace(cards["V8"], running=15)
    cards["H7"] = replace(cards["H7"], fielding=(Fielding("cf", 3, -2, 10),))
    start = game(cards, bases=("V8", "V7", None))
    cut = Strategy(send=True, cut_trail=True, held=(2,))
    state, ev = pa(start, cards, "d20", "134", "d7", level=R3, s=cut)
    assert state.score == (1, 0) and state.bases == (None, "V1", "V8") and state.outs == 0
    assert ev["steps"][-1]["safe_through"] == 7 and "13.623 B" in step_note(ev, "cuts off")
    state, _ = pa(start, cards, "d20", "134", "d8", level=R3, s=cut)
    assert state.score == (1, 0) and state.bases == (None, "V1", None) and state.outs == 1


def test_13_623_b_the_run_scores_even_when_the_lead_trail_runner_makes_the_third_out() -> None:
    cards = v1_reads("SINGLE(cf)")
    # two out: 10-5, arm 0, not held +1, +2 two out = 1-8
    state, ev = pa(game(cards, bases=("V8", "V7", None), outs=2), cards, "d20", "134", "d9", level=R3,
                   s=Strategy(send=True, cut_trail=True))
    assert ev["steps"][-1]["safe_through"] == 8
    assert state.half == "bottom" and state.score == (1, 0)  # the third out, and the run stands


@pytest.mark.parametrize("fielder, top", [("rf", 8), ("lf", 4), ("cf", 6)])
def test_13_621_a_trail_runner_going_to_third_takes_13_4s_throw(fielder: str, top: int) -> None:
    cards = v1_reads(f"SINGLE({fielder})")
    start = game(cards, bases=("V8", "V7", None))
    _, ev = pa(start, cards, "d20", "134", f"d{top}", level=R3, s=Strategy(send=True, cut_trail=True))
    assert ev["steps"][-1]["safe_through"] == top and ev["after"]["bases"][2] == "V8"


def test_13_623_b_on_a_double_the_batter_is_the_lead_trail_runner_and_gets_no_two_out_bonus() -> None:
    cards = v1_reads("DOUBLE(cf)")
    start = game(cards, bases=("V8", None, None), outs=2)
    # the batter to third: 10-5, arm 0, not held +1 = 1-6; no +2 for two out (the trail runner is the batter)
    state, ev = pa(start, cards, "d20", "134", "d6", level=R3, s=Strategy(send=True, cut_trail=True))
    assert state.score == (1, 0) and state.bases == (None, None, "V1") and ev["steps"][-1]["safe_through"] == 6
    state, _ = pa(start, cards, "d20", "134", "d7", level=R3, s=Strategy(send=True, cut_trail=True))
    assert state.half == "bottom" and state.score == (1, 0)


def test_13_623_held_trail_runners_are_not_cut_off_for() -> None:
    cards = v1_reads("DOUBLE(cf)")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d10", level=R3,
                   s=Strategy(send=True, cut_trail=True, hold_trail=True))
    assert state.score == (1, 0) and state.bases == (None, "V1", None) and "13.622" in step_note(ev, "holds")


# --- 13.611: first to third on a single, the batter the trail runner ---------------------------------

def test_13_611_the_throw_to_third_goes_through_the_batter_takes_second() -> None:
    cards = v1_reads("SINGLE(cf)")
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d11", level=R3, s=SEND)
    assert state.bases == (None, "V1", "V8")  # as 13.5 in revision 2


def test_13_611_the_batter_held_the_throw_goes_to_third() -> None:
    cards = v1_reads("SINGLE(cf)")
    s = Strategy(send=True, hold_trail=True)
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d11", level=R3, s=s)
    assert state.bases == ("V1", None, "V8")
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d12", level=R3, s=s)
    assert state.bases == ("V1", None, None) and state.outs == 1


@pytest.mark.parametrize("roll, bases, outs", [("d6", (None, "V1", "V8"), 0), ("d7", (None, None, "V8"), 1)])
def test_13_611_the_throw_cut_off_for_the_batter_at_second(
        roll: str, bases: tuple[str | None, ...], outs: int) -> None:
    cards = v1_reads("SINGLE(rf)")
    # the batter to second: 10-5, arm 0, not held +1 = 1-6 (no 13.4: the throw is to second)
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", roll, level=R3,
                   s=Strategy(send=True, cut_trail=True))
    assert state.bases == bases and state.outs == outs and ev["steps"][-1]["safe_through"] == 6


def test_13_611_conceding_third_still_holds_the_batter_at_first() -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", level=R3,
                   s=Strategy(send=True, concede_third=True, cut_trail=True))
    assert state.bases == ("V1", None, "V8") and len(ev["rolls"]) == 2


# --- 14.4-14.432: fly()B? with a runner on third and another on base -----------------------------------

def test_14_41_cutting_off_the_throw_scores_the_runner_from_third_and_holds_the_others() -> None:
    cards = v1_reads("FLYBALL(CF)B?")
    state, ev = pa(game(cards, bases=("V8", None, "V7")), cards, "d20", "134", level=R3,
                   s=Strategy(tag_up=True, cut_off=True))
    assert state.score == (1, 0) and state.bases == ("V8", None, None) and state.outs == 1
    assert len(ev["rolls"]) == 2 and "14.41" in step_note(ev, "14.41")


@pytest.mark.parametrize("roll, score", [("d11", (1, 0)), ("d14", (0, 0))])
def test_14_431_the_trail_runners_held_the_throw_goes_home(roll: str, score: tuple[int, int]) -> None:
    cards = v1_reads("FLYBALL(CF)B?")
    # running 1-10, arm 0, +2 (14.2) = 1-12
    state, ev = pa(game(cards, bases=(None, "V8", "V7")), cards, "d20", "134", roll, level=R3,
                   s=Strategy(tag_up=True, hold_trail=True))
    assert state.score == score and state.bases == (None, "V8", None) and "14.431" in step_note(ev, "14.431")


def test_14_432_a_the_throw_goes_through_the_trail_runners_advance() -> None:
    cards = v1_reads("FLYBALL(CF)B?")
    state, ev = pa(game(cards, bases=("V6", "V8", "V7")), cards, "d20", "134", "d14", level=R3, s=TAG)
    assert state.score == (0, 0) and state.outs == 2 and state.bases == (None, "V6", "V8")
    assert "14.432 A" in step_note(ev, "goes through")


def test_14_43_example_the_throw_cut_off_for_the_lead_trail_runner() -> None:
    # 14.43's example: the lead trail runner runs 1-15, the centre fielder's arm is -2: safe on 1-8.
    cards = v1_reads("FLYBALL(CF)B?")
    cards["V8"] = replace(cards["V8"], running=15)
    cards["H7"] = replace(cards["H7"], fielding=(Fielding("cf", 3, -2, 10),))
    cut = Strategy(tag_up=True, cut_trail=True)
    start = game(cards, bases=("V6", "V8", "V7"))  # the bases loaded: V8 the lead trail runner, V6 the last
    state, ev = pa(start, cards, "d20", "134", "d8", level=R3, s=cut)
    assert state.score == (1, 0) and state.bases == (None, "V6", "V8") and state.outs == 1
    assert ev["steps"][-1]["safe_through"] == 8 and "14.432 B" in step_note(ev, "cuts off")
    state, _ = pa(start, cards, "d20", "134", "d9", level=R3, s=cut)
    assert state.score == (1, 0) and state.bases == (None, "V6", None) and state.outs == 2


def test_14_432_b_the_run_scores_even_when_the_lead_trail_runner_makes_the_third_out() -> None:
    cards = v1_reads("FLYBALL(RF)B?")
    # one out, the fly the second: the runner on second to third, 10-5, arm 0, +2 from right (14.43) = 1-7
    start = game(cards, bases=(None, "V8", "V7"), outs=1)
    state, ev = pa(start, cards, "d20", "134", "d8", level=R3, s=Strategy(tag_up=True, cut_trail=True))
    assert ev["steps"][-1]["safe_through"] == 7 and state.half == "bottom" and state.score == (1, 0)


def test_14_432_b_a_lead_trail_runner_from_first_goes_to_second_without_13_4() -> None:
    cards = v1_reads("FLYBALL(RF)B?")
    start = game(cards, bases=("V8", None, "V7"))
    state, ev = pa(start, cards, "d20", "134", "d5", level=R3, s=Strategy(tag_up=True, cut_trail=True))
    assert ev["steps"][-1]["safe_through"] == 5 and state.bases == (None, "V8", None) and state.score == (1, 0)


def test_14_4_a_runner_on_third_alone_and_revision_2_keep_14_2() -> None:
    cards = v1_reads("FLYBALL(CF)B?")
    state, ev = pa(game(cards, bases=(None, None, "V7")), cards, "d20", "134", "d11", level=R3,
                   s=Strategy(tag_up=True, cut_trail=True))
    assert state.score == (1, 0) and "14.2" in step_note(ev, "(14.2)")
    state, _ = pa(game(cards, bases=("V6", "V8", "V7")), cards, "d20", "134", "d11", level=R2, s=TAG)
    assert state.bases == ("V6", "V8", None)  # revision 2: the others hold


# --- the managers' choices, refused where they cannot arise -------------------------------------------

def test_the_trail_runners_choices_are_revision_3_only_and_need_a_runner_on_first_or_second() -> None:
    cards = card_set()
    for s in (Strategy(hold_trail=True), Strategy(cut_trail=True)):
        check_orders(game(cards, bases=(None, "V8", None)), s, "super", 3)
        with pytest.raises(RulesError, match="revision 3"):
            check_orders(game(cards, bases=(None, "V8", None)), s, "super", 2)
        with pytest.raises(RulesError, match="no trail runner"):
            check_orders(game(cards, bases=(None, None, "V8")), s, "super", 3)


def test_the_super_advanced_cut_off_may_be_called_with_a_runner_on_first_or_second() -> None:
    cards = card_set()
    cut = Strategy(cut_off=True)
    for bases in (("V8", None, None), (None, "V8", None), ("V8", None, "V7")):
        check_orders(game(cards, bases=bases), cut, "super", 3)
    with pytest.raises(RulesError, match="nobody to cut off"):
        check_orders(game(cards, bases=(None, None, "V7")), cut, "super", 3)
    with pytest.raises(RulesError, match="13.3"):
        check_orders(game(cards, bases=(None, "V8", None)), cut, "super", 2)  # revision 2: 13.3's rule
