"""Pine Tar cards and their plain-text format (docs/pine-tar.md, "Cards").

One file holds a club's cards.  A card opens with ``BATTER id`` or
``PITCHER id``, then ``field: value`` lines (the ratings at the top of a
Pine Tar card), then its batting columns, and ends with ``END``::

    BATTER HBR01
    name: Ray Dunlap
    team: HBR
    bats: L                 # L, R or S (switch)
    throws: R
    positions: ss, 2b       # most played first; the first is where he starts
    sbc: 82                 # stolen base chance, or N
    sbo: B                  # stolen base opportunity: AA, A, B, C, D, E or N
    br: M                   # base running: S(low), M(edium), F(ast)
    shc: 89                 # sacrifice hit chance, or N
    rg: Pos                 # defensive range: Pos, Neu or Neg
    ec: 3                   # error chance 0-9 (the blue die at or under it is an error)
    arm: A                  # outfielders W/A/E; catchers write "ar: -9"; infielders neither
    inj: 54C                # injury chance 0-99 and the length letter
    [vs LHP]
    00-04 HR                # two-die results 00-99, every number exactly once
    ...
    [vs RHP]
    ...
    END

A pitcher has ``throws``, ``bats``, ``role`` (``S 31``: starter with his
games started, ``R``, ``C``, or ``S/R`` for a dual role), ``home`` and
``away`` grades (``A+/B``: the grade after the slash is his third time
through the order, starters only), ``mip`` (``6``, dual role ``5/2``),
``bkwp`` (``21/99``, ``--/99``, ``--/--``), optionally ``so-bb`` (``SO 77``,
``BB 55, 77``, ``SO 55-60, 77`` or ``NC``, page 16) and one ``[batting]`` column used
against either hand.  ``#`` starts a comment.  Errors name file, line and field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from league.domain.errors import InputError

GRADES = ("A+", "A", "B", "C", "D", "E", "G", "M")
SBO = ("AA", "A", "B", "C", "D", "E", "N")
POSITIONS = ("p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")
SCORER = {str(i + 1): p for i, p in enumerate(POSITIONS)}  # PO-3 is the first baseman
OUTFIELD = ("lf", "cf", "rf")
HITS = ("1B", "2B", "3B", "HR")
SIMPLE = HITS + ("BB", "SO", "ROE/PO", "ROE/LO", "BK/WP")
_RESULT = re.compile(r"^(GO|FO|LO|PO)-([A-Z0-9]{1,2})$")
_RANGE = re.compile(r"^(\d{1,2})(?:-(\d{1,2}))?\s+(\S+)$")
_GRADE = re.compile(r"^(A\+|A|B|C|D|E|G|M)(?:/(A\+|A|B|C|D|E|G|M))?$")
_INJ = re.compile(r"^(\d{1,2})([A-D])$")  # the letters of charts/injury_length.txt
_MIP = re.compile(r"^(\d{1,2})(?:/(\d{1,2})\*?)?$")
_BKWP = re.compile(r"^(--|\d{1,2})/(--|\d{1,2})$")
_SO_BB = re.compile(r"^(SO|BB)\s+(.+)$")
SO_BB_ROLLS = frozenset({55, 56, 57, 58, 59, 60, 77})  # page 16: "a batter roll of 55-60 or 77"


@dataclass(frozen=True)
class Rated:
    """A position the player may field, with the card's range and error chance (shared by his positions)."""

    position: str
    rg: str = "Neu"
    ec: int = 0

    def __str__(self) -> str:
        return f"{self.position}({self.rg} EC{self.ec})"


@dataclass(frozen=True)
class Grade:
    grade: str
    third: str | None  # the grade the third time through the order (starters)

    def __str__(self) -> str:
        return self.grade + (f"/{self.third}" if self.third else "")


