"""A club's pitching staff usage: the facts rest and fatigue are derived from.

Engines decide who may pitch from this aggregate (never from a read model):
each finished game appends which pitchers worked, on what date, in what role.
"""

from __future__ import annotations

import bisect
from datetime import date
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from league import ids
from league.model.base import LeagueAggregate
from league.rules.pennant_race.usage import Appearance, DateOrdered


class Staff(LeagueAggregate):
    TOPIC = "league:Staff"

    class Created(LeagueAggregate.Created):
        TOPIC = "league:Staff.Created"

    @staticmethod
    def create_id(team: str) -> UUID:
        return ids.staff_id(team)

    @event("Started", topic="league:Staff.Started")
    def __init__(self, team: str) -> None:
        self.team = team
        self.usage: dict[str, list[Appearance]] = {}  # per pitcher, in date order
        self.by_game: dict[str, dict[str, Any]] = {}  # game -> date, number, appearances

    @event("PitchersUsed", topic="league:Staff.PitchersUsed")
    def record_usage(self, game: str, date: str, appearances: list[dict[str, Any]], number: int = 0) -> None:
        day = _date(date)
        # (date, game number) orders the club's games for dependency checks.
        self.by_game[game] = {"date": date, "number": number, "appearances": appearances}
        for a in appearances:
            history = self.usage.get(a["pitcher"])
            if not isinstance(history, DateOrdered):  # new, or plain after a snapshot
                history = DateOrdered(sorted(history or (), key=_on))
                self.usage[a["pitcher"]] = history
            bisect.insort(history, Appearance(date=day, game=game, role=a["role"]), key=_on)

    @event("UsageRevoked", topic="league:Staff.UsageRevoked")
    def revoke_usage(self, game: str, reason: str) -> None:
        record = self.by_game.pop(game, None)
        # Only the pitchers who worked that game have an appearance to drop.
        names = [a["pitcher"] for a in record["appearances"]] if record else list(self.usage)
        for name in names:
            if name not in self.usage:
                continue
            apps = self.usage[name]
            kept = [a for a in apps if a.game != game]  # filtering keeps date order
            self.usage[name] = DateOrdered(kept if isinstance(apps, DateOrdered) else sorted(kept, key=_on))


def _date(text: str) -> date:
    return date.fromisoformat(text)


def _on(a: Appearance) -> date:
    return a.date
