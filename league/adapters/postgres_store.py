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

The rows go in as four arrays, one per column, sent in binary and zipped by
``unnest`` in one ``INSERT ... SELECT`` (eventsourcing sends one array of a
composite type, which psycopg writes as text: each event's compressed bytes
spelt out in hex and escaped by regular expressions).  That text was most
of the save thread's work in a simulation of card games, which write tens of
thousands of events; arrays of plain columns are a small part of it.  One statement as before,
the same rows in the same order, so the same notification ids, and a
version already taken fails the whole insert as before.

The settings (:mod:`league.adapters.postgres_settings`) give every wait a
bound, so nothing hangs silently: a connection from the pool within ``CONNECT_TIMEOUT`` seconds, another
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
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresAggregateRecorder, PostgresApplicationRecorder, PostgresFactory
from eventsourcing.utils import retry
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.sql import SQL, Composed, Identifier

from league.adapters.event_bytes import CompressingApplicationRecorder, CompressingRecorder


def _insert_by_columns(recorder: PostgresAggregateRecorder) -> Composed:
    """``INSERT`` of the recorder's events table from four arrays, one per column, zipped by ``unnest``."""
    return SQL(
        "INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state) "
        "SELECT * FROM unnest(%b::{id_type}[], %b::bigint[], %b::text[], %b::bytea[])"
    ).format(schema=Identifier(recorder.datastore.schema), table=Identifier(recorder.events_table_name),
             id_type=Identifier(recorder.datastore.originator_id_type))


def _columns(recorder: PostgresAggregateRecorder, stored_events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    """The events' four columns, each of one Python type, as psycopg dumps an array in binary."""
    if recorder.datastore.originator_id_type == "uuid":
        ids: list[Any] = [e.originator_id if type(e.originator_id) is UUID else UUID(str(e.originator_id))
                          for e in stored_events]
    else:
        ids = [str(e.originator_id) for e in stored_events]
    return (ids, [e.originator_version for e in stored_events], [e.topic for e in stored_events],
            [e.state for e in stored_events])


class _UnpipelinedRecorder(PostgresApplicationRecorder):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.insert_by_columns = _insert_by_columns(self) + SQL(" RETURNING notification_id")

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

    def _insert_stored_events(self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent],
                              **kwargs: Any) -> None:
        self._lock_table(curs)
        self._notify_channel(curs)
        curs.execute(self.insert_by_columns, _columns(self, stored_events))


class ApplicationRecorder(CompressingApplicationRecorder, _UnpipelinedRecorder):
    """Events stored compressed (:mod:`league.adapters.event_bytes`), inserted without the pipeline."""


class SnapshotRecorder(CompressingRecorder, PostgresAggregateRecorder):
    """Snapshots stored compressed too, inserted as columns as the events are."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.insert_by_columns = _insert_by_columns(self)

    def _insert_stored_events(self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent],
                              **kwargs: Any) -> None:
        curs.execute(self.insert_by_columns, _columns(self, stored_events))


class Factory(PostgresFactory):
    application_recorder_class = ApplicationRecorder
    aggregate_recorder_class = SnapshotRecorder
