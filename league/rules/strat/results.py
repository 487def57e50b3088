"""Card readings as values: parse ``"HOMERUN 1-10, DOUBLE 11-20"`` and back.

A cell on a card (or a fielding-chart cell) is one reading, or a split of
readings over the 20-sided die (1.0 "Splits").  The text is the manual's own
wording so a commissioner can copy a printed card: ``SINGLE**``,
``GROUNDBALL(2b)X``, ``fly(rf)B?``, ``gb(ss)A+``, ``N-HOMERUN``, a trailing
``•`` for the out readings a tired pitcher gives up as SINGLE** (27.1), and
``PLUS INJURY`` (6.4).  Parsing is case-insensitive; writing is canonical.

A reading may carry one of the super advanced symbols printed to the left of
a card's numbers (30.0), as a prefix token: ``<> HOMERUN`` (black diamond,
30.3), ``v SINGLE`` (upside-down black triangle, 30.4), ``u GROUNDBALL(ss)A``
(horseshoe, 30.7) and ``^ FLYBALL(cf)B / SINGLE*`` (white triangle, 30.6:
the second reading after `` / ``).  A reading without one reads as before.
"""

from __future__ import annotations

import functools

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

HITS = ("SINGLE", "DOUBLE", "TRIPLE", "HOMERUN")
SIMPLE = ("WALK", "HBP", "STRIKEOUT", "CATCH-X")
AT = ("POPOUT", "FOULOUT", "LINEOUT", "LOMAX")
POSITIONS = ("p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")

_HIT = re.compile(r"^(SINGLE|DOUBLE|TRIPLE|HOMERUN)(\*{0,2})(?:\((LF|CF|RF)\))?$")
_AT = re.compile(r"^(POPOUT|FOULOUT|LINEOUT|LOMAX)\((P|C|1B|2B|3B|SS|LF|CF|RF)\)$")
_BALL = re.compile(r"^(FLYBALL|FLY|GROUNDBALL|GB)\((P|C|1B|2B|3B|SS|LF|CF|RF)\)(A|B\?|B|C|X)(\+{0,2})$")
_ERROR = re.compile(r"^([123]) BASE ERROR-([123])$")
# 30.0's symbols as prefix tokens, as a card file writes them (upper case: parse_result reads upper case)
DIAMOND, TRIANGLE, WHITE, HORSESHOE = "<>", "v", "^", "u"
_MARKS = {"<>": DIAMOND, "V": TRIANGLE, "^": WHITE, "U": HORSESHOE}
_RANGE = re.compile(r"^(.*\S)\s+(\d{1,2})(?:-(\d{1,2}))?$")


@dataclass(frozen=True)
class Result:
    """One reading.  ``kind`` is a word from the card; the rest qualifies it."""

    kind: str  # SINGLE.. HOMERUN, WALK, HBP, STRIKEOUT, POPOUT.. LOMAX, FLYBALL, GROUNDBALL, CATCH-X, ERROR
    stars: int = 0  # * or ** after a hit (2.2)
    at: str | None = None  # the fielder in parentheses
    grade: str | None = None  # A, B, B?, C or X for fly/ground balls
    plus: bool = False  # GROUNDBALL()++ / gb()+ (6.1, 17.1)
    n: bool = False  # N-HOMERUN: a homer only for N power (12.1)
    dot: bool = False  # an out that becomes SINGLE** once the pitcher tires (27.1)
    injury: bool = False  # "... PLUS INJURY" (6.4)
    bases: int = 0  # ERROR: bases the batter takes
    note: int = 0  # ERROR: the fielding chart's advancement note
    mark: str = ""  # 30.0: the symbol left of the reading (DIAMOND, TRIANGLE, WHITE, HORSESHOE), or none
    second: Result | None = None  # 30.6: the reading printed beneath, with the white triangle

    @property
    def primary(self) -> Result:
        """The reading without its symbol: what advanced play (and super before revision 4) accepts (30.1)."""
        return replace(self, mark="", second=None) if self.mark else self

    @property
    def is_hit(self) -> bool:
        return self.kind in HITS

    @property
    def is_out(self) -> bool:
        return self.kind in AT or self.kind == "STRIKEOUT" or (
            self.kind in ("FLYBALL", "GROUNDBALL") and self.grade != "X")

    def text(self) -> str:
        """``str(reading)``; the hot paths call this method: str() reaches __str__ through the str class's
        call, several times the cost of a method call in Python 3.11."""
        # Written once per reading: every plate appearance explains its cells, and a season's
        # readings are a few hundred shared objects (parse_result's cache).  Kept by the reading's
        # identity, outside it: reading an instance's __dict__ turns its fields into a dict that
        # Python 3.11 cannot read an attribute from quickly (see league.rules.pa.state.PitcherLog),
        # and a reading's fields are read several times a play.
        hit = _TEXTS.get(id(self))
        if hit is not None:
            return hit[1]
        text = self._text()
        if len(_TEXTS) > 8192:
            _TEXTS.clear()
        _TEXTS[id(self)] = (self, text)  # the entry keeps the reading alive: an id found is always its own
        return text

    __str__ = text

    def _text(self) -> str:
        if self.kind in HITS:
            text = ("N-" if self.n else "") + self.kind + "*" * self.stars
            text += f"({self.at})" if self.at else ""
        elif self.kind in AT:
            text = f"{self.kind}({self.at})"
        elif self.kind in ("FLYBALL", "GROUNDBALL"):
            text = f"{self.kind}({self.at}){self.grade}" + ("++" if self.plus else "")
        elif self.kind == "ERROR":
            text = f"{self.bases} base error-{self.note}"
        else:
            text = self.kind
        text += (" •" if self.dot else "") + (" PLUS INJURY" if self.injury else "")
        if self.mark:
            text = f"{self.mark} {text}" + (f" / {self.second}" if self.second is not None else "")
        return text


