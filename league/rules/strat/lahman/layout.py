"""Lay a card side's chances out on its 33 readings (three columns, colored dice 2-12).

A reading on row ``r`` is worth ``6 - |7 - r|`` of a column's 36 chances;
a split reading (1.0 "Splits") gives ``k`` of the d20's 20 numbers to one
result, so ``k/20`` of the reading's chances.  The unit here is a
twentieth of a chance: a card is ``108 x 20 = 2160`` units.

``precise`` readings (hits, walks, strikeouts) keep their chances to the
twentieth; the others (outs) are whole chances, and the largest of them
fills what rounding leaves.  Readings are placed largest first, each on
whole readings of the largest weight that fits, and what is left of it on a
split (a row-2 or row-12 reading, worth 1 chance, splits to the exact
twentieth), so a card has few splits and every chance is where the
formulas put it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

ROWS = range(2, 13)
UNITS = 20  # d20 numbers in a reading


def weight(row: int) -> int:
    return 6 - abs(7 - row)


@dataclass
class _Cell:
    column: int
    row: int
    parts: list[tuple[int, str]] = field(default_factory=list)  # (d20 numbers, reading)

    @property
    def w(self) -> int:
        return weight(self.row)

    @property
    def free(self) -> int:
        return UNITS - sum(k for k, _ in self.parts)

    def text(self) -> str:
        merged: list[tuple[int, str]] = []
        for k, reading in self.parts:
            if merged and merged[-1][1] == reading:
                merged[-1] = (merged[-1][0] + k, reading)
            else:
                merged.append((k, reading))
        if len(merged) == 1:
            return merged[0][1]
        out, lo = [], 1
        for k, reading in merged:
            hi = lo + k - 1
            out.append(f"{reading} {lo}-{hi}" if hi > lo else f"{reading} {lo}")
            lo = hi + 1
        return ", ".join(out)


def lay_out(readings: list[tuple[str, float, bool]], columns: tuple[int, int, int]) -> dict[tuple[int, int], str]:
    """``(reading, chances, precise)`` (chances summing to 108) -> ``{(column, row): text}``."""
    units = _units(readings)
    cells = [_Cell(c, r) for c in columns for r in ROWS]
    order = sorted(range(len(readings)), key=lambda i: (not readings[i][2], -units[i], i))
    for i in order:
        _place(cells, readings[i][0], units[i])
    filler = max(range(len(readings)), key=lambda i: (not readings[i][2], units[i], -i))
    for cell in cells:  # what rounding left: the largest out reading
        if cell.free:
            cell.parts.append((cell.free, readings[filler][0]))
    return {(c.column, c.row): c.text() for c in cells}


def _units(readings: list[tuple[str, float, bool]]) -> list[int]:
    """Precise readings to the unit, the rest to whole chances; the largest out takes the difference."""
    out = [round(UNITS * ch) if precise else UNITS * math.floor(ch) for _, ch, precise in readings]
    loose = [i for i, (_, _, precise) in enumerate(readings) if not precise]
    total = 108 * UNITS
    if loose:
        # largest remainders first: whole chances where the rounding lost most
        spare = (total - sum(out)) // UNITS
        for i in sorted(loose, key=lambda i: (-(readings[i][1] % 1), i))[:max(0, spare)]:
            out[i] += UNITS
        big = max(loose, key=lambda i: (out[i], -i))
        out[big] += total - sum(out)
        if out[big] < 0:  # rounding ran over: take it back from the largest readings
            short = -out[big]
            out[big] = 0
            for i in sorted(range(len(out)), key=lambda i: -out[i]):
                cut = min(short, out[i])
                out[i] -= cut
                short -= cut
                if not short:
                    break
    return out


def _place(cells: list[_Cell], reading: str, left: int) -> None:
    while left > 0:
        whole = [c for c in cells if not c.parts and UNITS * c.w <= left]
        if whole:
            cell = max(whole, key=lambda c: c.w)  # the first of the largest weight
            cell.parts.append((UNITS, reading))
            left -= UNITS * cell.w
            continue
        best: tuple[tuple[int, int, int], _Cell, int] | None = None
        for c in cells:
            if not c.free:
                continue
            k = min(c.free, round(left / c.w))
            if k < 1:
                continue
            key = (abs(left - k * c.w), 0 if c.parts else 1, c.w)
            if best is None or key < best[0]:
                best = (key, c, k)
        if best is None:
            return  # less than half a number anywhere: the filler keeps it
        _, cell, k = best
        cell.parts.append((k, reading))
        left -= k * cell.w


__all__ = ["lay_out", "weight"]
