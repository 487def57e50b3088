"""27.54 and 27.63 (super advanced): the most innings a starter (11) and a reliever (his relief POW plus
2) pitch without fatigue.  The engine tires them there in every super advanced game; the auto-manager
reads the same limits from the rule (league/rules/strat/endurance.py) and pulls its pitchers by them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from league.rules.pa.replay import Fold
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import Card
from league.rules.strat.endurance import RELIEF_EXTRA_INNINGS, START_INNINGS
from league.rules.strat.manager import ORDERS, START_OUTS, manage, relief_outs
from tests.unit.test_strat_helpers import card_set, filler, game, pa, with_cells


@pytest.fixture
def cards() -> dict[str, Card]:
    return card_set()


def fold(cards: dict[str, Card], level: str, outs: int, role: str = "starter", limits: bool = False,
         **state: Any) -> Fold:
    """The home club in the field, its pitcher HP (a starter, or in relief) with ``outs`` outs, no hits."""
    st = game(cards, half="top", **state)
    st = replace(st, home=replace(st.home, pitchers=(replace(st.home.stint, role=role, outs=outs),)))
    home: dict[str, Any] = {"closer": "HR1"}
    if limits:
        home["resting"] = []
    setup = {"level": level, "dh": True, "orders": ORDERS, "visitor": {}, "home": home}
    return Fold(setup, cards, ENGINE, level, st, ENGINE.strategy(ORDERS))


def changes(f: Fold) -> list[str]:
    return [d["in"] for d in manage(f) if d["type"] == "pitching_change"]


def test_the_managers_limits_are_the_rules() -> None:
    assert START_OUTS == 3 * START_INNINGS == 33  # 27.54
    for pow_ in (1, 2, 3, 5):  # a reliever goes at three times his POW, before 27.63's POW plus 2
        card = replace(filler("R", "pitcher", "H"), starter=None, relief=pow_)
        assert relief_outs(card) == 3 * pow_ < 3 * (pow_ + RELIEF_EXTRA_INNINGS)


@pytest.mark.parametrize("level", ["super", "super+r2", "super+r4"])
def test_a_super_starter_is_pulled_at_eleven_innings_in_a_game_set_up_before_the_usage_limits(
        cards: dict[str, Card], level: str) -> None:
    # a game stored before the setups listed the resting relievers: the manager pulls a starter only when
    # he is tired; a shutout through 11 innings, no hit or walk: 27.54 tires him, and he goes
    assert changes(fold(cards, level, outs=32, inning=11)) == []
    assert changes(fold(cards, level, outs=33, inning=12)) == ["HR2"]
    # step: advanced play has no 27.54: he stays
    assert changes(fold(cards, "advanced", outs=33, inning=12)) == []


def test_the_engine_tires_a_reliever_after_his_pow_plus_two_innings_in_revision_4(cards: dict[str, Card]) -> None:
    # HP in relief, POW 2: 12 outs are four innings, 27.63's limit; a dotted out then reads SINGLE**
    cards["HP"] = with_cells(replace(cards["HP"], relief=2), {"4-7": "GROUNDBALL(SS)A •"})
    start = game(cards, inning=9)
    home = start.home
    tired = start.with_team("home", replace(home, pitchers=(replace(home.stint, role="relief", outs=12),)))
    _, ev = pa(tired, cards, "425", level="super+r4")
    assert ev["fatigued"] is True and ev["result"] == "SINGLE**"
    assert any("27.63" in s.get("note", "") for s in ev["steps"])
    fresh = start.with_team("home", replace(home, pitchers=(replace(home.stint, role="relief", outs=11),)))
    assert pa(fresh, cards, "425", level="super+r4")[1]["fatigued"] is False
    assert pa(tired, cards, "425", level="advanced")[1]["fatigued"] is False  # an advanced rule it is not


def test_the_engine_tires_a_starter_after_eleven_innings_in_revision_4(cards: dict[str, Card]) -> None:
    cards["HP"] = with_cells(cards["HP"], {"4-7": "GROUNDBALL(SS)A •"})
    start = game(cards, inning=12)
    home = start.home
    start = start.with_team("home", replace(home, pitchers=(replace(home.stint, outs=33),)))
    _, ev = pa(start, cards, "425", level="super+r4")
    assert ev["fatigued"] is True and any("27.54" in s.get("note", "") for s in ev["steps"])
