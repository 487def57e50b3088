"""The rating formulas of league.rules.pennant_race.lahman.formulas, on their own (no database needed)."""

from __future__ import annotations

import pytest

from league.rules.pennant_race.lahman import formulas as f
from league.rules.pennant_race import charts


def test_triad_above_counts_the_triads_that_beat_it():
    for n in (0, 1, 20, 101, 215):
        t = f.triad_above(n)
        assert sum(1 for v in f.TRIAD_VALUES if v > t) == n
    assert f.triad_above(0) == 666


@pytest.mark.parametrize("per_game", [0.0, 0.31, 0.55, 0.8, 1.4])
def test_unearned_grid_gives_the_real_unearned_runs_per_game(per_game):
    grid = f.unearned_grid(per_game)
    average = sum(f.SUM_WAYS[s] * grid[s - 3] for s in range(3, 11)) / 216
    assert len(grid) == 8 and all(0 <= x <= 9 for x in grid)
    assert abs(average - per_game) <= 0.5 / 216 + 1e-9


@pytest.mark.parametrize("hr_per_game", [0.3, 0.7, 1.0, 1.4, 2.0])
def test_xhr_grid_never_decreases_and_gives_the_homers_the_power_bonus_does_not(hr_per_game):
    grid = f.xhr_grid(hr_per_game)
    assert list(grid) == sorted(grid) and grid[-1] == 666
    counts = [sum(1 for v in f.TRIAD_VALUES if v <= t) for t in grid[:3]]
    extra = (3 * counts[0] + 2 * (counts[1] - counts[0]) + (counts[2] - counts[1])) / 216
    assert abs(extra - max(0.02, hr_per_game - f.POWER_HR_SHARE)) < 0.06


def test_hr_ranges_split_the_36_numbers_by_homers_down_the_sheet():
    tops = f.hr_ranges([10, 0, 30, 2, 0, 1])
    assert tops[1] is None and tops[4] is None
    given = [t for t in tops if t is not None]
    assert given == sorted(given) and given[-1] == 66
    assert f.hr_ranges([0, 0]) == [None, None]


def test_end_leaves_the_starter_his_real_outs():
    table = f.bullpen_outs_by_end()
    assert table[7] == 6.0  # the chart doc: END 7 -> bullpen 2.0 innings on average
    assert f.end_rating(21.0) == 7
    assert f.end_rating(27 - table[3]) == 3
    assert f.end_rating(30) == 10 and f.end_rating(5) == 1


def test_rest_lets_a_pitcher_make_his_real_starts_and_the_rotation_cover_every_day():
    assert f.rest_rating(34, 162) == 4  # floor(189 / 34) - 1
    assert f.rest_rating(12, 162) == 9
    assert f.rest_rating(34, 162, rotation=4) == 3
    assert f.rotation_size([37, 35, 33, 26, 10], 162) == 4
    assert f.rotation_size([34, 33, 30, 26, 24], 162) == 5


def test_spd_grows_with_steals_and_a_single_steal_gives_one():
    assert f.spd_rating(0, 150) == 0
    assert f.spd_rating(1, 150) == 1
    assert f.spd_rating(33, 120) == 5  # 1988 Oddibe McDowell, as printed in the manual
    assert f.spd_rating(100, 150) == 8


def test_cg_and_sho_triads_follow_the_real_rates():
    lg = f.LeagueContext(avg=0.32, slg=0.39, era=3.9, cg_rate=0.15, start_outs=18.0, fld={})
    never = f.cg_rating(0, 200, lg)
    ace = f.cg_rating(15, 34, lg)
    assert sum(1 for v in f.TRIAD_VALUES if v > never) <= 2
    assert 0.40 < sum(1 for v in f.TRIAD_VALUES if v > ace) / 216 < 0.52
    assert f.sho_rating(0, 34, ace) == 666
    assert ace <= f.sho_rating(8, 34, ace) < 666


def test_fat_asterisk_for_spot_relievers_and_starters():
    assert f.fat_rating(70, 162) == 0 and f.fat_rating(20, 162) == 3
    assert f.asterisk(10, 0, 162) and f.asterisk(20, 25, 162) and not f.asterisk(40, 0, 162)


def test_the_chart_helpers_used_by_the_formulas_exist():
    assert charts.bullpen_outs(7, 3).value == 5
