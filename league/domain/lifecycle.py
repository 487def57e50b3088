"""The life cycle every game record shares, whatever its rule system.

A game is recorded in one aggregate of its rule system's choosing: a game of
rolls (:class:`~league.domain.game.Game`) or one of rolls, plays and
decisions (the card games', in :mod:`league.rules.pa`).  They keep different
entries in force under different event topics, but they finish, restart,
rewind, reinstate and void the same way, and the application reads them
through the same methods.  Their life-cycle events are declared once, in
:mod:`league.domain.game_events`, and fold through the methods here (which
``projections.game_record`` also folds with, without the event-sourcing
library); each aggregate stores them under its own topics.

:data:`STEPS` names the step of the life cycle each game record's topic
takes, so that whatever reads the log (the views, ``verify``, a game's
status) dispatches on the step and never on which aggregate took it.
"""

from __future__ import annotations

from typing import Any

from league.domain import topics
from league.domain.actors import AUTO_MANAGER, first_hands, how_played
from league.domain.errors import RulesError

SCHEDULED = "scheduled"  # rewound to its start: nothing stands, the setup is chosen anew
IN_PROGRESS = "in progress"
FINAL = "final"
VOID = "void"

# The steps of a game's life cycle.
STARTED, RESTARTED, COMPLETED = "Started", "Restarted", "Completed"
REWOUND, REINSTATED, VOIDED = "Rewound", "Reinstated", "Voided"
HANDS_CHANGED, HELD, HOLD_RELEASED = "HandsChanged", "Held", "HoldReleased"
ENTRY = "entry"  # an entry made: a roll, a play or a decision
INJURED = "PlayerInjured"

# Each game record's topic -> the step it takes.
STEPS: dict[str, str] = {
    topics.GAME_STARTED: STARTED, topics.PA_GAME_STARTED: STARTED,
    topics.GAME_RESTARTED: RESTARTED, topics.PA_GAME_RESTARTED: RESTARTED,
    topics.GAME_COMPLETED: COMPLETED, topics.PA_GAME_COMPLETED: COMPLETED,
    topics.GAME_REWOUND: REWOUND, topics.PA_GAME_REWOUND: REWOUND,
    topics.GAME_REINSTATED: REINSTATED, topics.PA_GAME_REINSTATED: REINSTATED,
    topics.GAME_VOIDED: VOIDED, topics.PA_GAME_VOIDED: VOIDED,
    topics.GAME_HANDS_CHANGED: HANDS_CHANGED, topics.PA_GAME_HANDS_CHANGED: HANDS_CHANGED,
    topics.GAME_HELD: HELD, topics.PA_GAME_HELD: HELD,
    topics.GAME_HOLD_RELEASED: HOLD_RELEASED, topics.PA_GAME_HOLD_RELEASED: HOLD_RELEASED,
    topics.GAME_DICE_ROLLED: ENTRY, topics.PA_GAME_ROLLED: ENTRY, topics.PA_GAME_PLAY_RESOLVED: ENTRY,
    topics.PA_GAME_DECISION_MADE: ENTRY,
    topics.GAME_PLAYER_INJURED: INJURED,  # every game record's injuries, under this one topic
}

# Each game record (its aggregate's topic) -> the attribute holding its entries in force, which is also
# their key in the states it reinstates.
RECORDS: dict[str, str] = {topics.GAME: "rolls", topics.PA_GAME: "entries"}


def step_topics(*steps: str) -> tuple[str, ...]:
    """Every game record's topics of these steps."""
    return tuple(topic for topic, step in STEPS.items() if step in steps)


def is_game_event(topic: str) -> bool:
    """Whether ``topic`` is the topic of an event of a game record, of any rule system."""
    return topic.partition(".")[0] in RECORDS


def record_of(topic: str) -> str | None:
    """The attribute holding the entries in force of the game record whose event ``topic`` is
    (None: not a game record's own event, as the injuries' shared topic is not)."""
    aggregate, _, _ = topic.partition(".")
    return RECORDS.get(aggregate) if STEPS.get(topic) != INJURED else None


