"""27.55 (super advanced revision 2): a starter who gives up 5 runs in an inning, 6 in two consecutive
innings or 7 in three is fatigued, before his POW inning too; dotted readings then read SINGLE**."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules.pa.state import GameState
from league.rules.strat.cards import Card
from league.rules.strat.endurance import lost_stuff, record_runs
from league.rules.strat.manager import tired
from tests.unit.test_strat_helpers import card_set, game, pa, with_cells

R2, R1 = "super+r2", "super"


@pytest.fixture
def cards() -> dict[str, Card]:
    """The visitor's 1-7 is a HOMERUN, V2's a dotted strikeout; the home starter HP has POW 7."""
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {"1-7": "HOMERUN"})
    cards["V2"] = with_cells(cards["V2"], {"1-7": "STRIKEOUT •"})
    return cards


def _runs(state: GameState, *by_inning: tuple[int, int], pitcher: str = "HP") -> GameState:
    for inning, runs in by_inning:
        state = record_runs(state, pitcher, inning, runs)
    return state


@pytest.mark.parametrize("by_inning, lost", [
    (((1, 4),), False), (((1, 5),), True),  # one inning: 5
    (((1, 3), (2, 2)), False), (((1, 3), (2, 3)), True),  # two in a row: 6
    (((1, 3), (3, 3)), False),  # not consecutive
    (((1, 2), (2, 2), (3, 2)), False), (((1, 2), (2, 3), (3, 2)), True),  # three in a row: 7
    (((4, 2), (5, 2), (6, 3)), True), (((4, 2), (5, 2), (6, 2), (7, 2)), False),  # any three in a row
    (((2, 1), (3, 1), (4, 4), (5, 1)), False),  # at most 4, 5 and 6
])
def test_27_55_the_limits(cards: dict[str, Card], by_inning: tuple[tuple[int, int], ...], lost: bool) -> None:
    assert lost_stuff(_runs(game(cards), *by_inning))[0] is lost


def test_27_55_the_engine_keeps_the_runs_and_the_next_batter_faces_a_fatigued_starter(
        cards: dict[str, Card]) -> None:
    start = _runs(game(cards), (1, 4))
    state, ev = pa(start, cards, "134", level=R2)  # the homer: a fifth run in the first inning
    assert ev["runs"] == 1 and ev["fatigued"] is False
    assert lost_stuff(state) == (True, "5 runs in inning 1: he has lost his stuff (27.55)")
    state, ev = pa(state, cards, "134", level=R2)  # V2's dotted strikeout
    assert ev["fatigued"] is True and ev["play"]["label"] == "SINGLE**"
    assert tired(state, cards, state.defense)  # the auto-manager takes him out


def test_27_55_runs_off_a_reliever_do_not_count_for_the_starter(cards: dict[str, Card]) -> None:
    assert lost_stuff(_runs(game(cards), (1, 5), pitcher="HR1"))[0] is False


def test_27_55_a_reliever_does_not_lose_his_stuff(cards: dict[str, Card]) -> None:
    st = _runs(game(cards), (1, 6))
    home = st.home
    reliever = replace(home.stint, role="relief")
    st = replace(st, home=replace(home, pitchers=home.pitchers[:-1] + (reliever,)))
    assert lost_stuff(st)[0] is False


def test_27_55_revision_1_keeps_no_runs(cards: dict[str, Card]) -> None:
    state, ev = pa(_runs(game(cards), (1, 4)), cards, "134", level=R1)
    assert dict(state.extra)["strat:runs"] == (("HP", 1, 4),)  # only what the test put there
    state, _ = pa(game(cards), cards, "134", level=R1)
    assert state.extra == ()