_TEXTS: dict[int, tuple[Result, str]] = {}  # Result.__str__'s texts, by the reading's identity

Option = tuple[int, int, Result]  # d20 low, high, reading
Cell = tuple[Option, ...]


@functools.lru_cache(maxsize=4096)
def parse_result(text: str) -> Result:
    """One reading; ValueError naming what is wrong.

    Cached: a card set repeats a few hundred readings tens of thousands of
    times, and a Result is immutable.
    """
    t = " ".join(text.strip().upper().split())
    mark, _, body = t.partition(" ")
    if mark in _MARKS:
        return _marked(_MARKS[mark], body, text)
    injury = t.endswith(" PLUS INJURY")
    t = t.removesuffix(" PLUS INJURY").strip()
    dot = t.endswith("•")
    t = t.removesuffix("•").strip()
    n = t.startswith("N-")
    t = t.removeprefix("N-")
    t = {"CATCHER X": "CATCH-X", "CATCHER'S CARD X": "CATCH-X"}.get(t, t)
    r: Result | None = None
    if m := _HIT.match(t):
        r = Result(m[1], stars=len(m[2]), at=m[3].lower() if m[3] else None)
    elif m := _AT.match(t):
        r = Result(m[1], at=m[2].lower())
    elif m := _BALL.match(t):
        kind = "FLYBALL" if m[1].startswith("FLY") else "GROUNDBALL"
        if m[4] and kind == "FLYBALL":
            raise ValueError(f"only groundballs carry '+': {text!r}")
        if m[3] == "B?" and kind == "GROUNDBALL":
            raise ValueError(f"'B?' is a flyball reading: {text!r}")
        r = Result(kind, at=m[2].lower(), grade=m[3], plus=bool(m[4]))
    elif m := _ERROR.match(t):
        r = Result("ERROR", bases=int(m[1]), note=int(m[2]))
    elif t in SIMPLE:
        r = Result(t)
    if r is None:
        raise ValueError(f"unknown reading {text.strip()!r}")
    if n and r.kind != "HOMERUN":
        raise ValueError(f"only HOMERUN takes the N- prefix: {text!r}")
    return replace(r, n=n, dot=dot, injury=injury)


def _marked(mark: str, body: str, text: str) -> Result:
    """A reading with a 30.0 symbol: one symbol a reading, on the readings the manual puts it on."""
    second = None
    if mark == WHITE:
        body, sep, below = body.partition(" / ")
        if not sep:
            raise ValueError(f"the white triangle (^) takes the second reading after ' / ': {text!r}")
        second = parse_result(below)
    r = parse_result(body)
    if r.mark or (second is not None and second.mark):
        raise ValueError(f"a reading carries one symbol: {text!r}")
    if mark == DIAMOND and r.kind != "HOMERUN":
        raise ValueError(f"the black diamond (<>) marks a HOMERUN: {text!r}")
    if mark == TRIANGLE and r.kind != "SINGLE":
        raise ValueError(f"the black triangle (v) marks a SINGLE: {text!r}")
    return replace(r, mark=mark, second=second)


# Cached as parse_result is: a season's cards repeat a few thousand cell texts, and a Cell is immutable.
@functools.lru_cache(maxsize=8192)
def parse_cell(text: str, top: int = 20, read: Callable[[str], Result] = parse_result) -> Cell:
    """A reading or a split; the split's ranges must cover 1-``top`` in order.

    Cards split on the d20; the advanced fielding chart's double results split
    on the white die (``top=6``) and read its own abbreviations (``read``).
    """
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == 1 and not _RANGE.match(parts[0]):
        return ((1, top, read(parts[0])),)
    options: list[Option] = []
    expect = 1
    for part in parts:
        m = _RANGE.match(part)
        if not m:
            raise ValueError(f"split part {part!r} has no 1-{top} range")
        lo, hi = int(m[2]), int(m[3] or m[2])
        if lo != expect or hi < lo or hi > top:
            raise ValueError(f"split range {lo}-{hi} in {text!r} should start at {expect} and stay within {top}")
        options.append((lo, hi, read(m[1])))
        expect = hi + 1
    if expect != top + 1:
        raise ValueError(f"split {text!r} does not cover 1-{top}")
    return tuple(options)


def cell_text(cell: Cell) -> str:
    if len(cell) == 1:
        return str(cell[0][2])
    return ", ".join(f"{r} {lo}-{hi}" if lo != hi else f"{r} {lo}" for lo, hi, r in cell)


def pick(cell: Cell, roll: int) -> Result:
    return next(r for lo, hi, r in cell if lo <= roll <= hi)