class GameLifecycle:
    # The attribute (and snapshot key) holding the entries in force, each with
    # its "position" (see RECORDS).
    RECORD = "rolls"

    game: str
    date: str
    number: int
    visitor: str
    home: str
    ruleset: str
    ruleset_version: str
    setup: dict[str, Any] | None
    setup_position: int
    outcome: dict[str, Any] | None
    status: str
    version: int
    # Who makes the entries from each position on: [[position, by], ...] (``league.domain.actors``).
    hands: list[list[Any]]
    # A game a dispute could not re-resolve with its own entries, as played, awaiting the commissioner:
    # {"reason", "position" (the first entry that can no longer stand), "dispute"}; None when not held.
    held: dict[str, Any] | None = None

    def _began(self, dice_source: str, actor: str, position: int) -> None:
        self.hands = [[position, first_hands(dice_source, actor)]]

    def _handed(self, by: str) -> None:
        self._hands().append([self.version + 1, by])

    def _hands(self) -> list[list[Any]]:
        # Games loaded from snapshots taken before hands were kept: the computer's.
        if "hands" not in self.__dict__:
            self.hands = [[1, AUTO_MANAGER]]
        return self.hands

    def by_at(self, position: int) -> str:
        """Who made the entry at ``position``: a person's actor name, or the auto-manager."""
        by = AUTO_MANAGER
        for start, who in self._hands():
            if start > position:
                break
            by = who
        return by

    @property
    def hands_now(self) -> str:
        """Who makes the game's next entries."""
        hands = self._hands()
        return str(hands[-1][1]) if hands else AUTO_MANAGER

    @property
    def played_by(self) -> str:
        """``hand``, ``computer`` or ``both``: who made the entries in force."""
        return how_played([self.by_at(e["position"]) for e in self._record()] or [self.hands_now])

    def in_force(self) -> list[dict[str, Any]]:
        """The entries in force (rolls; or rolls, plays and decisions), each with its position."""
        return self._record()

    def record_fact(self) -> list[dict[str, Any]]:
        """The entries in force without their positions: what two plays of the game compare by."""
        return [{k: v for k, v in e.items() if k != "position"} for e in self._record()]

    def check_playable(self) -> None:
        """Refuse to add entries to a game that is final, void or held for review."""
        if self.status == FINAL:
            raise RulesError(f"game {self.game} is already final (rewind it to play it again)")
        if self.status == VOID:
            raise RulesError(f"game {self.game} was voided")
        self.check_not_held()

    def check_not_held(self) -> None:
        if self.held is not None:
            raise RulesError(f"game {self.game} is held for the commissioner's review ({self.held['reason']}): "
                             "settle it with 'league review accept|replay|finish' first")

    def _record(self) -> list[dict[str, Any]]:
        return getattr(self, self.RECORD)  # type: ignore[no-any-return]

    def _completed(self, outcome: dict[str, Any]) -> None:
        # Inside an @event method the version is still the previous one.
        self.outcome = outcome
        self.completed_position = self.version + 1
        self.status = FINAL

    def _restarted(self, setup: dict[str, Any], dice_source: str, actor: str) -> None:
        self._began(dice_source, actor, self.version + 1)
        self.setup = setup
        self.setup_position = self.version + 1
        self.status = IN_PROGRESS

    def _rewound(self, to: int, to_start: bool) -> None:
        setattr(self, self.RECORD, [e for e in self._record() if e["position"] < to])
        self.hands = [h for h in self._hands() if h[0] < to]
        self.outcome = None
        if to_start:
            self.setup = None
            self.status = SCHEDULED
        else:
            self.status = IN_PROGRESS

    def _reinstated(self, state: dict[str, Any]) -> None:
        self.setup = state["setup"]
        self.setup_position = state["setup_position"]
        setattr(self, self.RECORD, [dict(e) for e in state[self.RECORD]])
        self.outcome = state["outcome"]
        self.completed_position = state.get("completed_position", 0)
        self.status = state["status"]
        # States written before hands and holds were kept: the hands as folded, no hold.
        if "hands" in state:
            self.hands = [list(h) for h in state["hands"]]
        self.held = state.get("held")

    def _voided(self) -> None:
        self.outcome = None
        self.status = VOID
        self.held = None

    def _was_held(self, reason: str, position: int, dispute: str) -> None:
        self.held = {"reason": reason, "position": position, "dispute": dispute}

    def _released(self) -> None:
        self.held = None

    @property
    def is_final(self) -> bool:
        return self.status == FINAL

    def snapshot(self) -> dict[str, Any]:
        """The state undo can reinstate."""
        return {
            "setup": self.setup,
            "setup_position": self.setup_position,
            self.RECORD: [dict(e) for e in self._record()],
            "outcome": self.outcome,
            "completed_position": getattr(self, "completed_position", 0),
            "status": self.status,
            "hands": [list(h) for h in self._hands()],
            "held": self.held,
        }

    def active_positions(self) -> set[int]:
        """Positions a rewind may go back to: the setup, each entry in force, the outcome."""
        out = {self.setup_position} if self.setup is not None else set()
        out.update(e["position"] for e in self._record())
        if self.outcome is not None:
            out.add(self.completed_position)
        return out
