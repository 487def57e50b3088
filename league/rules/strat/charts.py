"""The Strat-O-Matic charts as data: strategy, fielding (basic and advanced), injury.

The manual names these charts but does not print them; they are the project's
own design (``charts/*.json``, documented in docs/strat-o-matic.md) and every
worked example of the manual reads the same through them.  Each lookup returns
a :class:`Cell` naming the chart, row and column, so an event can quote it.
Changing a file changes outcomes: bump :data:`RULESET_VERSION`.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from league.rules.strat.results import Cell as CardCell
from league.rules.strat.results import Result, parse_cell, parse_result

# 2: marked strikeouts and walks count; no pitching line for a pinch hitter.
# 3: advanced X-chances read the advanced fielding chart (e-ratings, second
#    three-dice roll, 16.2); box scores charge runs after a fielder's choice as
#    rule 9.16(g) does (league/rules/pa/box.py).
RULESET_VERSION = "strat-3"
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
    advanced_fielding: dict[str, Any]
    super_misc: dict[str, Any]  # 18.5's sacrifice and squeeze charts, 17.32's injuries (super revision 3)
    super_fielding: dict[str, Any]  # 16.3-16.7, 20.8 (super revision 4)
    ballparks: dict[str, Any]  # 30.3-30.4's Ball Park Effect Chart, the project's own (super revision 4)
    weather: dict[str, Any]  # 30.5's Weather Effects Chart, the project's own (super revision 4, weather=on)

    def groundball(self, situation: str, grade: str, infield_in: bool) -> Cell:
        """The infield-in table has rows only with a runner on third (9.1): with the infield in
        against a bunt and nobody there (20.12) the groundball table is read."""
        # A fifth of all plate appearances read this table: its cells, a few dozen, are kept by the charts'
        # identity and the reading (the charts are read-only; the entry keeps them alive, so an id found is
        # always theirs), each made once rather than with an f-string and a NamedTuple's Python __new__.
        key = (id(self), situation, grade, infield_in)
        hit = _CELLS.get(key)
        if hit is not None:
            return hit[1]
        table = "infield_in" if infield_in and situation in self.strategy["infield_in"] else "groundballs"
        number = str(self.strategy[table][situation][grade])
        cell = Cell(f"strategy {table.replace('_', ' ')}", situation, grade, number)
        _keep(key, self, cell)
        return cell

    def groundball_result(self, number: str) -> dict[str, Any]:
        result: dict[str, Any] = self.strategy["groundball_results"][number]
        return result

    def flyball(self, grade: str) -> Cell:
        key = (id(self), "flyballs", grade)  # kept like the groundballs' cells
        hit = _CELLS.get(key)
        if hit is not None:
            return hit[1]
        cell = Cell("strategy flyballs", "-", grade, self.strategy["flyballs"][grade])
        _keep(key, self, cell)
        return cell

    def colored(self, table: str, column: str, total: int) -> Cell:
        """Sacrifice, squeeze, hit-and-run: colored dice 2-12 under a rating column."""
        return Cell(f"strategy {table.replace('_', ' ')}", str(total), column,
                    self.strategy[table][column][total - 2])

    def super_bunt(self, table: str, column: str, total: int) -> Cell:
        """18.5 (super advanced revision 3): the project's sacrifice or squeeze chart, colored dice 2-12."""
        return Cell(f"super {table}", str(total), column, self.super_misc[table][column][total - 2])

    def steal(self, grade: str, base: int) -> Cell:
        column = "AA" if grade == "AAA" else grade
        return Cell("strategy stealing", str(base), grade, self.strategy["stealing"][column][str(base)])

    def fielding_cell(self, position: str, rating: int, d20: int) -> tuple[Cell, CardCell]:
        rows = self.fielding["positions"][position][str(rating)]
        text = next(t for lo, hi, t in rows if lo <= d20 <= hi)
        return Cell("fielding", str(d20), f"{position} {rating}", text), parse_cell(text)

    def advanced_fielding_cell(self, position: str, rating: int, d20: int) -> tuple[Cell, Result | None]:
        """16.2 range section; the reading is None where the chart calls for the e-rating roll."""
        rows = self.advanced_fielding["positions"][position]["range"][str(rating)]
        text = next(t for lo, hi, t in rows if lo <= d20 <= hi)
        cell = Cell("advanced fielding", str(d20), f"{position} {rating}", text)
        return cell, None if text == self.advanced_fielding["e_roll"] else parse_result(text)

    def max_e(self, position: str) -> int:
        """The highest e rating the advanced chart lists for a position (16.1 C, 25.2)."""
        top: int = self.advanced_fielding["positions"][position]["max_e"]
        return top

    def e_rating_cell(self, position: str, e: int, colored: int) -> tuple[Cell, CardCell]:
        """The fielder's e-rating section, colored-dice line; a double result splits on the white die.

        ``e`` must already be capped at :meth:`max_e` (the caller says so in the explanation).
        """
        sections = self.advanced_fielding["positions"][position]["e"]
        section = next(s for s in sections if s["e"][0] <= e <= s["e"][1])
        lo, hi = section["e"]
        text = next(t for a, b, t in section["lines"] if a <= colored <= b)
        cell = Cell("advanced fielding e-rating", str(colored), f"{position} e{lo}-{hi}", text)
        return cell, _e_line(position, text)

    def super_range(self, position: str, rating: int, d20: int) -> Cell:
        """16.42 A: the position's range section (1b, 2b, 3b and ss share one), d20 row, range column."""
        group = self.super_fielding["range_of"][position]
        symbol = next(t for lo, hi, t in self.super_fielding["range"][group][str(rating)] if lo <= d20 <= hi)
        return Cell("super fielding", str(d20), f"{position} {rating}", symbol)

    def super_max_e(self, position: str) -> int:
        """The highest e rating the super advanced chart lists for a position (16.3)."""
        top: int = self.super_fielding["max_e"][position]
        return top

    def super_error(self, position: str, e: int, total: int) -> Cell:
        """16.42 B: the position's error section, the line for ``e`` (capped at :meth:`super_max_e` by the
        caller), the three dice added: ``RP``, ``E1``-``E3`` or ``""`` (no error)."""
        row = next(r for r in self.super_fielding["errors"][position] if r["e"][0] <= e <= r["e"][1])
        reading = next((k for k in ("RP", "E1", "E2", "E3") if total in row[k]), "")
        lo, hi = row["e"]
        return Cell("super fielding errors", str(total), f"{position} e{lo}-{hi}", reading)

    def super_symbol(self, symbol: str, error: str) -> Cell:
        """16.42 C: the symbols chart."""
        return Cell("super fielding symbols", error or "none", symbol,
                    self.super_fielding["symbols"][symbol][error or "none"])

    def super_groundball(self, situation: str, symbol: str, playing_in: bool) -> Cell:
        """20.8: the G1/G2/G3 table's result number for the bases, infield back or in."""
        number = str(self.super_fielding["groundballs"][situation][symbol][1 if playing_in else 0])
        return Cell("super fielding groundballs", situation, f"{symbol} {'in' if playing_in else 'back'}", number)

    def park(self, club: str) -> tuple[str, dict[str, Any]]:
        """30.3-30.4: the home club's park (its code's entry) or the neutral park; (the code read, the entry)."""
        parks = self.ballparks["parks"]
        return (club, parks[club]) if club in parks else ("neutral", self.ballparks["neutral"])

    def injury_games(self, d20: int, super_chart: bool = False) -> Cell:
        """6.4's chart; ``super_chart``: 17.32's (super advanced revision 3).  Both are read as chart
        ``injury`` (the season player takes the games from it)."""
        ranges = self.super_misc["injury"]["ranges"] if super_chart else self.injury["ranges"]
        games = next(g for lo, hi, g in ranges if lo <= d20 <= hi)
        return Cell("injury", str(d20), "super games (17.32)" if super_chart else "games", games)