@dataclass(frozen=True)
class Card:
    id: str
    kind: str  # "batter" | "pitcher"
    name: str
    team: str
    bats: str
    throws: str
    fielding: tuple[Rated, ...] = ()
    sbc: int | None = None  # None: N, never steals
    sbo: str = "N"
    br: str = "M"
    shc: int | None = None  # None: N, never bunts
    rg: str = "Neu"
    ec: int = 0
    arm: str | None = None  # outfielders: W, A, E
    ar: int | None = None  # catchers: added to a runner's SBC
    inj: str | None = None
    columns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "L"/"R"/"any" -> 100 results
    role: str | None = None  # pitchers: "S", "R", "C", "S/R"
    started: int | None = None
    home: Grade | None = None
    away: Grade | None = None
    mip: tuple[int | None, int | None] = (None, None)  # as a starter, in relief
    bk: int | None = None  # top of the balk range; None: "--"
    wp: int | None = None  # top of the wild-pitch range; None: "--"
    # Pitchers' SO/BB rating (page 16): the result ("SO" or "BB") a batter roll of one of these numbers
    # (55-60, 77) becomes under the optional rule; None for NC (no change).
    so_bb: tuple[str, tuple[int, ...]] | None = None

    @property
    def hand(self) -> str:
        return self.bats if self.kind == "batter" else self.throws

    @property
    def starter(self) -> int | None:
        return self.mip[0]

    @property
    def relief(self) -> int | None:
        return self.mip[1]

    def column(self, throws: str) -> tuple[str, ...]:
        """The batting column against a pitcher who throws ``throws`` (a pitcher has one)."""
        if "any" in self.columns:
            return self.columns["any"]
        return self.columns[throws]

    def injury(self) -> tuple[int, str] | None:
        if not self.inj:
            return None
        m = _INJ.match(self.inj)
        assert m is not None
        return int(m[1]), m[2]


def result_token(text: str) -> str | None:
    """A batting result in its one spelling (``PO-3`` -> ``PO-1B``), or None if it is not one."""
    t = text.upper()
    if t in SIMPLE:
        return t
    m = _RESULT.match(t)
    if not m:
        return None
    kind, where = m[1], m[2].lower()
    where = SCORER.get(where, where)
    # A fly out goes to an outfielder, a ground out to an infielder (the pitcher and catcher count).
    wrong_field = (kind == "FO" and where not in OUTFIELD) or (kind == "GO" and where in OUTFIELD)
    if where not in POSITIONS or wrong_field:
        return None
    return f"{kind}-{where.upper()}"


_BATTER_FIELDS = {"name", "team", "bats", "throws", "positions", "sbc", "sbo", "br", "shc", "rg", "ec", "arm",
                  "ar", "inj"}
_PITCHER_FIELDS = _BATTER_FIELDS - {"positions", "arm", "ar"} | {"role", "home", "away", "mip", "bkwp", "so-bb"}
_REQUIRED = {"batter": {"name", "team", "bats", "throws", "positions"},
             "pitcher": {"name", "team", "throws", "bats", "role", "home", "away", "mip"}}
_SECTIONS = {"batter": {"[vs lhp]": "L", "[vs rhp]": "R"}, "pitcher": {"[batting]": "any"}}


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, line: int | None, fld: str, msg: str) -> InputError:
        return InputError(self.source, line, fld, msg)


def parse_cards(text: str, source: str = "<cards>") -> list[Card]:
    """Every card in ``text``; the first problem raises InputError naming the file, line and field."""
    r = _Reader(source)
    cards: list[Card] = []
    seen: set[str] = set()
    lines = [(n, raw.split("#", 1)[0].strip()) for n, raw in enumerate(text.splitlines(), start=1)]
    i = 0
    while i < len(lines):
        n, line = lines[i]
        i += 1
        if not line:
            continue
        head = line.split()
        if len(head) != 2 or head[0].upper() not in ("BATTER", "PITCHER"):
            raise r.fail(n, "card", f"expected 'BATTER id' or 'PITCHER id', got {line!r}")
        kind, cid = head[0].lower(), head[1]
        if not re.fullmatch(r"[A-Z][A-Z0-9]{1,11}", cid):
            raise r.fail(n, "id", f"card id {cid!r}: capitals and digits, a capital first")
        if cid in seen:
            raise r.fail(n, "id", f"card id {cid} appears twice")
        seen.add(cid)
        body: list[tuple[int, str]] = []
        while i < len(lines) and lines[i][1].upper() != "END":
            body.append(lines[i])
            i += 1
        if i >= len(lines):
            raise r.fail(n, "END", f"card {cid} has no END line")
        i += 1
        cards.append(_card(r, kind, cid, n, body))
    return cards


