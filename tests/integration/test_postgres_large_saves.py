"""PostgreSQL saves larger than a socket buffer complete instead of hanging.

eventsourcing's pipelined insert deadlocked in psycopg's ``Pipeline.sync()``
once a save no longer fitted in one socket write (league/adapters/postgres_store.py
says why).  A day of Strat-O-Matic plate appearances is that large, so a
Strat sim on PostgreSQL never finished.  Each save here runs in a child
process with a time limit, so a regression fails the test instead of
hanging the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from league.bootstrap import parse_db_url

pytestmark = pytest.mark.postgres

SAVE = textwrap.dedent(
    """
    import sys, uuid
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.utils import Environment
    from importlib import import_module
    from league.bootstrap import parse_db_url

    store = parse_db_url(sys.argv[1])
    module, _, name = sys.argv[2].partition(":")
    factory = getattr(import_module(module), name or "Factory")(Environment("league", store.env))
    recorder = factory.application_recorder()
    aggregate = uuid.uuid4()
    events = [StoredEvent(aggregate, v, "league:Big", b"x" * 40_000) for v in range(1, 251)]
    ids = recorder.insert_events(events)
    assert len(ids) == 250 and ids == sorted(ids), ids
    print(len(recorder.select_events(aggregate)))
    """
)


def _save_ten_megabytes(url: str, factory: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", SAVE, url, factory], capture_output=True, text=True,
                          timeout=timeout)


def test_a_ten_megabyte_save_completes_and_returns_its_notification_ids(pg_url: str) -> None:
    done = _save_ten_megabytes(pg_url, "league.adapters.postgres_store:Factory", timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "250"


def test_the_store_opened_for_a_postgresql_url_is_the_one_that_cannot_hang(pg_url: str) -> None:
    assert parse_db_url(pg_url).env["PERSISTENCE_MODULE"] == "league.adapters.postgres_store:Factory"


def test_a_second_save_of_the_same_versions_is_refused_whole(pg_url: str) -> None:
    from eventsourcing.persistence import IntegrityError, StoredEvent
    from eventsourcing.utils import Environment
    import uuid

    from league.adapters.postgres_store import Factory

    recorder = Factory(Environment("league", parse_db_url(pg_url).env)).application_recorder()
    aggregate = uuid.uuid4()
    recorder.insert_events([StoredEvent(aggregate, 1, "league:A", b"{}")])
    with pytest.raises(IntegrityError):
        recorder.insert_events([StoredEvent(aggregate, 2, "league:A", b"{}"),
                                StoredEvent(aggregate, 1, "league:A", b"{}")])
    assert [e.originator_version for e in recorder.select_events(aggregate)] == [1]
