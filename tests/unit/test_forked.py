"""Work spread over forked processes comes back whole, in order, and stops when told."""

from __future__ import annotations

import os
import signal
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.adapters import forked
from league.domain.errors import LeagueError


def _tagged(part: Sequence[int]) -> list[int]:
    return [x * 10 for x in part]


@settings(max_examples=15, deadline=None)
@given(items=st.lists(st.integers(0, 999), max_size=40), workers=st.integers(1, 3))
def test_slices_cover_every_item_once_in_order(items: list[int], workers: int) -> None:
    told: list[int] = []
    results = forked.map_slices(_tagged, items, workers, done=told.append)
    assert [x for part in results for x in part] == [x * 10 for x in items]
    assert sum(told) == len(items)


@settings(max_examples=10, deadline=None)
@given(items=st.lists(st.integers(0, 99), min_size=2, max_size=30), stop_at=st.integers(0, 99))
def test_no_slice_after_the_first_that_says_stop_is_returned(items: list[int], stop_at: int) -> None:
    results = forked.map_slices(list, items, 2, until=lambda part: stop_at in part)
    flat = [x for part in results for x in part]
    if stop_at in items:
        assert stop_at in results[-1] and all(stop_at not in part for part in results[:-1])
        assert flat == items[:len(flat)]
    else:
        assert flat == items


def test_the_worker_count_comes_from_the_environment_or_the_amount_of_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LEAGUE_TEST_WORKERS", raising=False)
    assert forked.workers_for(10, 200, "LEAGUE_TEST_WORKERS") == 1  # too little to pay for processes
    monkeypatch.setenv("LEAGUE_TEST_WORKERS", " 3 ")
    assert forked.workers_for(10, 200, "LEAGUE_TEST_WORKERS") == 3
    monkeypatch.setenv("LEAGUE_TEST_WORKERS", "0")
    assert forked.workers_for(10_000, 200, "LEAGUE_TEST_WORKERS") == 1
    monkeypatch.setenv("LEAGUE_TEST_WORKERS", "-2")
    with pytest.raises(LeagueError, match="LEAGUE_TEST_WORKERS='-2'"):
        forked.workers_for(10, 200, "LEAGUE_TEST_WORKERS")


def test_without_a_safe_fork_the_work_stays_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LEAGUE_TEST_WORKERS", raising=False)
    monkeypatch.setattr(forked.sys, "platform", "darwin")  # macOS: only when asked for
    assert forked.workers_for(10_000, 200, "LEAGUE_TEST_WORKERS") == 1
    monkeypatch.setenv("LEAGUE_TEST_WORKERS", "2")
    assert forked.workers_for(10_000, 200, "LEAGUE_TEST_WORKERS") == 2
    monkeypatch.setattr(forked.multiprocessing, "get_all_start_methods", lambda: ["spawn"])  # Windows: never
    assert forked.workers_for(10_000, 200, "LEAGUE_TEST_WORKERS") == 1



def _die() -> None:
    import os

    os._exit(1)  # before answering, as a crashed worker would


def _pid(_: int) -> int:
    import os

    return os.getpid()


def test_a_worker_that_dies_is_replaced_and_later_work_is_still_done() -> None:
    # The pool's worker-tending thread waits only on the workers' exits and the pool's own notices
    # (forked._Pool); a dead worker must still wake it to start another.
    import time

    # Leaving the pool, the task the dead worker took is still owed: that is the error a wait for it
    # gives, not a wait without end (forked._Pool.finish).
    with pytest.raises(forked.WorkerEnded, match="a worker process ended"):
        with forked.pool(2) as workers:
            before = {p.pid for p in workers._pool}
            workers.apply_async(_die)  # its task is lost with it
            deadline = time.monotonic() + 30
            seen: set[int] = set()
            while not seen - before and time.monotonic() < deadline:
                seen = set(workers.map(_pid, range(8), chunksize=1))
            assert seen - before, "no worker was started in place of the one that died"
            big = workers.map(bytes, [1 << 20] * 6)  # results larger than a pipe's buffer arrive whole
            assert [len(b) for b in big] == [1 << 20] * 6


def _ends_its_worker(part: Sequence[int]) -> list[int]:
    if 7 in part:
        os._exit(3)
    if 8 in part:
        os.kill(os.getpid(), signal.SIGKILL)
    return list(part)


@pytest.mark.parametrize("doomed, how", [(7, "exit status 3"), (8, "killed by signal 9")])
def test_a_worker_that_ends_mid_work_is_an_error_not_a_wait_without_end(doomed: int, how: str) -> None:
    # The standard pool forgets the slice a dead worker held, and its caller waited forever.
    items = [x for x in range(20) if x not in (7, 8)] + [doomed]
    with pytest.raises(forked.WorkerEnded, match=how):
        forked.map_slices(_ends_its_worker, items, 2)


_PARENT = os.getpid()


def _refuse_here() -> None:
    raise RuntimeError("this result cannot be read in the parent")


class _UnreadableHere:
    """Pickles in a worker; unpickling it in the test's process raises."""

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return (_refuse_here, ()) if os.getpid() != _PARENT else (_UnreadableHere, ())


def _one_unreadable(part: Sequence[int]) -> object:
    return _UnreadableHere() if 3 in part else list(part)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")  # the thread's own error
def test_a_result_the_parent_cannot_read_is_an_error_not_a_wait_without_end() -> None:
    # The pool's result-reading thread dies on it, and no later result is ever read.
    with pytest.raises(forked.WorkerEnded, match="stopped reading its workers' results"):
        forked.map_slices(_one_unreadable, list(range(10)), 2)


def _slow_slice(part: Sequence[int]) -> list[int]:
    import time

    time.sleep(0.02)
    return list(part)


def test_a_map_that_stops_early_ends_its_workers_without_a_signal(monkeypatch: pytest.MonkeyPatch) -> None:
    # An audit stops at its first problem.  The pool used to be terminated then, its workers killed
    # whatever they were doing; one killed while it wrote a result kept the results pipe's lock, and
    # the pool's own thread waited on it for ever.  Now the workers skip the slices left and exit.
    ended: list[str] = []
    monkeypatch.setattr(forked._Pool, "terminate", lambda self: ended.append("terminate"))
    for _ in range(20):
        got = forked.map_slices(_slow_slice, list(range(200)), 2, until=lambda r: 10 in r, slices=24)
        assert any(10 in r for r in got) and len(got) < 48
    assert ended == []
