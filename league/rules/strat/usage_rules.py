"""Strat-O-Matic's rest rules for pitchers, pure and light: the auto-manager and the rest calendar ask the same.

Kept apart from :mod:`.manager` (which imports the fold, the game state
and the policy) so ``league pitchers`` can rule on rest without loading the
engine, which a read command should not pay for.  The manager imports these names back, so the games and
the calendar decide from one definition.
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import Callable, Mapping, Sequence

from league.domain.usage import Appearance, UsageLimits, days_in_a_row, window_counts
from league.rules.strat.levels import SUPER, revision, split_level
from league.rules.strat.rest import super_rest_needed, tired_from_relief

RELIEF_DAYS_IN_A_ROW = 2  # 27.64: "cannot be used more than two straight days"
LIMITS = UsageLimits()  # the window limits Pennant Race uses too (docs/strat-o-matic.md)
STARTER_REST, ASTERISK_REST = 4, 3  # games between starts (10.0, 26.1)


def rest_needed(name: str) -> int:
    """Games a starter needs between starts: fewer for an asterisk on his card (26.1)."""
    return ASTERISK_REST if name.endswith("*") else STARTER_REST


@lru_cache(maxsize=64)  # asked for every starter of every setup (his rest) with the league's one or two levels
def super_rest(level: str) -> bool:
    """Whether games at ``level`` rest starters by 27.51 and tire them by 27.52 and 27.61: super advanced
    revision 4 on; every earlier level keeps 26.1's three or four games."""
    base, _ = split_level(level)
    return base == SUPER and revision(level) >= 4


def last_start(history: Sequence[Appearance]) -> Appearance | None:
    """His last start in ``history`` (a Staff's appearances, in game order)."""
    for a in reversed(history):
        if a.role == "start":
            return a
    return None


def starter_rest(level: str, name: str, history: Sequence[Appearance], outs: Callable[[str], int | None]) -> int:
    """Club games of rest a starter named ``name`` needs at ``level``: 26.1's, or from super advanced
    revision 4 on 27.51's by the outs of his last start (``outs``: a game's id -> his outs in it, None
    if not known, when 26.1's rest stands)."""
    if not super_rest(level):
        return rest_needed(name)
    start = last_start(history)
    return super_rest_needed(name, None if start is None else outs(start.game))


def start_fatigue(history: Sequence[Appearance], today: datetime.date) -> str | None:
    """27.52: why a pitcher with ``history`` would be fatigued for all of a start ``today``, or None."""
    last = history[-1] if history else None
    if last is None or not tired_from_relief(last.role, last.date, today):
        return None
    return f"relieved on {last.date.isoformat()}, no day of rest before this start (27.52)"


def fatigued_today(level: str, starter: str, bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]],
                   today: datetime.date, games_since_start: Mapping[str, int],
                   rest_games: Mapping[str, int]) -> dict[str, str]:
    """The pitchers of a club's game who are fatigued for all of their outing in it, each with the reason:
    the starter whose last outing was in relief with no day of rest since (27.52), and each reliever
    rated to start who is within his rest between starts (27.61, ``rest_games``).  None before super
    advanced revision 4."""
    if not super_rest(level):
        return {}
    out = {}
    why = start_fatigue(usage.get(starter, ()), today)
    if why is not None:
        out[starter] = why
    for p in bullpen:
        if p in games_since_start and games_since_start[p] < rest_games.get(p, 0):
            out[p] = (f"started {games_since_start[p]} game(s) ago, needs {rest_games[p]}: fatigued for a "
                      "relief outing (27.61)")
    return out


def resting_relievers(bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]], today: datetime.date,
                      games_since_start: Mapping[str, int], rest_games: Mapping[str, int]) -> list[dict[str, str]]:
    """The relievers who must rest today, each with the reason, from the club's Staff history.

    Already pitched today (a doubleheader); pitched on each of the two days
    before (27.64); started fewer games ago than his rest between starts
    (27.61); or at a window limit (:class:`UsageLimits`).  A setup without
    this list (games set up before the limits) rests nobody.
    """
    out = []
    for p in bullpen:
        history = usage.get(p, ())
        # From today back (a Staff's history is date-ordered): reading the reliever's whole season into
        # a set of days, for each reliever of every setup, grew with the season.
        pitched_today, streak = days_in_a_row(history, today)
        why = None
        if pitched_today:
            why = "already pitched today"
        elif streak >= RELIEF_DAYS_IN_A_ROW:
            why = f"pitched {streak} days in a row (27.64)"
        elif p in games_since_start and games_since_start[p] < rest_games.get(p, 0):
            why = f"started {games_since_start[p]} game(s) ago, needs {rest_games[p]} (27.61)"
        else:
            why = LIMITS.breach_counts(*window_counts(history, today))
        if why is not None:
            out.append({"pitcher": p, "reason": why})
    return out


__all__ = ["ASTERISK_REST", "LIMITS", "RELIEF_DAYS_IN_A_ROW", "STARTER_REST", "fatigued_today", "last_start",
           "rest_needed", "resting_relievers", "start_fatigue", "starter_rest", "super_rest"]
