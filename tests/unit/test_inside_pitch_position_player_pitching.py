"""A position player pitching in Inside Pitch (``league game emergency``) reads the project's own card.

The manual is silent on position players pitching and a batter's card has no
pitching grid: from rules revision 3 the pitcher's card of an emergency
pitcher is ``league/rules/inside_pitch/emergency-pitcher.txt``.  Revisions 1
and 2 still read his batting card (stored games replay as they were played).
Scripted dice: ``P(red, white)`` 2d6, ``D20(n)``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from league.domain.dice import D20
from league.domain.errors import RulesError
from league.rules.inside_pitch.charts import LATEST, RULESET_VERSION
from league.rules.inside_pitch.emergency import emergency_card
from league.rules.inside_pitch.engine import tired
from league.rules.pa.state import GameState, PitcherLog
from tests.unit.test_inside_pitch_examples import P, batter, game, label, park, run


def emergency(stint_batters: int = 0, **batting: Any) -> tuple[GameState, dict[str, Any]]:
    """The home club's shortstop-turned-pitcher HSS (a batter's card: ground balls to short) on the mound."""
    st, cards = game(batter("B", **batting), batter("HSS", pos="ss"), park(k=0, w=0, hr=0))
    home = replace(st.home, pitchers=(PitcherLog("HSS", "emergency", 1, batters=stint_batters),))
    return replace(st, home=home), cards


def test_the_emergency_card_is_read_and_named_in_the_explanation() -> None:
    st, cards = emergency(k=5)
    ev = run(st, cards, [P(1, 3), D20(5)], revision=LATEST)  # red 1 white 3: K; d20 5 <= K 5 + park 0
    assert ev["card"] == "EMERGENCY" and ev["result"] == "K" and label(ev).startswith("STRIKEOUT")
    assert ev["ruleset"] == RULESET_VERSION == "ip-3"


def test_a_blank_goes_to_the_batters_card() -> None:
    st, cards = emergency()
    ev = run(st, cards, [P(1, 1), P(3, 4)], revision=LATEST)  # red 1 white 1: blank; the batter's G6
    assert ev["card"] == "EMERGENCY" and label(ev).startswith("GROUNDBALL")


@pytest.mark.parametrize("hr_roll,result", [(5, "HOMERUN"), (6, "GROUNDBALL")])
def test_hr_question_covers_1_to_8_against_anyone(hr_roll: int, result: str) -> None:
    """HR? 1-8 (no pitcher of the card set goes past 1-5): d20 8 is in; then 1d20 against the batter's HR 5,
    and a miss goes to the batter's card (2.16)."""
    st, cards = emergency(hr=5)
    ev = run(st, cards, [P(1, 6), D20(8), D20(hr_roll), P(2, 2)][: 3 if result == "HOMERUN" else 4],
             revision=LATEST)
    assert label(ev).startswith(result), ev["steps"]


def test_he_tires_after_four_batters() -> None:
    """RELIEF 4: (S1) is a blank for his first four batters, a single once he has faced four (12.1)."""
    st, cards = emergency(stint_batters=3)
    assert not tired(st, cards, LATEST)
    fresh = run(st, cards, [P(5, 1), P(3, 4)], revision=LATEST)
    assert label(fresh).startswith("GROUNDBALL")
    st, cards = emergency(stint_batters=4)
    assert tired(st, cards, LATEST)
    ev = run(st, cards, [P(5, 1)], revision=LATEST)
    assert label(ev).startswith("SINGLE") and ev["tired"]


def test_the_card_is_worse_than_any_pitchers_on_every_line() -> None:
    from league.rules.inside_pitch.cards import parse_cards
    from league.rules.inside_pitch.cardset import DATA

    card = emergency_card()
    pitchers = [c for f in sorted(DATA.glob("*.txt")) for c in parse_cards(f.read_text(), f.name) if c.kind == "pitcher"]
    assert pitchers
    assert card.number("hld") > max(p.number("hld") for p in pitchers)
    assert card.number("sb") > max(p.number("sb") for p in pitchers)
    assert card.range("wp")[1] > max(p.range("wp")[1] for p in pitchers)  # type: ignore[index]
    assert card.range("hr?")[1] > max(p.range("hr?", left)[1] for p in pitchers for left in (True, False))  # type: ignore[index]
    outs = ("K", "K+", "**")
    assert sum(c[0] in outs for row in card.grid for c in row) < min(
        sum(c[0] in outs for row in p.grid for c in row) for p in pitchers)


@pytest.mark.parametrize("revision", [1, 2])
def test_older_revisions_read_his_batting_card_as_they_always_did(revision: int) -> None:
    """A game stored under revision 1 or 2 replays as played: his batting card's G6 is no pitcher result."""
    st, cards = emergency()
    with pytest.raises(RulesError, match="unknown pitcher card result 'G6'"):
        run(st, cards, [P(1, 1)], revision=revision)
