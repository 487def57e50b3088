"""Playing out a day's simulated plate-appearance games on several cores.

A Strat-O-Matic game is thousands of times the work of a Pennant Race one,
and almost all of it is playing the game out: the auto-manager's choices
and the engine's plays read only the game and the cards.  So a day is
played in three steps:

1. here, in schedule order: each game is set up (``PASeason.begin``: the
   starters come from the clubs' Staff aggregates);
2. in forked workers: each game is played out to its end and completed
   (``PASeason.play_out``), with its own seeded dice, so the result does not
   depend on which process plays it;
3. here, in schedule order: each club's usage is recorded on its Staff.

A club with two games in a day (a doubleheader) has its second game set up
after the first is recorded, as in one process.  The events saved are those
a one-process sim saves, in the same order.  Workers inherit the season
player (league, cards, the card game's engine and its charts) when they are
forked, so nothing of it is pickled, and never touch the database.

``LEAGUE_SIM_WORKERS`` sets the number of processes; ``1`` plays everything
here.  By default a sim of at least :data:`MIN_GAMES` games uses every core
where ``fork`` exists (:func:`league.adapters.forked.workers_for`).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from typing import Any, Self

from league.adapters import forked
from league.adapters.sealed import seal
from league.domain.dice import SeededDice

MIN_GAMES = 200  # fewer games: starting processes costs more than it saves
Spec = tuple[dict[str, Any], Any]  # (scheduled game, its existing aggregate or None)

_season: Any = None  # the season player a forked worker inherited


def workers_for(games: int) -> int:
    """How many processes a sim of ``games`` plate-appearance games should use."""
    return forked.workers_for(games, MIN_GAMES, forked.SIM_WORKERS)


class PAPool:
    """Forked workers that play out started games; a context manager."""

    def __init__(self, season: Any, workers: int) -> None:
        self.season = season
        self.workers = workers
        self._stack = ExitStack()

    def __enter__(self) -> Self:
        global _season
        _season = self.season  # inherited by the workers forked now
        self.pool: Any = self._stack.enter_context(forked.pool(self.workers))
        return self

    def __exit__(self, *exc: object) -> None:
        global _season
        self._stack.close()
        _season = None

    def play_day(self, specs: Sequence[Spec], actor: str) -> list[Any]:
        """The day's games, played to the end and their usage recorded, in the order given."""
        played: dict[int, Any] = {}
        for wave in _waves(specs):
            seeds = {i: self.season.seed_for(specs[i][0]["game_id"], specs[i][1]) for i in wave}
            # Each game goes to a worker as soon as it is set up, so the workers play the wave's first
            # games while this process sets up the rest (setting every game up first left them idle).
            running = []
            for i in wave:
                g = self.season.begin(specs[i][0], specs[i][1], actor, "seeded")
                running.append((i, self.pool.apply_async(_play_out, ((g, seeds[i], actor),))))
            for i, result in running:
                g, completed = result.get()
                if completed:
                    self.season.record_usage(g)
                played[i] = g
        return [played[i] for i in range(len(specs))]


def _play_out(task: tuple[Any, str, str]) -> tuple[Any, bool]:
    g, seed, actor = task
    completed = _season.play_out(g, SeededDice(seed), actor)
    mapper = getattr(_season.app, "mapper", None)
    if mapper is not None:
        seal(g, mapper)  # chained and encoded here, on this worker's core (league.adapters.sealed)
        # The saving process stores the sealed events and reads the game's status, box score and
        # injuries (record_usage); it never folds the game.  Its entries -- every roll and play again,
        # about nine tenths of the pickled game -- cost more to pickle here and unpickle there than
        # anything else the day's games send back, so they stay here.  Deleted, not emptied: a reader
        # of this copy fails loudly (a game read again comes from the store, entries and all).
        del g.entries
    return g, completed


def _waves(specs: Sequence[Spec]) -> list[list[int]]:
    """Games in schedule order, cut where a club plays again (its next game waits for the last)."""
    waves: list[list[int]] = []
    clubs: set[str] = set()
    for i, (scheduled, _) in enumerate(specs):
        teams = {scheduled["visitor"], scheduled["home"]}
        if not waves or teams & clubs:
            waves.append([])
            clubs = set()
        waves[-1].append(i)
        clubs |= teams
    return waves
