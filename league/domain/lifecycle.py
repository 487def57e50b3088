"""The life cycle every game record shares, whatever its rule system.

Pennant Race games (:class:`~league.domain.game.Game`) and plate-appearance
games (:class:`~league.domain.pa_game.PAGame`) keep different things in force
(rolls; rolls, plays and decisions) under different event topics, but they
finish, restart, rewind, reinstate and void the same way, and the
corrections read them through the same methods.  Each aggregate keeps its own
``@event`` methods (their topics are stored names) and calls these to fold.
"""

from __future__ import annotations

from typing import Any

SCHEDULED = "scheduled"  # rewound to its start: nothing stands, the setup is chosen anew
IN_PROGRESS = "in progress"
FINAL = "final"
VOID = "void"


class GameLifecycle:
    # The attribute (and snapshot key) holding the entries in force, each with
    # its "position": "rolls" for Game, "entries" for PAGame.
    RECORD = "rolls"

    game: str
    setup: dict[str, Any] | None
    setup_position: int
    outcome: dict[str, Any] | None
    status: str
    version: int

    def _record(self) -> list[dict[str, Any]]:
        return getattr(self, self.RECORD)  # type: ignore[no-any-return]

    def _completed(self, outcome: dict[str, Any]) -> None:
        # Inside an @event method the version is still the previous one.
        self.outcome = outcome
        self.completed_position = self.version + 1
        self.status = FINAL

    def _restarted(self, setup: dict[str, Any]) -> None:
        self.setup = setup
        self.setup_position = self.version + 1
        self.status = IN_PROGRESS

    def _rewound(self, to: int, to_start: bool) -> None:
        setattr(self, self.RECORD, [e for e in self._record() if e["position"] < to])
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

    def _voided(self) -> None:
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
            self.RECORD: [dict(e) for e in self._record()],
            "outcome": self.outcome,
            "completed_position": getattr(self, "completed_position", 0),
            "status": self.status,
        }

    def active_positions(self) -> set[int]:
        """Positions a rewind may go back to: the setup, each entry in force, the outcome."""
        out = {self.setup_position} if self.setup is not None else set()
        out.update(e["position"] for e in self._record())
        if self.outcome is not None:
            out.add(self.completed_position)
        return out
