"""Super advanced revision 2, 20.2-20.75: infield back, infield in (only with a man on third) and corners in.

Scripted dice: with runners on, the 29.1 d20 comes first (d20: no wild pitch), then the three dice; the
visitor's 1-7 (white 1, colored 3+4) is the groundball under test.  The groundball chart's numbers are
the project's (docs/strat-o-matic.md): 1st and 3rd, infield back A 2 (double play), infield in A 5
(batter out, the runner on third holds); B back 4, B in 6.
"""

from __future__ import annotations

import pytest

from league.domain.errors import RulesError
from league.rules.strat.strategy import Strategy, check_strategy
from tests.unit.test_strat_helpers import card_set, game, pa, v1_reads

R2, R1 = "super+r2", "super"
CORNERS = Strategy(corners_in=True)


def test_20_72_corners_in_a_groundball_to_third_plays_by_the_infield_in_rules() -> None:
    cards = v1_reads("GROUNDBALL(3B)A")
    start = game(cards, bases=("V8", None, "V9"))
    state, ev = pa(start, cards, "d20", "134", level=R2, s=CORNERS)
    # infield in, 1st and 3rd, A: result 5, the batter out, the runner on third holds, first to second
    assert state.outs == 1 and state.bases == (None, "V8", "V9") and state.score == (0, 0)
    assert ev["strategy"]["corners_in"] is True
    assert any(step.get("rule") == "20.7" and "20.72" in step["note"] for step in ev["steps"])
    # infield back, the same dice: the double play (the runner on third holds on a ball to third, 15.32)
    state, _ = pa(start, cards, "d20", "134", level=R2)
    assert state.outs == 2 and state.bases == (None, None, "V9")


def test_20_72_the_first_baseman_plays_in_too() -> None:
    cards = v1_reads("GROUNDBALL(1B)A")
    state, _ = pa(game(cards, bases=("V8", None, "V9")), cards, "d20", "134", level=R2, s=CORNERS)
    assert state.outs == 1 and state.bases == (None, "V8", "V9")


def test_20_73_corners_in_a_groundball_to_short_plays_by_the_infield_back_rules() -> None:
    cards = v1_reads("GROUNDBALL(SS)A")
    start = game(cards, bases=("V8", None, "V9"))
    with_corners, _ = pa(start, cards, "d20", "134", level=R2, s=CORNERS)
    back, _ = pa(start, cards, "d20", "134", level=R2)
    assert with_corners.outs == back.outs == 2 and with_corners.score == back.score == (1, 0)


def test_17_12_and_20_71_corners_in_a_gb_plus_is_a_plain_groundball() -> None:
    cards = v1_reads("GROUNDBALL(3B)A+")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", level=R2, s=CORNERS)
    assert ev["play"]["label"] != "SINGLE**" and state.outs == 2 and state.bases == (None, None, None)
    assert any(step.get("rule") == "20.71" for step in ev["steps"])
    # all the way in (a man on third, 20.3), the same reading is a SINGLE** (20.6)
    state, ev = pa(game(cards, bases=(None, None, "V9")), cards, "d20", "134", level=R2,
                   s=Strategy(infield_in=True))
    assert ev["play"]["label"] == "SINGLE**" and state.score == (1, 0)


def test_20_5_with_a_runner_on_third_the_pitcher_plays_in_on_a_cards_gb_p() -> None:
    cards = v1_reads("GROUNDBALL(P)A")
    start = game(cards, bases=("V8", None, "V9"))
    state, ev = pa(start, cards, "d20", "134", level=R2)  # the infield back
    assert state.outs == 1 and state.bases == (None, "V8", "V9")  # the infield in table: result 5
    assert any(step.get("rule") == "20.5" for step in ev["steps"])
    old, _ = pa(start, cards, "d20", "134", level=R1)  # revision 1: the double play
    assert old.outs == 2


def test_20_51_corners_in_the_battery_plays_in_on_an_x_chance_only_with_third_or_second_and_third() -> None:
    # the pitcher rated 3 on the advanced chart: d20 4-6 reads GROUNDBALL(p)B
    cards = v1_reads("GROUNDBALL(P)X")
    # a runner on third alone: in (3rd, infield in B: result 1, he holds)
    state, ev = pa(game(cards, bases=(None, None, "V9")), cards, "d20", "134", "d4", level=R2, s=CORNERS)
    assert state.outs == 1 and state.bases == (None, None, "V9") and state.score == (0, 0)
    assert any(step.get("rule") == "20.51" and "in (20.51)" in step["note"] for step in ev["steps"])
    # first and third: back (infield back B: result 4, the runner on first forced at second)
    state, ev = pa(game(cards, bases=("V8", None, "V9")), cards, "d20", "134", "d4", level=R2, s=CORNERS)
    assert any(step.get("rule") == "20.51" and "back (20.51)" in step["note"] for step in ev["steps"])
    assert state.outs == 1 and state.bases[0] == "V1"  # the batter safe at first on the force
    # the infield back, a runner on third alone: on the X-chance the pitcher plays back (20.51, not 20.5)
    state, ev = pa(game(cards, bases=(None, None, "V9")), cards, "d20", "134", "d4", level=R2)
    assert any(step.get("chart") == "strategy groundballs" for step in ev["steps"])
    assert not any(step.get("rule") == "20.5" for step in ev["steps"])


@pytest.mark.parametrize("bases, column", [(("V8", None, None), "B"), (("V8", "V9", "V7"), "C")])
def test_18_6_and_18_31_corners_in_downgrade_the_bunter_one_grade_two_with_the_bases_loaded(
        bases: tuple[str | None, ...], column: str) -> None:
    cards = card_set()
    from dataclasses import replace
    cards["V1"] = replace(cards["V1"], bunting="A")
    play = "sacrifice" if bases[2] is None else "squeeze"
    _, ev = pa(game(cards, bases=bases), cards, "d20", "34", level=R2, s=Strategy(play=play, corners_in=True))
    assert next(step for step in ev["steps"] if str(step.get("chart", "")).startswith("strategy s"))["column"] \
        == column


def test_20_3_the_infield_comes_in_only_with_a_man_on_third() -> None:
    cards = card_set()
    on_first = game(cards, bases=("V8", None, None))
    with pytest.raises(RulesError, match="20.3"):
        check_strategy(on_first, Strategy(infield_in=True), "super", revision=2)
    check_strategy(on_first, Strategy(infield_in=True), "super", revision=1)  # 20.12 as before
    check_strategy(game(cards, bases=(None, None, "V8")), Strategy(infield_in=True), "super", revision=2)


@pytest.mark.parametrize("kw, level, revision, why", [
    ({"outs": 2, "bases": ("V8", None, None)}, "super", 2, "20.7"),
    ({"bases": (None, None, None)}, "super", 2, "20.7"),
    ({"bases": ("V8", None, None)}, "super", 1, "20.2"),
    ({"bases": ("V8", None, None)}, "advanced", 1, "20.2"),
])
def test_20_7_the_corners_come_in_with_a_runner_on_and_fewer_than_two_out(
        kw: dict, level: str, revision: int, why: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(RulesError, match=why.replace(".", r"\.")):
        check_strategy(game(card_set(), **kw), CORNERS, level, revision)


def test_20_75_runners_may_be_held_with_the_corners_in_but_not_with_the_infield_in_too() -> None:
    st = game(card_set(), bases=("V8", "V9", "V7"))
    check_strategy(st, Strategy(corners_in=True, held=(1, 2)), "super", 2)
    with pytest.raises(RulesError, match="not both"):
        check_strategy(st, Strategy(corners_in=True, infield_in=True), "super", 2)
