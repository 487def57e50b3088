"""A pitcher's appearances and the windows counted over them: the values the Staff aggregate keeps.

Every rule system reads a club's usage from its Staff aggregate; how much
rest a pitcher needs is each rule system's own, but an appearance, a
date-ordered history and the counting windows are shared.
"""

from __future__ import annotations

import bisect
import datetime
from dataclasses import dataclass
from typing import Any, Literal, Sequence

Role = Literal["start", "relief"]


@dataclass(frozen=True)
class Appearance:
    date: datetime.date
    game: str
    role: Role


@dataclass(frozen=True)
class UsageLimits:
    """What a real manager would not ask of a reliever, beyond the manual's fatigue.

    The manual's fatigue (2.1.e) rests a reliever only after three days in a
    row, so the best arms pitched three days of every four: 120 games in a
    1988 replay, where the real record is 106 (1974) and 1988's most was 76.
    A reliever may pitch today only while his appearances stay within each
    window; the figures and why: docs/pennant-race-charts.md, "Usage limits".
    """

    per_7_days: int = 4
    per_30_days: int = 14
    per_season: int = 90

    def breach(self, s: Any) -> str | None:
        """Why ``s`` must rest today under these limits, or None."""
        return self.breach_counts(s.last_7_days, s.last_30_days, s.season_games)

    def breach_counts(self, last_7_days: int, last_30_days: int, season_games: int) -> str | None:
        """The same, from the counts of :func:`window_counts`."""
        for count, limit, window in ((last_7_days, self.per_7_days, "7 days"),
                                     (last_30_days, self.per_30_days, "30 days"),
                                     (season_games, self.per_season, "this season")):
            if count >= limit:
                return f"{count} appearances in {window} (limit {limit})"
        return None


class DateOrdered(list):  # type: ignore[type-arg]
    """An appearance history known to be in date order.

    The Staff aggregate keeps each pitcher's history this way, which lets
    :func:`_summarize` read it from the latest day back and stop early; any
    other sequence is read whole, so the answers never depend on the order.
    """


def window_counts(history: Sequence[Appearance], today: datetime.date) -> tuple[int, int, int]:
    """Appearances before today: in the six days before, the 29 days before, and this year."""
    return (_count_since(history, today, today - datetime.timedelta(days=6)),
            _count_since(history, today, today - datetime.timedelta(days=29)),
            _count_since(history, today, datetime.date(today.year, 1, 1)))


def _count_since(history: Sequence[Appearance], today: datetime.date, first: datetime.date) -> int:
    """Appearances dated ``first`` .. yesterday."""
    if isinstance(history, DateOrdered):
        lo = bisect.bisect_left(history, first, key=_on)
        return bisect.bisect_left(history, today, lo=lo, key=_on) - lo
    return sum(first <= a.date < today for a in history)


def _on(a: Appearance) -> datetime.date:
    return a.date


__all__ = ["Appearance", "DateOrdered", "Role", "UsageLimits", "window_counts"]
