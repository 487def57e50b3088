"""A club's pitching staff usage: the facts rest and fatigue are derived from.

Engines decide who may pitch from this aggregate (never from a read model):
each finished game appends which pitchers worked, on what date, in what role.
"""

from __future__ import annotations

from datetime import date
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from league import ids
from league.model.base import LeagueAggregate
from league.rules.pennant_race.usage import Appearance


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
        self.usage: dict[str, list[Appearance]] = {}
        self.by_game: dict[str, dict[str, Any]] = {}  # game -> date, number, appearances

    @event("PitchersUsed", topic="league:Staff.PitchersUsed")
    def record_usage(self, game: str, date: str, appearances: list[dict[str, Any]], number: int = 0) -> None:
        day = _date(date)
        # (date, game number) orders the club's games for dependency checks.
        self.by_game[game] = {"date": date, "number": number, "appearances": appearances}
        for a in appearances:
            self.usage.setdefault(a["pitcher"], []).append(
                Appearance(date=day, game=game, role=a["role"])
            )

    @event("UsageRevoked", topic="league:Staff.UsageRevoked")
    def revoke_usage(self, game: str, reason: str) -> None:
        self.by_game.pop(game, None)
        for name, apps in self.usage.items():
            self.usage[name] = [a for a in apps if a.game != game]


def _date(text: str) -> date:
    return date.fromisoformat(text)
