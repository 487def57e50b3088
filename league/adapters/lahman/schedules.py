"""The schedule of a real season: Retrosheet's when shipped, else a balanced one.

Clubs are named by Retrosheet code everywhere (sheets, schedules); Lahman's
own ``teamID`` differs for a few clubs (1988 Milwaukee is ``ML4`` in Lahman,
``MIL`` at Retrosheet), so :func:`team_codes` maps one to the other.

A Retrosheet schedule file (``league/data/retrosheet/<year>SKED.TXT``) keeps
doubleheaders and postponements (:func:`league.adapters.schedule.read_schedule`).
For a season without one, :func:`balanced_schedule` of
``league.adapters.schedule`` gives every club the league's real game count
(``Teams.G``, the most common value): each league plays its own round robin
before 1997, and all clubs play one together from 1997 (interleague play;
the AL and NL have had an odd number of clubs since 2013).
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from league.data import data_path
from league.adapters.schedule import ScheduledGame, balanced_schedule, read_schedule
from league.adapters.lahman.data import tables

INTERLEAGUE_FROM = 1997
OPENING_DAY = (4, 5)  # (month, day) of the balanced schedule's first game


@dataclass(frozen=True)
class SeasonSchedule:
    games: list[ScheduledGame]
    source: str  # the file, or "balanced schedule, N games a club"
    kind: str  # "retrosheet" | "balanced"


def team_codes(year: int) -> dict[str, str]:
    """Retrosheet code -> Lahman teamID for the clubs of ``year``."""
    season = tables().season(year)
    return {r["teamIDretro"]: r["teamID"] for r in season.teams}


def shipped_retrosheet(year: int) -> str | None:
    path = data_path("retrosheet", f"{year}SKED.TXT")
    return str(path) if path.is_file() else None


def real_games_per_team(year: int, league: str | None = None) -> int:
    """The most common real game count (``Teams.G``) of the league's (or all) clubs."""
    season = tables().season(year)
    teams = season.teams_in(league) if league else season.teams
    counts = Counter(int(r["G"]) for r in teams)
    return max(counts, key=lambda g: (counts[g], g))


def season_schedule(year: int, teams: Sequence[str] | None = None) -> SeasonSchedule:
    """The real schedule when shipped (only games between ``teams``), else a balanced one."""
    season = tables().season(year)
    codes = set(teams) if teams else {r["teamIDretro"] for r in season.teams}
    path = shipped_retrosheet(year)
    if path is not None:
        real = [g for g in read_schedule(path) if g.visitor in codes and g.home in codes]
        return SeasonSchedule(real, path, "retrosheet")
    start = datetime.date(year, *OPENING_DAY)
    games: list[ScheduledGame] = []
    if year >= INTERLEAGUE_FROM:
        n = real_games_per_team(year)
        games = balanced_schedule(sorted(codes), n, start, seed=year)
        label = f"balanced schedule, {n} games a club"
    else:
        labels = []
        for league in season.leagues():
            mine = sorted(c for c in codes if season.by_retro[c]["lgID"] == league)
            if len(mine) < 2:
                continue
            n = real_games_per_team(year, league)
            games += balanced_schedule(mine, n, start, seed=year)
            labels.append(f"{league} {n}")
        label = "balanced schedule, games a club: " + ", ".join(labels)
    games.sort(key=lambda g: (g.date, g.home))
    return SeasonSchedule(games, label, "balanced")
