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
from league.domain.lifecycle import FINAL, IN_PROGRESS, SCHEDULED, VOID, GameLifecycle

__all__ = ["Game", "FINAL", "IN_PROGRESS", "SCHEDULED", "VOID"]


class Game(GameLifecycle, LeagueAggregate):
    RECORD = "rolls"
    # Inside an @event method the version is still the previous one, so the
    # event being applied sits at ``self.version + 1``.

    TOPIC = topics.GAME

    class Created(LeagueAggregate.Created):
        TOPIC = topics.GAME_CREATED

    @staticmethod
    def create_id(game: str) -> UUID:
        return ids.game_id(game)

    @event("Started", topic=topics.GAME_STARTED)
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
        self._began(dice_source, actor, position=1)
        self.rolls: list[dict[str, Any]] = []  # active rolls, each with its position
        self.outcome: dict[str, Any] | None = None

    @event("DiceRolled", topic=topics.GAME_DICE_ROLLED)
    def record_roll(self, team: str, kind: str, purpose: str, dice: str, fresh: bool = False) -> None:
        # ``fresh``: drawn during a dispute's cascade where the game's own
        # recorded rolls had none of the kind now needed (events before it lack it).
        self.rolls.append(
            {"position": self.version + 1, "team": team, "kind": kind, "purpose": purpose, "dice": dice,
             **({"fresh": True} if fresh else {})}
        )

    @event("Completed", topic=topics.GAME_COMPLETED)
    def complete(self, outcome: dict[str, Any]) -> None:
        self._completed(outcome)

    @event("Restarted", topic=topics.GAME_RESTARTED)
    def restart(self, setup: dict[str, Any], dice_source: str, actor: str) -> None:
        """Start again after a rewind to the start, with starters chosen anew."""
        self._restarted(setup, dice_source, actor)

    @event("Rewound", topic=topics.GAME_REWOUND)
    def rewind(self, to: int, to_start: bool, reason: str, actor: str) -> None:
        """Return to the state just before the event at position ``to``.

        ``to_start`` (the setup event itself) makes the game unplayed again.
        """
        self._rewound(to, to_start)

    @event("Reinstated", topic=topics.GAME_REINSTATED)
    def reinstate(self, state: dict[str, Any], reason: str, actor: str) -> None:
        """Undo: the game takes back the state it had at an earlier version."""
        self._reinstated(state)

    @event("HandsChanged", topic=topics.GAME_HANDS_CHANGED)
    def change_hands(self, by: str, actor: str) -> None:
        """From the next entry on, ``by`` makes the game's entries (a person, or the auto-manager)."""
        self._handed(by)

    def hand_to(self, by: str, actor: str) -> None:
        """``change_hands`` when someone else than ``by`` has been making the entries."""
        if self.hands_now != by:
            self.change_hands(by=by, actor=actor)

    @event("Held", topic=topics.GAME_HELD)
    def hold(self, reason: str, position: int, dispute: str, actor: str) -> None:
        """A dispute could not re-resolve this game with its own entries: it stands as played, for review."""
        self._was_held(reason, position, dispute)

    @event("HoldReleased", topic=topics.GAME_HOLD_RELEASED)
    def release(self, how: str, reason: str, actor: str) -> None:
        """The commissioner settled the hold: ``accepted`` as played, ``replayed`` or ``finished`` from its stop."""
        self._released()

    @event("Voided", topic=topics.GAME_VOIDED)
    def void(self, reason: str, actor: str) -> None:
        self._voided()
