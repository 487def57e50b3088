"""Pennant Race charts and the sheet grids they point into.

The manual names six charts it never prints (Power, Speed, Fielding, Innings
Pitched, Relievers to Use, Runs to Relievers) and the relief-defense variant
names a seventh.  They are the project's own design, kept as JSON under
``charts/`` and documented in ``docs/pennant-race-charts.md``; every lookup
here is one chart cell so the engine can quote row, column and value in its
explanation.  The data is loaded once and never changes at run time: a change
to a file changes outcomes, so it must bump ``engine.RULESET_VERSION``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, NamedTuple

from league.domain.dice import Triad
from league.rules.pennant_race.ratings import Batter, TeamSheet

_DIR = Path(__file__).with_name("charts")


@functools.cache
def load(name: str) -> dict[str, Any]:
    """One chart file, parsed once per process."""
    with open(_DIR / f"{name}.json", encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


class Cell(NamedTuple):
    """A chart reading: the row and column consulted and what they gave."""

    row: int | str
    column: int | str
    value: Any


def power_spot(t: Triad) -> Cell | None:
    """Power chart: white pairs with red or green (2.1.a); None without a pair."""
    if t.white == t.red:
        paired, odd = t.white, t.green
    elif t.white == t.green:
        paired, odd = t.white, t.red
    else:
        return None
    return Cell(paired, odd, load("power")["cells"][paired - 1][odd - 1])


def speed_spot(t: Triad) -> Cell | None:
    """Speed chart: red pairs with green (2.1.b); None without a pair."""
    if t.red != t.green:
        return None
    return Cell(t.red, t.white, load("speed")["cells"][t.red - 1][t.white - 1])


def fielding_position(t: Triad) -> Cell | None:
    """Fielding chart (2.2), consulted only when the sum is 10 or less."""
    if t.sum > 10:
        return None
    parity = "odd" if t.green % 2 else "even"
    return Cell(t.sum, parity, load("fielding")["cells"][str(t.sum)][parity])


def bullpen_outs(end: int, white: int) -> Cell:
    """Innings Pitched chart (2.1.d): outs for the bullpen, before the +1 inning."""
    row = min(10, max(1, end))  # short rest can push END to 0; the chart starts at 1
    return Cell(row, white, load("innings_pitched")["cells"][str(row)][white - 1])


def relievers_to_use(outs: int, red: int) -> Cell:
    """Relievers to Use chart (2.1.d); 0 outs means no reliever."""
    if outs <= 0:
        return Cell(0, red, 0)
    buckets = load("relievers_to_use")["buckets"]
    for b in buckets:
        if outs <= b["max_outs"]:
            return Cell(b["innings"], red, min(outs, b["counts"][red - 1]))
    last = buckets[-1]
    return Cell(last["innings"], red, min(outs, last["counts"][red - 1]))


def runs_to_relievers(runs: int, diff: int) -> Cell:
    """Runs to Relievers chart (3.2): value is (a, b) bullpen runs.

    Rows stop at 30; a team that allows more reads row 30 and the
    "every run after the eighth" rule sends the rest to the bullpen anyway.
    """
    row = min(30, max(0, runs))
    text = load("runs_to_relievers")["cells"][str(row)][diff + 5]
    a, b = (int(x) for x in text.split("/"))
    return Cell(row, diff, (a, b))


def relief_defense_endurance(total: int) -> Cell:
    """Relief/Defense chart of the variant: the Pitcher Endurance number."""
    return Cell(total, "pitcher endurance", load("relief_defense")["cells"][str(total)])


def xhr_count(sheet: TeamSheet, t: Triad) -> int:
    """Extra homers from the rolling team's X-HR grid (3.1)."""
    for count, threshold in zip((3, 2, 1), sheet.xhr_grid):
        if t.value <= threshold:
            return count
    return 0


def xhr_batter(sheet: TeamSheet, pair: int) -> Batter | None:
    """The batter whose X-HR range holds a two-dice number.

    A batter's range runs from the previous threshold + 1 to his own value
    (Incaviglia's 33 after O'Brien's 21 is 22-33), taken in threshold order
    over the lineup and then the bench; the first range starts at 11.
    """
    rated = sorted((b for b in sheet.batters if b.xhr is not None), key=lambda b: b.xhr or 0)
    for b in rated:
        if pair <= (b.xhr or 0):
            return b
    return None


def ei_batter(sheet: TeamSheet, number: int) -> Batter | None:
    """The batter whose E.I. range holds a two-dice number (2.5)."""
    for b in sheet.batters:
        if b.ei is not None and b.ei[0] <= number <= b.ei[1]:
            return b
    return None


def dice_batter(sheet: TeamSheet, total: int) -> Batter | None:
    """The batter whose DICE value is the sum (2.1.c)."""
    for b in sheet.batters:
        if b.dice == total:
            return b
    return None


def innings_text(outs: int) -> str:
    """Outs as baseball innings notation: 5 -> "1.2"."""
    return f"{outs // 3}.{outs % 3}"
