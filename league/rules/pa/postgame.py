"""A card game's step after the last play: rolls and their outcome once the game is over, before it completes.

Pine Tar's optional injuries (docs/pine-tar.md) check every pitcher who
appeared and one lineup slot when a game ends, with rolls that are events
like any other.  A card engine that has such a step answers
``postgame(state, cards, rolls, orders, setup)``: the next roll it needs
(:class:`~league.rules.pa.dice.NeedRoll`), its outcome (the state with the
players hurt in ``Team.injured``, and the event), or None when this game has
no such step.  Engines without the method (Strat-O-Matic, Inside Pitch) have
none, and their games end as they always did.

The outcome is recorded as one more ``PlayResolved`` after the last play (its
rolls before it), and each player hurt as a ``PlayerInjured``
(:func:`league.rules.pa.season.record`); the fold keeps the event as
``Fold.postgame``, not as a play, so the box score, the Retrosheet export and
the game's final state are those of the last play.  The game completes
only after it (:func:`pending`).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from league.domain.dice import NeedRoll, Roll
from league.rules.pa.engine import CardEngine, Orders, Outcome
from league.rules.pa.state import GameState


class Folded(Protocol):
    """What the post-game step reads of a game in progress: a :class:`league.rules.pa.replay.Fold`,
    described by the fields it reads, because the fold itself calls this module."""

    setup: dict[str, Any]
    cards: dict[str, Any]
    engine: CardEngine
    state: GameState
    strategy: Orders
    postgame: dict[str, Any] | None  # the step's event, once played


def resolve(f: Folded, rolls: list[Roll]) -> NeedRoll | Outcome | None:
    """The post-game step with ``rolls`` so far: the next need, its outcome, or None (no step this game)."""
    step = getattr(f.engine, "postgame", None)
    if step is None or not f.state.over or f.postgame is not None:  # played once, then the game is over
        return None
    out: NeedRoll | Outcome | None = step(f.state, f.cards, rolls, f.strategy, f.setup)
    return out


def pending(f: Folded) -> bool:
    """The game is over but its post-game step has still to be played: it is not complete yet."""
    return f.state.over and resolve(f, []) is not None


def play(f: Folded, source: Callable[[NeedRoll], Roll]) -> Outcome:
    """The post-game step played out with a dice source, as ``CardEngine.play_pa`` plays a plate appearance:
    every roll comes from ``source`` (the season player's serves the rolls already recorded first)."""
    rolls: list[Roll] = []
    while True:
        out = resolve(f, rolls)
        if out is None:
            raise AssertionError("no post-game step to play")
        if not isinstance(out, NeedRoll):
            return out
        rolls.append(source(out))


__all__ = ["Folded", "pending", "play", "resolve"]
