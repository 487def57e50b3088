"""A game: the setup it started with, every roll, and the outcome.

Events record facts: the starters and the bullpen as they stood (so audit can
re-derive the outcome without consulting anything else), each roll with what
it was rolled for, and the outcome with its explanation.  The state is a fold.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from league.domain import ids, topics
from league.domain.base import LeagueAggregate
from league.domain.game_events import GameLifecycleEvents
from league.domain.lifecycle import FINAL, IN_PROGRESS, SCHEDULED, VOID

__all__ = ["Game", "FINAL", "IN_PROGRESS", "SCHEDULED", "VOID"]


class Game(GameLifecycleEvents, LeagueAggregate):
    """Its life-cycle events (Started, Completed, Rewound, ...) come from
    :class:`~league.domain.game_events.GameLifecycleEvents`, under ``league:Game.*``."""

    RECORD = "rolls"
    # Inside an @event method the version is still the previous one, so the
    # event being applied sits at ``self.version + 1``.

    TOPIC = topics.GAME

    class Created(LeagueAggregate.Created):
        TOPIC = topics.GAME_CREATED

    @staticmethod
    def create_id(game: str) -> UUID:
        return ids.game_id(game)

    def _opened(self) -> None:
        self.rolls: list[dict[str, Any]] = []  # active rolls, each with its position

    @event("DiceRolled", topic=topics.GAME_DICE_ROLLED)
    def record_roll(self, team: str, kind: str, purpose: str, dice: str, fresh: bool = False) -> None:
        # ``fresh``: drawn during a dispute's cascade where the game's own
        # recorded rolls had none of the kind now needed (events before it lack it).
        self.rolls.append(
            {"position": self.version + 1, "team": team, "kind": kind, "purpose": purpose, "dice": dice,
             **({"fresh": True} if fresh else {})}
        )
