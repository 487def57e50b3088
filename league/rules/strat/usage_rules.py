"""Strat-O-Matic's rest rules for pitchers, pure and light: the auto-manager and the rest calendar ask the same.

Kept apart from :mod:`.manager` (which imports the fold, the game state
and the policy) so ``league pitchers`` can rule on rest without loading the
engine (issue #16).  The manager imports these names back, so the games and
the calendar decide from one definition.
"""

from __future__ import annotations

import datetime
from typing import Mapping, Sequence

from league.domain.usage import Appearance, UsageLimits, window_counts

RELIEF_DAYS_IN_A_ROW = 2  # 27.64: "cannot be used more than two straight days"
LIMITS = UsageLimits()  # the window limits Pennant Race uses too (docs/strat-o-matic.md)
STARTER_REST, ASTERISK_REST = 4, 3  # games between starts (10.0, 26.1)


def rest_needed(name: str) -> int:
    """Games a starter needs between starts: fewer for an asterisk on his card (26.1)."""
    return ASTERISK_REST if name.endswith("*") else STARTER_REST


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
        days = {a.date for a in history if a.date <= today}
        streak = 0
        while today - datetime.timedelta(days=streak + 1) in days:
            streak += 1
        why = None
        if today in days:
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


__all__ = ["ASTERISK_REST", "LIMITS", "RELIEF_DAYS_IN_A_ROW", "STARTER_REST", "rest_needed", "resting_relievers"]