# The strategy chart's cells read most (Charts.groundball, Charts.flyball), by the charts' identity and
# the reading; each entry keeps its charts alive, so an id found is always theirs.
_CELLS: dict[tuple[Any, ...], tuple[Charts, Cell]] = {}


def _keep(key: tuple[Any, ...], charts: Charts, cell: Cell) -> None:
    if len(_CELLS) > 4096:
        _CELLS.clear()
    _CELLS[key] = (charts, cell)


@functools.cache
def load_charts() -> Charts:
    def read(name: str) -> dict[str, Any]:
        with open(_DIR / f"{name}.json", encoding="utf-8") as f:
            data: dict[str, Any] = json.load(f)
        return data

    return Charts(read("strategy"), read("fielding"), read("injury"), read("advanced-fielding"), read("super-misc"),
                  read("super-fielding"), read("ballparks"), read("weather"))


_ERROR = re.compile(r"^E\(([123])\)$", re.IGNORECASE)
_SHORT = {"gb": "GROUNDBALL", "fly": "FLYBALL"}
_SHORT_AT = re.compile(r"^(gb|fly)([ABC])$|^(foulout|popout)$", re.IGNORECASE)


@functools.cache
def _e_line(position: str, text: str) -> CardCell:
    """An e-section line in the manual's abbreviations: ``E(2) 1-4, gbA 5-6`` over the white die."""

    def read(part: str) -> Result:
        if m := _ERROR.match(part):
            # E(N) advances runners as the basic chart's "N base error-N" does
            return parse_result(f"{m[1]} base error-{m[1]}")
        if m := _SHORT_AT.match(part):
            word = _SHORT[m[1].lower()] if m[1] else m[3]
            return parse_result(f"{word}({position}){m[2] or ''}")
        return parse_result(part)

    return parse_cell(text, top=6, read=read)
