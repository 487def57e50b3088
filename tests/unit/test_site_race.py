"""The pennant-race chart's lines: games over .500 after each date, one line per club."""

from __future__ import annotations

from typing import Any

from league.site.race import race_chart


def _game(date: str, result: str) -> dict[str, Any]:
    return {"date": date, "result": result}


def test_each_club_line_counts_games_over_500_after_each_date_and_carries_over_idle_days() -> None:
    results = {
        "AAA": [_game("1988-04-04", "W"), _game("1988-04-05", "W"), _game("1988-04-05", "L")],
        "BBB": [_game("1988-04-04", "L"), _game("1988-04-06", "L")],
    }
    chart = race_chart("AL West", ["AAA", "BBB"], results)
    assert chart.dates == ["1988-04-04", "1988-04-05", "1988-04-06"]
    lines = {ln.team: ln.values for ln in chart.lines}
    assert lines == {"AAA": [1, 1, 1], "BBB": [-1, -1, -2]}  # a doubleheader split leaves AAA at +1


def test_a_tied_game_counts_for_neither_side_as_in_the_standings() -> None:
    chart = race_chart("East", ["AAA"], {"AAA": [_game("1988-04-04", "T"), _game("1988-04-05", "W")]})
    assert chart.lines[0].values == [0, 1]


def test_higher_records_are_drawn_higher_and_every_date_has_a_point() -> None:
    results = {"AAA": [_game("1988-04-04", "W")], "BBB": [_game("1988-04-04", "L")]}
    chart = race_chart("East", ["AAA", "BBB"], results)
    y = {ln.team: float(ln.points.split(",")[-1]) for ln in chart.lines}
    assert y["AAA"] < chart.zero_y < y["BBB"]  # SVG's y grows downwards
    assert all(len(ln.points.split()) == len(chart.dates) for ln in chart.lines)


def test_legend_labels_at_the_lines_ends_never_overlap() -> None:
    results = {t: [_game("1988-04-04", "W")] for t in ("AAA", "BBB", "CCC", "DDD")}
    chart = race_chart("East", ["AAA", "BBB", "CCC", "DDD"], results)
    ys = sorted(ln.label_y for ln in chart.lines)
    assert all(b - a >= 12 for a, b in zip(ys, ys[1:]))


def test_a_division_with_no_games_yet_has_empty_lines_not_an_error() -> None:
    chart = race_chart("East", ["AAA", "BBB"], {})
    assert chart.dates == [] and [ln.values for ln in chart.lines] == [[], []]
