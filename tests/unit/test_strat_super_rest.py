"""27.51 (the project's Super Advanced Starting Pitcher Rest Chart), 27.52 and 27.61 as pure rules."""

from __future__ import annotations

import datetime

import pytest

from league.rules.strat.rest import super_rest_needed, tired_from_relief, tired_in_relief

D = datetime.date(2024, 5, 10)


@pytest.mark.parametrize("outs, star, other", [
    (0, 1, 2), (8, 1, 2), (9, 2, 3), (17, 2, 3), (18, 3, 4), (26, 3, 4), (27, 4, 5), (36, 4, 5),
])
def test_27_51_rest_by_the_length_of_his_last_start_and_his_asterisk(outs: int, star: int, other: int) -> None:
    assert super_rest_needed("Ace Arbuckle*", outs) == star
    assert super_rest_needed("Ace Arbuckle", outs) == other


def test_27_51_an_ordinary_start_keeps_26_1s_rest_and_no_start_yet_too() -> None:
    assert super_rest_needed("A*", 21) == 3 and super_rest_needed("A", 21) == 4
    assert super_rest_needed("A*", None) == 3 and super_rest_needed("A", None) == 4


@pytest.mark.parametrize("last, days, tired", [("relief", 0, True), ("relief", 1, True), ("relief", 2, False),
                                               ("start", 1, False), (None, 0, False)])
def test_27_52_a_reliever_starting_needs_a_day_of_rest(last: str | None, days: int, tired: bool) -> None:
    when = D - datetime.timedelta(days=days) if last else None
    assert tired_from_relief(last, when, D) is tired


def test_27_61_relieving_after_a_start_needs_the_charts_rest() -> None:
    assert tired_in_relief(2, 21, "A") and not tired_in_relief(4, 21, "A")
    assert not tired_in_relief(2, 6, "A")  # a start of two innings: two games of rest
    assert not tired_in_relief(None, None, "A")  # he has not started
