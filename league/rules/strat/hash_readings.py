"""What the Super Advanced Fielding Chart's "#" readings cost a fielder who plays in or holds a runner.

Super advanced revision 4 reads every X-chance on the project's Super Advanced
Fielding Chart, where a ``G2#`` or ``G3#`` is a single, every runner up two
bases (SI2), when the infielder it goes to plays in (20.61, 20.72) or holds a
runner (23.84).  The auto-manager (:mod:`league.rules.strat.policy`) weighs that
with the same standard run-expectancy table its thresholds come from:

* **what one X-chance to a fielder is worth** playing in against playing back
  (:func:`in_minus_back`): on each d20 row of his range column, the runs
  expected after the play as the chart reads it in, less those after it read
  back.  The ``#`` rows cost (the out becomes an SI2); the G1-G2 rows where
  20.8's in column holds the runner on third or throws him out at home save.
* **the chance this plate appearance is an X-chance to a fielder**
  (:func:`x_chance`): the batter's columns against this pitcher's hand and the
  pitcher's columns against the batter's side, each a sixth of the rolls.

Everything here reads cards and charts only (no dice), like the rest of the
policy.  Pure arithmetic on the run-expectancy table: the numbers are the
runs expected from each base-out state to the end of the inning.
"""

from __future__ import annotations

from typing import Any

from league.rules.strat.cards import Card
from league.rules.strat.charts import Charts

# Runs expected to the end of the inning, by the bases ("1-3": first and third) and none, one, two out
# (a standard modern table; policy.py's thresholds were worked out from it).
RE = {"---": (0.481, 0.254, 0.098), "1--": (0.859, 0.509, 0.224), "-2-": (1.100, 0.664, 0.319),
      "--3": (1.357, 0.950, 0.353), "12-": (1.437, 0.884, 0.429), "1-3": (1.798, 1.140, 0.471),
      "-23": (1.920, 1.352, 0.570), "123": (2.282, 1.520, 0.736)}
_ROW = {r: (6 - abs(7 - r)) / 36 for r in range(2, 13)}  # chance of each colored-dice total
_X: dict[tuple[int, str], tuple[Card, dict[str, float]]] = {}


def bases_key(bases: tuple[Any, Any, Any]) -> str:
    """``("A", None, "B")`` -> ``"1-3"``, the key of :data:`RE` and of the chart's 20.8 tables."""
    return "".join(str(i + 1) if b else "-" for i, b in enumerate(bases))


def runs_after(key: str, outs: int, batter: int, out: tuple[int, ...], advance: dict[str, int]) -> float:
    """Runs scored on a play plus those expected after it: ``batter`` his base (0 out), ``out`` the bases
    whose runners are out, ``advance`` bases each runner moves (lead runner first, none passing another)."""
    outs += (batter == 0) + len(out)
    runs, taken, free = 0, [False, False, False], 4
    for i in (2, 1, 0):
        if key[i] == "-" or i + 1 in out:
            continue
        to = i + 1 + advance[str(i + 1)]
        if to >= 4:
            runs += 1
            continue
        to = max(min(to, free - 1), i + 1)
        taken[to - 1], free = True, to
    if batter:
        taken[batter - 1] = True
    if outs >= 3:
        return 0.0  # the third out: whatever crossed the plate on a force or with the batter out counts none
    return runs + RE[bases_key((taken[0], taken[1], taken[2]))][outs]


def in_minus_back(charts: Charts, rating: int, key: str, outs: int, position: str = "2b") -> float:
    """Runs one X-chance to an infielder of range ``rating`` is worth to the offense with him playing in,
    less with him back (negative: playing in saves runs), with runners ``key`` and ``outs`` out."""
    chart = charts.super_fielding
    rows = chart["range"][chart["range_of"][position]][str(rating)]
    results, tables = chart["groundball_results"], chart["groundballs"][key]
    total = 0.0
    for lo, hi, symbol in rows:
        base = symbol.rstrip("#")
        if base not in tables:
            continue  # a hit: the same in or back
        back = _result(key, outs, results[str(tables[base][0])])
        if symbol.endswith("#"):
            now = runs_after(key, outs, 1, (), {"1": 2, "2": 2, "3": 2})  # SI2
        else:
            now = _result(key, outs, results[str(tables[base][1])])
        total += (hi - lo + 1) / 20 * (now - back)
    return total


def held_cost(charts: Charts, rating: int, key: str, outs: int, position: str) -> float:
    """Runs one X-chance to an infielder holding a runner gives away on his ``#`` rows (23.84: SI2, not the
    G2 or G3 read back); his range is the held one (23.83)."""
    chart = charts.super_fielding
    rows = chart["range"][chart["range_of"][position]][str(rating)]
    results, tables = chart["groundball_results"], chart["groundballs"][key]
    si2 = runs_after(key, outs, 1, (), {"1": 2, "2": 2, "3": 2})
    return sum((hi - lo + 1) / 20 * (si2 - _result(key, outs, results[str(tables[symbol.rstrip("#")][0])]))
               for lo, hi, symbol in rows if symbol.endswith("#"))


def steal_value(chance: int, outs: int) -> float:
    """Runs a steal of second by the runner on first alone gains on ``chance`` of 20 (negative: it costs)."""
    p = chance / 20
    caught = RE["---"][outs + 1] if outs < 2 else 0.0
    return p * RE["-2-"][outs] + (1 - p) * caught - RE["1--"][outs]


def x_chance(batter: Card, pitcher: Card, batter_side: str, pitcher_side: str) -> dict[str, float]:
    """The chance of a ``GROUNDBALL(pos)X`` on one plate appearance, by position: the batter's columns
    read on ``batter_side`` (the pitcher's hand), the pitcher's on ``pitcher_side`` (the batter's)."""
    out: dict[str, float] = {}
    for card, side in ((batter, batter_side), (pitcher, pitcher_side)):
        for pos, chance in _x_of(card, side).items():
            out[pos] = out.get(pos, 0.0) + chance / 2
    return out


def _x_of(card: Card, side: str) -> dict[str, float]:
    """Per card side: the chance of an X groundball to each position, on the card's three columns (kept per
    card object, as :func:`league.rules.strat.policy.batting_value`)."""
    hit = _X.get((id(card), side))
    if hit is not None and hit[0] is card:
        return hit[1]
    out: dict[str, float] = {}
    for column in card.columns:
        for row, chance in _ROW.items():
            for lo, hi, result in card.cell(side, column, row):
                if result.kind == "GROUNDBALL" and result.grade == "X" and result.at:
                    out[result.at] = out.get(result.at, 0.0) + chance * (hi - lo + 1) / 20 / 3
    if len(_X) > 4096:
        _X.clear()
    _X[(id(card), side)] = (card, out)
    return out


def _result(key: str, outs: int, r: dict[str, Any]) -> float:
    return runs_after(key, outs, r["batter"], tuple(r["out"]), r["advance"])
