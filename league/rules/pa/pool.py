"""Playing out a day's simulated plate-appearance games on several cores.

A Strat-O-Matic game is thousands of times the work of a Pennant Race one,
and almost all of it is playing the game out: the auto-manager's choices
and the engine's plays read only the game and the cards.  So each game is
played in three steps:

1. here: it is set up (``PASeason.begin``: the starters come from the
   clubs' Staff aggregates);
2. in a forked worker: it is played out to its end and completed
   (``PASeason.play_out``), with its own seeded dice, so the result does not
   depend on which process plays it;
3. here, in schedule order: each club's usage is recorded on its Staff.

A game is set up once every earlier game of its two clubs (in schedule
order) is recorded, and not before: its setup reads those clubs' Staffs and
nothing another game changes.  So a club's second game of a day waits for
its first, and the next day's games are set up and sent to the workers
while today's last ones are still being played (waiting for the whole day
left a worker idle at the end of every day, and both while the next day's
first game was set up).  The events saved are those a one-process sim
saves, in the same order: usage is still recorded a day at a time, in
order, and a game set up ahead only makes its own new aggregate.  Workers
inherit the season player (league, cards, the card game's engine and its
charts) when they are forked, so nothing of it is pickled, and never touch
the database.

``LEAGUE_SIM_WORKERS`` sets the number of processes; ``1`` plays everything
here.  By default a sim of at least :data:`MIN_GAMES` games uses every core
where ``fork`` exists (:func:`league.adapters.forked.workers_for`).
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from contextlib import ExitStack
from typing import Any, Self

from league.adapters import forked
from league.adapters.sealed import seal
from league.domain.dice import SeededDice
from league.rules.ruleset import GameSpec

MIN_GAMES = 200  # fewer games: starting processes costs more than it saves
# Games recorded between two collections of this process's young generations.  Most of what a
# collection finds young is still held for the day or the part being saved, and dies by refcount soon
# after: collecting every 100 games took a season several times as long as every 1,000, and the
# process peaked at the same memory either way (ops/bench_strat.py's season).
_COLLECT_EVERY = 1000

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
        self._running: dict[str, Any] = {}  # game id -> its worker's result, for games set up and not recorded
        self._recorded = 0  # games recorded (the collector runs every _COLLECT_EVERY)

    def __enter__(self) -> Self:
        global _season
        _season = self.season  # inherited by the workers forked now
        self.pool: Any = self._stack.enter_context(forked.pool(self.workers))
        # This process sets games up, records usage and saves while the workers play, and its cyclic
        # collector kept walking what grows all season (the Staffs' histories, the part's games): about
        # a fifth of its time.  Off (the workers, forked already, keep theirs), with the young
        # generations collected every so many games recorded.
        if gc.isenabled():
            gc.disable()
            self._stack.callback(gc.enable)
        return self

    def __exit__(self, *exc: object) -> None:
        global _season
        self._stack.close()
        _season = None

    def play_day(self, specs: Sequence[GameSpec], actor: str, coming: Sequence[GameSpec] = ()) -> list[Any]:
        """The day's games, played to the end and their usage recorded, in the order given.

        ``coming`` are the next day's games: each is set up and sent to a worker as soon as its clubs'
        games today are recorded, and the next call, given it among its ``specs``, takes it from there.
        """
        games = [*specs, *coming]
        clubs = [(scheduled["visitor"], scheduled["home"]) for scheduled, _ in games]
        recorded = [False] * len(games)

        def start_ready() -> None:
            for i in startable(clubs, recorded):
                scheduled, existing = games[i]
                if scheduled["game_id"] in self._running:
                    continue
                seed = self.season.seed_for(scheduled["game_id"], existing)  # before a restart changes it
                try:
                    g = self.season.begin(scheduled, existing, actor, "seeded")
                except Exception:
                    if i < len(specs):
                        raise
                    continue  # a coming game that cannot be set up is left for its day, which raises then
                self._running[scheduled["game_id"]] = self.pool.apply_async(_play_out, ((g, seed, actor),))

        played = []
        start_ready()
        for i, (scheduled, _) in enumerate(specs):
            g, completed = self.pool.result(self._running.pop(scheduled["game_id"]))
            if completed:
                self.season.record_usage(g)
            recorded[i] = True
            played.append(g)
            self._recorded += 1
            if self._recorded % _COLLECT_EVERY == 0:
                gc.collect(1)
            start_ready()  # the games (today's or the next day's) that waited for this one's clubs
        return played


def startable(clubs: Sequence[tuple[str, str]], recorded: Sequence[bool]) -> list[int]:
    """The games (indices into ``clubs``, each game's two clubs, in schedule order) that may be set up:
    those not recorded whose clubs have no earlier game left unrecorded."""
    waiting: set[str] = set()  # clubs with an earlier game not recorded yet
    ready = []
    for i, pair in enumerate(clubs):
        if recorded[i]:
            continue
        if pair[0] not in waiting and pair[1] not in waiting:
            ready.append(i)
        waiting.update(pair)
    return ready


def _play_out(task: tuple[Any, str, str]) -> tuple[Any, bool]:
    g, seed, actor = task
    # A game holds thousands of objects until it ends (its states, events and box score), and the cyclic
    # collector walked them every 700 new ones: about 4% of a worker's time.  Off while the game is played
    # and sealed, it runs once after (its count is past the threshold by then); the audit's replay,
    # which the same objects made costly, collects once every few games (league.rules.pa.audit).
    gc.disable()
    try:
        completed = _season.play_out(g, SeededDice(seed), actor)
        mapper = getattr(_season.app, "mapper", None)
        if mapper is not None:
            seal(g, mapper)  # chained and encoded here, on this worker's core (league.adapters.sealed)
    finally:
        gc.enable()  # on between games, whatever the worker inherited (the saving process turns its own off)
    if mapper is not None:
        # The saving process stores the sealed events and reads the game's status, box score and
        # injuries (record_usage); it never folds the game.  Its entries -- every roll and play again,
        # about nine tenths of the pickled game -- cost more to pickle here and unpickle there than
        # anything else the day's games send back, so they stay here.  Deleted, not emptied: a reader
        # of this copy fails loudly (a game read again comes from the store, entries and all).
        del g.entries
    return g, completed
