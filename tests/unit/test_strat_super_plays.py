"""Super advanced additions with numeric outcomes: 17.22 (lomax triple play), 27.54 and 27.63 (innings limits)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.domain.dice import NeedRoll
from league.rules.pa.state import GameState, PitcherLog
from league.rules.strat.cards import Card
from league.rules.strat.endurance import fatigued
from league.rules.strat.engine import resolve_pa
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, filler, game, pa, roll, with_cells

SUPER = "super"


@pytest.fixture
def cards() -> dict[str, Card]:
    """The visitor's 1-7 reads LOMAX(2b); the home pitcher never throws a wild pitch, balk or passed ball."""
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {"1-7": "LOMAX(2B)"})
    return cards


def test_17_22_a_d20_of_1_to_7_makes_the_triple_play(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", "V9", None))
    need = resolve_pa(start, cards, None, [roll("d20"), roll("134")], Strategy(), SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "d20" and "17.22" in need.purpose
    state, ev = pa(start, cards, "d20", "134", "d7", level=SUPER)  # d20 first: the 29.1 pitch, nothing
    assert state.half == "bottom" and state.score == (0, 0)


def test_17_22_a_d20_of_8_to_20_doubles_off_only_the_lead_runner(cards: dict[str, Card]) -> None:
    state, _ = pa(game(cards, bases=("V8", "V9", "V7")), cards, "d20", "134", "d8", level=SUPER)
    assert state.outs == 2 and state.bases == ("V8", "V9", None) and state.score == (0, 0)


def test_17_22_with_one_out_no_triple_play_can_come_and_no_d20_is_rolled(cards: dict[str, Card]) -> None:
    state, ev = pa(game(cards, outs=1, bases=("V8", "V9", None)), cards, "d20", "134", level=SUPER)
    assert state.half == "bottom"  # 6.3: batter and the lead runner, the third out
    assert [r["roll"] for r in ev["rolls"]] == ["d20", "134"]


def test_17_22_advanced_play_takes_the_triple_play_without_a_roll(cards: dict[str, Card]) -> None:
    state, ev = pa(game(cards, bases=("V8", "V9", None)), cards, "134", level="advanced")
    assert state.half == "bottom" and len(ev["rolls"]) == 1


def _starter(outs: int) -> PitcherLog:
    return PitcherLog("HP", "starter", 1, outs=outs)


def test_27_54_a_starter_is_fatigued_after_eleven_innings() -> None:
    card = filler("HP", "pitcher", "H", starter=9)
    assert fatigued(_starter(32), card, SUPER) == (False, "")
    tired, why = fatigued(_starter(33), card, SUPER)
    assert tired and "27.54" in why
    assert fatigued(_starter(33), card, "advanced") == (False, "")  # an advanced rule it is not


@pytest.mark.parametrize("pow_,outs", [(1, 9), (2, 12), (3, 15)])
def test_27_63_a_reliever_is_fatigued_after_his_pow_plus_two_innings(pow_: int, outs: int) -> None:
    card = replace(filler("HR1", "pitcher", "H"), starter=None, relief=pow_)
    assert not fatigued(PitcherLog("HR1", "relief", 6, outs=outs - 1), card, SUPER)[0]
    tired, why = fatigued(PitcherLog("HR1", "relief", 6, outs=outs), card, SUPER)
    assert tired and "27.63" in why


def test_27_54_a_fatigued_starter_gives_up_single_2star_on_dotted_outs(cards: dict[str, Card]) -> None:
    cards["HP"] = with_cells(cards["HP"], {"4-7": "GROUNDBALL(SS)A •"})
    start = game(cards, inning=12)
    home = start.home
    start = start.with_team("home", replace(home, pitchers=(replace(home.stint, outs=33),)))
    state, ev = pa(start, cards, "425", level=SUPER)
    assert ev["fatigued"] is True and ev["result"] == "SINGLE**"


def _gb(cards: dict[str, Card], reading: str) -> dict[str, Card]:
    cards["V1"] = with_cells(cards["V1"], {"1-7": reading})
    return cards


@pytest.mark.parametrize("reading", ["GROUNDBALL(1B)A", "GROUNDBALL(2B)B"])
def test_15_31_runner_on_second_only_takes_third_on_a_gb_a_or_b_to_first_or_second(
        cards: dict[str, Card], reading: str) -> None:
    _gb(cards, reading)
    state, ev = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", level=SUPER)
    assert state.bases == (None, None, "V8") and state.outs == 1
    assert any(st.get("rule") == "15.31" for st in ev["steps"])


def test_15_31_not_with_two_out_nor_to_short(cards: dict[str, Card]) -> None:
    _gb(cards, "GROUNDBALL(SS)A")
    _, ev = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", level=SUPER)
    assert not any(st.get("rule") == "15.31" for st in ev["steps"])
    _gb(cards, "GROUNDBALL(2B)A")
    state, _ = pa(game(cards, outs=2, bases=(None, "V8", None)), cards, "d20", "134", level=SUPER)
    assert state.half == "bottom"


def test_15_32_infield_back_the_runner_on_third_scores_on_a_gb_to_short(cards: dict[str, Card]) -> None:
    _gb(cards, "GROUNDBALL(SS)B")
    state, _ = pa(game(cards, bases=(None, None, "V8")), cards, "d20", "134", level=SUPER)
    assert state.score == (1, 0) and state.outs == 1


@pytest.mark.parametrize("at", ["1B", "3B", "P"])
def test_15_32_infield_back_he_holds_on_a_gb_to_first_third_or_the_pitcher(cards: dict[str, Card], at: str) -> None:
    _gb(cards, f"GROUNDBALL({at})A")
    state, _ = pa(game(cards, bases=(None, None, "V8")), cards, "d20", "134", level=SUPER)
    assert state.score == (0, 0) and state.bases[2] == "V8" and state.outs == 1


def test_15_33_bases_loaded_infield_in_gb_a_is_a_home_to_first_double_play(cards: dict[str, Card]) -> None:
    _gb(cards, "GROUNDBALL(SS)A")
    state, _ = pa(game(cards, bases=("V7", "V8", "V9")), cards, "d20", "134", level=SUPER,
                  s=Strategy(infield_in=True))
    # the runner from third out at home, the batter at first, the others up one base
    assert state.outs == 2 and state.bases == (None, "V7", "V8") and state.score == (0, 0)


def test_17_13_no_single_2star_on_a_gb_plus_while_a_runner_is_held(cards: dict[str, Card]) -> None:
    _gb(cards, "GROUNDBALL(SS)A+")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", level=SUPER,
                   s=Strategy(held=(1,)))
    assert ev["play"]["label"] != "SINGLE**" and state.outs >= 1
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "134", level="advanced", s=Strategy(held=(1,)))
    assert state.bases == ("V1", None, "V8") and state.outs == 0  # advanced: SINGLE** (6.2)


