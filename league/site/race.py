"""The pennant-race chart: each club's games over .500, date by date, as inline SVG.

A small SVG writer of our own rather than a plotting library: the chart is
a few polylines, axes and a legend, and the libraries that draw SVG in
Python (matplotlib, pygal) either pull in a large stack or emit SVG with
scripts and external styles that a page without network access must not
need.  The geometry is computed here; the template writes the elements.

Games over .500 (wins minus losses) is used rather than games behind:
it needs no leader, so each club's line is its own record and its last
point is its W-L in the standings.  Tied games count for neither side,
as in the standings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WIDTH, HEIGHT = 640, 280
LEFT, RIGHT, TOP, BOTTOM = 40, 110, 12, 28  # margins; the legend sits on the right
PALETTE = ("#1b6ca8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#2c3e50", "#b8860b", "#16a085")
DASHES = ("", "6 3", "2 3")


@dataclass
class Line:
    team: str
    values: list[int]  # games over .500 at the end of each chart date
    points: str  # SVG polyline points
    colour: str
    dash: str
    label_y: float


@dataclass
class Chart:
    title: str
    dates: list[str]
    lines: list[Line]
    y_ticks: list[tuple[float, int]]  # (y, games over .500)
    x_ticks: list[tuple[float, str]]  # (x, label)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    plot_right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM
    zero_y: float = 0.0


def race_chart(title: str, teams: list[str], results: dict[str, list[dict[str, Any]]]) -> Chart:
    """One division's chart from each club's results (``Content.results``), in standings order."""
    dates = sorted({r["date"] for t in teams for r in results.get(t, [])})
    series: dict[str, list[int]] = {}
    for t in teams:
        by_date: dict[str, int] = {}
        over = 0
        for r in results.get(t, []):
            over += {"W": 1, "L": -1}.get(r["result"], 0)
            by_date[r["date"]] = over
        values, last = [], 0
        for d in dates:
            last = by_date.get(d, last)
            values.append(last)
        series[t] = values
    low = min([0, *(v for vs in series.values() for v in vs)])
    high = max([0, *(v for vs in series.values() for v in vs)])
    if high - low < 4:
        high, low = high + 2, low - 2
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (len(dates) - 1) if len(dates) > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    lines = []
    for k, t in enumerate(teams):
        values = series[t]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        lines.append(Line(t, values, points, PALETTE[k % len(PALETTE)], DASHES[k // len(PALETTE) % len(DASHES)],
                          y(values[-1]) if values else y(0)))
    _spread_labels(lines)
    step = max(1, (high - low) // 6)
    y_ticks = [(y(v), v) for v in range(low - low % step, high + 1, step) if low <= v <= high]
    months: dict[str, int] = {}
    for i, d in enumerate(dates):
        months.setdefault(d[:7], i)
    x_ticks = [(x(i), _month(m)) for m, i in months.items()]
    return Chart(title, dates, lines, y_ticks, x_ticks, zero_y=y(0))


def _spread_labels(lines: list[Line], gap: float = 12.0) -> None:
    """Move the legend labels at the lines' ends apart so none overlaps another."""
    ordered = sorted(lines, key=lambda ln: ln.label_y)
    for a, b in zip(ordered, ordered[1:]):
        if b.label_y - a.label_y < gap:
            b.label_y = a.label_y + gap


def _month(yyyy_mm: str) -> str:
    names = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    return names[int(yyyy_mm[5:7]) - 1]
