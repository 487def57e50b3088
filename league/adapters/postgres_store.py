"""eventsourcing's PostgreSQL persistence, with an event insert that cannot hang.

eventsourcing 9.5 writes a save in psycopg's pipeline mode and calls
``Pipeline.sync()`` to learn of a conflict at once.  psycopg (3.3.9 and
earlier) has a deadlock there: its pipeline loop stops sending as soon as
its queue of commands is empty, even when libpq still holds unsent bytes
(``PQflush`` returned 1), and ``sync()`` then only waits to *read*.  The
server cannot answer a message it has not received whole, so both sides
wait for ever: the client in ``Connection.wait``, the server in
``ClientRead``.  It happens when a save is larger than what the socket
takes in one go -- a day of Strat-O-Matic plate appearances is several
hundred kilobytes -- so a Strat season on PostgreSQL hung on its first big
day while Pennant Race (a few kilobytes a day) never met it.

The recorder here does the same work without pipeline mode: one
transaction that locks the table (so notification ids are issued in commit
order, as eventsourcing requires), notifies listeners and inserts the
events with ``RETURNING``.  Every statement goes through psycopg's ordinary
``execute``, whose send loop flushes until libpq's buffer is empty.  That
costs four round trips more per save than the pipeline: about a tenth of a
millisecond on one machine, against saves that carry a whole day of games.

The settings give every wait a bound, so nothing hangs silently: a
connection from the pool within ``CONNECT_TIMEOUT`` seconds, another
writer's lock on the event table waited for at most ``LOCK_TIMEOUT``
seconds (then the command fails whole with a message), and eventsourcing's
5 s limit on a session idle inside a transaction (a crashed process holding
the table lock) left in force.  :func:`league.adapters.store_checks.check_postgres`
explains a server or database that is not there before anything waits.

Events and snapshots are stored compressed (:mod:`league.adapters.event_bytes`).

Selected with ``PERSISTENCE_MODULE=league.adapters.postgres_store:Factory``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder, PostgresFactory
from eventsourcing.utils import retry

from league.adapters.event_bytes import CompressingApplicationRecorder, CompressingRecorder

CONNECT_TIMEOUT = 5  # seconds to get a connection: an unreachable server is reported, not waited on
LOCK_TIMEOUT = 10  # seconds a save waits for another writer's lock on the event table

# The environment a PostgreSQL store is opened with, besides where it is.
SETTINGS = {
    "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT),
    "POSTGRES_LOCK_TIMEOUT": str(LOCK_TIMEOUT),
}


class _UnpipelinedRecorder(PostgresApplicationRecorder):
    # Once more after a lost connection or a lock that timed out, not the
    # library's ten times: a commissioner waits for a message, not minutes.
    @retry((InterfaceError, OperationalError), max_attempts=2, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        with self.datastore.get_connection() as conn, conn.transaction(), conn.cursor() as curs:
            # Lock, NOTIFY and INSERT ... RETURNING, as eventsourcing does, one
            # statement at a time (see the module doc for why not pipelined).
            self._insert_stored_events(curs, stored_events, **kwargs)
            return self._fetch_ids_after_insert_events(curs, stored_events, **kwargs)


class ApplicationRecorder(CompressingApplicationRecorder, _UnpipelinedRecorder):
    """Events stored compressed (:mod:`league.adapters.event_bytes`), inserted without the pipeline."""


class SnapshotRecorder(CompressingRecorder, PostgresAggregateRecorder):
    """Snapshots stored compressed too."""


class Factory(PostgresFactory):
    application_recorder_class = ApplicationRecorder
    aggregate_recorder_class = SnapshotRecorder
