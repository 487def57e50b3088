"""A fielder moving to the mound (Strat 25.3) and losing the DH (official rule 5.11).

The test teams (tests/unit/test_strat_helpers.py): H1-H8 field c, 1b, 2b, 3b,
ss, lf, cf, rf; H9 is the DH (rated 1b); the bench H10 (c, 1b), H11 (1b, 2b),
H12 (2b, 1b); HP pitches, HR1-HR3 are the bullpen.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.pa import subs
from league.rules.pa.state import GameState
from league.rules.pa.words import decision_words
from league.rules.strat.cards import Fielding
from tests.unit.test_strat_helpers import card_set, game, pa


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    return card_set()


def no_bullpen(s: GameState) -> GameState:
    return replace(s, home=replace(s.home, bullpen=()))


def test_a_fielder_moves_to_the_mound_keeps_his_slot_and_pitches_with_the_emergency_card(cards):  # type: ignore[no-untyped-def]
    s = no_bullpen(game(cards, dh=False))
    s, ev = subs.fielder_to_mound(s, "home", "H2", "H12")
    home = s.home
    assert home.pitcher == "H2" and home.order[1] == "H2" and home.stint.role == "emergency"
    # the bench player plays first and bats where the pitcher batted; the pitcher is gone
    assert home.at("1b") == "H12" and home.order[8] == "H12" and "HP" in home.removed
    assert ev["position"] == "1b" and ev["dh_lost"] is False
    _, play = pa(s, cards, "434", level="advanced")
    assert play["card"] == "EMERGENCY"


def test_with_the_dh_a_fielder_to_the_mound_ends_the_dh_and_the_bench_man_bats_for_the_dh(cards):  # type: ignore[no-untyped-def]
    s, ev = subs.fielder_to_mound(no_bullpen(game(cards)), "home", "H2", "H12")
    home = s.home
    assert not home.dh and home.at("dh") is None and ev["dh_lost"] is True
    assert home.order[8] == "H12" and {"HP", "H9"} <= set(home.removed)
    assert home.order[1] == "H2" and home.pitcher == "H2"  # the pitcher now bats: in his own slot


def test_the_dh_may_fill_the_fielders_position_and_keeps_his_slot(cards):  # type: ignore[no-untyped-def]
    s, _ = subs.fielder_to_mound(no_bullpen(game(cards)), "home", "H2", "H9")
    home = s.home
    assert home.at("1b") == "H9" and home.order[8] == "H9" and not home.dh and home.removed == ("HP",)


def test_the_dh_himself_may_pitch_leaving_no_position_to_fill(cards):  # type: ignore[no-untyped-def]
    s, ev = subs.fielder_to_mound(no_bullpen(game(cards)), "home", "H9")
    assert s.home.pitcher == "H9" and s.home.order[8] == "H9" and not s.home.dh and ev["position"] == "dh"
    with pytest.raises(RulesError, match="leaves no position"):
        subs.fielder_to_mound(no_bullpen(game(cards)), "home", "H9", "H10")


@pytest.mark.parametrize("player, fill, why", [
    ("H2", None, "name who takes his place"),
    ("H2", "H1", "already in the game"),
    ("H10", "H11", "not in the field"),
    ("HP", None, "already pitching"),
    ("H5", "H12", "last H player eligible at ss"),  # 10.1: nobody else is rated at short
])
def test_a_fielder_to_the_mound_is_refused_with_the_reason(cards, player, fill, why):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=why):
        subs.fielder_to_mound(no_bullpen(game(cards)), "home", player, fill)


def test_a_fielder_may_not_pitch_while_the_bullpen_has_a_pitcher(cards):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="still has pitchers"):
        subs.fielder_to_mound(game(cards), "home", "H2", "H12")


def test_the_dh_takes_the_field_and_the_pitcher_bats_in_the_replaced_mans_slot(cards):  # type: ignore[no-untyped-def]
    s, ev = subs.dh_to_field(game(cards), "home", "H2")
    home = s.home
    assert home.at("1b") == "H9" and home.order[1] == "HP" and "H2" in home.removed and not home.dh
    assert ev["batting_slot"] == 2
    # step: the pitcher bats from the pitchers' hitting card (11.1)
    s = replace(s, half="bottom", home=replace(home, up=1))
    _, play = pa(s, cards, "111")
    assert play["batter"] == "HP" and play["card"].startswith("PH")


def test_after_the_dh_is_lost_the_no_dh_rules_apply(cards):  # type: ignore[no-untyped-def]
    s, _ = subs.dh_to_field(game(cards), "home", "H2")
    # a double switch, refused with the DH, is now allowed
    s2, _ = subs.double_switch(s, "home", "HR1", "H10", "H1")
    assert s2.home.order[0] == "HR1" and s2.home.order[1] == "H10"
    # a pinch hitter for the pitcher: a new pitcher must come in before the next play in the field
    s = replace(s, half="bottom", home=replace(s.home, up=1))
    s, _ = subs.pinch_hit(s, "H11")
    s = replace(s, half="top")
    with pytest.raises(RulesError, match="bring in a pitcher"):
        pa(s, cards, "111")
    s, _ = subs.change_pitcher(s, "home", "HR2")
    assert s.home.order[1] == "HR2"


@pytest.mark.parametrize("out, why", [("HP", "not a fielder"), ("H10", "not in the field")])
def test_the_dh_to_the_field_is_refused_for_a_non_fielder(cards, out, why):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=why):
        subs.dh_to_field(game(cards), "home", out)


def test_no_dh_to_lose_and_only_the_dh_may_be_named(cards):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="no DH to lose"):
        subs.dh_to_field(game(cards, dh=False), "home", "H2")
    with pytest.raises(RulesError, match="H10 is not the H DH"):
        subs.dh_to_field(game(cards), "home", "H2", "H10")
    s, _ = subs.dh_to_field(game(cards), "home", "H2")
    with pytest.raises(RulesError, match="no DH to lose"):  # once lost, never back
        subs.dh_to_field(s, "home", "H3")


def pitcher_at_first(cards):  # type: ignore[no-untyped-def]
    """HP also rated at first base."""
    cards["HP"] = replace(cards["HP"], fielding=(*cards["HP"].fielding, Fielding("1b", 4, None, 12)))
    return cards


def test_the_pitcher_moves_to_the_field_without_the_dh_the_new_pitcher_bats_for_the_fielder(cards):  # type: ignore[no-untyped-def]
    s = game(pitcher_at_first(cards), dh=False)
    s, ev = subs.pitcher_to_field(s, "home", "H2", "HR1")
    home = s.home
    assert home.at("1b") == "HP" and home.order[8] == "HP" and home.pitcher == "HR1" and home.order[1] == "HR1"
    assert home.removed == ("H2",) and ev["dh_lost"] is False and home.stint.pitcher == "HR1"


def test_the_pitcher_moving_to_the_field_with_the_dh_ends_the_dh(cards):  # type: ignore[no-untyped-def]
    s = game(pitcher_at_first(cards))
    s, ev = subs.pitcher_to_field(s, "home", "H2", "HR1")
    home = s.home
    assert not home.dh and ev["dh_lost"] is True and set(home.removed) == {"H2", "H9"}
    assert home.order[1] == "HP" and home.order[8] == "HR1" and home.at("1b") == "HP"


def test_the_pitcher_to_the_field_is_refused_while_a_rated_player_sits(cards):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match="HP is not rated at 1b and H10 is available"):
        subs.pitcher_to_field(game(cards), "home", "H2", "HR1")
    with pytest.raises(RulesError, match="not in the H bullpen"):
        subs.pitcher_to_field(game(cards), "home", "H2", "H10")


def test_the_log_says_who_moved_and_that_the_dh_is_lost() -> None:
    names = {"H2": "Al Two", "H9": "Dee Aitch", "H12": "Ben Ch", "HR1": "Rel One"}
    assert decision_words({"type": "fielder_to_mound", "team": "home", "player": "H2", "in": "H12",
                           "position": "1b", "dh_lost": True}, names) == (
        "Al Two moves from 1B to the mound (a position player pitching), Ben Ch takes his place at 1B; "
        "the DH is lost, the pitcher bats")
    assert decision_words({"type": "dh_to_field", "team": "home", "in": "H9", "out": "H2", "position": "1b"},
                          names) == "the DH Dee Aitch takes the field at 1B for Al Two; the DH is lost, the pitcher bats"
    assert decision_words({"type": "pitcher_to_field", "team": "home", "pitcher": "HR1", "out": "H2",
                           "position": "1b", "dh_lost": False}, names) == (
        "the pitcher moves to the field at 1B for Al Two, new pitcher Rel One")
