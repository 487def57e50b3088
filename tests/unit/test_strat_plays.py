"""Results through the strategy chart and tactics: one behaviour per test."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.strat.cards import Fielding
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, game, pa, with_cells


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {
        "1-2": "GROUNDBALL(ss)A", "1-3": "GROUNDBALL(ss)B", "1-4": "GROUNDBALL(ss)C",
        "1-5": "GROUNDBALL(2b)B++", "1-6": "LOMAX(ss)", "1-7": "FLYBALL(cf)A", "1-8": "FLYBALL(cf)B",
        "1-9": "FLYBALL(cf)C", "1-10": "SINGLE* PLUS INJURY", "1-11": "SINGLE", "1-12": "DOUBLE"})
    return cards


def test_4_1_groundball_a_with_a_runner_on_first_is_a_double_play(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "111")
    assert state.outs == 2 and state.bases == (None, None, None)
    assert ev["steps"][0]["value"] == "2"


def test_4_1_groundball_b_forces_the_lead_runner(cards):  # type: ignore[no-untyped-def]
    state, _ = pa(game(cards, bases=("V8", "V7", None)), cards, "112")
    assert state.outs == 1 and state.bases == ("V1", None, "V7")


def test_4_1_third_out_cancels_the_run(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, outs=1, bases=("V8", None, "V7")), cards, "111")
    assert ev["runs"] == 0 and state.half == "bottom"


def test_4_1_run_scores_on_a_double_play_that_is_not_the_third_out(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, bases=("V8", None, "V7")), cards, "111")
    assert ev["scored"] == ["V7"] and state.outs == 2


def test_9_11_infield_in_holds_the_runner_on_third(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=(None, None, "V7"))
    back, _ = pa(start, cards, "112")
    infield_in, ev = pa(start, cards, "112", s=Strategy(infield_in=True))
    assert back.score == (1, 0) and infield_in.score == (0, 0)
    assert ev["steps"][0]["chart"] == "strategy infield in"


@pytest.mark.parametrize("s", [Strategy(infield_in=True), Strategy(held=(1,))])
def test_6_2_groundball_plus_plus_is_single_2star_with_infield_in_or_a_runner_held(cards, s):  # type: ignore[no-untyped-def]
    bases = (None, None, "V7") if s.infield_in else ("V7", None, None)
    state, ev = pa(game(cards, bases=bases), cards, "114", s=s)
    assert ev["play"]["label"] == "SINGLE**" and state.bases[0] == "V1"


def test_6_1_groundball_plus_plus_is_a_groundball_otherwise(cards):  # type: ignore[no-untyped-def]
    state, _ = pa(game(cards, bases=("V7", None, None)), cards, "114")
    assert state.bases == ("V1", None, None) and state.outs == 1


@pytest.mark.parametrize("outs,bases,after_outs", [
    (0, ("V8", "V7", None), 3), (1, ("V8", "V7", None), 3), (0, ("V8", None, None), 2),
    (0, (None, None, None), 1), (2, ("V8", None, None), 3)])
def test_6_3_lineout_into_as_many_outs_as_possible(cards, outs, bases, after_outs):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, outs=outs, bases=bases), cards, "115")
    assert ev["outs_made"] == after_outs - outs


@pytest.mark.parametrize("roll,bases,runs", [
    ("116", (None, "V7", "V8"), 1),  # A: all runners advance one base
    ("126", ("V7", "V8", None), 1),  # B: runner on third scores, others hold
    ("136", ("V7", "V8", "V9"), 0)])  # C: runners hold
def test_3_1_flyballs(cards, roll, bases, runs):  # type: ignore[no-untyped-def]
    state, _ = pa(game(cards, bases=("V7", "V8", "V9")), cards, roll)
    assert state.score == (runs, 0)
    assert state.bases == bases


def test_3_1_fly_b_with_two_out_scores_nobody(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, outs=2, bases=(None, None, "V9")), cards, "126")
    assert ev["runs"] == 0 and state.half == "bottom"


def test_6_4_plus_injury_rolls_the_injury_chart_after_the_play(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards), cards, "155", "d14")
    assert state.bases[0] == "V1" and state.visitor.injured == ("V1",)
    assert ev["steps"][-1]["chart"] == "injury" and ev["steps"][-1]["value"] == 3
    with pytest.raises(RulesError, match="injured"):
        pa(state, cards, "111")


def test_6_4_dh_at_bat_6_12_injures_the_pitcher(cards):  # type: ignore[no-untyped-def]
    start = game(cards)
    start = replace(start, visitor=replace(start.visitor, up=8))  # V9 is the DH
    state, ev = pa(start, cards, "666", "d1")
    assert ev["reading"] == "6-12" and state.home.injured == ("HP",)
    no_dh = game(cards, dh=False)
    state, ev = pa(replace(no_dh, visitor=replace(no_dh.visitor, up=0)), cards, "666")
    assert state.home.injured == ()


def test_2_2_double_without_asterisk_sends_the_runner_from_first(cards):  # type: ignore[no-untyped-def]
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "166", "d10", s=Strategy(send=True))
    assert state.score == (1, 0) and state.bases == (None, "V1", None)


def test_13_1_outfield_arm_changes_the_chance(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = with_cells(cards["V1"], {"1-11": "SINGLE(rf)"})
    cards["H8"] = replace(cards["H8"], fielding=(Fielding("rf", 1, -3, 2),))
    start = game(cards, bases=(None, "V8", None))  # V8 runs 1-10; not held: +1 (13.2)
    state, ev = pa(start, cards, "156", "d8", level="advanced", s=Strategy(send=True))
    assert "= 1-8" in ev["steps"][-1]["note"] and state.score == (1, 0)
    state, _ = pa(start, cards, "156", "d9", level="advanced", s=Strategy(send=True))
    assert state.score == (0, 0) and state.outs == 1


def test_13_2_held_runner_loses_one(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V8", None, None))
    _, ev = pa(start, cards, "156", "d1", level="advanced", s=Strategy(send=True, held=(1,)))
    assert "-1 held (13.2) = 1-9" in ev["steps"][-1]["note"]


def test_13_3_cutoff_lets_the_run_score_and_holds_the_runner_from_first(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V8", "V7", None))
    state, ev = pa(start, cards, "156", level="advanced", s=Strategy(send=True, cut_off=True))
    assert state.score == (1, 0) and state.bases == ("V1", "V8", None) and len(ev["rolls"]) == 1


def test_13_33_throw_home_the_runner_from_first_takes_third(cards):  # type: ignore[no-untyped-def]
    start = game(cards, bases=("V8", "V7", None))
    state, _ = pa(start, cards, "156", "d20", level="advanced", s=Strategy(send=True))
    assert state.score == (0, 0) and state.bases == ("V1", None, "V8") and state.outs == 1


def test_11_1_switch_hitter_bats_left_against_a_righty(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = replace(cards["V1"], hand="S")
    cards["HP"] = with_cells(cards["HP"], {"4-7": "WALK"}, sides=("L",))
    _, ev = pa(game(cards), cards, "434", level="advanced")
    assert ev["side"] == "L" and ev["result"] == "WALK" and ev["matchup"]["bats"] == "L"
    cards["V1"] = with_cells(cards["V1"], {"1-7": "TRIPLE"}, sides=("R",))
    _, ev = pa(game(cards), cards, "134", level="advanced")
    assert ev["side"] == "R" and ev["result"] == "TRIPLE"


def test_11_1_a_pitcher_bats_from_his_hitting_card(cards):  # type: ignore[no-untyped-def]
    start = game(cards, dh=False)
    start = replace(start, visitor=replace(start.visitor, up=8))
    _, ev = pa(start, cards, "134", level="advanced")
    assert ev["batter"] == "VP" and ev["card"] == "PH1"


@pytest.mark.parametrize("s,bases,outs,msg", [
    (Strategy(play="sacrifice"), ("V8", None, None), 2, "two out"),
    (Strategy(play="sacrifice"), ("V8", None, "V7"), 0, "runner on third"),
    (Strategy(play="squeeze"), ("V8", None, None), 0, "runner on third"),
    (Strategy(play="hit_and_run"), (None, None, "V8"), 0, "third"),
    (Strategy(infield_in=True), ("V8", None, None), 0, "runner on third"),
    (Strategy(infield_in=True, held=(1,)), ("V8", None, "V7"), 0, "holding"),
])
def test_7_2_7_3_9_14_illegal_strategies_are_refused(cards, s, bases, outs, msg):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=msg):
        pa(game(cards, bases=bases, outs=outs), cards, "111", s=s)


def test_18_4_advanced_sacrifice_with_first_and_third_keeps_the_runner_on_third(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, bases=("V8", None, "V7")), cards, "34", level="advanced",
                   s=Strategy(play="sacrifice"))
    assert ev["steps"][0]["value"] == "SAC" and state.bases == (None, "V8", "V7") and state.outs == 1


def test_18_3_infield_in_downgrades_the_bunter_and_two_with_bases_loaded(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = replace(cards["V1"], bunting="A")
    start = game(cards, bases=("V8", "V9", "V7"))
    _, ev = pa(start, cards, "34", level="advanced", s=Strategy(play="squeeze", infield_in=True))
    assert ev["steps"][0]["column"] == "C"


def test_7_2_squeeze_scores_the_runner(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, bases=(None, None, "V7")), cards, "34", s=Strategy(play="squeeze"))
    assert ev["steps"][0]["value"] == "SQZ" and state.score == (1, 0) and state.outs == 1


def test_7_3_hit_and_run_miss_forces_a_steal_then_the_batter_swings(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="A")
    start = game(cards, bases=("V8", None, None))
    state, ev = pa(start, cards, "12", "d3", "111", s=Strategy(play="hit_and_run"))
    assert ev["steps"][0]["value"] == "MISS" and ev["forced_steal"]["outs_made"] == 0
    assert ev["result"] == "GROUNDBALL(ss)A" and state.outs == 1 and state.bases == (None, "V8", None)


def test_7_3_hit_and_run_single_takes_the_runner_to_third(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "25", s=Strategy(play="hit_and_run"))
    assert ev["steps"][0]["value"] == "SINGLE**" and state.bases == ("V1", None, "V8")


def test_intentional_walk_needs_no_dice(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards, bases=("V8", None, "V7")), cards, s=Strategy(play="ibb"))
    assert state.bases == ("V1", "V8", "V7") and ev["rolls"] == []
