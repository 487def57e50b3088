"""Inside Pitch cards as plain text: pitcher, batter and ballpark cards (docs/inside-pitch.md).

A club's file holds its header (``team:``, ``name:``, ``league:``,
``division:``), its home ballpark card and its players' cards.  A card
starts with a line ``pitcher ID | Name | throws R``, ``batter ID | Name |
bats S`` or ``ballpark ID | Name``; the lines that follow belong to it:
``ratings:`` (``key=value`` pairs), ``fielding:``, ``stars:`` (a pitcher's
``**`` line), ``hit?:`` (H? ranges; ``hit? L:``/``hit? R:`` split) and the
2d6 grid, ``1:`` to ``6:`` (the red die), six results each (the white die,
1 to 6).  A split result reads ``left/right``.  Every bad line is refused
with the file, the line and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from league.domain.errors import InputError

Range = tuple[int, int] | None
Cell = tuple[str, str]  # (against a left-hander, against a right-hander)
Grid = tuple[tuple[Cell, ...], ...]  # [red - 1][white - 1]

PITCHER_RESULTS = frozenset({"-", "S1", "(S1)", "**", "WLD", "(??)", "@", "E?", "ET?", "EG?", "HBP", "K", "K+",
                             "W", "W+", "K(W)", "HR", "HR?", "RP", "RP@"})
_HIT_OR_OUT = r"\*\*[1-6]|\?[789]|S[1-9]|S\+[789]|D[789]|T[789]|H[789]?|G[1-6]|P[1-9]|F[789]|L[1-6]"
BATTER_RESULT = re.compile(rf"^(?:{_HIT_OR_OUT}|W|K)$")
BALLPARK_RESULT = re.compile(rf"^(?:{_HIT_OR_OUT}|-|\[HR8\]|\[HRo\]|\[HRp\])$")
STAR_OUT = re.compile(r"^[GPLF][1-9]$")
POSITIONS = ("p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")
HIT_KINDS = ("S", "D", "T", "HR")
_HEAD = re.compile(r"^(pitcher|batter|ballpark)\s+([A-Za-z0-9_-]+)\s*\|\s*([^|]+?)\s*(?:\|\s*(throws|bats)\s+([LRS]))?\s*$")


@dataclass(frozen=True)
class Fielding:
    """One position's ratings: range (1d6, higher is better), error (1d20), arm (outfield and catcher),
    pivot (2B/SS double plays) and the catcher's passed-ball rating (1d6)."""

    position: str
    range_rating: int
    error_rating: int
    arm: int = 0
    pivot: int = 0
    passed_ball: int = 0

    def __str__(self) -> str:
        return f"{self.position.upper()} r{self.range_rating} e{self.error_rating}"


@dataclass(frozen=True)
class HitRanges:
    """A d20 roll -> S, D, T or HR; outside every range a flyout (3.2, 4.4)."""

    ranges: tuple[tuple[str, int, int], ...] = ()

    def pick(self, roll: int) -> str | None:
        return next((kind for kind, lo, hi in self.ranges if lo <= roll <= hi), None)

    def __str__(self) -> str:
        return " ".join(f"{k} {lo}-{hi}" for k, lo, hi in self.ranges) or "none"


