"""The Strat-O-Matic charts as data: strategy, fielding, injury.

The manual names these charts but does not print them; they are the project's
own design (``charts/*.json``, documented in docs/strat-o-matic.md) and every
worked example of the manual reads the same through them.  Each lookup returns
a :class:`Cell` naming the chart, row and column, so an event can quote it.
Changing a file changes outcomes: bump :data:`RULESET_VERSION`.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from league.rules.strat.results import Cell as CardCell, parse_cell

RULESET_VERSION = "strat-2"  # 2: marked strikeouts and walks count; no pitching line for a pinch hitter
_DIR = Path(__file__).with_name("charts")


class Cell(NamedTuple):
    """A chart reading: which chart, row and column, and what they gave."""

    chart: str
    row: str
    column: str
    value: Any

    def fact(self) -> dict[str, Any]:
        return {"chart": self.chart, "row": self.row, "column": self.column, "value": self.value}


@dataclass(frozen=True)
class Charts:
    strategy: dict[str, Any]
    fielding: dict[str, Any]
    injury: dict[str, Any]

    def groundball(self, situation: str, grade: str, infield_in: bool) -> Cell:
        table = "infield_in" if infield_in else "groundballs"
        number = str(self.strategy[table][situation][grade])
        return Cell(f"strategy {table.replace('_', ' ')}", situation, grade, number)

    def groundball_result(self, number: str) -> dict[str, Any]:
        result: dict[str, Any] = self.strategy["groundball_results"][number]
        return result

    def flyball(self, grade: str) -> Cell:
        return Cell("strategy flyballs", "-", grade, self.strategy["flyballs"][grade])

    def colored(self, table: str, column: str, total: int) -> Cell:
        """Sacrifice, squeeze, hit-and-run: colored dice 2-12 under a rating column."""
        return Cell(f"strategy {table.replace('_', ' ')}", str(total), column,
                    self.strategy[table][column][total - 2])

    def steal(self, grade: str, base: int) -> Cell:
        column = "AA" if grade == "AAA" else grade
        return Cell("strategy stealing", str(base), grade, self.strategy["stealing"][column][str(base)])

    def fielding_cell(self, position: str, rating: int, d20: int) -> tuple[Cell, CardCell]:
        rows = self.fielding["positions"][position][str(rating)]
        text = next(t for lo, hi, t in rows if lo <= d20 <= hi)
        return Cell("fielding", str(d20), f"{position} {rating}", text), parse_cell(text)

    def injury_games(self, d20: int) -> Cell:
        games = next(g for lo, hi, g in self.injury["ranges"] if lo <= d20 <= hi)
        return Cell("injury", str(d20), "games", games)


@functools.cache
def load_charts() -> Charts:
    def read(name: str) -> dict[str, Any]:
        with open(_DIR / f"{name}.json", encoding="utf-8") as f:
            data: dict[str, Any] = json.load(f)
        return data

    return Charts(read("strategy"), read("fielding"), read("injury"))
