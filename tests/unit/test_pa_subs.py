"""Substitutions: 10.1 (last eligible, no re-entry), 25.3, double switch."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.pa import subs
from league.rules.pa.state import GameState
from tests.unit.test_strat_helpers import card_set, game, pa


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    return card_set()


def test_pinch_hitter_takes_the_slot_and_the_replaced_man_may_not_return(cards):  # type: ignore[no-untyped-def]
    s, ev = subs.pinch_hit(game(cards), "V11")  # V11 rates 1b and 2b; V1 is the catcher...
    assert ev == {"type": "pinch_hit", "team": "visitor", "out": "V1", "in": "V11"}
    assert s.visitor.order[0] == "V11" and "V1" in s.visitor.removed


def test_the_last_eligible_catcher_may_not_be_removed(cards):  # type: ignore[no-untyped-def]
    s = game(cards)
    s, _ = subs.pinch_hit(s, "V10")  # V10 is rated at catcher: allowed
    with pytest.raises(RulesError, match="last V player eligible at c"):
        subs.pinch_hit(s, "V11")


def test_a_removed_player_never_re_enters(cards):  # type: ignore[no-untyped-def]
    s, _ = subs.pinch_run(game(cards, bases=("V2", None, None)), 1, "V12")
    assert s.bases[0] == "V12"
    with pytest.raises(RulesError, match="removed"):
        subs.replace_player(s, "visitor", "V12", "V2", "1b")


def test_the_last_eligible_right_fielder_may_not_be_run_for(cards):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="last V player eligible at rf"):
        subs.pinch_run(game(cards, bases=("V8", None, None)), 1, "V12")


def test_pitching_change_and_the_pitcher_log(cards):  # type: ignore[no-untyped-def]
    s, ev = subs.change_pitcher(game(cards, inning=6), "home", "HR1")
    assert s.home.pitcher == "HR1" and s.home.stint.role == "relief" and s.home.stint.entered_inning == 6
    with pytest.raises(RulesError):
        subs.change_pitcher(s, "home", "HP")


def test_pinch_hitting_for_the_pitcher_requires_a_new_pitcher(cards):  # type: ignore[no-untyped-def]
    s = game(cards, dh=False, half="bottom")
    s = replace(s, home=replace(s.home, up=8))
    s, _ = subs.pinch_hit(s, "H9")
    s = replace(s, half="top")
    with pytest.raises(RulesError, match="bring in a pitcher"):
        pa(s, cards, "111")
    s, _ = subs.change_pitcher(s, "home", "HR2")
    assert s.home.order[8] == "HR2"
    pa(s, cards, "111")


def test_double_switch(cards):  # type: ignore[no-untyped-def]
    s = game(cards, dh=False)
    s, ev = subs.double_switch(s, "home", "HR1", "H10", "H1")
    assert s.home.order[0] == "HR1" and s.home.order[8] == "H10"
    assert s.home.at("c") == "H10" and s.home.pitcher == "HR1"
    assert {"HP", "H1"} <= set(s.home.removed)


def test_no_double_switch_with_the_dh(cards):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="DH"):
        subs.double_switch(game(cards), "home", "HR1", "H10", "H1")


def test_an_unrated_fielder_is_refused_while_a_rated_one_is_free(cards):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="not rated at c and H10 is available"):
        subs.replace_player(game(cards), "home", "H2", "H11", "c")


def test_a_position_player_pitches_only_when_the_bullpen_is_empty(cards):  # type: ignore[no-untyped-def]
    s = game(cards)
    with pytest.raises(RulesError, match="emergency"):
        subs.emergency_pitcher(s, "home", "H10")
    s = replace(s, home=replace(s.home, bullpen=()))
    s, ev = subs.emergency_pitcher(s, "home", "H10")
    assert ev["type"] == "emergency_pitcher" and s.home.stint.role == "emergency"
    _, ev = pa(s, cards, "434", level="advanced")
    assert ev["card"] == "EMERGENCY"


def test_an_injured_player_may_be_replaced_even_if_he_is_the_last_eligible(cards):  # type: ignore[no-untyped-def]
    s = game(cards)
    s, _ = subs.pinch_hit(s, "V10")  # V10 is now the only catcher left
    t = s.visitor
    s = s.with_team("visitor", replace(t, injured=("V10",)))
    s, _ = subs.replace_player(s, "visitor", "V10", "V11", "c")  # 10.1: injury forces it
    assert s.visitor.at("c") == "V11"


def test_switch_positions(cards):  # type: ignore[no-untyped-def]
    from league.rules.strat.cards import Fielding
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", 2, None, 3), Fielding("3b", 4, None, 9)))
    cards["H4"] = replace(cards["H4"], fielding=(Fielding("3b", 2, None, 3), Fielding("1b", 4, None, 9)))
    s: GameState = game(cards)
    s, _ = subs.switch_positions(s, "home", {"H2": "3b", "H4": "1b"})
    assert s.home.at("3b") == "H2" and s.home.at("1b") == "H4"
