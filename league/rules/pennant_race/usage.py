"""Who may pitch today: rest for starters, recent work for relievers (2.6).

Pure functions over a pitcher's appearance history.  "Days of rest" are the
full days between two games: a start on the 1st and another on the 6th is
four days of rest, ``(today - last).days - 1``.  Appearances dated after
``today`` are ignored, so replaying an old day gives the answer it gave then.
"""

from __future__ import annotations

import bisect
import datetime
from typing import Literal, Mapping, NamedTuple, Sequence

from league.domain.errors import RulesError
from league.domain.usage import Appearance, DateOrdered, Role, UsageLimits, _on, window_counts
from league.rules.pennant_race.ratings import Pitcher, TeamSheet
from league.rules.pennant_race.values import FrozenValue


# A dual-role pitcher needs this many days of rest between a start and a
# relief, either way round (2.6, last paragraphs).
DUAL_ROLE_REST = 3


class StarterStatus(NamedTuple):
    """A starter's rest today.  A NamedTuple, not a dataclass: ``league pitchers`` imports this module,
    and a dataclass is built at import by compiling its methods from source, several times a NamedTuple's
    cost.  Never
    stored (a setup keeps the chosen starter's name and reason)."""

    name: str
    days_of_rest: int | None  # None: never started
    fully_rested: bool
    short_rest_ok: bool
    eligible: bool  # fully rested or one day short
    reason: str


class RelieverStatus(FrozenValue):
    """A reliever's facts for fatigue today (2.1.e).  Stored in each Game.Started's bullpen
    (``to_dict``, read back with ``RelieverStatus(**d)``).  Written out, not a frozen dataclass, for
    ``league pitchers``'s import (see league.rules.pennant_race.values)."""

    __slots__ = ("name", "rel", "fat", "asterisk", "dual_role", "roster_order", "consecutive_days", "used_today",
                 "days_since_start", "last_7_days", "last_30_days", "season_games")
    _defaults = {"last_7_days": 0, "last_30_days": 0, "season_games": 0}
    name: str
    rel: int
    fat: int | None
    asterisk: bool
    dual_role: bool
    roster_order: int
    consecutive_days: int  # days in a row with an appearance, ending yesterday
    used_today: bool
    days_since_start: int | None  # full days of rest since the last start
    # Appearances before today, for the usage limits (ruleset version 2).
    # Setups stored before version 2 lack them (hence the defaults); version 1 never reads them.
    last_7_days: int  # in the six days before today
    last_30_days: int  # in the 29 days before today
    season_games: int  # this calendar year, before today

    def __init__(self, name: str, rel: int, fat: int | None, asterisk: bool, dual_role: bool, roster_order: int,
                 consecutive_days: int, used_today: bool, days_since_start: int | None, last_7_days: int = 0,
                 last_30_days: int = 0, season_games: int = 0) -> None:
        _set = object.__setattr__
        _set(self, "name", name)
        _set(self, "rel", rel)
        _set(self, "fat", fat)
        _set(self, "asterisk", asterisk)
        _set(self, "dual_role", dual_role)
        _set(self, "roster_order", roster_order)
        _set(self, "consecutive_days", consecutive_days)
        _set(self, "used_today", used_today)
        _set(self, "days_since_start", days_since_start)
        _set(self, "last_7_days", last_7_days)
        _set(self, "last_30_days", last_30_days)
        _set(self, "season_games", season_games)

    def to_dict(self) -> dict[str, object]:
        """The fields in order (all scalars): what a Game.Started stores."""
        return dict(zip(self._names, self._values(self)))


def _rest(last: datetime.date | None, today: datetime.date) -> int | None:
    return None if last is None else (today - last).days - 1


_WINDOW = 8  # days looked back for a streak before looking further


class _Summary:
    """What rest and fatigue need from a history, gathered in one pass.  Internal; a plain class, as a
    NamedTuple is built at import, which ``league pitchers`` would pay for."""

    __slots__ = ("last_start", "last_relief", "used_today", "recent")

    def __init__(self, last_start: datetime.date | None, last_relief: datetime.date | None, used_today: bool,
                 recent: frozenset[datetime.date]) -> None:
        self.last_start = last_start
        self.last_relief = last_relief
        self.used_today = used_today
        self.recent = recent  # days worked in the window before today


def _summarize(
    history: Sequence[Appearance], today: datetime.date, need_start: bool = True, need_relief: bool = True
) -> _Summary:
    last_start: datetime.date | None = None
    last_relief: datetime.date | None = None
    used_today = False
    recent = set()
    window_start = today - datetime.timedelta(days=_WINDOW)
    ordered = isinstance(history, DateOrdered)
    for a in (reversed(history) if ordered else history):
        d = a.date
        if d > today:
            continue  # replaying an old day gives the answer it gave then
        if d == today:
            used_today = True
        elif d >= window_start:
            recent.add(d)
        elif ordered and (last_start or not need_start) and (last_relief or not need_relief):
            break  # everything further back is older than what was found
        if a.role == "start":
            if last_start is None or d > last_start:
                last_start = d
        elif last_relief is None or d > last_relief:
            last_relief = d
    return _Summary(last_start, last_relief, used_today, frozenset(recent))


