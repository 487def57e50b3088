"""Every worked example of strat-o-matic.txt within the rules implemented."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.dice import NeedRoll
from league.rules.strat.cards import Fielding
from league.rules.strat.engine import resolve_pa
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, game, pa, roll, steal, with_cells


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    """Simmons bats first for the visitor; Gomez (left-handed) pitches for the home team."""
    cards = card_set()
    cards["V1"] = replace(with_cells(cards["V1"], {"1-4": "HOMERUN", "1-5": "HOMERUN 1-10, DOUBLE 11-20",
                                                   "3-8": "TRIPLE"}), name="Al Simmons")
    gomez = with_cells(cards["HP"], {"4-4": "STRIKEOUT", "5-7": "GROUNDBALL(2b)X", "4-6": "WALK"})
    gomez = with_cells(gomez, {"4-5": "N-HOMERUN 1-6, fly(rf)B 7-20"}, sides=("L",))
    cards["HP"] = replace(gomez, name="Lefty Gomez", hand="L")
    return cards


def test_1_0_white_1_reads_simmons_column_1_homerun(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards), cards, "113")
    assert (ev["reading"], ev["card"], ev["result"]) == ("1-4", "V1", "HOMERUN")
    assert state.score == (1, 0)


def test_1_0_white_4_reads_gomez_card_strikeout(cards):  # type: ignore[no-untyped-def]
    state, ev = pa(game(cards), cards, "422")
    assert (ev["reading"], ev["card"], ev["result"]) == ("4-4", "HP", "STRIKEOUT")
    assert state.outs == 1


@pytest.mark.parametrize("d20,result", [("d1", "HOMERUN"), ("d10", "HOMERUN"), ("d11", "DOUBLE"), ("d20", "DOUBLE")])
def test_1_0_split_1_5_rolls_the_d20(cards, d20, result):  # type: ignore[no-untyped-def]
    need = resolve_pa(game(cards), cards, None, [roll("132")])
    assert isinstance(need, NeedRoll) and need.kind == "d20"
    _, ev = pa(game(cards), cards, "132", d20)
    assert ev["reading"] == "1-5" and ev["result"] == result


def test_1_0_reading_3_8_and_4_6(cards):  # type: ignore[no-untyped-def]
    _, ev = pa(game(cards), cards, "326")  # white 3, colored 2 and 6
    assert (ev["reading"], ev["card"], ev["result"]) == ("3-8", "V1", "TRIPLE")
    _, ev = pa(game(cards), cards, "415")  # white 4, colored 1 and 5
    assert (ev["reading"], ev["card"], ev["result"]) == ("4-6", "HP", "WALK")


def test_5_1_groundball_2b_x_rating_2_roll_16_is_one_base_error(cards):  # type: ignore[no-untyped-def]
    cards["H3"] = replace(cards["H3"], fielding=(Fielding("2b", 2, None, 10),))
    state = game(cards, bases=("V8", "V9", None))
    state, ev = pa(state, cards, "534", "d16")
    assert ev["reading"] == "5-7" and ev["result"] == "GROUNDBALL(2b)X"
    fielding = [s for s in ev["steps"] if s.get("chart") == "fielding"][0]
    assert (fielding["column"], fielding["row"], fielding["value"]) == ("2b 2", "16", "1 base error-1")
    # the batter reaches first, all runners advance one base
    assert state.bases == ("V1", "V8", "V9") and state.outs == 0


def test_2_22_two_outs_add_two_to_the_lead_runner(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=15)
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE"})
    start = game(cards, outs=2, bases=(None, "V8", None))
    state, ev = pa(start, cards, "134", "d17", s=Strategy(send=True))
    assert "1-17" in ev["steps"][-1]["note"] and state.score == (1, 0)
    assert state.bases == ("V1", None, None)  # 2.21: the batter stays at first
    state, ev = pa(start, cards, "134", "d18", s=Strategy(send=True))
    assert state.score == (0, 0) and state.over is False and state.half == "bottom"


def test_2_2_failed_extra_base_lead_runner_out_others_advance_one(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE"})
    start = game(cards, bases=("V7", "V8", None))
    state, _ = pa(start, cards, "134", "d11", s=Strategy(send=True))
    assert state.outs == 1 and state.bases == ("V1", "V7", None) and state.score == (0, 0)
    state, _ = pa(start, cards, "134", "d10", s=Strategy(send=True))
    assert state.bases == ("V1", None, "V7") and state.score == (1, 0)


def test_2_2_asterisks_move_runners_automatically(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE*", "1-8": "SINGLE**", "1-9": "DOUBLE**"})
    start = game(cards, bases=("V7", "V8", None))
    assert pa(start, cards, "134")[0].bases == ("V1", "V7", "V8")
    state, _ = pa(start, cards, "135")
    assert state.bases == ("V1", None, "V7") and state.score == (1, 0)
    state, _ = pa(start, cards, "136")  # DOUBLE**: two bases for every runner, no extra try
    assert state.bases == (None, "V1", "V7") and state.score == (1, 0)


@pytest.mark.parametrize("held,catcher,d20,safe", [
    (False, 2, "d15", True), (False, 2, "d16", False),  # A stealer, not held: 1-15
    (True, 2, "d12", True), (True, 2, "d13", False),  # held, catcher-2: 1-12 (8.2)
])
def test_8_2_held_a_stealer_1_15_becomes_1_12(cards, held, catcher, d20, safe):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="A")
    cards["H1"] = replace(cards["H1"], fielding=(Fielding("c", catcher, 0, 5),))
    start = game(cards, bases=("V8", None, None))
    state, ev = steal(start, cards, (1,), d20, s=Strategy(held=(1,) if held else ()))
    assert state.bases == ((None, "V8", None) if safe else (None, None, None))
    assert state.outs == (0 if safe else 1) and state.offense.batter == "V1"


def test_8_2_no_deduction_for_aaa(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="AAA")
    state, ev = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d17", s=Strategy(held=(1,)))
    assert state.bases[1] == "V8" and "1-17" in ev["steps"][-1]["note"]


def test_8_11_double_steal_trail_runner_advances_even_if_lead_is_out(cards):  # type: ignore[no-untyped-def]
    cards["V7"] = replace(cards["V7"], stealing="E")
    state, _ = steal(game(cards, bases=("V8", "V7", None)), cards, (1, 2), "d20")
    assert state.bases == (None, "V8", None) and state.outs == 1


def test_22_23_advanced_held_b_stealer_against_minus_1_arm_is_1_9(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="B")
    cards["H1"] = replace(cards["H1"], fielding=(Fielding("c", 2, -1, 5),))
    start = game(cards, bases=("V8", None, None))
    state, ev = steal(start, cards, (1,), "d9", level="advanced", s=Strategy(held=(1,)))
    assert "1-9" in ev["steps"][-1]["note"] and state.bases[1] == "V8"
    state, _ = steal(start, cards, (1,), "d10", level="advanced", s=Strategy(held=(1,)))
    assert state.outs == 1


def test_22_22_catcher_throwing_error_on_a_steal_rolled_1_to_3(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="A")
    start = game(cards, bases=("V8", None, None))  # H1's T range is 1-5
    state, _ = steal(start, cards, (1,), "d2", "d5", level="advanced")
    assert state.bases == (None, None, "V8")
    state, _ = steal(start, cards, (1,), "d2", "d6", level="advanced")
    assert state.bases == (None, "V8", None)


def test_12_1_w_batter_turns_n_homerun_into_single_2star(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = replace(cards["V1"], hand="L", power=("W", "N"))
    start = game(cards, bases=("V8", None, None))
    state, ev = pa(start, cards, "414", "d6", level="advanced")
    assert ev["side"] == "L" and ev["cell"] == "N-HOMERUN 1-6, FLYBALL(rf)B 7-20"
    assert "SINGLE** 1-6, FLYBALL(rf)B 7-20" in ev["steps"][0]["note"]
    assert ev["result"] == "SINGLE**" and state.bases == ("V1", None, "V8")
    state, ev = pa(start, cards, "414", "d7", level="advanced")  # 12.11: the second reading stands
    assert ev["result"] == "FLYBALL(rf)B" and state.outs == 1


def test_12_1_n_batter_keeps_the_homerun(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = replace(cards["V1"], hand="L", power=("N", "N"))
    state, ev = pa(game(cards), cards, "414", "d6", level="advanced")
    assert ev["result"] == "N-HOMERUN" and state.score == (1, 0)


def test_14_2_fly_b_question_runner_1_14_against_minus_1_arm_is_1_15(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=14)
    cards["H7"] = replace(cards["H7"], fielding=(Fielding("cf", 2, -1, 3),))
    cards["V1"] = with_cells(cards["V1"], {"1-7": "fly(cf)B?"})
    start = game(cards, bases=(None, None, "V8"))
    state, ev = pa(start, cards, "134", "d15", level="advanced", s=Strategy(tag_up=True))
    assert "1-15" in ev["steps"][-1]["note"] and state.score == (1, 0)
    state, _ = pa(start, cards, "134", "d16", level="advanced", s=Strategy(tag_up=True))
    assert state.score == (0, 0) and state.outs == 2
    state, _ = pa(start, cards, "134", level="advanced")  # held at third: no roll
    assert state.bases == (None, None, "V8")


@pytest.mark.parametrize("d20,where,outs", [("d15", 3, 1), ("d16", 2, 1), ("d19", 2, 1), ("d20", 0, 2)])
def test_14_3_fly_rf_b_runner_on_second_safe_1_15_hold_16_19_out_20(cards, d20, where, outs):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=14)
    cards["H8"] = replace(cards["H8"], fielding=(Fielding("rf", 2, -1, 3),))
    cards["V1"] = with_cells(cards["V1"], {"1-7": "fly(rf)B"})
    start = game(cards, bases=(None, "V8", None))
    state, _ = pa(start, cards, "134", d20, level="advanced", s=Strategy(tag_from_second=True))
    assert state.outs == outs
    assert (state.bases.index("V8") + 1 if "V8" in state.bases else 0) == where