@dataclass(frozen=True)
class Card:
    """A pitcher's or a batter's card (what :class:`league.rules.pa.engine.PACard` reads, and the ratings)."""

    id: str
    kind: str  # "batter" | "pitcher"
    name: str
    team: str
    hand: str  # bats (L, R, S) or throws (L, R)
    fielding: tuple[Fielding, ...]
    grid: Grid
    ratings: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    stars: tuple[str, ...] = ()  # a pitcher's ** line, 1d6 -> out
    hits: tuple[HitRanges, HitRanges] = (HitRanges(), HitRanges())  # a batter's H? (vs LHP, vs RHP)

    # read on every plate appearance (fatigue, the auto-manager): parsed once per card
    @cached_property
    def starter(self) -> int | None:
        return _opt_int(self.ratings.get("start", "-").split("/")[0])

    @cached_property
    def relief(self) -> int | None:
        return _opt_int(self.ratings.get("relief", "-").split("/")[0])

    def pull(self, role: str) -> int | None:
        parts = self.ratings.get("start" if role == "starter" else "relief", "-").split("/")
        return _opt_int(parts[1]) if len(parts) > 1 else None

    def split(self, key: str, left: bool) -> str:
        """A rating that may be split ``L/R``: the left-hand side against left-handers."""
        parts = self.ratings.get(key, "-").split("/")
        return parts[0] if left or len(parts) == 1 else parts[1]

    def number(self, key: str, left: bool = True) -> int:
        known = self._numbers.get((key, left))
        if known is None:
            value = self.split(key, left)
            known = self._numbers[(key, left)] = 0 if value in ("-", "N", "H") else int(value)
        return known

    @cached_property
    def _numbers(self) -> dict[tuple[str, bool], int]:
        return {}

    def range(self, key: str, left: bool = True) -> Range:
        return parse_range(self.split(key, left))

    def at(self, position: str) -> Fielding | None:
        return next((f for f in self.fielding if f.position == position), None)


@dataclass(frozen=True)
class Ballpark:
    """A club's home park.  Among a club's cards it goes by :func:`park_key` (``@CODE``) and reads as a
    card of kind ``ballpark`` that nobody plays (no hand, no fielding)."""

    park: str
    name: str
    team: str
    grid: Grid
    ratings: dict[str, str] = field(default_factory=dict, compare=False, hash=False)
    hits: HitRanges = HitRanges()
    kind: str = "ballpark"
    hand: str = ""
    fielding: tuple[Fielding, ...] = ()
    starter: int | None = None
    relief: int | None = None

    @property
    def id(self) -> str:
        return park_key(self.team)

    def number(self, key: str) -> int:
        value = self.ratings.get(key, "0")
        return 0 if value == "-" else int(value)


@dataclass(frozen=True)
class ClubCards:
    code: str
    name: str
    league: str
    division: str
    cards: tuple[Card, ...]
    ballpark: Ballpark


def park_key(team: str) -> str:
    """The id a club's ballpark card has among the cards."""
    return "@" + team


def parse_range(text: str) -> Range:
    """``"1-8"``, ``"5"`` or ``"-"`` (none)."""
    t = text.strip()
    if t in ("-", ""):
        return None
    lo, _, hi = t.partition("-")
    low, high = int(lo), int(hi or lo)
    if not 1 <= low <= high <= 20:
        raise ValueError(f"range {t!r} is not within 1-20")
    return low, high


def in_range(roll: int, r: Range) -> bool:
    return r is not None and r[0] <= roll <= r[1]


def _opt_int(text: str) -> int | None:
    return None if text.strip() in ("-", "") else int(text)


