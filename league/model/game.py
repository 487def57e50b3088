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

SCHEDULED = "scheduled"  # rewound to its start: nothing stands, the setup is chosen anew
IN_PROGRESS = "in progress"
FINAL = "final"
VOID = "void"


class Game(LeagueAggregate):
    # Inside an @event method the version is still the previous one, so the
    # event being applied sits at ``self.version + 1``.

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
        self.setup: dict[str, Any] | None = setup
        self.setup_position = 1  # the event that holds the setup in force
        self.status = IN_PROGRESS
        self.rolls: list[dict[str, Any]] = []  # active rolls, each with its position
        self.outcome: dict[str, Any] | None = None

    @event("DiceRolled", topic="league:Game.DiceRolled")
    def record_roll(self, team: str, kind: str, purpose: str, dice: str) -> None:
        self.rolls.append(
            {"position": self.version + 1, "team": team, "kind": kind, "purpose": purpose, "dice": dice}
        )

    @event("Completed", topic="league:Game.Completed")
    def complete(self, outcome: dict[str, Any]) -> None:
        self.outcome = outcome
        self.completed_position = self.version + 1
        self.status = FINAL

    @event("Restarted", topic="league:Game.Restarted")
    def restart(self, setup: dict[str, Any], dice_source: str, actor: str) -> None:
        """Start again after a rewind to the start, with starters chosen anew."""
        self.setup = setup
        self.setup_position = self.version + 1
        self.status = IN_PROGRESS

    @event("Rewound", topic="league:Game.Rewound")
    def rewind(self, to: int, to_start: bool, reason: str, actor: str) -> None:
        """Return to the state just before the event at position ``to``.

        ``to_start`` (the setup event itself) makes the game unplayed again.
        """
        self.rolls = [r for r in self.rolls if r["position"] < to]
        self.outcome = None
        if to_start:
            self.setup = None
            self.status = SCHEDULED
        else:
            self.status = IN_PROGRESS

    @event("Reinstated", topic="league:Game.Reinstated")
    def reinstate(self, state: dict[str, Any], reason: str, actor: str) -> None:
        """Undo: the game takes back the state it had at an earlier version."""
        self.setup = state["setup"]
        self.setup_position = state["setup_position"]
        self.rolls = [dict(r) for r in state["rolls"]]
        self.outcome = state["outcome"]
        self.completed_position = state.get("completed_position", 0)
        self.status = state["status"]

    @event("Voided", topic="league:Game.Voided")
    def void(self, reason: str, actor: str) -> None:
        self.outcome = None
        self.status = VOID

    @property
    def is_final(self) -> bool:
        return self.status == FINAL

    def snapshot(self) -> dict[str, Any]:
        """The state undo can reinstate."""
        return {
            "setup": self.setup,
            "setup_position": self.setup_position,
            "rolls": [dict(r) for r in self.rolls],
            "outcome": self.outcome,
            "completed_position": getattr(self, "completed_position", 0),
            "status": self.status,
        }

    def active_positions(self) -> set[int]:
        """Positions a rewind may go back to: the setup, active rolls, the outcome."""
        out = {self.setup_position} if self.setup is not None else set()
        out.update(r["position"] for r in self.rolls)
        if self.outcome is not None:
            out.add(self.completed_position)
        return out