def _card(r: _Reader, kind: str, cid: str, start: int, body: list[tuple[int, str]]) -> Card:
    fields: dict[str, tuple[int, str]] = {}
    sections: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    allowed = _BATTER_FIELDS if kind == "batter" else _PITCHER_FIELDS
    for n, line in body:
        if not line:
            continue
        if line.startswith("["):
            side = _SECTIONS[kind].get(line.lower())
            if side is None:
                raise r.fail(n, "section", f"{cid}: unknown section {line!r}; a {kind} has "
                             + ", ".join(_SECTIONS[kind]))
            current = sections.setdefault(side, [])
            continue
        if current is not None:
            current.append((n, line))
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep or key not in allowed:
            raise r.fail(n, key or "field", f"{cid}: unknown {kind} field {key!r}")
        fields[key] = (n, value.strip())
    for need in sorted(_REQUIRED[kind] - fields.keys()):
        raise r.fail(start, need, f"{cid}: the {kind} card has no {need}")

    def get(key: str, default: str) -> tuple[int, str]:
        return fields.get(key, (start, default))

    def pick(key: str, choices: tuple[str, ...], default: str) -> str:
        n, v = get(key, default)
        if v not in choices:
            raise r.fail(n, key, f"{cid}: {key} {v!r} is not one of {', '.join(choices)}")
        return v

    def number(key: str, lo: int, hi: int, default: str, never: bool = False) -> int | None:
        n, v = get(key, default)
        if never and v.upper() == "N":
            return None
        if not re.fullmatch(r"[+-]?\d{1,2}", v) or not lo <= int(v) <= hi:
            raise r.fail(n, key, f"{cid}: {key} {v!r} should be a number {lo} to {hi}" + (" or N" if never else ""))
        return int(v)

    team_n, team = fields["team"]
    if not re.fullmatch(r"[A-Z0-9]{2,4}", team):
        raise r.fail(team_n, "team", f"{cid}: team code {team!r}: two to four capitals or digits")
    name = fields["name"][1]
    if not name:
        raise r.fail(fields["name"][0], "name", f"{cid}: empty name")
    bats = pick("bats", ("L", "R", "S"), "R")
    throws = pick("throws", ("L", "R"), "R")
    rg = pick("rg", ("Pos", "Neu", "Neg"), "Neu")
    ec = number("ec", 0, 9, "0")
    assert ec is not None
    inj_n, inj = get("inj", "")
    if inj and not _INJ.match(inj):
        raise r.fail(inj_n, "inj", f"{cid}: injury rating {inj!r} should be a chance 0-99 and a "
                                            "length letter A-D, like 54C")
    common = dict(id=cid, kind=kind, name=name, team=team, bats=bats, throws=throws,
                  sbc=number("sbc", 0, 99, "N", never=True), sbo=pick("sbo", SBO, "N"),
                  br=pick("br", ("S", "M", "F"), "M"), shc=number("shc", 0, 99, "N", never=True),
                  rg=rg, ec=ec, inj=inj or None)
    if kind == "batter":
        pos_n, pos_text = fields["positions"]
        positions = [p.strip().lower() for p in pos_text.split(",") if p.strip()]
        bad = [p for p in positions if p not in POSITIONS or p == "p"]
        if not positions or bad:
            raise r.fail(pos_n, "positions", f"{cid}: positions {pos_text!r}: from c, 1b, 2b, 3b, ss, lf, cf, rf")
        arm = None
        if "arm" in fields:
            arm = pick("arm", ("W", "A", "E"), "A")
            if not any(p in OUTFIELD for p in positions):
                raise r.fail(fields["arm"][0], "arm", f"{cid}: only outfielders have an arm rating")
        ar = number("ar", -9, 9, "0") if "ar" in fields else None
        if ar is not None and "c" not in positions:
            raise r.fail(fields["ar"][0], "ar", f"{cid}: only catchers have an AR rating")
        if "c" in positions and ar is None:
            raise r.fail(start, "ar", f"{cid}: a catcher needs his AR rating")
        columns = {side: _column(r, cid, sections, side, start) for side in ("L", "R")}
        return Card(**common, fielding=tuple(Rated(p, rg, ec) for p in positions), arm=arm, ar=ar,  # type: ignore[arg-type]
                    columns=columns)
    role_n, role_text = fields["role"]
    m = re.fullmatch(r"(S/R|S|R|C)(?:\s+(\d{1,3}))?", role_text)
    if not m:
        raise r.fail(role_n, "role", f"{cid}: role {role_text!r} should be S (with games started), R, C or S/R")
    role, started = m[1], int(m[2]) if m[2] else None
    grades = {}
    for key in ("home", "away"):
        n, v = fields[key]
        g = _GRADE.match(v)
        if not g:
            raise r.fail(n, key, f"{cid}: grade {v!r} should be one of {', '.join(GRADES)}, "
                         "a starter's with /third-time grade (A+/B)")
        if g[2] and "S" not in role:
            raise r.fail(n, key, f"{cid}: only a starter has a third-time-through grade")
        grades[key] = Grade(g[1], g[2])
    mip_n, mip_text = fields["mip"]
    mm = _MIP.match(mip_text)
    if not mm or (role == "S/R") != bool(mm[2]):
        raise r.fail(mip_n, "mip", f"{cid}: MIP {mip_text!r}: one number of innings, two for a dual role (5/2*)")
    mip: tuple[int | None, int | None]
    if role == "S/R":
        mip = (int(mm[1]), int(mm[2]))
    elif role == "S":
        mip = (int(mm[1]), None)
    else:
        mip = (None, int(mm[1]))
    bk_n, bk_text = get("bkwp", "--/--")
    b = _BKWP.match(bk_text)
    bk = wp = None
    if b:
        bk = None if b[1] == "--" else int(b[1])
        wp = None if b[2] == "--" else int(b[2])
    if not b or (bk is not None and wp is not None and wp < bk):
        raise r.fail(bk_n, "bkwp", f"{cid}: BK/WP {bk_text!r} should be like 21/99, --/99 or --/--")
    sb_n, sb_text = get("so-bb", "NC")
    try:
        so_bb = _so_bb(sb_text)
    except ValueError:
        raise r.fail(sb_n, "so-bb", f"{cid}: SO/BB {sb_text!r} should be NC or SO/BB with rolls from 55-60 and 77 "
                     "(SO 77, BB 55, 77, SO 55-60, 77)") from None
    return Card(**common, fielding=(Rated("p", rg, ec),), role=role, started=started,  # type: ignore[arg-type]
                home=grades["home"], away=grades["away"], mip=mip, bk=bk, wp=wp, so_bb=so_bb,
                columns={"any": _column(r, cid, sections, "any", start)})


