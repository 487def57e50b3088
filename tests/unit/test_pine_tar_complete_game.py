"""The optional complete-game bonus (page 14, "Additional Pitcher MIP Modifiers"), through the engine with
scripted dice: the manual's MIP 6 starter who allowed one run in six innings and a second in the 7th."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.pa.state import GameState, evolve
from league.rules.pine_tar import engine
from league.rules.pine_tar.cards import Card
from tests.unit.test_pine_tar_examples import batter_card, game, play

ON = engine.Orders(options=("complete-game-bonus",))


def eighth(runs: int) -> tuple[GameState, dict[str, Card], str]:
    """Top of the 8th, the home starter (MIP 6) having allowed ``runs``; the visitor's batters strike
    out on 34 and single on 16."""
    st, cards = game(inning=8)
    starter = st.home.pitcher
    cards[starter] = replace(cards[starter], mip=(6, None))
    for b in st.visitor.order:
        batter_card(cards, b, {34: "SO", 16: "1B"})
    return engine.with_extra(st, **{f"runs:{starter}": runs}), cards, starter


def test_the_manuals_starter_pitches_the_8th_until_a_runner_reaches() -> None:
    st, cards, starter = eighth(runs=2)
    assert engine.over_limit(st, cards, st.home)  # without the bonus: MIP 6 + 1, done after the 7th
    assert not engine.over_limit(st, cards, st.home, ON.options)
    st, _ = play(st, cards, "34", orders=ON)  # a strikeout: he pitches on
    assert not engine.over_limit(st, cards, st.home, ON.options)
    st, ev = play(st, cards, "16", orders=ON)  # a single: the bonus is over
    assert any(s.get("rule") == "page 14" for s in ev["steps"])
    assert engine.over_limit(st, cards, st.home, ON.options)
    with pytest.raises(RulesError, match="past his maximum innings"):
        play(st, cards, "34", orders=ON)


def test_a_1_2_3_eighth_lets_him_start_the_9th() -> None:
    st, cards, starter = eighth(runs=1)
    for _ in range(3):
        st, _ev = play(st, cards, "34", orders=ON)
    assert st.half == "bottom"
    ninth = evolve(st, inning=9, half="top", outs=0)  # his club's half went by
    assert not engine.over_limit(ninth, cards, ninth.home, ON.options)


def test_three_runs_allowed_ends_his_day_at_his_mip_bonus_or_not() -> None:
    st, cards, _ = eighth(runs=3)
    assert engine.over_limit(st, cards, st.home, ON.options)
