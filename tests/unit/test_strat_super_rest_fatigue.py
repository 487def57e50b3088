"""27.52 and 27.61 in the engine (super advanced revision 4): a pitcher the game's setup names as fatigued
for his whole outing reads every dotted result as SINGLE** (27.1) from his first batter on."""

from __future__ import annotations

import pytest

from league.rules.pa.subs import change_pitcher
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import Card
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import game, pa, v1_reads

R4 = "super+r4"
WHY = "relieved on 2024-05-09, no day of rest before this start (27.52)"


@pytest.fixture
def cards() -> dict[str, Card]:
    return v1_reads("STRIKEOUT •")  # the visitor's leadoff man's 1-7: a dotted strikeout


def test_27_52_a_starter_fatigued_for_his_start_gives_up_the_dotted_single_to_his_first_batter(
        cards: dict[str, Card]) -> None:
    _, ev = pa(game(cards), cards, "134", level=R4, s=Strategy(fatigued=(("HP", WHY),)))
    assert ev["fatigued"] is True and ev["play"]["label"] == "SINGLE**"
    assert any(WHY in s.get("note", "") for s in ev["steps"])


def test_a_fresh_starter_strikes_the_same_batter_out(cards: dict[str, Card]) -> None:
    _, ev = pa(game(cards), cards, "134", level=R4, s=Strategy(fatigued=(("HR1", WHY),)))
    assert ev["fatigued"] is False and ev["play"]["label"] != "SINGLE**"


def test_27_61_a_starter_relieving_within_his_rest_is_fatigued_from_the_batter_he_comes_in_to_face(
        cards: dict[str, Card]) -> None:
    why = "started 1 game(s) ago, needs 4: fatigued for a relief outing (27.61)"
    state, _ = change_pitcher(game(cards), "home", "HR1")
    _, ev = pa(state, cards, "134", level=R4, s=Strategy(fatigued=(("HR1", why),)))
    assert ev["fatigued"] is True and ev["play"]["label"] == "SINGLE**"


def test_the_setups_fatigued_pitchers_ride_the_standing_orders_and_no_play_records_them() -> None:
    s = ENGINE.strategy({"send": True, "fatigued": {"HP": WHY}})
    assert isinstance(s, Strategy)
    assert s.fatigued == (("HP", WHY),)
    assert s.fact()["fatigued"] == {"HP": WHY}  # a strategy decision merges into it and keeps it
    assert "fatigued" not in s.recorded()
