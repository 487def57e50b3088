"""30.3-30.4 with a real season's park on the cards (``park:``, written on super advanced cards generated
from Lahman): the home club's cards bring their park; cards without one read the chart as before."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import InputError
from league.rules.strat.cards import parse_cards
from league.rules.strat.lahman.superadv import park
from league.rules.strat.park_field import park_text
from league.rules.strat.cardtext import format_card
from tests.unit.test_strat_helpers import card_set, game, pa, v1_reads

R4 = "super+r4"
FENWAY = ("Fenway Park II", 14, 12, 14, 12)


def _home_park(cards, value):  # type: ignore[no-untyped-def]
    return {cid: replace(c, park=value) if c.team == "H" else c for cid, c in cards.items()}


@pytest.mark.parametrize("d20, label", [("d14", "HOMERUN"), ("d15", "FLYBALL(lf)B")])
def test_the_home_clubs_card_park_gives_the_homerun_range(d20: str, label: str) -> None:
    cards = _home_park(v1_reads("<> HOMERUN"), FENWAY)
    _, ev = pa(game(cards), cards, "134", d20, level=R4)
    assert ev["play"]["label"] == label
    step = next(s for s in ev["steps"] if s.get("chart") == "ball park effects")
    assert step["row"] == "H card" and step["value"] == "1-14" and "Fenway Park II" in step["note"]


def test_the_visitors_card_park_is_not_read_and_cards_without_one_read_the_chart() -> None:
    cards = v1_reads("<> HOMERUN")
    cards = {cid: replace(c, park=FENWAY) if c.team == "V" else c for cid, c in cards.items()}
    _, ev = pa(game(cards), cards, "134", "d11", level=R4)
    assert ev["play"]["label"] == "FLYBALL(lf)B"  # the neutral park's 1-10, as before
    assert any(s.get("chart") == "ball park effects" and s["row"] == "neutral" for s in ev["steps"])


def test_lahman_park_factors_give_the_ranges_around_the_neutral_1_10() -> None:
    assert park("Fenway Park II", 105, 104) == FENWAY  # PF 104.5: 10 + 0.8 x 4.5 = 13.6, 10 + 0.4 x 4.5 = 11.8
    assert park("Astrodome", 96, 96) == ("Astrodome", 7, 8, 7, 8)  # PF 96: 6.8, 8.4
    assert park("Coors Field", 129, 129)[1] == 20  # capped at the d20
    assert park("Neutral", 100, 100)[1:] == (10, 10, 10, 10)


def test_the_park_line_reads_back_and_a_bad_one_names_the_line() -> None:
    plain = next(c for c in card_set().values() if c.kind == "batter" and c.catcher_t is None)
    opening, _, rest = format_card(plain).partition("\n")
    text = f"{opening}\npark: {park_text(FENWAY)}\n{rest}"
    (card,) = parse_cards(text, "BOS.txt")
    assert card.park == FENWAY
    with pytest.raises(InputError) as e:
        parse_cards(text.replace("L homerun 1-14", "L homerun 1-24"), "BOS.txt")
    assert "BOS.txt" in str(e.value) and "line 2" in str(e.value) and "park" in str(e.value)
