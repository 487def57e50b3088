"""A Pennant Race roster sheet as values (section 1 of the manual).

These are plain, immutable values: the sheet reader builds them, events store
them as dicts (``to_dict``/``from_dict``), engines read them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Pitcher:
    name: str
    st: float | None = None  # starting value (None: pure reliever)
    end: int | None = None  # endurance
    rest: int | None = None  # days of rest needed between starts
    cg: int | None = None  # complete-game triad, e.g. 522
    sho: int | None = None  # shutout triad, e.g. 666
    rel: int | None = None  # relief value, negative is better (None: pure starter)
    fat: int | None = None  # fatigue points per consecutive day (None with asterisk)
    fat_asterisk: bool = False  # "*" under FAT

    @property
    def is_starter(self) -> bool:
        return self.st is not None

    @property
    def is_reliever(self) -> bool:
        return self.rel is not None

    @property
    def dual_role(self) -> bool:
        return self.is_starter and self.is_reliever


@dataclass(frozen=True)
class Batter:
    slot: str  # "1".."9" in the lineup, "A", "B", ... on the bench
    name: str
    pos: str  # C 1B 2B 3B SS LF CF RF DH P PH ...
    bat: int
    pow: int
    spd: int
    xhr: int | None = None  # upper bound of his X-HR two-dice range
    fld: int | None = None  # fielding modifier (None for a DH)
    ei: tuple[int, int] | None = None  # E.I. two-dice range, inclusive
    dice: int | None = None  # three-dice sum that calls his bat bonus


@dataclass(frozen=True)
class TeamSheet:
    code: str  # e.g. TEX (Retrosheet code)
    name: str
    league: str  # AL / NL / ...
    division: str  # East / West / ...
    bat_value: int
    unearned: tuple[int, ...]  # unearned runs allowed for dice sums 3..10 (8 values)
    xhr_grid: tuple[int, int, int, int]  # triad thresholds for 3, 2, 1, 0 extra homers
    pitchers: tuple[Pitcher, ...]
    lineup: tuple[Batter, ...]  # nine men, in batting order
    bench: tuple[Batter, ...] = field(default_factory=tuple)

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
        return asdict(self)

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
