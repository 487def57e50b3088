"""17.32 (super advanced revision 3): the project's Super Advanced Injury Chart, read as chart ``injury``
(the season player takes the games from it), and 6.4's chart in every other game."""

from __future__ import annotations

import pytest

from league.rules.strat.charts import load_charts
from tests.unit.test_strat_helpers import card_set, game, pa, with_cells


@pytest.mark.parametrize("d20, basic, super_", [
    (1, 0, 0), (7, 0, 0), (8, 0, 1), (10, 1, 1), (11, 1, 2), (12, 1, 2), (13, 3, 3), (14, 3, 3), (15, 3, 5),
    (16, 5, 5), (17, 5, 7), (18, 10, 10), (19, 15, 15), (20, 30, 30)])
def test_17_32_the_super_chart_against_6_4s(d20: int, basic: int, super_: int) -> None:
    charts = load_charts()
    assert charts.injury_games(d20).value == basic
    cell = charts.injury_games(d20, super_chart=True)
    assert cell.value == super_ and cell.chart == "injury" and "17.32" in cell.column


@pytest.mark.parametrize("level, games", [("super+r3", 2), ("super+r2", 1), ("advanced", 1)])
def test_17_32_a_plus_injury_in_a_revision_3_game_reads_the_super_chart(level: str, games: int) -> None:
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {"1-10": "SINGLE* PLUS INJURY"})
    state, ev = pa(game(cards), cards, "155", "d11", level=level)
    assert state.visitor.injured == ("V1",)
    assert ev["steps"][-1]["chart"] == "injury" and ev["steps"][-1]["value"] == games
