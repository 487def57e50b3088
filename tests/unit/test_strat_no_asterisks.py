"""2.1: the no-asterisk mode (league option asterisks=off), by scripted dice."""

from __future__ import annotations

import pytest

from league.domain.errors import LeagueError, RulesError
from league.domain.dice import NeedRoll
from league.rules.strat.cards import Card
from league.rules.strat.engine import resolve_pa
from league.rules.strat.levels import split_level, with_flag
from league.rules.strat.ruleset import RULESET
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, game, pa, with_cells


@pytest.fixture
def cards() -> dict[str, Card]:
    cards = card_set()
    return cards


@pytest.mark.parametrize("reading,bases,runs", [
    ("SINGLE**", ("V1", "V8", None), 0), ("SINGLE*", ("V1", "V8", None), 0),
    ("DOUBLE**", (None, "V1", "V8"), 0), ("TRIPLE", (None, None, "V1"), 1)])
def test_2_1_runners_move_as_many_bases_as_the_hit(cards: dict[str, Card], reading: str,
                                                     bases: tuple[str | None, ...], runs: int) -> None:
    cards["V1"] = with_cells(cards["V1"], {"1-7": reading})
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "134", level="basic+2.1")
    assert state.bases == bases and state.score == (runs, 0) and ev["mode"] == "2.1"


def test_2_2_by_contrast_a_single_2star_moves_the_runner_two_bases(cards: dict[str, Card]) -> None:
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE**"})
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "134", level="basic")
    assert state.bases == ("V1", None, "V8")


def test_2_1_no_extra_base_try_even_when_sent(cards: dict[str, Card]) -> None:
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE"})
    start = game(cards, bases=(None, "V8", None))
    state, ev = pa(start, cards, "134", level="advanced+2.1", s=Strategy(send=True))
    assert state.bases == ("V1", None, "V8") and len(ev["rolls"]) == 1
    need = resolve_pa(start, cards, None, [], Strategy(send=True), "advanced")
    assert isinstance(need, NeedRoll)


def test_plays_without_the_option_record_no_mode(cards: dict[str, Card]) -> None:
    _, ev = pa(game(cards), cards, "134", level="basic")
    assert "mode" not in ev


def test_an_unknown_flag_is_refused(cards: dict[str, Card]) -> None:
    with pytest.raises(RulesError):
        resolve_pa(game(cards), cards, None, [], Strategy(), "basic+2.9")


def test_levels_carry_flags() -> None:
    assert split_level(with_flag("super", "2.1")) == ("super", frozenset({"2.1"}))


def test_the_option_is_checked_and_only_what_is_given_is_kept() -> None:
    assert RULESET.check_options({}) == {}
    assert RULESET.check_options({"asterisks": "off"}) == {"asterisks": "off"}
    with pytest.raises(LeagueError):
        RULESET.check_options({"asterisks": "maybe"})
