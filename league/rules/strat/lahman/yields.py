"""What an X-chance gives, read off the project's fielding charts (5.1, 16.2).

For a position, a range rating and an e rating: the chance of a single,
double, triple, an error (``E``) and an out, over the d20 (and, on the
advanced chart's e-rating rows, the three dice).  The generator subtracts
these hits from a pitcher's own hit readings (:func:`formulas.x_chances`)
and picks the league's average e rating from :func:`error_by_e`.
"""

from __future__ import annotations

import functools

from league.rules.strat.charts import load_charts
from league.rules.strat.results import Result

POSITIONS = ("p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")
_KIND = {"SINGLE": "1B", "DOUBLE": "2B", "TRIPLE": "3B", "HOMERUN": "HR", "ERROR": "E"}
_COLORED = {t: (6 - abs(7 - t)) / 36 for t in range(2, 13)}


def _kind(r: Result) -> str:
    return _KIND.get(r.kind, "OUT")


@functools.cache
def x_yield(advanced: bool, position: str, rating: int, e: int) -> dict[str, float]:
    """Chance of each result (1B, 2B, 3B, E, OUT) of one X-chance to this fielder."""
    charts = load_charts()
    out: dict[str, float] = {}

    def add(kind: str, p: float) -> None:
        out[kind] = out.get(kind, 0.0) + p

    for d20 in range(1, 21):
        if not advanced:
            _, cell = charts.fielding_cell(position, rating, d20)
            add(_kind(cell[0][2]), 1 / 20)
            continue
        _, reading = charts.advanced_fielding_cell(position, rating, d20)
        if reading is not None:
            add(_kind(reading), 1 / 20)
            continue
        capped = min(e, charts.max_e(position))
        for colored, p in _COLORED.items():
            _, line = charts.e_rating_cell(position, capped, colored)
            for lo, hi, r in line:
                add(_kind(r), p * (hi - lo + 1) / 6 / 20)
    return out


@functools.cache
def error_by_e(position: str) -> dict[int, float]:
    """The advanced chart's error chance per X-chance to an average (range 3) fielder, by e rating."""
    top = load_charts().max_e(position)
    return {e: x_yield(True, position, 3, e).get("E", 0.0) for e in range(top + 1)}


def max_e(position: str) -> int:
    return load_charts().max_e(position)


__all__ = ["POSITIONS", "error_by_e", "max_e", "x_yield"]
