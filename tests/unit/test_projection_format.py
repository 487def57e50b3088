"""Baseball formatting used by every listing."""

from __future__ import annotations

import pytest

from projections.queries.common import fmt_era, fmt_gb, fmt_ip, fmt_pct, parse_ip


def test_pct_prints_like_the_papers() -> None:
    assert [fmt_pct(88, 74), fmt_pct(5, 0), fmt_pct(0, 0), fmt_pct(1, 2)] == [".543", "1.000", ".000", ".333"]


def test_games_behind_is_a_dash_for_the_leader() -> None:
    assert [fmt_gb(0), fmt_gb(3.5), fmt_gb(12)] == ["-", "3.5", "12.0"]


def test_innings_count_outs_after_the_point() -> None:
    assert [fmt_ip(22), fmt_ip(0), fmt_ip(3)] == ["7.1", "0.0", "1.0"]
    assert [parse_ip("7.1"), parse_ip(50), parse_ip("50.2")] == [22, 150, 152]
    with pytest.raises(ValueError):
        parse_ip("7.3")


def test_era_is_nine_times_er_over_innings_in_outs() -> None:
    assert fmt_era(4, 22) == "4.91"  # 9 * 4 / (22/3), not 9 * 4 / 7.1
    assert fmt_era(0, 0) is None and fmt_era(1, 0) == "inf"
