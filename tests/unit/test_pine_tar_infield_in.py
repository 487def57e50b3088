"""The defense's choices on ground balls (pages 6-7), through the engine with scripted dice: refusing
the GDP in the 8th inning or later, and the force at home for the bases-loaded double play marked *."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.pa.replay import Fold
from league.rules.pa.state import GameState, evolve
from league.rules.pine_tar import engine, manager
from league.rules.pine_tar.card_engine import ENGINE
from league.rules.pine_tar.cards import Card
from tests.unit.test_pine_tar_examples import batter_card, d, game, play

IN = engine.Orders(infield_in=True)


def corners(inning: int = 8, outs: int = 0, score: tuple[int, int] = (2, 3)
            ) -> tuple[GameState, dict[str, Card], str, str]:
    """The visitor batting in the top of ``inning`` with runners on first and third; GO-SS on 41 (white 1:
    GDP on the runner-on-1st table) and on 42 with the bases loaded (white 2: DP)."""
    st, cards = game(inning=inning, outs=outs, score=score)
    pitcher = st.home.pitcher
    cards[pitcher] = replace(cards[pitcher], mip=(9, None))  # fresh enough to face the 8th and 9th
    first, third = st.visitor.order[5], st.visitor.order[6]
    batter_card(cards, st.visitor.batter, {41: "GO-SS", 42: "GO-SS", 40: "GO-C"})
    return evolve(st, bases=(first, None, third)), cards, first, third


def test_in_the_8th_the_defense_refuses_the_gdp_and_the_runner_on_third_is_out_at_home() -> None:
    st, cards, first, third = corners()  # the visitor trails 2-3: the run from third would tie
    batter = st.visitor.batter
    new, ev = play(st, cards, "41", orders=IN)
    assert ev["play"]["label"] == "GROUNDOUT GO-SS GDP refused, runner out at home (FC)"
    assert new.outs == 1 and ev["runs"] == 0 and new.score == (2, 3)
    assert new.bases == (batter, first, None)
    assert ev["orders"]["infield_in"] is True


def test_without_the_order_the_same_roll_is_the_gdp_and_the_tying_run_scores() -> None:
    st, cards, first, third = corners()
    new, ev = play(st, cards, "41")
    assert "GDP" in ev["play"]["label"] and "refused" not in ev["play"]["label"]
    assert new.outs == 2 and ev["scored"] == [third] and new.score == (3, 3)
    assert "infield_in" not in ev["orders"]  # plays stored before the order existed read the same


@pytest.mark.parametrize("inning,outs,score,why", [
    (7, 0, (2, 3), "8th inning or later"),
    (9, 1, (2, 3), "none out"),
    (8, 0, (1, 3), "tie the game or add to the offense's lead"),
])
def test_the_gdp_may_not_be_refused_early_with_an_out_or_far_behind(inning: int, outs: int,
                                                                     score: tuple[int, int], why: str) -> None:
    st, cards, first, third = corners(inning, outs, score)
    assert why in (engine.infield_in_refused(st) or "")
    with pytest.raises(RulesError, match="no infield in now"):
        ENGINE.check_orders(st, IN, "main")
    new, ev = play(st, cards, "41", orders=IN)
    assert "refused" not in ev["play"]["label"] and new.outs == outs + 2  # the GDP stands
    assert any("the GDP stands" in s["step"] for s in ev["steps"])


@pytest.mark.parametrize("score", [(3, 3), (5, 3)])
def test_a_go_ahead_or_insurance_run_may_be_cut_off_too(score: tuple[int, int]) -> None:
    st, cards, first, third = corners(9, 0, score)
    assert engine.infield_in_refused(st) is None
    new, ev = play(st, cards, "41", orders=IN)
    assert ev["runs"] == 0 and new.outs == 1


def test_with_the_bases_loaded_the_defense_takes_the_force_at_home_for_the_starred_dp_in_any_inning() -> None:
    st, cards, first, third = corners(inning=3, outs=1, score=(0, 0))
    second = st.visitor.order[4]
    batter = st.visitor.batter
    loaded = evolve(st, bases=(first, second, third))
    assert engine.infield_in_refused(loaded) is None
    new, ev = play(loaded, cards, "42", orders=IN)
    assert ev["play"]["label"] == "GROUNDOUT GO-SS DP* taken as the force at home"
    assert new.outs == 2 and ev["runs"] == 0 and new.bases == (batter, first, second)
    # without the order the DP ends the inning (no run on the third out)
    new, ev = play(loaded, cards, "42")
    assert ev["play"]["label"] == "GROUNDOUT GO-SS GDP" and new.half == "bottom" and ev["runs"] == 0


def test_the_catchers_dp_with_the_bases_loaded_is_already_at_home_and_the_order_changes_nothing() -> None:
    st, cards, first, third = corners(inning=8)
    second = st.visitor.order[4]
    loaded = evolve(st, bases=(first, second, third))
    with_order = play(loaded, cards, "40", orders=IN)
    without = play(loaded, cards, "40")
    assert with_order[0] == without[0] and "DP (forced at home" in without[1]["play"]["label"]


def test_the_infield_comes_in_only_with_runners_on_first_and_third_and_fewer_than_two_out() -> None:
    st, cards = game(inning=9)  # no play is resolved: the pitcher's MIP does not matter
    assert "runners on first and third" in (engine.infield_in_refused(st) or "")
    two_out = evolve(st, outs=2, bases=(st.visitor.order[5], None, st.visitor.order[6]))
    assert "two out" in (engine.infield_in_refused(two_out) or "")


def test_other_orders_are_still_refused_by_name() -> None:
    with pytest.raises(RulesError, match="no such order: cut_off"):
        engine.orders({"cut_off": True})
    assert engine.orders({"infield_in": True}).fact() == {"play": "swing", "tag": True, "infield_in": True}


@pytest.mark.parametrize("inning,outs,plays_in", [(8, 0, True), (7, 0, False), (9, 1, False)])
def test_the_auto_manager_brings_the_infield_in_late_with_none_out_and_the_run_on_third_close(
        inning: int, outs: int, plays_in: bool) -> None:
    st, cards, first, third = corners(inning, outs)
    f = Fold({"orders": manager.ORDERS}, cards, ENGINE, "main", st, ENGINE.strategy(manager.ORDERS))
    made = manager.manage(f)
    infield = {"type": "strategy", "team": "home", "set": {"infield_in": True}}
    assert (infield in made) is plays_in
    out = f.resolve([d("41")])
    assert isinstance(out, tuple)
    assert ("refused" in out[1]["play"]["label"]) is plays_in
