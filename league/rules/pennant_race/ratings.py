"""A Pennant Race roster sheet as values (section 1 of the manual).

These are plain, immutable values: the sheet reader builds them, events store
them as dicts (``to_dict``/``from_dict``), engines read them.
"""

from __future__ import annotations

from typing import Any

from league.rules.pennant_race.values import FrozenValue

_set = object.__setattr__

# Written-out frozen values, not dataclasses: ``league pitchers`` imports this module, and building the
# three dataclasses at import was a cost that command could see.  They keep the dataclass's fields,
# defaults, equality, hash, repr and ``dataclasses.replace``/``asdict`` (league.rules.pennant_race.values).


class Pitcher(FrozenValue):
    __slots__ = ("name", "st", "end", "rest", "cg", "sho", "rel", "fat", "fat_asterisk")
    _defaults = {"st": None, "end": None, "rest": None, "cg": None, "sho": None, "rel": None, "fat": None,
                 "fat_asterisk": False}
    name: str
    st: float | None  # starting value (None: pure reliever)
    end: int | None  # endurance
    rest: int | None  # days of rest needed between starts
    cg: int | None  # complete-game triad, e.g. 522
    sho: int | None  # shutout triad, e.g. 666
    rel: int | None  # relief value, negative is better (None: pure starter)
    fat: int | None  # fatigue points per consecutive day (None with asterisk)
    fat_asterisk: bool  # "*" under FAT

    def __init__(self, name: str, st: float | None = None, end: int | None = None, rest: int | None = None,
                 cg: int | None = None, sho: int | None = None, rel: int | None = None, fat: int | None = None,
                 fat_asterisk: bool = False) -> None:
        _set(self, "name", name)
        _set(self, "st", st)
        _set(self, "end", end)
        _set(self, "rest", rest)
        _set(self, "cg", cg)
        _set(self, "sho", sho)
        _set(self, "rel", rel)
        _set(self, "fat", fat)
        _set(self, "fat_asterisk", fat_asterisk)

    @property
    def is_starter(self) -> bool:
        return self.st is not None

    @property
    def is_reliever(self) -> bool:
        return self.rel is not None

    @property
    def dual_role(self) -> bool:
        return self.is_starter and self.is_reliever


class Batter(FrozenValue):
    __slots__ = ("slot", "name", "pos", "bat", "pow", "spd", "xhr", "fld", "ei", "dice")
    _defaults = {"xhr": None, "fld": None, "ei": None, "dice": None}
    slot: str  # "1".."9" in the lineup, "A", "B", ... on the bench
    name: str
    pos: str  # C 1B 2B 3B SS LF CF RF DH P PH ...
    bat: int
    pow: int
    spd: int
    xhr: int | None  # upper bound of his X-HR two-dice range
    fld: int | None  # fielding modifier (None for a DH)
    ei: tuple[int, int] | None  # E.I. two-dice range, inclusive
    dice: int | None  # three-dice sum that calls his bat bonus

    def __init__(self, slot: str, name: str, pos: str, bat: int, pow: int, spd: int, xhr: int | None = None,
                 fld: int | None = None, ei: tuple[int, int] | None = None, dice: int | None = None) -> None:
        _set(self, "slot", slot)
        _set(self, "name", name)
        _set(self, "pos", pos)
        _set(self, "bat", bat)
        _set(self, "pow", pow)
        _set(self, "spd", spd)
        _set(self, "xhr", xhr)
        _set(self, "fld", fld)
        _set(self, "ei", ei)
        _set(self, "dice", dice)


class TeamSheet(FrozenValue):
    __slots__ = ("code", "name", "league", "division", "bat_value", "unearned", "xhr_grid", "pitchers", "lineup",
                 "bench")
    _defaults = {"bench": ()}  # a default_factory=tuple
    code: str  # e.g. TEX (Retrosheet code)
    name: str
    league: str  # AL / NL / ...
    division: str  # East / West / ...
    bat_value: int
    unearned: tuple[int, ...]  # unearned runs allowed for dice sums 3..10 (8 values)
    xhr_grid: tuple[int, int, int, int]  # triad thresholds for 3, 2, 1, 0 extra homers
    pitchers: tuple[Pitcher, ...]
    lineup: tuple[Batter, ...]  # nine men, in batting order
    bench: tuple[Batter, ...]

    def __init__(self, code: str, name: str, league: str, division: str, bat_value: int, unearned: tuple[int, ...],
                 xhr_grid: tuple[int, int, int, int], pitchers: tuple[Pitcher, ...], lineup: tuple[Batter, ...],
                 bench: tuple[Batter, ...] = ()) -> None:
        _set(self, "code", code)
        _set(self, "name", name)
        _set(self, "league", league)
        _set(self, "division", division)
        _set(self, "bat_value", bat_value)
        _set(self, "unearned", unearned)
        _set(self, "xhr_grid", xhr_grid)
        _set(self, "pitchers", pitchers)
        _set(self, "lineup", lineup)
        _set(self, "bench", bench)

    def pitcher(self, name: str) -> Pitcher | None:
        for p in self.pitchers:
            if p.name == name:
                return p
        return None

    @property
    def batters(self) -> tuple[Batter, ...]:
        return self.lineup + self.bench

    def batter_in_slot(self, slot: str) -> Batter | None:
        for b in self.batters:
            if b.slot == slot:
                return b
        return None

    def fielder_at(self, pos: str) -> Batter | None:
        for b in self.lineup:
            if b.pos == pos:
                return b
        return None

    @property
    def pitcher_spot(self) -> Batter | None:
        """The lineup's pitcher (position P): a club without the DH; None when a DH bats."""
        return self.fielder_at("P")

    @property
    def pinch_hitter(self) -> Batter | None:
        """The bench's best BAT, first on the bench on a tie; a pitcher on the bench is no pinch hitter.

        Manual 1.4 counts "the BAT value of a pinch hitter" without saying
        which: a manager sends up his best bat (the Lahman generator rates the
        pitcher's spot the same way).
        """
        hitters = [b for b in self.bench if b.pos != "P"]
        return max(hitters, key=lambda b: b.bat) if hitters else None

    def to_dict(self) -> dict[str, Any]:
        return self.to_plain()  # as dataclasses.asdict gave it

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "TeamSheet":
        return cls(
            code=d["code"],
            name=d["name"],
            league=d["league"],
            division=d["division"],
            bat_value=d["bat_value"],
            unearned=tuple(d["unearned"]),
            xhr_grid=tuple(d["xhr_grid"]),  # type: ignore[arg-type]
            pitchers=tuple(Pitcher(**p) for p in d["pitchers"]),
            lineup=tuple(_batter(b) for b in d["lineup"]),
            bench=tuple(_batter(b) for b in d.get("bench", ())),
        )


def _batter(d: dict[str, Any]) -> Batter:
    d = dict(d)
    if d.get("ei") is not None:
        d["ei"] = tuple(d["ei"])
    return Batter(**d)
