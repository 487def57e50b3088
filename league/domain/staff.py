"""A club's pitching staff usage: the facts rest and fatigue are derived from.

Engines decide who may pitch from this aggregate (never from a read model):
each finished game appends which pitchers worked, on what date, in what role.
A plate-appearance game also appends the club's players it injured and for
how many of the club's games (``PlayersInjured``), so the next games' setups
know who is out; a revoked game's injuries go with its usage.
"""

from __future__ import annotations

import bisect
from datetime import date
from typing import Any, Iterable, Mapping
from uuid import UUID

from eventsourcing.domain import event

from league.domain import ids, topics
from league.domain.base import LeagueAggregate
from league.domain.usage import Appearance, DateOrdered


class Staff(LeagueAggregate):
    TOPIC = topics.STAFF

    class Created(LeagueAggregate.Created):
        TOPIC = topics.STAFF_CREATED

    @staticmethod
    def create_id(team: str) -> UUID:
        return ids.staff_id(team)

    @event("Started", topic=topics.STAFF_STARTED)
    def __init__(self, team: str) -> None:
        self.team = team
        self.usage: dict[str, list[Appearance]] = {}  # per pitcher, in date order
        self.by_game: dict[str, dict[str, Any]] = {}  # game -> date, number, appearances

    # A sim records both events for each club after each game, in the one process that saves (the
    # games themselves are played in workers): written out as classes, as the card games' plays are, so that
    # triggering and replaying one applies it directly -- the @event decorator's argument matching
    # cost more than the rest of the event.  Names, topics and fields (in this order) are the ones the
    # decorated methods gave them, so stored events read and chain as before.
    class PitchersUsed(LeagueAggregate.Event):
        TOPIC = topics.STAFF_PITCHERS_USED
        game: str
        date: str
        appearances: list[dict[str, Any]]
        number: int = 0

        def apply(self, aggregate: Any) -> None:
            aggregate._use(self.game, self.date, self.appearances, self.number)
            super().apply(aggregate)

    class PlayersInjured(LeagueAggregate.Event):
        TOPIC = topics.STAFF_PLAYERS_INJURED
        game: str
        injuries: list[dict[str, Any]]

        def apply(self, aggregate: Any) -> None:
            aggregate._injure(self.game, self.injuries)
            super().apply(aggregate)

    def record_usage(self, game: str, date: str, appearances: list[dict[str, Any]], number: int = 0) -> None:
        """The club's pitchers who worked a finished game, each ``{"pitcher", "role"}``."""
        self.trigger(self.PitchersUsed, game=game, date=date, appearances=appearances, number=number)

    def _use(self, game: str, date: str, appearances: list[dict[str, Any]], number: int) -> None:
        day = _date(date)
        # (date, game number) orders the club's games for dependency checks.
        self.by_game[game] = {"date": date, "number": number, "appearances": appearances}
        for a in appearances:
            history = self.usage.get(a["pitcher"])
            if not isinstance(history, DateOrdered):  # new, or plain after a snapshot
                history = DateOrdered(sorted(history or (), key=_on))
                self.usage[a["pitcher"]] = history
            bisect.insort(history, Appearance(date=day, game=game, role=a["role"]), key=_on)

    def record_injuries(self, game: str, injuries: list[dict[str, Any]]) -> None:
        """The club's players hurt in a finished game, each ``{"player", "games"}`` (games he must miss).

        Recorded right after the game's usage, for every finished
        plate-appearance game, none hurt included: a game without the record
        was finished before injuries were kept here (its own events say).
        ``revoke_usage`` drops it with the usage.
        """
        self.trigger(self.PlayersInjured, game=game, injuries=injuries)

    def _injure(self, game: str, injuries: list[dict[str, Any]]) -> None:
        record = self.by_game.get(game)
        if record is not None:  # a new dict: callers may hold the old one to compare (cascade.usage_of)
            self.by_game[game] = {**record, "injuries": [dict(i) for i in injuries]}

    @event("UsageRevoked", topic=topics.STAFF_USAGE_REVOKED)
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


def club_injuries(injuries: Iterable[Mapping[str, Any]], team: str) -> list[dict[str, Any]]:
    """The injuries of ``team`` among a game's (the ``injuries`` a card game keeps), as ``record_injuries``
    keeps them."""
    return [{"player": i["player"], "games": int(i["games"])} for i in injuries if i["team"] == team]


def _date(text: str) -> date:
    return date.fromisoformat(text)


def _on(a: Appearance) -> date:
    return a.date
