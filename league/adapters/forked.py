"""Independent pieces of work spread over forked processes.

Used where the work is many pieces that do not depend on each other: playing
out a day's Strat-O-Matic games (:mod:`league.rules.pa.pool`), auditing a season's
games (:mod:`league.application.audit`) and checking its aggregates' hash chains
(:mod:`league.application.verify`).  Workers are forked, so they inherit what the
parent has loaded (events, cards, sheets) and only results cross back.  A
forked worker must not use the parent's database connections: it works on
what it inherited, or opens its own.

How many processes: the environment variable named by the caller (for
example ``LEAGUE_AUDIT_WORKERS``) when set, ``1`` meaning everything in this
process; otherwise every core (at most 8) once there is enough work to pay
for starting them.  Always one process where ``fork`` does not exist
(Windows).  On macOS one unless the variable asks for more: forking without
exec is unsafe there once system frameworks are loaded, which is why Python
stopped forking by default on macOS.
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.pool
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from league.domain.errors import LeagueError

# The variables that set the number of processes, by job.
SIM_WORKERS = "LEAGUE_SIM_WORKERS"  # league sim (plate-appearance games)
AUDIT_WORKERS = "LEAGUE_AUDIT_WORKERS"  # league audit and league verify

T = TypeVar("T")
R = TypeVar("R")

# What the workers forked by map_slices inherit: the function, the slices, and a flag in shared memory
# that, once set, has them skip the slices left (the caller stopped at a result it was looking for).
_job: tuple[Callable[[Sequence[Any]], Any], list[Sequence[Any]], Any] | None = None


def workers_for(items: int, minimum: int, env: str) -> int:
    """How many processes ``items`` pieces of work should use (see the module doc)."""
    wanted = os.environ.get(env, "").strip()
    can_fork = "fork" in multiprocessing.get_all_start_methods()
    if wanted:
        if not wanted.isdigit():
            raise LeagueError(f"{env}={wanted!r}: expected a whole number of processes (1: no others)")
        return max(1, int(wanted)) if can_fork else 1
    if items < minimum or not can_fork or sys.platform == "darwin":
        return 1
    return max(1, min(os.cpu_count() or 1, 8))


def map_slices(
    fn: Callable[[Sequence[T]], R],
    items: Sequence[T],
    workers: int,
    until: Callable[[R], bool] | None = None,
    done: Callable[[int], None] | None = None,
    slices: int = 8,
    taper: bool = False,
) -> list[R]:
    """``fn`` over consecutive slices of ``items``; the results in the order of the slices.

    With one worker, ``fn(items)`` here.  Otherwise the items are cut into
    ``slices`` slices per worker (so a slow slice does not leave the other cores
    idle, and ``done`` is told often) and handed out to forked processes.
    ``done(n)`` is called as each slice's result arrives, with its number of
    items.  Once ``until(result)`` holds, the later slices are abandoned
    (their workers stopped) and the results so far returned.

    With ``taper``, the slices shrink steadily from twice the average to a
    sliver: a worker that takes the last slice while the others finish
    theirs leaves them idle for at most that sliver, where equal slices left
    them idle for half a slice on average.
    """
    global _job
    if workers <= 1 or len(items) < 2:
        results = [fn(items)]
        if done is not None:
            done(len(items))
        return results
    count = min(len(items), workers * max(1, slices))
    if taper:  # each slice one item, and a share of the rest by weight count - i (slice i)
        total, rest = count * (count + 1) // 2, len(items) - count
        bounds = [i + rest * (total - (count - i) * (count - i + 1) // 2) // total for i in range(count + 1)]
    else:
        bounds = [len(items) * i // count for i in range(count + 1)]
    stop = multiprocessing.get_context("fork").RawValue("b", 0)  # no lock: one writer, read as a byte
    _job = (fn, [items[a:b] for a, b in zip(bounds, bounds[1:])], stop)
    try:
        results = []
        with pool(workers) as workers_pool:
            pending = workers_pool.imap(_run_slice, range(count), chunksize=1)
            for i, result in enumerate(workers_pool.results(pending)):
                results.append(result)
                if done is not None:
                    done(bounds[i + 1] - bounds[i])
                if until is not None and until(result):
                    stop.value = 1  # the workers finish the slices they hold and skip the rest
                    break
        return results
    finally:
        _job = None


@contextmanager
def pool(workers: int) -> Iterator[Any]:
    """Forked worker processes, inheriting everything alive now; stopped on leaving."""
    # Frozen: the workers' cyclic collector never walks (and so never copies)
    # the pages they share with this process.
    gc.freeze()
    try:
        forked_pool = _Pool(workers, context=multiprocessing.get_context("fork"))
        try:
            yield forked_pool
        except BaseException:
            forked_pool.stop()
            raise
        forked_pool.finish()
    finally:
        gc.unfreeze()


# How often a wait for a worker's result looks whether the workers are all still there.
_POLL_SECONDS = 0.5
_FINISH_POLL_SECONDS = 0.01  # while the last results come in (each a slice's or a game's)
_STOP_SECONDS = 10  # what terminate() is given before its threads are left behind


class WorkerEnded(LeagueError):
    """A worker process ended while the work was under way: what it held will never come back."""


class _Pool(multiprocessing.pool.Pool):
    """Forked workers whose end, before the pool's, is an error and not a wait without end.

    The standard pool replaces a worker that ends (killed for memory, say, or crashed in a
    C library) and forgets the piece of work it held, so the caller waited for its result
    forever: a sim or an audit hung with no message.  So did a result this process could not
    unpickle: the thread that reads them dies on it.  :meth:`result` and :meth:`results`
    wait a little at a time and, between, raise :class:`WorkerEnded` once any worker forked
    at the start has ended (ours end only when the pool does), or that thread has.

    Its worker-tending thread wakes only when a worker exits or the pool changes state.

    The standard pool's thread also wakes whenever a result waits to be read,
    then finds nothing to do and waits again -- over and over until the result
    thread has read it all.  A sim's results are whole played games, so it
    spun through every one of them and took a tenth of the saving process's
    time, the interpreter lock with it.  It tends workers that exit (ours
    exit only when the pool ends), so the worker sentinels and the pool's own
    notifier (close, terminate, the last task done) are all it needs.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._forked = list(self._pool)  # type: ignore[attr-defined]

    def terminate(self) -> None:
        if not self._result_handler.is_alive():  # type: ignore[attr-defined]
            self._cache.clear()  # type: ignore[attr-defined]  # unread for good (see _check_workers)
        super().terminate()

    def finish(self) -> None:
        """End the pool once the work given is done, without a signal: close it, wait for the results
        still coming (a worker that ends meanwhile raises :class:`WorkerEnded`, as a wait for a
        result does), and let the workers take their sentinels and exit.

        Not ``terminate()``: it kills the workers whatever they are doing, and a worker killed while
        it wrote a result keeps the results pipe's lock for ever.  The pool's task thread then
        waits on that lock to write its own sentinel, and ``terminate()`` waits on that thread: an
        audit that stopped at its first problem hung there, now and then, with its answer found.
        """
        self.close()
        try:
            while self._cache:  # type: ignore[attr-defined]  # results not read yet
                self._check_workers()
                time.sleep(_FINISH_POLL_SECONDS)
        except BaseException:
            self.stop()
            raise
        self.join()

    def stop(self) -> None:
        """End the pool now (an error, an interrupt): the workers are killed.  ``terminate()`` is run on
        a thread and given a few seconds: if a worker died holding the results pipe's lock (above), the
        pool's threads are left waiting (they are daemon threads, gone with the process) rather than
        this command."""
        ending = threading.Thread(target=self.terminate, name="pool-terminate", daemon=True)
        ending.start()
        ending.join(_STOP_SECONDS)
        if ending.is_alive():
            for p in self._forked:
                if p.exitcode is None:
                    p.kill()
            return
        self.join()

    def _get_sentinels(self) -> list[Any]:
        return [self._change_notifier._reader]  # type: ignore[attr-defined]

    def result(self, pending: Any) -> Any:
        """``pending.get()`` (an ``apply_async`` result), raising :class:`WorkerEnded` instead of waiting
        for a worker that has ended."""
        while True:
            try:
                return pending.get(_POLL_SECONDS)
            except multiprocessing.TimeoutError:
                self._check_workers()

    def results(self, pending: Any) -> Iterator[Any]:
        """The items of an ``imap`` iterator, raising :class:`WorkerEnded` as :meth:`result` does."""
        while True:
            try:
                yield pending.next(_POLL_SECONDS)
            except multiprocessing.TimeoutError:
                self._check_workers()
            except StopIteration:
                return

    def _check_workers(self) -> None:
        if not self._result_handler.is_alive():  # type: ignore[attr-defined]
            # It dies on a result it cannot unpickle (its error is printed above), and every result
            # after it would never be read.
            raise WorkerEnded("this process stopped reading its workers' results (the error above says why): "
                              "the command stopped there, and what it had saved before stays")
        for code in (p.exitcode for p in self._forked):
            if code is None:
                continue
            how = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
            raise WorkerEnded(f"a worker process ended before its work was done ({how}): the command "
                              "stopped there, and what it had saved before stays.  Run it again "
                              "(LEAGUE_SIM_WORKERS=1 or LEAGUE_AUDIT_WORKERS=1 keeps the work in one process)")


class StoredApp(Protocol):
    """An application made on a store: the process that made it, and how to make another on that store."""

    @property
    def pid(self) -> int: ...

    @property
    def store(self) -> Any: ...


App = TypeVar("App", bound=StoredApp)


def own_app(app: App) -> App:
    """``app`` in the process that made it; in a forked worker, one of the
    worker's own on the same store (the parent's connections stay the parent's)."""
    if app.pid == os.getpid() or app.store is None:  # no store: in memory, the inherited copy is it
        return app
    if os.getpid() not in _apps:
        # The tables exist; workers starting together must not all try to
        # create them (PostgreSQL: "tuple concurrently updated").
        env = {**app.store.env, "CREATE_TABLE": "false"}
        make: Any = type(app)  # the application's class, made again on the same store
        _apps[os.getpid()] = make(env=env, store=app.store)
    own: App = _apps[os.getpid()]
    return own


_apps: dict[int, Any] = {}  # a forked worker's own application, by process id (one class per process)


def _run_slice(index: int) -> Any:
    assert _job is not None
    fn, slices, stop = _job
    if stop.value:  # the caller has what it was looking for: this slice's result would be dropped
        return None
    return fn(slices[index])
