"""Super advanced revision 3 on scripted dice: the delayed steal of home (23.9).

Runners on first (V8) and third (V7), both rated ``8-10/- (19-14)``: second steal ratings 14.  The home
catcher's arm is set per test; no lead is rolled, so a delayed steal takes one d20 (23.91 E) or none.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.strat.cards import Card, Fielding
from league.rules.strat.stealing import LEADS, TRIED
from league.rules.strat.strategy import Strategy, check_orders
from league.rules.strat.supplementary import parse_lead
from tests.unit.test_strat_helpers import card_set, game, steal

R3, R2 = "super+r3", "super+r2"
DELAYED = Strategy(delayed_steal=True)


def _cards(arm: int = 0) -> dict[str, Card]:
    cards = card_set()
    for r in ("V8", "V7"):
        cards[r] = replace(cards[r], lead=parse_lead("8-10/- (19-14)"))
    cards["H1"] = replace(cards["H1"], fielding=(Fielding("c", 3, arm, 10),))
    cards["HP"] = replace(cards["HP"], hold=3)  # 23.91 A: no hold adjustment, so it must not count
    return cards


def _start(cards: dict[str, Card], outs: int = 0, **kw: object) -> object:
    return game(cards, bases=("V8", None, "V7"), outs=outs, **kw)


def _note(ev: dict) -> str:  # type: ignore[type-arg]
    return " ".join(s.get("note", "") for s in ev["steps"])


@pytest.mark.parametrize("roll, first", [("d12", 2), ("d13", None)])
def test_23_91_a_the_runner_on_first_second_rating_and_the_catchers_arm_only(roll: str, first: int | None) -> None:
    cards = _cards(arm=-2)
    s = replace(DELAYED, held=(1,))  # held or not, and the pitcher's +3 hold, make no difference (A)
    state, ev = steal(_start(cards), cards, (1,), roll, level=R3, s=s)  # type: ignore[arg-type]
    assert ev["steps"][-1]["safe_through"] == 12 and len(ev["rolls"]) == 1  # 14 - 2, no lead rolled
    assert state.bases == ((None, "V8", "V7") if first else (None, None, "V7")) and state.score == (0, 0)


def test_23_91_b_the_catcher_holds_the_ball_the_steal_of_second_without_a_throw() -> None:
    cards = _cards()
    state, ev = steal(_start(cards), cards, (1, 3), level=R3,  # type: ignore[arg-type]
                      s=replace(DELAYED, hold_ball=True))
    assert state.bases == (None, "V8", "V7") and state.score == (0, 0) and ev["rolls"] == []
    assert "23.91 B" in _note(ev)


@pytest.mark.parametrize("roll, bases, outs", [("d14", (None, "V8", None), 0), ("d15", (None, None, None), 1)])
def test_23_91_d_the_throw_goes_through_to_second_and_the_runner_on_third_steals_home(
        roll: str, bases: tuple[str | None, ...], outs: int) -> None:
    cards = _cards()
    state, ev = steal(_start(cards), cards, (1, 3), roll, level=R3, s=DELAYED)  # type: ignore[arg-type]
    assert state.score == (1, 0) and state.bases == bases and state.outs == outs
    assert ev["steps"][-1]["safe_through"] == 14


@pytest.mark.parametrize("roll, score", [("d14", (1, 0)), ("d15", (0, 0))])
def test_23_91_f_with_two_out_the_run_scores_only_if_the_runner_going_to_second_is_safe(
        roll: str, score: tuple[int, int]) -> None:
    cards = _cards()
    state, _ = steal(_start(cards, outs=2), cards, (1, 3), roll, level=R3, s=DELAYED)  # type: ignore[arg-type]
    assert state.score == score
    assert state.half == ("top" if roll == "d14" else "bottom")


@pytest.mark.parametrize("roll, score", [("d9", (1, 0)), ("d10", (0, 0))])
def test_23_91_c_d_cut_off_and_thrown_home_second_rating_minus_5_nothing_else(
        roll: str, score: tuple[int, int]) -> None:
    cards = _cards(arm=-3)  # 23.91 C: no catcher's arm, no hold: 14 - 5 = 9
    s = replace(DELAYED, cut_home=True, held=(1,))
    state, ev = steal(_start(cards), cards, (1, 3), roll, level=R3, s=s)  # type: ignore[arg-type]
    assert state.score == score and state.bases == (None, "V8", None) and state.outs == (1 - score[0])
    assert ev["steps"][-1]["safe_through"] == 9 and "23.91 D" in _note(ev)


def test_23_91_c_the_home_chance_is_at_least_1() -> None:
    cards = _cards()
    cards["V7"] = replace(cards["V7"], lead=parse_lead("8-10/- (9-4)"))
    state, ev = steal(_start(cards), cards, (1, 3), "d1", level=R3,  # type: ignore[arg-type]
                      s=replace(DELAYED, cut_home=True))
    assert ev["steps"][-1]["safe_through"] == 1 and state.score == (1, 0)  # 4 - 5, at least 1


def test_23_91_the_cut_off_only_matters_when_the_runner_on_third_goes() -> None:
    cards = _cards()
    state, ev = steal(_start(cards), cards, (1,), "d15", level=R3,  # type: ignore[arg-type]
                      s=replace(DELAYED, cut_home=True))
    assert state.bases == (None, None, "V7") and state.outs == 1 and ev["steps"][-1]["safe_through"] == 14


def test_23_91_no_delayed_steal_after_either_runner_rolled_for_a_good_lead() -> None:
    cards = _cards()
    tried = _start(cards, extra=((TRIED, (("V7", 3, False, 0),)),))
    with pytest.raises(RulesError, match="already rolled for a good lead"):
        steal(tried, cards, (1, 3), "d1", level=R3, s=DELAYED)  # type: ignore[arg-type]
    led = _start(cards, extra=((LEADS, ((1, "top", 0, "V8"),)),))
    with pytest.raises(RulesError, match="already rolled for a good lead"):
        steal(led, cards, (1,), "d1", level=R3, s=DELAYED)  # type: ignore[arg-type]


def test_23_91_needs_second_steal_ratings() -> None:
    cards = _cards()
    cards["V7"] = replace(cards["V7"], lead=None)
    with pytest.raises(RulesError, match="no lead: rating"):
        steal(_start(cards), cards, (1, 3), "d1", level=R3, s=DELAYED)  # type: ignore[arg-type]


def test_the_delayed_steal_choices_are_refused_outside_revision_3_and_first_and_third() -> None:
    cards = _cards()
    for s in (DELAYED, Strategy(hold_ball=True), Strategy(cut_home=True)):
        check_orders(_start(cards), s, "super", 3)  # type: ignore[arg-type]
        with pytest.raises(RulesError, match="revision 3"):
            check_orders(_start(cards), s, "super", 2)  # type: ignore[arg-type]
        for bases in (("V8", None, None), ("V8", "V6", "V7"), (None, None, "V7")):
            with pytest.raises(RulesError, match="first and third"):
                check_orders(game(cards, bases=bases), s, "super", 3)


def test_without_the_flag_first_and_third_is_an_ordinary_double_steal() -> None:
    cards = _cards()
    # the runner on third leads the steal (23.6): the 29.2 d20 and his lead dice come first
    _, ev = steal(_start(cards), cards, (1, 3), "d20", "44", "d1", level=R3)  # type: ignore[arg-type]
    assert "23.91" not in _note(ev)
