"""A game: the setup it started with, every roll, and the outcome.

Events record facts: the starters and the bullpen as they stood (so audit can
re-derive the outcome without consulting anything else), each roll with what
it was rolled for, and the outcome with its explanation.  The state is a fold.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from league import ids
from league.model.base import LeagueAggregate

IN_PROGRESS = "in progress"
FINAL = "final"
VOID = "void"


class Game(LeagueAggregate):
    TOPIC = "league:Game"

    class Created(LeagueAggregate.Created):
        TOPIC = "league:Game.Created"

    @staticmethod
    def create_id(game: str) -> UUID:
        return ids.game_id(game)

    @event("Started", topic="league:Game.Started")
    def __init__(
        self,
        game: str,
        date: str,
        number: int,
        visitor: str,
        home: str,
        ruleset: str,
        ruleset_version: str,
        setup: dict[str, Any],
        dice_source: str,
        actor: str,
    ) -> None:
        self.game = game
        self.date = date
        self.number = number
        self.visitor = visitor
        self.home = home
        self.ruleset = ruleset
        self.ruleset_version = ruleset_version
        self.setup = setup
        self.status = IN_PROGRESS
        self.rolls: list[dict[str, Any]] = []  # active rolls, each with its position
        self.outcome: dict[str, Any] | None = None

    @event("DiceRolled", topic="league:Game.DiceRolled")
    def record_roll(self, team: str, kind: str, purpose: str, dice: str) -> None:
        self.rolls.append(
            {"position": self.version, "team": team, "kind": kind, "purpose": purpose, "dice": dice}
        )

    @event("Completed", topic="league:Game.Completed")
    def complete(self, outcome: dict[str, Any]) -> None:
        self.outcome = outcome
        self.status = FINAL

    @event("Rewound", topic="league:Game.Rewound")
    def rewind(self, to: int, reason: str, actor: str) -> None:
        """Return to the state just before the event at position ``to``."""
        self.rolls = [r for r in self.rolls if r["position"] < to]
        self.outcome = None
        self.status = IN_PROGRESS

    @event("Voided", topic="league:Game.Voided")
    def void(self, reason: str, actor: str) -> None:
        self.outcome = None
        self.status = VOID

    @property
    def is_final(self) -> bool:
        return self.status == FINAL
