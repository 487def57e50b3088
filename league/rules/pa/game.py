"""The card games' game record: the setup, every roll, every play, every decision.

One roll is one event, so a position in ``league game log`` is a roll and a
rewind can stop between any two of them.  The aggregate keeps only facts
(the lineups it started with, the rolls and decisions in force); the game
state is a fold of those facts through the rule engine, done by
:mod:`league.rules.pa.replay`, because it needs the cards.  The interface the
application shares with every game record (``status``, ``setup_position``,
``rewind``, ``void``, ``reinstate``, ``snapshot``, ``active_positions``,
``in_force``) comes from :class:`league.domain.lifecycle.GameLifecycle`, so
rewind, void, undo and dependency checks work unchanged; its life-cycle events
(Started, Completed, Rewound, ...) are declared once for every game record, in
:class:`league.domain.game_events.GameLifecycleEvents`.

Its topics are stored names (:mod:`league.domain.topics`): they stay
``league:PAGame...`` wherever the class lives.  The registry imports this
module before any game is read (:func:`league.registry.load_game_records`).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from league.domain import ids, topics
from league.domain.base import LeagueAggregate
from league.domain.game_events import GameLifecycleEvents

# Entry kinds in ``PAGame.entries``: what a fold replays, in order.
ROLL, PLAY, DECISION = "roll", "play", "decision"


class PAGame(GameLifecycleEvents, LeagueAggregate):
    RECORD = "entries"
    # Inside an @event method the version is still the previous one, so the
    # event being applied sits at ``self.version + 1``.

    TOPIC = topics.PA_GAME

    class Created(LeagueAggregate.Created):
        TOPIC = topics.PA_GAME_CREATED

    @staticmethod
    def create_id(game: str) -> UUID:
        return ids.game_id(game)  # one id space with Pennant Race games: `game show` finds either

    def _opened(self) -> None:
        self.entries: list[dict[str, Any]] = []  # rolls, plays and decisions in force
        self.completed_position = 0
        self.injuries: list[dict[str, Any]] = []  # injuries in force, for undo (see injure)

    # The three events a game is mostly made of (an Inside Pitch game makes about
    # 250) are written out as classes, so triggering and replaying one applies
    # it directly: the @event decorator's argument matching cost more than the
    # rest of making the event.  Their names, topics and fields are the ones the
    # decorated methods gave them, so stored events read as before.
    class Rolled(LeagueAggregate.Event):
        TOPIC = topics.PA_GAME_ROLLED
        team: str
        kind: str
        purpose: str
        dice: str
        fresh: bool = False

        def apply(self, aggregate: Any) -> None:
            aggregate.entries.append({"position": self.originator_version, "kind": ROLL, "team": self.team,
                                      "roll_kind": self.kind, "purpose": self.purpose, "dice": self.dice,
                                      **({"fresh": True} if self.fresh else {})})
            super().apply(aggregate)

    class PlayResolved(LeagueAggregate.Event):
        TOPIC = topics.PA_GAME_PLAY_RESOLVED
        team: str
        kind: str | None
        purpose: str | None
        dice: str | None
        play: dict[str, Any]
        fresh: bool = False

        def apply(self, aggregate: Any) -> None:
            aggregate.entries.append({"position": self.originator_version, "kind": PLAY, "team": self.team,
                                      "roll_kind": self.kind, "purpose": self.purpose, "dice": self.dice,
                                      "play": self.play, **({"fresh": True} if self.fresh else {})})
            super().apply(aggregate)

    class DecisionMade(LeagueAggregate.Event):
        TOPIC = topics.PA_GAME_DECISION_MADE
        team: str
        decision: dict[str, Any]
        actor: str

        def apply(self, aggregate: Any) -> None:
            aggregate.entries.append({"position": self.originator_version, "kind": DECISION, "team": self.team,
                                      "decision": self.decision})
            super().apply(aggregate)

    def record_roll(self, team: str, kind: str, purpose: str, dice: str, fresh: bool = False) -> None:
        """A roll the play in progress asked for; more rolls follow before it resolves.

        ``fresh``: drawn during a dispute's cascade, not one the game had recorded.
        """
        self.trigger(self.Rolled, team=team, kind=kind, purpose=purpose, dice=dice, fresh=fresh)

    def resolve_play(self, team: str, kind: str | None, purpose: str | None, dice: str | None,
                     play: dict[str, Any], fresh: bool = False) -> None:
        """The roll that settles a play (none for an intentional walk), with the play and its explanation."""
        self.trigger(self.PlayResolved, team=team, kind=kind, purpose=purpose, dice=dice, play=play,
                     fresh=fresh)

    def decide(self, team: str, decision: dict[str, Any], actor: str) -> None:
        """A manager's choice: a substitution, or the strategy for the next play."""
        self.trigger(self.DecisionMade, team=team, decision=decision, actor=actor)

    # The injury list's contract topic (projections/handlers/injuries.py).
    @event("PlayerInjured", topic=topics.GAME_PLAYER_INJURED)
    def injure(self, team: str, player: str, date: str, games: int, game: str) -> None:
        # The fold re-derives the injury from the play; this event feeds the
        # injury list.  The game keeps the injuries in force so that an undo
        # (a reinstated state) can bring back the ones a rewind or void took
        # off the list.
        self._injuries().append({"position": self.version + 1, "team": team, "player": player,
                                 "date": date, "games": games, "game": game})

    def _injuries(self) -> list[dict[str, Any]]:
        # Games loaded from snapshots taken before injuries were kept have none.
        if not hasattr(self, "injuries"):
            self.injuries = []
        return self.injuries

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "injuries": [dict(i) for i in self._injuries()]}

    # The life cycle's folds, with the injuries in force: a rewind or a void takes them off, an undo
    # brings back the ones its state had.
    def _rewound(self, to: int, to_start: bool) -> None:
        super()._rewound(to, to_start)
        self.injuries = [i for i in self._injuries() if i["position"] < to]

    def _reinstated(self, state: dict[str, Any]) -> None:
        super()._reinstated(state)
        self.injuries = [dict(i) for i in state.get("injuries", ())]

    def _voided(self) -> None:
        super()._voided()
        self.injuries = []

    @property
    def rolls(self) -> list[dict[str, Any]]:
        """The rolls in force (Pennant Race's name, used by corrections)."""
        return [e for e in self.entries if e["kind"] in (ROLL, PLAY) and e["dice"] is not None]

