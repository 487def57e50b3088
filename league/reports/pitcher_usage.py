"""How each pitcher was used over a season, read from the finished games.

The record of what happened (each final game's outcome), not the Staff
aggregates the engines decide from, so a check built on it is an independent
witness that the engines kept their usage limits.  The outcome is read as the
kind of box score the league's rule system declares (league.domain.boxes): in
points, its ``pitching`` lines; counted from the plays, the ``pitching`` of
each side (the first line is the starter).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from league.domain import boxes

if TYPE_CHECKING:
    from league.application.app import LeagueApp



def era(er: int, outs: int) -> float | None:
    """Earned runs per nine innings, to two places; None without an out."""
    return round(27 * er / outs, 2) if outs else None

@dataclass(frozen=True)
class Outing:
    date: datetime.date
    game: str
    team: str
    pitcher: str
    role: str  # "start" | "relief"
    outs: int
    er: int
    save: bool
    cg: bool


@dataclass
class PitcherSeason:
    """One pitcher's season with one club, and the streaks his limits are about."""

    team: str
    pitcher: str
    outings: list[Outing] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.outings)

    @property
    def starts(self) -> int:
        return sum(o.role == "start" for o in self.outings)

    @property
    def reliefs(self) -> list[Outing]:
        return [o for o in self.outings if o.role == "relief"]

    @property
    def outs(self) -> int:
        return sum(o.outs for o in self.outings)

    @property
    def relief_outs(self) -> int:
        return sum(o.outs for o in self.reliefs)

    @property
    def er(self) -> int:
        return sum(o.er for o in self.outings)

    @property
    def saves(self) -> int:
        return sum(o.save for o in self.outings)

    @property
    def complete_games(self) -> int:
        return sum(o.cg for o in self.outings)

    @property
    def era(self) -> float | None:
        return era(self.er, self.outs)

    def days(self) -> list[datetime.date]:
        return sorted({o.date for o in self.outings})

    def max_consecutive_days(self) -> int:
        """The longest run of calendar days in a row with an appearance."""
        best = run = 0
        prev: datetime.date | None = None
        for d in self.days():
            run = run + 1 if prev is not None and (d - prev).days == 1 else 1
            best = max(best, run)
            prev = d
        return best

    def max_in_window(self, days: int) -> int:
        """The most appearances in any ``days`` calendar days (a doubleheader counts twice)."""
        dates = sorted(o.date for o in self.outings)
        best, lo = 0, 0
        for hi, d in enumerate(dates):
            while (d - dates[lo]).days >= days:
                lo += 1
            best = max(best, hi - lo + 1)
        return best

    def max_outs(self, role: str) -> int:
        return max((o.outs for o in self.outings if o.role == role), default=0)


def outings_of(date: str, game: str, outcome: dict[str, Any], box: str) -> list[Outing]:
    """The pitchers' outings in one final game's outcome, a box score of kind ``box``."""
    day = datetime.date.fromisoformat(date)
    if box != boxes.PLAYS:  # one list of pitching lines, each naming its club
        return [Outing(day, game, p["team"], p["pitcher"], "start" if p["role"] == "SP" else "relief",
                       p["outs"], p["er"], bool(p["save"]), bool(p["cg"]))
                for p in outcome["pitching"]]
    out = []
    for side in ("visitor", "home"):
        club = outcome[side]
        lines = club["pitching"]
        for i, p in enumerate(lines):
            out.append(Outing(day, game, club["team"], p["pitcher"], "start" if i == 0 else "relief",
                              p["outs"], p.get("er", 0), p.get("decision") == "SV", i == 0 and len(lines) == 1))
    return out


def season_usage(outings: Iterable[Outing]) -> dict[tuple[str, str], PitcherSeason]:
    """Per (club, pitcher): his outings in date order."""
    seasons: dict[tuple[str, str], PitcherSeason] = {}
    for o in sorted(outings, key=lambda o: (o.date, o.game)):
        seasons.setdefault((o.team, o.pitcher), PitcherSeason(o.team, o.pitcher)).outings.append(o)
    return seasons


def league_outings(app: "LeagueApp") -> list[Outing]:
    """Every outing of the league's final games, from the event log."""
    from league import registry
    from league.reports.final_games import final_games

    box = registry.ruleset(app.league().ruleset).box_kind
    out: list[Outing] = []
    for gid, g in final_games(app):
        if g.outcome:
            out.extend(outings_of(g.date, gid, g.outcome, box))
    return out


@dataclass(frozen=True)
class SeasonLimits:
    """The documented limits of a ruleset, as a season's record can be checked against them.

    The appearance limits are the engines' own (enforced before each game);
    the innings and starts bounds follow from the rules and are checked only.
    Figures and reasons: docs/pennant-race-charts.md, "Usage limits".
    """

    consecutive_days: int  # relief days in a row (Pennant Race 2.1.e: 3; Strat 27.64: 2)
    per_day: int = 1  # appearances on one date: a doubleheader is still one outing a day
    per_7_days: int = 4
    per_30_days: int = 14
    per_season: int = 90
    relief_innings: float = 140.0  # a pure reliever's season (1988's most 124.2, since 1975 168.1)
    start_outs: int = 33  # one start: 11 innings (Strat 27.54)
    starts: int = 40  # a season (1988's most 37)
    innings: float = 300.0  # a season (1988's most 275.2)


class _Limits(Mapping[str, SeasonLimits]):
    """Ruleset name -> its limits; the relief days in a row are the rule system's own
    (``Ruleset.consecutive_days``), the rest the same for every game."""

    def __getitem__(self, ruleset: str) -> SeasonLimits:
        from league import registry

        return SeasonLimits(consecutive_days=registry.ruleset(ruleset).consecutive_days)

    def __iter__(self) -> Iterator[str]:
        from league import registry

        return iter(registry.names())

    def __len__(self) -> int:
        from league import registry

        return len(registry.names())


LIMITS: Mapping[str, SeasonLimits] = _Limits()


def breaches(p: PitcherSeason, limits: SeasonLimits) -> list[str]:
    """Every limit this pitcher's season goes beyond, in words; empty when within all."""
    out = []

    def over(what: str, value: float, limit: float) -> None:
        if value > limit:
            out.append(f"{p.team} {p.pitcher}: {what} {value:g} (limit {limit:g})")

    over("appearances on one day", p.max_in_window(1), limits.per_day)
    if p.reliefs:
        relief_days = PitcherSeason(p.team, p.pitcher, p.reliefs)
        over("relief days in a row", relief_days.max_consecutive_days(), limits.consecutive_days)
        over("appearances in 7 days", p.max_in_window(7), limits.per_7_days)
        over("appearances in 30 days", p.max_in_window(30), limits.per_30_days)
        over("appearances in the season", p.games, limits.per_season)
    if not p.starts:
        over("relief innings", round(p.relief_outs / 3, 1), limits.relief_innings)
    over("outs in one start", p.max_outs("start"), limits.start_outs)
    over("starts", p.starts, limits.starts)
    over("innings", round(p.outs / 3, 1), limits.innings)
    return out
