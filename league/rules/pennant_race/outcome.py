"""What a resolved Pennant Race game records: score, lines and explanation.

Everything here round-trips through JSON exactly (``to_dict``/``from_dict``):
the outcome event stores it, and an audit replays the dice and compares.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import orjson
from typing import Any


def jsonable(x: Any) -> Any:
    """Tuples become lists and keys strings, recursively, so JSON gives back what went in.

    A round trip through orjson (C) does exactly that, and fails loudly on
    anything JSON cannot hold.
    """
    return orjson.loads(orjson.dumps(x, option=orjson.OPT_NON_STR_KEYS))


@dataclass(frozen=True)
class SideResult:
    team: str  # sheet code
    triad: str  # the offense roll, "645"
    runs: int  # final, extra innings included
    earned: int  # regulation earned + the extra-inning run
    unearned: int
    regulation_runs: int
    shutout_by_triad: bool
    offense: dict[str, Any]  # bat value, bonuses, relief, defense, runs


@dataclass(frozen=True)
class PitchingLine:
    team: str
    pitcher: str
    role: str  # "SP" | "RP"
    order: int  # entry order, the starter is 1
    outs: int
    er: int
    ur: int
    decision: str | None  # "W" | "L" | None
    save: bool
    cg: bool
    sho: bool
    rel: int | None  # effective REL used; None for the starter
    short_rest: bool


@dataclass(frozen=True)
class BattingLine:
    team: str
    batter: str
    bat_pts: int
    pow_pts: int
    spd_pts: int
    hr: int
    ei_bat_pts: int


@dataclass(frozen=True)
class FieldingLine:
    team: str  # the fielding team
    fielder: str
    runs_saved: int  # may be negative for a poor glove


@dataclass(frozen=True)
class HomeRun:
    team: str
    batter: str | None  # None: a team homer nobody's range holds
    source: str  # "power" | "x-hr"


_LINES = {
    "pitching": PitchingLine,
    "batting": BattingLine,
    "fielding": FieldingLine,
    "home_runs": HomeRun,
}


@dataclass(frozen=True)
class GameOutcome:
    ruleset: str
    ruleset_version: str
    visitor: SideResult
    home: SideResult
    winner: str  # "visitor" | "home"
    extra_innings: int
    pitching: tuple[PitchingLine, ...]
    batting: tuple[BattingLine, ...]
    fielding: tuple[FieldingLine, ...]
    home_runs: tuple[HomeRun, ...]
    explanation: tuple[dict[str, Any], ...]

    def side(self, which: str) -> SideResult:
        return self.visitor if which == "visitor" else self.home

    def pitching_for(self, team: str) -> list[PitchingLine]:
        return [p for p in self.pitching if p.team == team]

    def to_dict(self) -> dict[str, Any]:
        # The lines hold only scalars and the engine already made the offense
        # and explanation JSON-shaped, so shallow copies suffice (asdict's and
        # deepcopy's recursion cost more than resolving the game).
        return {
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "visitor": dict(vars(self.visitor)),
            "home": dict(vars(self.home)),
            "winner": self.winner,
            "extra_innings": self.extra_innings,
            **{name: [dict(vars(line)) for line in getattr(self, name)] for name in _LINES},
            "explanation": list(self.explanation),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameOutcome:
        d = copy.deepcopy(d)
        return cls(
            ruleset=d["ruleset"],
            ruleset_version=d["ruleset_version"],
            visitor=SideResult(**d["visitor"]),
            home=SideResult(**d["home"]),
            winner=d["winner"],
            extra_innings=d["extra_innings"],
            explanation=tuple(d["explanation"]),
            **{name: tuple(kind(**x) for x in d[name]) for name, kind in _LINES.items()},
        )