RATINGS = {
    "pitcher": {"start", "relief", "hbp", "gdp", "hld", "sb", "wp", "pb?", "blk", "po", "poe", "??", "hr?",
                "specialk", "inj", "cg"},
    "batter": {"k", "w", "hr", "hbp", "gdp", "br", "sf", "att", "sb", "bnt", "inj"},
    "ballpark": {"k", "w", "hr"},
}
_RANGES = {"wp", "pb?", "blk", "po", "poe", "hr?", "specialk"}


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.header: dict[str, str] = {}
        self.cards: list[Card] = []
        self.parks: list[Ballpark] = []
        self.current: dict[str, object] | None = None

    def fail(self, line: int | None, fld: str | None, message: str) -> InputError:
        return InputError(self.source, line, fld, message)

    def read(self, text: str) -> ClubCards:
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
            if line:
                self.line(number, line)
        self.close()
        for key in ("team", "name", "league", "division"):
            if key not in self.header:
                raise self.fail(None, key, "missing (a club file starts with team:, name:, league:, division:)")
        if len(self.parks) != 1:
            raise self.fail(None, "ballpark", f"a club file holds one ballpark card, found {len(self.parks)}")
        return ClubCards(self.header["team"], self.header["name"], self.header["league"], self.header["division"],
                         tuple(self.cards), self.parks[0])

    def line(self, number: int, line: str) -> None:
        head = _HEAD.match(line)
        if head:
            self.close()
            kind, cid, name, _, hand = head.groups()
            if kind != "ballpark" and not hand:
                raise self.fail(number, "hand", f"a {kind} card names its hand: '| throws R' or '| bats L'")
            if kind == "pitcher" and hand == "S":
                raise self.fail(number, "hand", "a pitcher throws L or R")
            if "team" not in self.header:
                raise self.fail(number, "team", "the header (team: CODE) comes before the cards")
            self.current = {"kind": kind, "id": cid, "name": name, "hand": hand or "", "line": number,
                            "grid": {}, "ratings": {}, "fielding": (), "stars": (), "hits": {}}
            return
        key, colon, value = (part.strip() for part in line.partition(":"))
        if not colon:
            raise self.fail(number, None, "expected 'key: value' or a card's first line ('batter ID | Name | bats R')")
        if self.current is None:
            if key not in ("team", "name", "league", "division"):
                raise self.fail(number, key, "unknown header field (team, name, league, division)")
            if key == "team" and not re.fullmatch(r"[A-Z0-9]{2,4}", value):
                raise self.fail(number, key, f"a club code is 2-4 capitals or digits, not {value!r}")
            if not value:
                raise self.fail(number, key, "empty")
            self.header[key] = value
            return
        card = self.current
        kind = str(card["kind"])
        try:
            if key in "123456" and len(key) == 1:
                card["grid"][int(key)] = self.row(number, kind, key, value)  # type: ignore[index]
            elif key == "ratings":
                card["ratings"] = self.ratings(number, kind, value)
            elif key == "fielding" and kind != "ballpark":
                card["fielding"] = tuple(self.fielding(number, part) for part in value.split(","))
            elif key == "stars" and kind == "pitcher":
                stars = value.split()
                if len(stars) != 6 or not all(STAR_OUT.match(s) for s in stars):
                    raise self.fail(number, "stars", "six outs (G, P, L or F and a fielder 1-9), 1d6 1 to 6")
                card["stars"] = tuple(stars)
            elif key in ("hit?", "hit? L", "hit? R") and kind != "pitcher":
                card["hits"][key] = self.hits(number, value)  # type: ignore[index]
            else:
                raise self.fail(number, key, f"not a line of a {kind} card")
        except ValueError as err:
            raise self.fail(number, key, str(err)) from None

    def row(self, number: int, kind: str, key: str, value: str) -> tuple[Cell, ...]:
        tokens = value.split()
        if len(tokens) != 6:
            raise self.fail(number, f"red {key}", f"six results (white 1-6), found {len(tokens)}")
        cells = []
        for white, token in enumerate(tokens, start=1):
            left, slash, right = token.partition("/")
            if not slash:
                right = left
            cell = (left or "-", right or "-")
            for result in cell:
                if not _valid(kind, result):
                    raise self.fail(number, f"red {key} white {white}", f"{result!r} is not a {kind} card result")
            cells.append(cell)
        return tuple(cells)

    def ratings(self, number: int, kind: str, value: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for part in value.split():
            k, eq, v = part.partition("=")
            k = k.lower()
            if not eq or k not in RATINGS[kind]:
                raise self.fail(number, k or part, f"expected key=value, the key one of {', '.join(sorted(RATINGS[kind]))}")
            try:
                if k == "??":
                    result, _, rngs = v.partition(":")
                    if result not in ("**", "S1"):
                        raise ValueError("?? is '**:1-6/1-4' or 'S1:...' (the result, then the LHB/RHB ranges)")
                    for side in rngs.split("/"):
                        parse_range(side)
                for side in v.split("/") if k != "??" else ():
                    if k in _RANGES:
                        parse_range(side)
                    elif k == "att" and side in ("N", "H"):
                        pass
                    elif side != "-":
                        int(side)
            except ValueError as err:
                raise self.fail(number, k, f"bad value {v!r}: {err}") from None
            out[k] = v
        return out

    def fielding(self, number: int, text: str) -> Fielding:
        parts = text.split()
        if not parts or parts[0].lower() not in POSITIONS:
            raise self.fail(number, "fielding", f"{text.strip()!r}: a position ({', '.join(POSITIONS)}) then ratings")
        values = {"r": 0, "e": 0, "a": 0, "pv": 0, "pb": 0}
        for p in parts[1:]:
            m = re.fullmatch(r"(pv|pb|r|e|a)([+-]?\d+)", p)
            if not m:
                raise self.fail(number, "fielding", f"{p!r}: r(ange), e(rror), a(rm), pv (pivot) or pb (passed ball)")
            values[m[1]] = int(m[2])
        if not 1 <= values["r"] <= 6:
            raise self.fail(number, "fielding", f"{text.strip()!r}: the range rating is 1-6")
        return Fielding(parts[0].lower(), values["r"], values["e"], values["a"], values["pv"], values["pb"])

    def hits(self, number: int, value: str) -> HitRanges:
        tokens = value.split()
        if len(tokens) % 2:
            raise ValueError("pairs of a hit (S, D, T, HR) and its d20 range")
        ranges = []
        for kind, rng in zip(tokens[::2], tokens[1::2]):
            if kind not in HIT_KINDS:
                raise ValueError(f"{kind!r} is not S, D, T or HR")
            r = parse_range(rng)
            if r:
                ranges.append((kind, r[0], r[1]))
        return HitRanges(tuple(ranges))

    def close(self) -> None:
        card, self.current = self.current, None
        if card is None:
            return
        kind, number, grid = str(card["kind"]), int(card["line"]), card["grid"]  # type: ignore[call-overload]
        assert isinstance(grid, dict)
        missing = [str(r) for r in range(1, 7) if r not in grid]
        if missing:
            raise self.fail(number, "grid", f"{card['id']}: red rows {', '.join(missing)} missing")
        rows = tuple(grid[r] for r in range(1, 7))
        ratings = card["ratings"]
        hits = card["hits"]
        assert isinstance(ratings, dict) and isinstance(hits, dict)
        if kind == "ballpark":
            self.parks.append(Ballpark(str(card["id"]), str(card["name"]), self.header["team"], rows, ratings,
                                       hits.get("hit?", HitRanges())))
            return
        if kind == "pitcher" and len(card["stars"]) != 6:  # type: ignore[arg-type]
            raise self.fail(number, "stars", f"{card['id']}: a pitcher card needs its ** line")
        if kind == "pitcher" and ratings.get("start", "-") == "-" and ratings.get("relief", "-") == "-":
            raise self.fail(number, "ratings", f"{card['id']}: start= or relief= (batters faced before tired)")
        both: HitRanges = hits.get("hit?", HitRanges())
        self.cards.append(Card(str(card["id"]), kind, str(card["name"]), self.header["team"], str(card["hand"]),
                               card["fielding"], rows, ratings, card["stars"],  # type: ignore[arg-type]
                               (hits.get("hit? L") or both, hits.get("hit? R") or both)))


def _valid(kind: str, result: str) -> bool:
    if kind == "pitcher":
        return result in PITCHER_RESULTS
    if kind == "batter":
        return bool(BATTER_RESULT.match(result))
    return bool(BALLPARK_RESULT.match(result))


def parse_club(text: str, source: str) -> ClubCards:
    """A club's file read into its cards and ballpark; InputError names the file, line and field."""
    club = _Reader(source).read(text)
    seen: set[str] = set()
    for c in club.cards:
        if c.id in seen:
            raise InputError(source, None, "id", f"card id {c.id} appears twice")
        seen.add(c.id)
    return club


def parse_cards(text: str, source: str) -> list[Card]:
    return list(parse_club(text, source).cards)


def parse_all(text: str, source: str) -> list[Card | Ballpark]:
    """The players' cards and the ballpark card, as the engine keeps them by id."""
    club = parse_club(text, source)
    return [*club.cards, club.ballpark]


def card_names(text: str) -> dict[str, str]:
    try:
        return {c.id: c.name for c in parse_cards(text, "<cards>")}
    except InputError:
        return {}


__all__ = ["Ballpark", "Card", "ClubCards", "Fielding", "HitRanges", "card_names", "in_range", "parse_cards",
           "park_key", "parse_all", "parse_club", "parse_range"]
