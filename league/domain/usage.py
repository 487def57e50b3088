"""A pitcher's appearances and the windows counted over them: the values the Staff aggregate keeps.

Every rule system reads a club's usage from its Staff aggregate; how much
rest a pitcher needs is each rule system's own, but an appearance, a
date-ordered history and the counting windows are shared.
"""

from __future__ import annotations

import datetime
from typing import Any, Literal, Sequence

Role = Literal["start", "relief"]

# Appearance and UsageLimits are written out, not frozen dataclasses: a read command (`league pitchers`)
# imports this module, and building a frozen dataclass at import compiles its methods from source:
# for two of them, more work than the calendar's own.  Each behaves as
# the dataclass did -- keyword or positional fields, equality within the class, the same hash and repr,
# refusing assignment -- and Appearance is no tuple, so a JSON encoder hands it to its transcoding
# (``league_appearance``) exactly as before.  tests/unit/test_usage_values.py holds them to it.


class Appearance:
    """A pitcher's appearance: the day, the game and whether he started."""

    __slots__ = ("date", "game", "role")
    __match_args__ = ("date", "game", "role")
    date: datetime.date
    game: str
    role: Role

    def __init__(self, date: datetime.date, game: str, role: Role) -> None:
        object.__setattr__(self, "date", date)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "role", role)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.date, self.game, self.role) == (other.date, other.game, other.role)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.date, self.game, self.role))

    def __repr__(self) -> str:
        return f"Appearance(date={self.date!r}, game={self.game!r}, role={self.role!r})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (the sim's workers) as its fields
        return (Appearance, (self.date, self.game, self.role))


class UsageLimits:
    """What a real manager would not ask of a reliever, beyond the manual's fatigue.

    The manual's fatigue (2.1.e) rests a reliever only after three days in a
    row, so the best arms pitched three days of every four: 120 games in a
    1988 replay, where the real record is 106 (1974) and 1988's most was 76.
    A reliever may pitch today only while his appearances stay within each
    window; the figures and why: docs/pennant-race-charts.md, "Usage limits".
    """

    __slots__ = ("per_7_days", "per_30_days", "per_season")
    per_7_days: int
    per_30_days: int
    per_season: int

    def __init__(self, per_7_days: int = 4, per_30_days: int = 14, per_season: int = 90) -> None:
        object.__setattr__(self, "per_7_days", per_7_days)
        object.__setattr__(self, "per_30_days", per_30_days)
        object.__setattr__(self, "per_season", per_season)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"UsageLimits(per_7_days={self.per_7_days!r}, per_30_days={self.per_30_days!r}, "
                f"per_season={self.per_season!r})")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (UsageLimits, self._fields())

    def _fields(self) -> tuple[int, int, int]:
        return (self.per_7_days, self.per_30_days, self.per_season)

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
    week, month = today - datetime.timedelta(days=6), today - datetime.timedelta(days=29)
    year = datetime.date(today.year, 1, 1)
    if isinstance(history, DateOrdered):
        import bisect

        # One search for today's end, each window's start searched only below it: a setup counts every
        # reliever's windows, and the bisect's key is a Python call per step.
        end = bisect.bisect_left(history, today, key=_on)
        return (end - bisect.bisect_left(history, week, hi=end, key=_on),
                end - bisect.bisect_left(history, month, hi=end, key=_on),
                end - bisect.bisect_left(history, year, hi=end, key=_on))
    return _count_since(history, today, week), _count_since(history, today, month), _count_since(history, today, year)


def days_in_a_row(history: Sequence[Appearance], today: datetime.date) -> tuple[bool, int]:
    """Whether ``history`` has an appearance on ``today``, and on how many days in a row right before it.

    A date-ordered history is read from today back to the first day missed;
    any other is read whole (the set of its days), as the rest rules always read it.
    """
    one = datetime.timedelta(days=1)
    if not isinstance(history, DateOrdered):
        days = {a.date for a in history if a.date <= today}
        streak = 0
        while today - one * (streak + 1) in days:
            streak += 1
        return today in days, streak
    import bisect

    i = bisect.bisect_right(history, today, key=_on) - 1
    pitched = i >= 0 and history[i].date == today
    while i >= 0 and history[i].date == today:
        i -= 1
    streak, want = 0, today - one
    while i >= 0:
        day = history[i].date
        if day == want:
            streak, want = streak + 1, want - one
        elif day != want + one:  # a day missed (another game of a day already counted reads on)
            break
        i -= 1
    return pitched, streak


def _count_since(history: Sequence[Appearance], today: datetime.date, first: datetime.date) -> int:
    """Appearances dated ``first`` .. yesterday."""
    if isinstance(history, DateOrdered):
        import bisect  # here: the calendars' plain lists never need it

        lo = bisect.bisect_left(history, first, key=_on)
        return bisect.bisect_left(history, today, lo=lo, key=_on) - lo
    return sum(first <= a.date < today for a in history)


def _on(a: Appearance) -> datetime.date:
    return a.date


__all__ = ["Appearance", "DateOrdered", "Role", "UsageLimits", "days_in_a_row", "window_counts"]