def _so_bb(text: str) -> tuple[str, tuple[int, ...]] | None:
    """``SO 55-60, 77`` -> ("SO", (55, ..., 60, 77)); ``NC`` -> None; anything else a ValueError."""
    if text.upper() == "NC":
        return None
    m = _SO_BB.match(text)
    if not m:
        raise ValueError(text)
    rolls: set[int] = set()
    for part in m[2].split(","):
        lo, _, hi = part.strip().partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ValueError(text)
        span = set(range(int(lo), int(hi or lo) + 1))
        if not span or not span <= SO_BB_ROLLS:
            raise ValueError(text)
        rolls |= span
    return m[1], tuple(sorted(rolls))


def _column(r: _Reader, cid: str, sections: Mapping[str, list[tuple[int, str]]], side: str,
            start: int) -> tuple[str, ...]:
    title = {"L": "[vs LHP]", "R": "[vs RHP]", "any": "[batting]"}[side]
    if side not in sections:
        raise r.fail(start, title, f"{cid}: no {title} column")
    cells: list[str | None] = [None] * 100
    last = start
    for n, line in sections[side]:
        last = n
        m = _RANGE.match(line)
        if not m:
            raise r.fail(n, title, f"{cid}: expected 'lo-hi RESULT' (00-07 HR), got {line!r}")
        lo, hi = int(m[1]), int(m[2] if m[2] is not None else m[1])
        token = result_token(m[3])
        if token is None:
            raise r.fail(n, title, f"{cid}: unknown result {m[3]!r}")
        if hi < lo:
            raise r.fail(n, title, f"{cid}: range {lo:02d}-{hi:02d} runs backwards")
        for k in range(lo, hi + 1):
            if cells[k] is not None:
                raise r.fail(n, title, f"{cid}: {k:02d} is given twice")
            cells[k] = token
    missing = [k for k, c in enumerate(cells) if c is None]
    if missing:
        raise r.fail(last, title, f"{cid}: no result for {', '.join(f'{k:02d}' for k in missing[:5])}"
                     + (" ..." if len(missing) > 5 else ""))
    return tuple(c for c in cells if c is not None)


def card_names(text: str, source: str = "<cards>") -> dict[str, str]:
    return {c.id: c.name for c in parse_cards(text, source)}


__all__ = ["Card", "GRADES", "Grade", "POSITIONS", "Rated", "card_names", "parse_cards", "result_token"]
