"""Super advanced revision 2 on scripted dice: 13.4 (throws to third), 13.63 (the catcher blocking the
plate), 14.5 (an outfielder robbing a homerun).

The filler cards: every runner runs 1-10, every outfielder and catcher has arm 0 and every fielder is
rated 3.  With runners on, the 29.1 d20 comes first ("d20": no wild pitch).  The visitor's 1-7 (white
1, colored 3+4) is the reading under test.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules.strat.cards import Fielding
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, game, pa, step_note, v1_reads

R2, R1 = "super+r2", "super"
SEND = Strategy(send=True)


@pytest.mark.parametrize("fielder, top", [("rf", 13), ("lf", 9), ("cf", 11)])
def test_13_4_a_throw_to_third_from_right_adds_2_from_left_takes_2(fielder: str, top: int) -> None:
    cards = v1_reads(f"SINGLE({fielder})")
    start = game(cards, bases=("V8", None, None))
    # running 1-10, arm 0, not held +1 (13.2) = 1-11; 13.4 from right 1-13, from left 1-9
    state, ev = pa(start, cards, "d20", "134", f"d{top}", level=R2, s=SEND)
    assert state.bases == (None, "V1", "V8") and ev["steps"][-1]["safe_through"] == top  # 13.5: batter to 2nd
    state, _ = pa(start, cards, "d20", "134", f"d{top + 1}", level=R2, s=SEND)
    assert state.bases == (None, "V1", None) and state.outs == 1
    if fielder != "cf":
        assert f"throw from {fielder} to third (13.4)" in step_note(ev, "tries for third")


def test_13_4_revision_1_has_no_throw_to_third_adjustment() -> None:
    cards = v1_reads("SINGLE(rf)")
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d12", level=R1, s=SEND)
    assert ev["steps"][-1]["safe_through"] == 11 and ev["after"]["outs"] == 1


# 13.63: runner on second, a single to centre: running 1-10, arm 0, not held +1 = 1-11.  The home
# catcher is rated 3: on d20 11 (the last safe number) or 12 (the first out number) he blocks the
# plate, and a second d20 of 1-10 is safe, 11-20 out.
@pytest.mark.parametrize("first, check, scores", [
    ("d11", "d10", True), ("d11", "d11", False),  # the last safe number
    ("d12", "d10", True), ("d12", "d11", False),  # the first out number
])
def test_13_63_the_catcher_blocks_the_plate_on_the_edge_of_the_safe_range(first: str, check: str,
                                                                          scores: bool) -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", first, check, level=R2, s=SEND)
    assert state.score == ((1, 0) if scores else (0, 0)) and state.outs == (0 if scores else 1)
    assert "blocks the plate" in step_note(ev, "13.63")


@pytest.mark.parametrize("roll, scores", [("d10", True), ("d13", False)])
def test_13_63_away_from_the_edge_there_is_no_second_roll(roll: str, scores: bool) -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", roll, level=R2, s=SEND)
    assert state.score == ((1, 0) if scores else (0, 0)) and len(ev["rolls"]) == 3


@pytest.mark.parametrize("rating, safe_through", [(1, 2), (2, 6), (4, 14), (5, 18)])
def test_13_63_the_chart_by_catcher_rating(rating: int, safe_through: int) -> None:
    cards = v1_reads("SINGLE(cf)")
    cards["H1"] = replace(cards["H1"], fielding=(Fielding("c", rating, 0, 10),))
    start = game(cards, bases=(None, "V8", None))
    state, _ = pa(start, cards, "d20", "134", "d11", f"d{safe_through}", level=R2, s=SEND)
    assert state.score == (1, 0)
    state, _ = pa(start, cards, "d20", "134", "d11", f"d{safe_through + 1}", level=R2, s=SEND)
    assert state.score == (0, 0)


def test_13_63_a_tag_up_from_third_on_fly_b_question_is_a_play_at_the_plate() -> None:
    cards = v1_reads("FLYBALL(CF)B?")
    # running 1-10, arm 0, +2 (14.2) = 1-12: d20 13 is the first out number; the catcher (3) 1-10 safe
    state, ev = pa(game(cards, bases=(None, None, "V8")), cards, "d20", "134", "d13", "d4", level=R2,
                   s=Strategy(tag_up=True))
    assert state.score == (1, 0) and "13.63" in step_note(ev, "13.63")


# 14.5: HOMERUN 1-10, FLYBALL(cf)B 11-20.  The batter bats right: 10 calls on the left fielder, 11 on the
# centre fielder, both rated 3 (a homerun on 1-11 of the second d20).
@pytest.mark.parametrize("roll, check, homer", [
    ("d10", "d11", True), ("d10", "d12", False), ("d11", "d11", True), ("d11", "d12", False)])
def test_14_5_the_outfielder_at_the_wall(roll: str, check: str, homer: bool) -> None:
    cards = v1_reads("HOMERUN 1-10, FLYBALL(CF)B 11-20")
    state, ev = pa(game(cards), cards, "134", roll, check, level=R2)
    assert ev["result"] == ("HOMERUN" if homer else "FLYBALL(cf)B")
    assert state.score == ((1, 0) if homer else (0, 0))
    who = "H6" if roll == "d10" else "H7"  # the left fielder, then the centre fielder
    assert who in step_note(ev, "14.5")


def test_14_5_a_left_handed_batters_last_homerun_number_is_the_right_fielders() -> None:
    cards = v1_reads("HOMERUN 1-10, FLYBALL(CF)B 11-20")
    cards["V1"] = replace(cards["V1"], hand="L")
    cards["H8"] = replace(cards["H8"], fielding=(Fielding("rf", 1, 0, 10),))  # rated 1: a homer on 1-3
    state, ev = pa(game(cards), cards, "134", "d10", "d4", level=R2)
    assert ev["result"] == "FLYBALL(cf)B" and "H8" in step_note(ev, "14.5")


def test_14_5_other_numbers_and_revision_1_roll_no_second_d20() -> None:
    cards = v1_reads("HOMERUN 1-10, FLYBALL(CF)B 11-20")
    _, ev = pa(game(cards), cards, "134", "d9", level=R2)
    assert ev["result"] == "HOMERUN" and len(ev["rolls"]) == 2
    _, ev = pa(game(cards), cards, "134", "d10", level=R1)
    assert ev["result"] == "HOMERUN" and len(ev["rolls"]) == 2


# 23.83: a held runner's infielders add 1 to their range rating (1 is best, 5 worst) on a gb()X hit to them.
# The filler fielders are rated 3.
def _x_column(ev: dict) -> str:  # type: ignore[type-arg]
    return next(s["column"] for s in ev["steps"] if s.get("chart") == "advanced fielding")


@pytest.mark.parametrize("at, bats, column", [
    ("1B", "R", "1b 4"), ("2B", "R", "2b 4"), ("SS", "R", "ss 3"),  # runner on first, a right-handed batter
    ("SS", "L", "ss 4"), ("2B", "L", "2b 3"),  # the manual's example: a left-handed batter, the shortstop
    ("3B", "R", "3b 3"),
])
def test_23_83_the_infielders_holding_a_runner_on_first_add_1_to_their_range_rating(
        at: str, bats: str, column: str) -> None:
    cards = v1_reads(f"GROUNDBALL({at})X")
    cards["V1"] = replace(cards["V1"], hand=bats)
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d1", level=R2,
               s=Strategy(held=(1,)))
    assert _x_column(ev) == column


def test_23_83_not_held_or_revision_1_the_rating_stands() -> None:
    cards = v1_reads("GROUNDBALL(1B)X")
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d1", level=R2)
    assert _x_column(ev) == "1b 3"
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d1", level=R1, s=Strategy(held=(1,)))
    assert _x_column(ev) == "1b 3"


def test_23_83_the_range_rating_goes_no_higher_than_5() -> None:
    cards = v1_reads("GROUNDBALL(1B)X")
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", 5, None, 10),))
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d1", level=R2, s=Strategy(held=(1,)))
    assert _x_column(ev) == "1b 5"



# 13.5: on the first-to-third try the defense throws (the batter takes second) or concedes third
def test_13_5_conceding_third_holds_the_batter_at_first_without_a_roll() -> None:
    cards = v1_reads("SINGLE(cf)")
    start = game(cards, bases=("V8", None, "V7"))
    state, ev = pa(start, cards, "d20", "134", level=R2, s=Strategy(send=True, concede_third=True))
    assert state.bases == ("V1", None, "V8") and state.score == (1, 0) and len(ev["rolls"]) == 2
    assert ev["strategy"]["concede_third"] is True and "13.5" in step_note(ev, "concedes third")


@pytest.mark.parametrize("roll, bases, outs", [("d11", (None, "V1", "V8"), 0), ("d12", (None, "V1", None), 1)])
def test_13_5_throwing_to_third_the_batter_always_takes_second(
        roll: str, bases: tuple[str | None, ...], outs: int) -> None:
    cards = v1_reads("SINGLE(cf)")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", roll, level=R2, s=SEND)
    assert state.bases == bases and state.outs == outs and ev["play"]["batter"] == 2
    assert "the batter takes second on the throw (13.5)" in step_note(ev, "13.5")


def test_13_5_revision_1_keeps_the_batter_at_first() -> None:
    cards = v1_reads("SINGLE(cf)")
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d11", level=R1, s=SEND)
    assert state.bases == ("V1", None, "V8")


def test_13_5_conceding_third_is_refused_without_a_runner_on_first_or_with_second_taken() -> None:
    from league.domain.errors import RulesError
    from league.rules.strat.strategy import check_orders

    concede = Strategy(concede_third=True)
    cards = card_set()
    check_orders(game(cards, bases=("V8", None, None)), concede, "super", 2)
    for bases in ((None, None, None), ("V8", "V9", None)):
        with pytest.raises(RulesError, match="13.5"):
            check_orders(game(cards, bases=bases), concede, "super", 2)
    with pytest.raises(RulesError, match="super advanced"):
        check_orders(game(cards, bases=("V8", None, None)), concede, "super", 1)