def starter_status(p: Pitcher, history: Sequence[Appearance], today: datetime.date) -> StarterStatus:
    """Can ``p`` start today, fully rested or one day short (2.6)?"""
    if not p.is_starter:
        return StarterStatus(p.name, None, False, False, False, "not a starter (no ST)")
    need = p.rest or 0
    summary = _summarize(history, today, need_start=True, need_relief=p.dual_role)
    days = _rest(summary.last_start, today)
    if summary.used_today:
        return StarterStatus(p.name, days, False, False, False, "already pitched today")
    if p.dual_role:
        since_relief = _rest(summary.last_relief, today)
        if since_relief is not None and since_relief < DUAL_ROLE_REST:
            return StarterStatus(
                p.name, days, False, False, False,
                f"relieved with {since_relief} day(s) of rest since; a dual-role pitcher "
                f"needs {DUAL_ROLE_REST} before starting again",
            )
    if days is None or days >= need:
        why = "never started" if days is None else f"{days} day(s) of rest, needs {need}"
        return StarterStatus(p.name, days, True, False, True, f"fully rested ({why})")
    if days == need - 1:
        return StarterStatus(
            p.name, days, False, True, True,
            f"one day short ({days} day(s) of rest, needs {need}): ST and END -1, no CG or SHO",
        )
    return StarterStatus(p.name, days, False, False, False, f"{days} day(s) of rest, needs {need}")


_DAY = datetime.timedelta(days=1)


def _streak(history: Sequence[Appearance], today: datetime.date, recent: frozenset[datetime.date]) -> int:
    """Days in a row with an appearance, ending yesterday."""
    # Only recent dates can extend the streak; look further back only if the
    # streak runs the whole window (it never does under the fatigue rules).
    window = _WINDOW
    while True:
        streak = 0
        day = today - _DAY
        while day in recent:
            streak += 1
            day -= _DAY
        if streak < window:
            return streak
        window *= 4
        start = today - datetime.timedelta(days=window)
        recent = frozenset(a.date for a in history if start <= a.date < today)


def reliever_status(
    p: Pitcher, order: int, history: Sequence[Appearance], today: datetime.date
) -> RelieverStatus:
    """The facts fatigue depends on (2.1.e): recent days worked and last start."""
    if not p.is_reliever:
        raise RulesError(f"{p.name} has no REL rating and cannot relieve")
    # A pitcher without ST never starts, so his last start need not be sought.
    summary = _summarize(history, today, need_start=p.is_starter, need_relief=False)
    streak = _streak(history, today, summary.recent)
    week, month, season = window_counts(history, today)
    return RelieverStatus(
        name=p.name,
        rel=p.rel or 0,
        fat=p.fat,
        asterisk=p.fat_asterisk,
        dual_role=p.dual_role,
        roster_order=order,
        consecutive_days=streak,
        used_today=summary.used_today,
        days_since_start=_rest(summary.last_start, today),
        last_7_days=week, last_30_days=month, season_games=season,
    )


def staff_status(
    sheet: TeamSheet, usage: Mapping[str, Sequence[Appearance]], today: datetime.date
) -> tuple[list[StarterStatus], list[RelieverStatus]]:
    """Every starter's and every reliever's status, in roster order."""
    starters = [
        starter_status(p, usage.get(p.name, ()), today) for p in sheet.pitchers if p.is_starter
    ]
    relievers = [
        reliever_status(p, i, usage.get(p.name, ()), today)
        for i, p in enumerate(sheet.pitchers)
        if p.is_reliever
    ]
    return starters, relievers


def choose_starter(
    sheet: TeamSheet,
    usage: Mapping[str, Sequence[Appearance]],
    today: datetime.date,
    starters: Sequence[StarterStatus] | None = None,
) -> tuple[str, bool]:
    """The rotation's pick: ``(name, short_rest)``.

    The fully rested starter with the most rest (never started counts as most),
    ties by roster order; failing that a one-day-short starter in the same
    order.  With no eligible starter at all it falls back to the most rested
    starter on short rest -- an emergency the property tests show a sane staff
    never reaches.
    """
    if starters is None:  # callers that already have today's statuses pass them in
        starters, _ = staff_status(sheet, usage, today)
    if not starters:
        raise RulesError(f"{sheet.code} has no pitcher with an ST rating")
    order = {p.name: i for i, p in enumerate(sheet.pitchers)}

    def key(s: StarterStatus) -> tuple[int, int]:
        rest = 10**6 if s.days_of_rest is None else s.days_of_rest
        return (-rest, order[s.name])

    for group, short in (([s for s in starters if s.fully_rested], False),
                         ([s for s in starters if s.short_rest_ok], True)):
        if group:
            return min(group, key=key).name, short
    # Emergency: prefer anyone who has not pitched today.
    fresh = [s for s in starters if s.reason != "already pitched today"] or starters
    return min(fresh, key=key).name, True