def _walk_off(cards: dict[str, Card], reading: str, outs: int = 0) -> GameState:
    cards["H1"] = with_cells(cards["H1"], {"1-7": reading})
    return game(cards, inning=9, half="bottom", outs=outs, bases=(None, None, "H8"))


@pytest.mark.parametrize("reading", ["FLYBALL(CF)A", "FLYBALL(LF)B"])
def test_21_3_outfield_in_a_fly_a_or_b_is_a_single_and_the_runner_on_third_scores(
        cards: dict[str, Card], reading: str) -> None:
    state, ev = pa(_walk_off(cards, reading), cards, "d20", "134", level=SUPER, s=Strategy(outfield_in=True))
    assert state.over and state.score == (0, 1) and ev["play"]["label"] == "SINGLE (21.3)"


def test_21_2_outfield_in_fly_b_question_subtracts_7_instead_of_adding_2(cards: dict[str, Card]) -> None:
    cards["H8"] = replace(cards["H8"], running=15)  # 15 + 0 arm - 7 = 1-8 (outfield back: 1-17)
    start = _walk_off(cards, "FLYBALL(CF)B?")
    s = Strategy(outfield_in=True, tag_up=True)
    state, ev = pa(start, cards, "d20", "134", "d8", level=SUPER, s=s)
    assert state.over and state.score == (0, 1) and "1-8" in ev["steps"][-1]["note"]
    state, _ = pa(start, cards, "d20", "134", "d9", level=SUPER, s=s)
    assert state.score == (0, 0) and state.outs == 2
    state, _ = pa(start, cards, "d20", "134", "d17", level=SUPER, s=Strategy(tag_up=True))
    assert state.over and state.score == (0, 1)


def test_21_1_the_outfield_comes_in_only_for_the_winning_run_and_only_in_super(cards: dict[str, Card]) -> None:
    s = Strategy(outfield_in=True)
    with pytest.raises(RulesError):
        resolve_pa(_walk_off(cards, "FLYBALL(CF)A"), cards, None, [], s, "advanced")
    with pytest.raises(RulesError):  # the visitors' half: no walk-off
        resolve_pa(game(cards, inning=9, bases=(None, None, "V8")), cards, None, [], s, SUPER)
    with pytest.raises(RulesError):  # ahead by one: the runner on third is not the winning run
        resolve_pa(replace(_walk_off(cards, "FLYBALL(CF)A"), score=(0, 1)), cards, None, [], s, SUPER)
    with pytest.raises(RulesError):  # two out: no sacrifice fly ends the game
        resolve_pa(_walk_off(cards, "FLYBALL(CF)A", outs=2), cards, None, [], s, SUPER)


def test_the_outfield_in_is_recorded_only_when_chosen() -> None:
    assert "outfield_in" not in Strategy().recorded()
    assert Strategy(outfield_in=True).recorded()["outfield_in"] is True
