"""The project's own charts reproduce the manual's examples and stay plausible."""

from __future__ import annotations

import itertools

from league.domain.dice import Triad
from league.rules.pennant_race import charts
from tests.unit.texas import TEXAS


def test_power_chart_443_is_lineup_spot_3_and_223_is_bench_a() -> None:
    assert charts.power_spot(Triad(4, 4, 3)).value == "3"  # type: ignore[union-attr]
    assert charts.power_spot(Triad(2, 2, 3)).value == "A"  # type: ignore[union-attr]
    assert charts.power_spot(Triad(4, 5, 2)) is None


def test_power_chart_reads_white_with_green_the_same_way() -> None:
    assert charts.power_spot(Triad(4, 3, 4)) == charts.power_spot(Triad(4, 4, 3))


def test_speed_chart_233_is_lineup_spot_1() -> None:
    assert charts.speed_spot(Triad(2, 3, 3)).value == "1"  # type: ignore[union-attr]
    assert charts.speed_spot(Triad(2, 3, 4)) is None


def test_power_and_speed_charts_use_only_lineup_and_bench_a_b() -> None:
    spots = {str(i) for i in range(1, 10)} | {"A", "B"}
    for name in ("power", "speed"):
        cells = charts.load(name)["cells"]
        assert len(cells) == 6 and all(len(row) == 6 for row in cells)
        assert set(itertools.chain(*cells)) <= spots


def test_fielding_chart_323_is_third_base_and_321_is_center_field() -> None:
    assert charts.fielding_position(Triad(3, 2, 3)).value == "3B"  # type: ignore[union-attr]
    assert charts.fielding_position(Triad(3, 2, 1)).value == "CF"  # type: ignore[union-attr]
    assert charts.fielding_position(Triad(5, 5, 1)) is None  # sum 11


def test_fielding_chart_names_every_position_twice() -> None:
    cells = charts.load("fielding")["cells"]
    named = [pos for row in cells.values() for pos in row.values()]
    assert sorted(named) == sorted(["C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"] * 2)


def test_innings_pitched_end_7_white_3_is_one_and_two_thirds() -> None:
    assert charts.bullpen_outs(7, 3).value == 5
    assert charts.innings_text(5) == "1.2"


def test_innings_pitched_shrinks_with_endurance_and_the_white_die() -> None:
    for end, white in itertools.product(range(1, 11), range(1, 7)):
        outs = charts.bullpen_outs(end, white).value
        assert outs >= 1
        if end < 10:
            assert charts.bullpen_outs(end + 1, white).value <= outs
        if white < 6:
            assert charts.bullpen_outs(end, white + 1).value <= outs


def test_typical_bullpen_pitches_two_to_three_innings() -> None:
    # Over every triad against an END 6-7 starter, counting the extra inning.
    total = n = 0
    for end in (6, 7):
        for w, r, g in itertools.product(range(1, 7), repeat=3):
            total += charts.bullpen_outs(end, w).value + (3 if w + r + g <= 10 else 0)
            n += 1
    assert 6 <= total / n <= 9


def test_relievers_to_use_one_and_two_thirds_with_red_3_is_two() -> None:
    assert charts.relievers_to_use(5, 3).value == 2


def test_never_more_relievers_than_outs_and_one_to_five() -> None:
    for outs, red in itertools.product(range(1, 28), range(1, 7)):
        count = charts.relievers_to_use(outs, red).value
        assert 1 <= count <= min(outs, 5)


def test_runs_to_relievers_6_at_plus_1_is_2_over_3() -> None:
    assert charts.runs_to_relievers(6, 1).value == (2, 3)


def test_runs_to_relievers_cells_are_ordered_and_fall_with_a_higher_green() -> None:
    for runs, diff in itertools.product(range(31), range(-5, 6)):
        a, b = charts.runs_to_relievers(runs, diff).value
        assert 0 <= a <= b <= runs
        if diff > -5:
            lower_a, lower_b = charts.runs_to_relievers(runs, diff - 1).value
            assert lower_a <= a and lower_b <= b


def test_relief_defense_chart_sum_9_is_4() -> None:
    assert charts.relief_defense_endurance(9).value == 4
    assert set(charts.load("relief_defense")["cells"]) == {str(s) for s in range(3, 10)}


def test_x_hr_grid_223_gives_one_and_pair_31_is_incaviglia() -> None:
    assert charts.xhr_count(TEXAS, Triad(2, 2, 3)) == 1
    assert charts.xhr_count(TEXAS, Triad(1, 1, 1)) == 3
    assert charts.xhr_count(TEXAS, Triad(1, 4, 1)) == 2
    assert charts.xhr_count(TEXAS, Triad(2, 4, 6)) == 0
    assert charts.xhr_batter(TEXAS, 31).name == "PETE INCAVIGLIA"  # type: ignore[union-attr]
    assert charts.xhr_batter(TEXAS, 22).name == "PETE INCAVIGLIA"  # type: ignore[union-attr]
    assert charts.xhr_batter(TEXAS, 21).name == "PETE O'BRIEN"  # type: ignore[union-attr]
    assert charts.xhr_batter(TEXAS, 66) is None


def test_ei_32_is_wilkerson_and_dice_11_is_mcdowell() -> None:
    assert charts.ei_batter(TEXAS, 32).name == "CURT WILKERSON"  # type: ignore[union-attr]
    assert charts.dice_batter(TEXAS, 11).name == "ODDIBE MCDOWELL"  # type: ignore[union-attr]
