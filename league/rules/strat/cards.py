"""Strat-O-Matic cards and their plain-text format (see docs/strat-o-matic.md).

One file holds any number of cards.  A card opens with ``BATTER id`` or
``PITCHER id``, then ``field: value`` lines (the ratings printed at the top of
a card), then three sections of readings, and ends with ``END``::

    BATTER BAY03
    name: Hank Ostrander
    team: BAY
    bats: S
    fielding: ss-2e12, 2b-3e15
    running: 1-12
    stealing: B
    bunting: C
    hit-and-run: C
    power: N/W
    [basic]
    1-2 HOMERUN
    ...                       # 33 readings: columns 1-3, rows 2-12
    [vs LHP]
    ...
    [vs RHP]
    ...
    END

Pitchers use columns 4-6, sections ``[vs LHB]``/``[vs RHB]`` and the fields
``throws``, ``batting`` (``1WR``: pitchers' hitting card 1, W power, bats
right), ``endurance`` (``starter(6) relief(2)``; ``relief(2)/3`` adds a closer endurance, 28.1),
``hold``, ``balk``,
``wild-pitch``.  Any card may carry ``lead: *8-10/11,12 (19-14)``, the
supplementary stealing rating (23.1, super advanced), and ``actual: ab=512`` (a batter) or
``actual: ip=231.1`` / ``actual: outs=694`` (a pitcher), the real season's figure 10.1-10.2 limit
(:mod:`.real_usage`); a batter's may add his walks, ``ab=512, bb=60``, which 26.2's solitaire rest
chart reads with the at-bats (:mod:`.solitaire_rest`).  ``#`` starts a comment.  Errors name file, line and field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from league.domain.errors import InputError
from league.rules.strat.card_headers import endurance
from league.rules.strat.park_field import Park, parse_park
from league.rules.strat.real_usage import parse_actual
from league.rules.strat.results import Cell, parse_cell
from league.rules.strat.supplementary import Lead, parse_lead

GRADES = ("AAA", "AA", "A", "B", "C", "D", "E")
_FIELDING = re.compile(r"^(p|c|1b|2b|3b|ss|lf|cf|rf)-([1-5])(?:\(([+-]?\d)\))?e(\d{1,2})$")
SECTIONS = {"batter": {"[basic]": "basic", "[vs lhp]": "L", "[vs rhp]": "R"},
            "pitcher": {"[basic]": "basic", "[vs lhb]": "L", "[vs rhb]": "R"}}
ROWS = range(2, 13)


@dataclass(frozen=True)
class Fielding:
    position: str
    range: int  # 1 best .. 5 worst
    arm: int | None  # outfielders -6..+5, catchers -4..+5 (16.1 B)
    error: int  # the e rating

    def __str__(self) -> str:
        arm = "" if self.arm is None else f"({self.arm:+d})"
        return f"{self.position}-{self.range}{arm}e{self.error}"


@dataclass(frozen=True)
class Card:
    id: str
    kind: str  # "batter" | "pitcher"
    name: str
    team: str
    hand: str  # batters: bats L/R/S; pitchers: throws L/R
    fielding: tuple[Fielding, ...] = ()
    running: int = 10  # 1-N on the d20
    stealing: str = "E"
    bunting: str = "C"
    hit_and_run: str = "C"
    power: tuple[str, str] = ("N", "N")  # vs left-, right-handed pitching
    catcher_t: tuple[int, int] | None = None  # throwing-error range (16.1 D)
    passed_ball: int | None = None
    batting: str | None = None  # pitchers: "1WR"
    starter: int | None = None  # point of weakness (27.0)
    relief: int | None = None
    closer: str | None = None  # 28.1: closer endurance "0"-"6" or "N" ("relief(2)/3"), when the card carries one
    hold: int = 0
    balk: int = 0
    wild_pitch: int = 0
    lead: Lead | None = None  # 23.1: the supplementary stealing rating, when the card carries one
    actual_ab: int | None = None  # 10.1: the real season's at-bats ("actual: ab=512"), when the card carries them
    actual_outs: int | None = None  # 10.2: the real season's outs pitched ("actual: ip=231.1"), likewise
    actual_bb: int | None = None  # 26.2: the real season's walks ("actual: ab=512, bb=60"), likewise
    park: Park | None = None  # 30.3-30.4: its club-season's home park ("park: ...", park_field.py), when it carries one
    cells: dict[tuple[str, int, int], Cell] = field(default_factory=dict, hash=False)

    @property
    def columns(self) -> tuple[int, int, int]:
        return (1, 2, 3) if self.kind == "batter" else (4, 5, 6)

    def cell(self, side: str, column: int, row: int) -> Cell:
        return self.cells[(side, column, row)]

    def rating(self, position: str) -> Fielding | None:
        return next((f for f in self.fielding if f.position == position), None)

    @property
    def bats(self) -> str:
        return self.batting[-1] if self.kind == "pitcher" and self.batting else self.hand


def read_cards(path: str | Path) -> list[Card]:
    p = Path(path)
    return parse_cards(p.read_text(encoding="utf-8"), str(p))


def card_names(text: str) -> dict[str, str]:
    """Card id -> the name on the card, from cards already checked by :func:`parse_cards`.

    The lines are read as the parser reads them (comments dropped, field
    names in any case), but nothing else is: screens ask for names often,
    and a full parse of a league's cards costs far more than finding the names.
    """
    names: dict[str, str] = {}
    card = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        m = _OPENING.match(line)
        if m:
            card = m[2]
        elif card:
            key, sep, value = line.partition(":")
            if sep and key.strip().lower() == "name":
                names[card] = value.strip()
                card = None
    return names


_OPENING = re.compile(r"^(BATTER|PITCHER)\s+(\S+)$")
_READING = re.compile(r"^(\d)-(\d{1,2})\s+(.+)$")


def parse_cards(text: str, source: str = "<cards>") -> list[Card]:
    """Every card in ``text``; the first problem raises InputError."""
    cards: list[Card] = []
    current: dict[str, object] | None = None
    # The card being read's section, readings and columns, kept out of ``current``: a club's cards
    # are about 2,400 reading lines, and each line read them from the card's dict three times.
    side: str | None = None
    cells: dict[tuple[str, int, int], Cell] = {}
    columns: tuple[int, ...] = ()
    start = 0
    read_lines = _READ_LINES
    for number, raw in enumerate(text.splitlines(), start=1):
        line = (raw.split("#", 1)[0] if "#" in raw else raw).strip()
        if not line:
            continue
        if side is not None and line[0] != "[" and line != "END":  # a reading: most lines
            read = read_lines.get(line) or _read_kept(line)
            key = (side, read[0], read[1])
            if read[0] not in columns or read[1] not in _ROWS or key in cells or type(read[2]) is str:
                assert current is not None
                _refuse_reading(current, side, columns, cells, read, line, source, number)
            cells[key] = read[2]  # type: ignore[index,assignment]  # column, row and Cell: refused otherwise
        elif current is None:
            m = _OPENING.match(line)
            if not m:
                raise InputError(source, number, None, f"expected 'BATTER id' or 'PITCHER id', got {line!r}")
            cells, side = {}, None
            columns = (1, 2, 3) if m[1] == "BATTER" else (4, 5, 6)
            current, start = {"id": m[2], "kind": m[1].lower(), "cells": cells}, number
        elif line == "END":
            cards.append(_finish(current, source, start))
            current, side = None, None
        elif line.startswith("["):
            side = SECTIONS[str(current["kind"])].get(line.lower())
            if side is None:
                raise InputError(source, number, "section", f"unknown section {line!r} for a {current['kind']}")
        else:
            _field(current, line, source, number)
    if current is not None:
        raise InputError(source, start, None, f"card {current['id']} has no END")
    ids = [c.id for c in cards]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise InputError(source, None, "id", f"duplicate card ids: {', '.join(dup)}")
    return cards


_ROWS = frozenset(ROWS)


def _read_kept(line: str) -> tuple[int | None, int | None, Cell | str]:
    """:func:`_read_line`, kept for the next time the line comes."""
    read = _read_line(line)
    if len(_READ_LINES) >= 65536:
        _READ_LINES.clear()
    _READ_LINES[line] = read
    return read


def _refuse_reading(card: dict[str, object], side: str, columns: tuple[int, ...],
                    cells: dict[tuple[str, int, int], Cell], read: tuple[int | None, int | None, Cell | str],
                    line: str, source: str, number: int) -> NoReturn:
    """Raise the problem of a reading line that is no reading, or not one this card can hold."""
    column, row, cell = read
    if column is None:
        raise InputError(source, number, "reading", str(cell))
    where = f"{side} {line.split()[0]}"  # written only for an error: a club has thousands of readings
    if column not in columns or row not in ROWS:
        raise InputError(source, number, where, f"a {card['kind']} card has columns {columns} and rows 2-12")
    if (side, column, row) in cells:
        raise InputError(source, number, where, "reading given twice")
    raise InputError(source, number, where, str(cell))


def _read_line(line: str) -> tuple[int | None, int | None, Cell | str]:
    """A reading line's column, row and cell, or (column, row, the problem) -- what depends on the
    line alone.  A league's cards repeat a few thousand reading lines 70,000 times, and every
    command that reads the cards (the audit before it forks, ``game log``) parsed each one again."""
    m = _READING.match(line)
    if not m:
        return None, None, f"expected 'column-row reading', got {line!r}"
    try:
        return int(m[1]), int(m[2]), parse_cell(m[3])
    except ValueError as e:
        return int(m[1]), int(m[2]), str(e)


_READ_LINES: dict[str, tuple[int | None, int | None, Cell | str]] = {}  # Cells are immutable: shared


def _field(card: dict[str, object], line: str, source: str, number: int) -> None:
    name, sep, value = line.partition(":")
    name, value = name.strip().lower(), value.strip()
    if not sep or not value:
        raise InputError(source, number, name or None, f"expected 'field: value', got {line!r}")
    try:
        card.update(_FIELDS[name](value))
    except KeyError:
        raise InputError(source, number, name, "unknown field") from None
    except ValueError as e:
        raise InputError(source, number, name, str(e)) from None


def _grade(value: str, allowed: tuple[str, ...]) -> str:
    v = value.upper()
    if v not in allowed:
        raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
    return v


def _range_top(value: str, lo: int = 1, hi: int = 20) -> int:
    m = re.match(r"^1-(\d{1,2})$", value)
    if not m or not lo <= int(m[1]) <= hi:
        raise ValueError(f"expected a d20 range 1-N, got {value!r}")
    return int(m[1])


def _fielding(value: str) -> dict[str, object]:
    out = []
    for part in value.split(","):
        m = _FIELDING.match(part.strip().lower())
        if not m:
            raise ValueError(f"expected position-range(arm)eN like ss-2e12 or lf-2(-1)e5, got {part.strip()!r}")
        out.append(Fielding(m[1], int(m[2]), None if m[3] is None else int(m[3]), int(m[4])))
    return {"fielding": tuple(out)}


def _catcher(value: str) -> dict[str, object]:
    m = re.match(r"^T(\d{1,2})-(\d{1,2})\s+pb(\d{1,2})$", value, re.I)
    if not m:
        raise ValueError(f"expected 'T1-5 pb3', got {value!r}")
    return {"catcher_t": (int(m[1]), int(m[2])), "passed_ball": int(m[3])}


def _int(name: str, lo: int, hi: int):  # type: ignore[no-untyped-def]
    def parse(value: str) -> dict[str, object]:
        if not re.match(r"^[+-]?\d+$", value) or not lo <= int(value) <= hi:
            raise ValueError(f"expected a whole number {lo}..{hi}, got {value!r}")
        return {name: int(value)}
    return parse


def _batting(value: str) -> dict[str, object]:
    m = re.match(r"^#?([1-8])([NW])([LRS])$", value.upper())
    if not m:
        raise ValueError(f"expected pitchers' hitting card, power and side like 1WR, got {value!r}")
    return {"batting": m[1] + m[2] + m[3], "power": (m[2], m[2])}


def _power(value: str) -> dict[str, object]:
    m = re.match(r"^([NW])/([NW])$", value.upper())
    if not m:
        raise ValueError(f"expected power vs LHP/RHP like N/W, got {value!r}")
    return {"power": (m[1], m[2])}


_FIELDS = {
    "name": lambda v: {"name": v},
    "team": lambda v: {"team": v.upper()},
    "bats": lambda v: {"hand": _grade(v, ("L", "R", "S"))},
    "throws": lambda v: {"hand": _grade(v, ("L", "R"))},
    "fielding": _fielding,
    "catcher": _catcher,
    "running": lambda v: {"running": _range_top(v)},
    "stealing": lambda v: {"stealing": _grade(v, GRADES)},
    "bunting": lambda v: {"bunting": _grade(v, ("A", "B", "C", "D", "E"))},
    "hit-and-run": lambda v: {"hit_and_run": _grade(v, ("A", "B", "C", "D"))},
    "power": _power,
    "batting": _batting,
    "endurance": endurance,
    "hold": _int("hold", -6, 9),
    "balk": _int("balk", 0, 20),
    "wild-pitch": _int("wild_pitch", 0, 20),
    "lead": lambda v: {"lead": parse_lead(v)},
    "actual": parse_actual,
    "park": parse_park,
}
_REQUIRED = {"batter": ("name", "team", "hand", "fielding"),
             "pitcher": ("name", "team", "hand", "batting", "fielding")}


def _finish(card: dict[str, object], source: str, line: int) -> Card:
    kind = str(card["kind"])
    for name in _REQUIRED[kind]:
        if name not in card:
            label = {"hand": "bats" if kind == "batter" else "throws"}.get(name, name)
            raise InputError(source, line, label, f"card {card['id']} lacks this field")
    if kind == "pitcher" and card.get("starter") is None and card.get("relief") is None:
        raise InputError(source, line, "endurance", f"card {card['id']} lacks this field")
    cells = card["cells"]
    assert isinstance(cells, dict)
    columns = (1, 2, 3) if kind == "batter" else (4, 5, 6)
    for side in ("basic", "L", "R"):
        for c in columns:
            for r in ROWS:
                if (side, c, r) not in cells:
                    raise InputError(source, line, f"{side} {c}-{r}",
                                     f"card {card['id']} lacks this reading")
    data = {k: v for k, v in card.items() if not k.startswith("_")}
    return Card(**data)  # type: ignore[arg-type]
