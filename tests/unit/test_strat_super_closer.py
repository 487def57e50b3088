"""28 (super advanced revision 2): the closer rule, for relievers whose card carries a closer endurance
(``relief(2)/3``).  The manual's examples (28.34, 28.35) and each numeric rule, on scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import InputError
from league.rules.pa.state import GameState
from league.rules.pa.subs import change_pitcher
from league.rules.strat.cards import Card, parse_cards
from league.rules.strat.cardtext import format_cards
from league.rules.strat.endurance import closer_situation, super_fatigue
from tests.unit.test_strat_helpers import card_set, game, pa, with_cells

R2 = "super+r2"


@pytest.fixture
def cards() -> dict[str, Card]:
    """The home batters' 1-7 (white 1, colored 3+4) is a SINGLE, their 1-8 a dotted FLYBALL(cf)C; the
    visitor's reliever VR1 has relief POW 2 and the closer endurance each test gives him."""
    cards = card_set()
    for i in range(1, 10):
        cards[f"H{i}"] = with_cells(cards[f"H{i}"], {"1-7": "SINGLE", "1-8": "FLYBALL(CF)C •"})
    return cards


SINGLE, OUT = "134", "135"


def _relieving(cards: dict[str, Card], closer: str | None, **kw: object) -> GameState:
    """Bottom of the 9th (the home team bats), the visitor's reliever VR1 just brought in."""
    cards["VR1"] = replace(cards["VR1"], closer=closer)
    st = game(cards, inning=9, half="bottom", **kw)
    return change_pitcher(st, "visitor", "VR1")[0]


def test_28_2_a_closer_situation_is_a_lead_in_the_ninth_or_later_with_the_tying_run_on_base_or_at_bat(
        cards: dict[str, Card]) -> None:
    assert closer_situation(game(cards, inning=9, half="bottom", score=(3, 2)))
    assert not closer_situation(game(cards, inning=8, half="bottom", score=(3, 2)))
    assert not closer_situation(game(cards, inning=9, half="bottom", score=(5, 2)))  # the tying run on deck
    assert closer_situation(game(cards, inning=9, half="bottom", score=(5, 2), bases=("H8", "H9", None)))
    assert not closer_situation(game(cards, inning=9, half="bottom", score=(2, 2)))


def test_28_35_closer_endurance_0_is_fatigued_as_soon_as_he_gives_up_a_hit(cards: dict[str, Card]) -> None:
    st = _relieving(cards, "0", score=(3, 2))
    st, ev = pa(st, cards, SINGLE, level=R2)
    assert ev["fatigued"] is False
    st, ev = pa(st, cards, "d20", "135", level=R2)  # the dotted fly: now SINGLE**
    assert ev["fatigued"] is True and ev["play"]["label"] == "SINGLE**"
    assert any("28.35" in s.get("note", "") for s in ev["steps"])


def test_28_35_closer_endurance_6_pitches_two_full_innings_without_risking_fatigue(cards: dict[str, Card]) -> None:
    st = _relieving(cards, "6", score=(3, 2))
    st, _ = pa(st, cards, OUT, level=R2)  # his first batter, in a closer situation: the switch recorded
    stint = st.visitor.stint

    def after(counted: tuple[tuple[int, int], ...], outs: int) -> GameState:
        return replace(st, visitor=replace(st.visitor, pitchers=st.visitor.pitchers[:-1]
                                           + (replace(stint, outs=outs, counted=counted),)))

    # a hit or walk after each of his first five outs, and after the sixth none: still fresh
    five = tuple((9 + o // 3, o) for o in range(1, 6))
    assert super_fatigue(after(five, 6), cards["VR1"]) == (False, "")
    # the first hit or walk once six outs are recorded
    tired, why = super_fatigue(after(five + ((11, 6),), 6), cards["VR1"])
    assert tired and "after his 6 closer out(s)" in why


def test_28_33_endurance_less_the_outs_he_had_when_the_game_became_a_closer_situation(
        cards: dict[str, Card]) -> None:
    # he came in 5-2 up (no closer situation: regular POW) and got two outs; then two on: 5-2 with
    # the tying run at bat: closer endurance 3 less 2 outs = 1 out left
    st = _relieving(cards, "3", score=(5, 2))
    st = replace(st, home=replace(st.home, pitchers=st.home.pitchers))
    st = replace(st, visitor=replace(st.visitor, pitchers=st.visitor.pitchers[:-1]
                                     + (replace(st.visitor.stint, outs=2),)), outs=2, bases=("H8", "H9", None))
    assert closer_situation(st)
    st, ev = pa(st, cards, "d20", SINGLE, level=R2)  # a hit with one closer out left: not yet fatigued
    assert ev["fatigued"] is False and super_fatigue(st, cards["VR1"])[0] is False


def test_28_36_closer_endurance_n_is_fatigued_with_the_first_batter(cards: dict[str, Card]) -> None:
    st = _relieving(cards, "N", score=(3, 2))
    _, ev = pa(st, cards, "135", level=R2)
    assert ev["fatigued"] is True and ev["play"]["label"] == "SINGLE**"
    assert any("28.36" in s.get("note", "") for s in ev["steps"])


def test_28_34_once_the_closer_he_stays_the_closer_when_the_lead_grows(cards: dict[str, Card]) -> None:
    """The manual's example: in with a 3-2 lead in the 9th, the score tied, four more runs in the 10th:
    back out for the 10th he still uses his closer endurance."""
    st = _relieving(cards, "0", score=(3, 2))
    st, _ = pa(st, cards, OUT, level=R2)  # in the closer situation: the switch is recorded
    later = replace(st, inning=10, score=(7, 3), outs=0, bases=(None, None, None))
    assert not closer_situation(later)
    assert later.defense.pitcher == "VR1"
    later, ev = pa(later, cards, SINGLE, level=R2)
    assert ev["fatigued"] is False
    _, ev = pa(later, cards, "d20", "135", level=R2)
    assert ev["fatigued"] is True  # closer endurance 0, spent: the hit fatigued him (28.35)


def test_28_31_starters_keep_their_starter_pow(cards: dict[str, Card]) -> None:
    cards["VP"] = replace(cards["VP"], closer="N", relief=2)
    st = game(cards, inning=9, half="bottom", score=(3, 2))
    _, ev = pa(st, cards, "135", level=R2)
    assert ev["fatigued"] is False


def test_without_a_closer_endurance_the_regular_pow_applies(cards: dict[str, Card]) -> None:
    _, ev = pa(_relieving(cards, None, score=(3, 2)), cards, "135", level=R2)
    assert ev["fatigued"] is False


def test_the_card_format_reads_and_writes_a_closer_endurance() -> None:
    text = format_cards([replace(card_set()["VR1"], closer="3")], "t")
    assert "endurance: relief(2)/3" in text
    (card,) = parse_cards(text, "t.txt")
    assert card.closer == "3" and card.relief == 2
    (card,) = parse_cards(text.replace("relief(2)/3", "relief(2)/n"), "t.txt")
    assert card.closer == "N"
    with pytest.raises(InputError, match="endurance"):
        parse_cards(text.replace("relief(2)/3", "relief(2)/7"), "t.txt")
