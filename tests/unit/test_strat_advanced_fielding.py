"""The Advanced Fielding Chart (16.1 C, 16.2): its worked examples, through scripted dice.

The X-chance reading is GROUNDBALL(1b)X on the pitcher's card at 5-7 (white 5,
colored 3 and 4).  The d20 picks the range row; on the rows that involve the
e rating a second roll of the three dice reads the fielder's e-rating section.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.dice import NeedRoll
from league.rules.strat.cards import Fielding
from league.rules.strat.charts import load_charts
from league.rules.strat.engine import resolve_pa
from league.rules.strat.results import parse_result
from tests.unit.test_strat_helpers import card_set, game, pa, roll, with_cells

X_TO_1B = "534"  # white 5: the pitcher's card, 5-7


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    cards = card_set()
    cards["HP"] = with_cells(cards["HP"], {"5-7": "GROUNDBALL(1b)X", "5-8": "FLYBALL(cf)X"})
    return cards


def first_baseman(cards, range_: int = 3, e: int = 20):  # type: ignore[no-untyped-def]
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", range_, None, e),))
    return cards


def chart_steps(ev, chart: str):  # type: ignore[no-untyped-def]
    return [s for s in ev["steps"] if s.get("chart") == chart]


@pytest.mark.parametrize("rating", [1, 3, 5])
@pytest.mark.parametrize("d20", [7, 11, 15])
def test_16_2_first_base_d20_7_to_15_calls_for_a_second_three_dice_roll(cards, rating, d20):  # type: ignore[no-untyped-def]
    first_baseman(cards, rating)
    need = resolve_pa(game(cards), cards, None, [roll(X_TO_1B), roll(f"d{d20}")], level="advanced")
    assert isinstance(need, NeedRoll)
    assert (need.kind, need.team) == ("triad", "home")  # the fielding side rolls, as for the d20
    assert need.purpose == "e-rating roll at 1b"


@pytest.mark.parametrize("d20,reading", [(1, "GROUNDBALL(1b)A"), (6, "GROUNDBALL(1b)B"), (16, "SINGLE*")])
def test_16_2_first_base_d20_outside_7_to_15_needs_no_second_roll(cards, d20, reading):  # type: ignore[no-untyped-def]
    first_baseman(cards, 3)
    _, ev = pa(game(cards), cards, X_TO_1B, f"d{d20}", level="advanced")
    assert [r["kind"] for r in ev["rolls"]] == ["triad", "d20"]
    [cell] = chart_steps(ev, "advanced fielding")
    assert (cell["row"], cell["column"], cell["value"]) == (str(d20), "1b 3", reading)
    assert not chart_steps(ev, "advanced fielding e-rating")


@pytest.mark.parametrize("white", [1, 2, 3, 4])
def test_16_2_double_result_white_1_to_4_is_a_two_base_error(cards, white):  # type: ignore[no-untyped-def]
    first_baseman(cards, e=20)
    state, ev = pa(game(cards), cards, X_TO_1B, "d9", f"{white}13", level="advanced")
    [line] = chart_steps(ev, "advanced fielding e-rating")
    assert (line["row"], line["column"], line["value"]) == ("4", "1b e20-24", "E(2) 1-4, gbA 5-6")
    assert line["white"] == white
    assert ev["play"]["label"] == "2 base error-2"
    assert state.bases == (None, "V1", None) and state.outs == 0


@pytest.mark.parametrize("white", [5, 6])
def test_16_2_double_result_white_5_or_6_is_a_groundball_a(cards, white):  # type: ignore[no-untyped-def]
    first_baseman(cards, e=20)
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, X_TO_1B, "d9", f"{white}22", level="advanced")
    [line] = chart_steps(ev, "advanced fielding e-rating")
    assert line["value"] == "E(2) 1-4, gbA 5-6"
    assert ev["play"]["label"] == "GROUNDBALL(1b)A"
    # gbA with a runner on first: the double play of the strategy chart (4.1)
    assert state.outs == 2 and state.bases == (None, None, None)


def test_16_2_two_base_error_advances_every_runner_two_bases(cards):  # type: ignore[no-untyped-def]
    first_baseman(cards, e=22)
    state, ev = pa(game(cards, bases=("V7", "V8", "V9")), cards, X_TO_1B, "d12", "431", level="advanced")
    assert ev["play"] == {"label": "2 base error-2", "batter": 2, "runners": [3, 4, 4]}
    assert ev["scored"] == ["V9", "V8"] and state.score == (2, 0)
    assert state.bases == (None, "V1", "V7") and state.outs == 0


def test_16_2_one_base_error_advances_every_runner_one_base(cards):  # type: ignore[no-untyped-def]
    first_baseman(cards, e=20)
    state, ev = pa(game(cards, bases=("V8", None, "V9")), cards, X_TO_1B, "d7", "156", level="advanced")
    [line] = chart_steps(ev, "advanced fielding e-rating")
    assert (line["row"], line["value"]) == ("11", "E(1)")
    assert ev["scored"] == ["V9"] and state.bases == ("V1", "V8", None)


@pytest.mark.parametrize("e", [25, 26, 40])
def test_16_1_c_e_rating_above_the_chart_maximum_reads_the_maximum(cards, e):  # type: ignore[no-untyped-def]
    assert load_charts().max_e("1b") == 24
    first_baseman(cards, e=e)
    _, ev = pa(game(cards), cards, X_TO_1B, "d9", "113", level="advanced")
    [line] = chart_steps(ev, "advanced fielding e-rating")
    assert (line["column"], line["value"]) == ("1b e20-24", "E(2) 1-4, gbA 5-6")
    assert f"e{e} is above the chart's maximum at 1b: read as e24 (16.1 C)" in line["note"]


def test_16_2_a_sure_handed_fielder_reads_his_own_e_rating_section(cards):  # type: ignore[no-untyped-def]
    first_baseman(cards, e=2)
    state, ev = pa(game(cards), cards, X_TO_1B, "d9", "113", level="advanced")
    [line] = chart_steps(ev, "advanced fielding e-rating")
    assert (line["column"], line["value"]) == ("1b e0-3", "gbA")
    assert ev["play"]["label"] == "GROUNDBALL(1b)A" and state.outs == 1


def test_16_2_explanation_lists_both_cells_and_every_roll(cards):  # type: ignore[no-untyped-def]
    first_baseman(cards, e=20)
    _, ev = pa(game(cards), cards, X_TO_1B, "d9", "213", level="advanced")
    cells = [(s["chart"], s["row"], s["column"], s["value"]) for s in ev["steps"] if "chart" in s]
    assert cells[:2] == [("advanced fielding", "9", "1b 3", "E-RATING"),
                         ("advanced fielding e-rating", "4", "1b e20-24", "E(2) 1-4, gbA 5-6")]
    assert ev["rolls"] == [{"kind": "triad", "roll": "534", "for": "V1 bats"},
                           {"kind": "d20", "roll": "d9", "for": "X-chance to 1b"},
                           {"kind": "triad", "roll": "213", "for": "e-rating roll at 1b"}]


def test_25_2_out_of_position_fielder_takes_the_highest_e_rating(cards):  # type: ignore[no-untyped-def]
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("c", 3, 0, 2),))  # no 1b rating
    for bench in ("H10", "H11", "H12"):  # and nobody on the bench to take over (10.1)
        cards[bench] = replace(cards[bench], fielding=(Fielding("lf", 3, 0, 10),))
    _, ev = pa(game(cards), cards, X_TO_1B, "d9", "113", level="advanced")
    assert chart_steps(ev, "advanced fielding")[0]["column"] == "1b 5"
    [line] = chart_steps(ev, "advanced fielding e-rating")
    assert line["column"] == "1b e20-24"


def test_25_21_outfielder_keeps_his_e_rating_at_another_outfield_spot(cards):  # type: ignore[no-untyped-def]
    cards["H7"] = replace(cards["H7"], fielding=(Fielding("lf", 2, 0, 2),))  # playing center
    _, ev = pa(game(cards), cards, "535", "d10", "113", level="advanced")
    [line] = chart_steps(ev, "advanced fielding e-rating")
    assert line["column"] == "cf e0-3"


def test_basic_level_keeps_the_basic_fielding_chart(cards):  # type: ignore[no-untyped-def]
    first_baseman(cards, 2, e=20)
    _, ev = pa(game(cards), cards, X_TO_1B, "d16")
    assert [r["kind"] for r in ev["rolls"]] == ["triad", "d20"]
    [cell] = chart_steps(ev, "fielding")
    assert (cell["row"], cell["column"], cell["value"]) == ("16", "1b 2", "1 base error-1")
    assert not chart_steps(ev, "advanced fielding")
    for d20 in range(7, 16):  # no second roll at the basic level
        assert isinstance(pa(game(cards), cards, X_TO_1B, f"d{d20}")[1], dict)


# -- the chart file -------------------------------------------------------------------

POSITIONS = ("p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")


def _error_chance(position: str, e: int) -> float:
    """Chance of an error once the e-rating roll is made (216 equally likely rolls)."""
    charts = load_charts()
    errors = 0
    for colored in range(2, 13):
        ways = 6 - abs(colored - 7)
        _, line = charts.e_rating_cell(position, e, colored)
        errors += ways * sum(hi - lo + 1 for lo, hi, r in line if r.kind == "ERROR")
    return errors / 216


@pytest.mark.parametrize("position", POSITIONS)
def test_every_range_column_of_a_position_calls_the_e_rating_roll_on_the_same_d20_rows(position):  # type: ignore[no-untyped-def]
    charts = load_charts()
    rows = {rating: [d20 for d20 in range(1, 21) if charts.advanced_fielding_cell(position, rating, d20)[1] is None]
            for rating in range(1, 6)}
    assert len({tuple(r) for r in rows.values()}) == 1 and rows[1]
    if position == "1b":
        assert rows[1] == list(range(7, 16))


@pytest.mark.parametrize("position", POSITIONS)
def test_every_e_rating_up_to_the_maximum_has_a_section_covering_colored_dice_2_to_12(position):  # type: ignore[no-untyped-def]
    charts = load_charts()
    for e in range(charts.max_e(position) + 1):
        for colored in range(2, 13):
            cell, line = charts.e_rating_cell(position, e, colored)
            assert line[0][0] == 1 and line[-1][1] == 6, cell
    for rating in range(1, 6):
        for d20 in range(1, 21):
            cell, reading = charts.advanced_fielding_cell(position, rating, d20)
            assert reading is None or reading == parse_result(cell.value)


@pytest.mark.parametrize("position", POSITIONS)
def test_error_chance_rises_with_the_e_rating(position):  # type: ignore[no-untyped-def]
    top = load_charts().max_e(position)
    chances = [_error_chance(position, e) for e in range(top + 1)]
    assert chances == sorted(chances) and chances[0] < chances[-1]
