"""The life-cycle events every game record takes, declared once.

A game record (:class:`~league.domain.game.Game`, the card games' in
:mod:`league.rules.pa.game`) is started, completed, restarted, rewound, reinstated, voided,
handed over, held and released the same way; only the topics it stores those
events under are its own (``league:Game.Completed``, and the card games' own).
Here each of them is written once, as a method with the fold it applies
(:class:`~league.domain.lifecycle.GameLifecycle`), and each aggregate class
that inherits them is given its own ``@event`` of each as the class is made:
``TOPIC.Name`` (``league:X.Y``, as :mod:`league.domain.topics` names every
event), which must be a topic that module names.  That is what the library's
``@event(name, topic=...)`` in the class body would make -- the same event
class names, fields (the method's parameters) and topics -- so the events
stored before read as they always have.  A new kind of game record names its
``TOPIC`` and these topics in :mod:`league.domain.topics`, and has them.

It is apart from :mod:`league.domain.lifecycle` because that fold is also
read without the event-sourcing library (``projections.game_record``).
"""

from __future__ import annotations

import inspect
from typing import Any

from eventsourcing.domain import CommandMethodDecorator, event

from league.domain import topics
from league.domain.lifecycle import (
    COMPLETED, HANDS_CHANGED, HELD, HOLD_RELEASED, IN_PROGRESS, REINSTATED, RESTARTED, REWOUND, STARTED,
    VOIDED, GameLifecycle,
)

# Each life-cycle method -> the name of the event it takes (also the last part of its topic).
EVENTS: dict[str, str] = {
    "__init__": STARTED, "complete": COMPLETED, "restart": RESTARTED, "rewind": REWOUND,
    "reinstate": REINSTATED, "void": VOIDED, "change_hands": HANDS_CHANGED, "hold": HELD,
    "release": HOLD_RELEASED,
}

_NAMED_TOPICS = frozenset(value for name, value in vars(topics).items() if name.isupper())


class GameLifecycleEvents(GameLifecycle):
    """The life-cycle events of a game record; mix in before ``LeagueAggregate`` and set ``TOPIC``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Before the library's own __init_subclass__ (next in the order of classes), which makes an
        # event class of each @event method in the class's namespace: the same as written in its body.
        record = cls.__dict__.get("TOPIC")
        if record:
            for method, name in EVENTS.items():
                found = inspect.getattr_static(cls, method)
                if isinstance(found, CommandMethodDecorator):
                    continue  # a record above this one already took it
                topic = f"{record}.{name}"
                if topic not in _NAMED_TOPICS:
                    raise TypeError(f"{cls.__name__}: no topic {topic!r} in league.domain.topics")
                setattr(cls, method, event(name, topic=topic)(found))
        super().__init_subclass__(**kwargs)

    # Inside an @event method the version is still the previous one, so the
    # event being applied sits at ``self.version + 1``.

    def __init__(self, game: str, date: str, number: int, visitor: str, home: str, ruleset: str,
                 ruleset_version: str, setup: dict[str, Any], dice_source: str, actor: str) -> None:
        self.game = game
        self.date = date
        self.number = number
        self.visitor = visitor
        self.home = home
        self.ruleset = ruleset
        self.ruleset_version = ruleset_version
        self.setup = setup
        self.setup_position = 1  # the event that holds the setup in force
        self.status = IN_PROGRESS
        self._began(dice_source, actor, position=1)
        self._opened()
        self.outcome = None

    def _opened(self) -> None:
        """The record's own state as it starts: its entries in force (``RECORD``), and what else it keeps."""
        raise NotImplementedError

    def complete(self, outcome: dict[str, Any]) -> None:
        self._completed(outcome)

    def restart(self, setup: dict[str, Any], dice_source: str, actor: str) -> None:
        """Start again after a rewind to the start, with starters chosen anew."""
        self._restarted(setup, dice_source, actor)

    def rewind(self, to: int, to_start: bool, reason: str, actor: str) -> None:
        """Return to the state just before the event at position ``to``.

        ``to_start`` (the setup event itself) makes the game unplayed again.
        """
        self._rewound(to, to_start)

    def reinstate(self, state: dict[str, Any], reason: str, actor: str) -> None:
        """Undo: the game takes back the state it had at an earlier version."""
        self._reinstated(state)

    def change_hands(self, by: str, actor: str) -> None:
        """From the next entry on, ``by`` makes the game's entries (a person, or the auto-manager)."""
        self._handed(by)

    def hand_to(self, by: str, actor: str) -> None:
        """``change_hands`` when someone else than ``by`` has been making the entries."""
        if self.hands_now != by:
            self.change_hands(by=by, actor=actor)

    def hold(self, reason: str, position: int, dispute: str, actor: str) -> None:
        """A dispute could not re-resolve this game with its own entries: it stands as played, for review."""
        self._was_held(reason, position, dispute)

    def release(self, how: str, reason: str, actor: str) -> None:
        """The commissioner settled the hold: ``accepted`` as played, ``replayed`` or ``finished`` from its stop."""
        self._released()

    def void(self, reason: str, actor: str) -> None:
        self._voided()
