"""eventsourcing's SQLite persistence, with two settings changed.

In WAL mode ``synchronous=NORMAL`` keeps the database consistent through a
crash or power cut (a committed transaction may be lost, never half
applied) and makes each commit several times cheaper than the default FULL,
which dominates a season simulation's write time.

A new database gets 16 KB pages instead of 4 KB.  A game's Completed event
(its whole explanation) is about 6 KB and its Started event about 3 KB: on
4 KB pages each spills into a chain of overflow pages that every read of the
log follows.  On 16 KB pages they sit in one page, and a projection rebuild
of a season runs about 8% faster.  The size is fixed when the file is first
written (before WAL mode is set), so existing databases keep theirs.

The write-ahead log is checkpointed every 4 MB (256 pages) rather than
SQLite's 1,000 pages, and cut back to 4 MB when it is reset.  Otherwise a
long simulation leaves a WAL of 16 to 23 MB beside the database until the
last connection closes: a quarter of a Strat-O-Matic season's size again,
on disk while the command runs.

A new database keys its events by the aggregate's id as 16 bytes, not the
32 hexadecimal characters eventsourcing writes: the id is in every row and
again in the primary key's index, 16 MB of a Strat-O-Matic season's 58.
The database says which it holds (``PRAGMA user_version`` is
``BINARY_IDS``), so a database written before keeps its text ids, new
events included (one aggregate's rows must share one form for the key to
refuse a conflicting version).  Readers get the same UUIDs either way.

Events and snapshots are stored compressed (:mod:`league.adapters.event_bytes`).

Selected with ``PERSISTENCE_MODULE=league.adapters.sqlite_store:Factory``.
"""

from __future__ import annotations

import os
import sqlite3

from eventsourcing.sqlite import (
    SQLiteAggregateRecorder,
    SQLiteApplicationRecorder,
    SQLiteConnection,
    SQLiteConnectionPool,
    SQLiteFactory,
)
from collections.abc import Generator, Iterable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import Environment, EnvType

from league.adapters.event_bytes import (
    TOPIC_OF,
    CompressingApplicationRecorder,
    CompressingRecorder,
    decompress,
    read_topic,
    stored_state,
    stored_topic,
    stored_topics,
)


class _Pool(SQLiteConnectionPool):
    def _create_connection(self) -> SQLiteConnection:
        conn = super()._create_connection()
        if not self.is_sqlite_memory_mode:
            conn._sqlite_conn.execute("PRAGMA synchronous=NORMAL")
            conn._sqlite_conn.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            conn._sqlite_conn.execute(f"PRAGMA journal_size_limit={WAL_BYTES}")
        return conn


PAGE_SIZE = 16384
WAL_BYTES = 4 * 1024 * 1024  # the WAL is checkpointed at about this size and cut back to it
WAL_PAGES = 256  # WAL_BYTES of 16 KB pages
BINARY_IDS = 1  # PRAGMA user_version of a database whose events hold 16-byte aggregate ids


def _create_with_page_size(path: str) -> None:
    """Give a database file that does not exist yet (or is empty) PAGE_SIZE pages."""
    if not path or path.startswith(("file:", ":memory:")) or (os.path.exists(path) and os.path.getsize(path)):
        return
    conn = sqlite3.connect(path)
    try:
        conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        conn.execute(f"PRAGMA user_version = {BINARY_IDS}")
        conn.execute("PRAGMA journal_mode = WAL")  # writes the header: the size is now fixed
    finally:
        conn.close()


def _holds_binary_ids(path: str) -> bool:
    if not path or path.startswith(("file:", ":memory:")) or not os.path.exists(path):
        return False
    conn = sqlite3.connect(path)
    try:
        return bool(conn.execute("PRAGMA user_version").fetchone()[0] == BINARY_IDS)
    finally:
        conn.close()


def _id_bytes(originator_id: UUID | str) -> bytes:
    return (originator_id if isinstance(originator_id, UUID) else UUID(originator_id)).bytes


def _id_hex(originator_id: UUID | str) -> str:
    return originator_id.hex if isinstance(originator_id, UUID) else originator_id


class ApplicationRecorder(CompressingApplicationRecorder, SQLiteApplicationRecorder):
    """Events stored compressed (:mod:`league.adapters.event_bytes`), keyed by 16-byte ids in a new database."""

    binary_ids = False  # set by the factory from the database

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """The rows in one pass and one ``executemany``.

        eventsourcing inserts an application's events one statement at a time
        to collect each row's id for its notifications; nothing here listens
        to them, and a season's quarter of a million single inserts were a
        tenth of its simulation.  The rows are the ones eventsourcing writes
        (the id as 16 bytes in a database that holds them, as 32 hex
        characters otherwise; the topic's code; the compressed state).
        """
        key = _id_bytes if self.binary_ids else _id_hex
        rows = [(key(e.originator_id), e.originator_version, stored_topic(e.topic), stored_state(e.state))
                for e in stored_events]
        with self.datastore.transaction(commit=True) as c:
            c.executemany(self.insert_events_statement, rows)
        return None

    def select_events(self, originator_id: Any, **kwargs: Any) -> Sequence[StoredEvent]:
        return super().select_events(_id_bytes(originator_id) if self.binary_ids else originator_id, **kwargs)

    def states_of(self, originator_ids: Iterable[UUID]) -> Generator[list[tuple[int, str, bytes]], None, None]:
        """Each aggregate's events in turn as (version, topic, JSON), in version order, as the caller asks
        for the next: what :meth:`select_events` gives, without making an id object of every row's id
        (a tenth of the audit's reading of a game).

        The rows are read on one connection held until the caller is done
        (close the iterator, or drop it), by one SELECT each: a single
        statement reads one aggregate's rows consistently, and taking a
        pooled connection and wrapping the SELECT in BEGIN and ROLLBACK for
        every game was half of the audit's reading of a game.  Rows come as
        tuples, not the pool's ``sqlite3.Row``.
        """
        topic_of = TOPIC_OF.get
        for rows in self._rows_by_aggregate("originator_version, topic, state", originator_ids):
            # A coded topic is looked up here, without a call (a season's audit reads 240,000 rows).
            yield [(version, topic_of(topic) or read_topic(topic), decompress(state))
                   for version, topic, state in rows]

    def aggregates_in_log_order(self) -> list[tuple[UUID, int]]:
        """Every aggregate (its id) and its number of events, in the order of its first event in the
        log: what grouping :meth:`select_notifications` by aggregate gives, read from the primary
        key's index alone (no event is read or decompressed: ``verify`` lists a season's aggregates
        here and each worker reads its own, :meth:`rows_of`)."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT originator_id, COUNT(*) FROM {self.events_table_name} "
                      "GROUP BY originator_id ORDER BY MIN(rowid)")
            rows = c.fetchall()
        convert = self.convert_originator_id
        return [(convert(oid), count) for oid, count in rows]  # type: ignore[misc]

    def rows_of(self, originator_ids: Iterable[UUID]) -> Generator[list[tuple[int, int, str, bytes]], None, None]:
        """Each aggregate's events in turn as (log position, version, topic, JSON), in version order:
        :meth:`states_of` with each event's position (what ``select_notifications`` calls its id)."""
        topic_of = TOPIC_OF.get
        for rows in self._rows_by_aggregate("rowid, originator_version, topic, state", originator_ids):
            yield [(position, version, topic_of(topic) or read_topic(topic), decompress(state))
                   for position, version, topic, state in rows]

    def _rows_by_aggregate(self, columns: str, originator_ids: Iterable[UUID]) -> Generator[list[Any], None, None]:
        """Each aggregate's rows (``columns``) in version order, on one connection (:meth:`states_of`)."""
        statement = (f"SELECT {columns} FROM {self.events_table_name} "
                     "WHERE originator_id = ? ORDER BY originator_version")
        binary = self.binary_ids
        with self.datastore.get_connection(commit=False) as conn:
            cursor = conn._sqlite_conn.cursor()
            cursor.row_factory = None
            for originator_id in originator_ids:
                yield cursor.execute(statement, (originator_id.bytes if binary else originator_id.hex,)).fetchall()

    def select_originators(self, topics: Sequence[str]) -> list[UUID]:
        """The aggregate (its id) of each event under ``topics``, in log order: what
        :meth:`select_notifications` gives of them, without reading and decompressing every event
        (an audit's list of a season's games)."""
        stored = stored_topics(topics)
        with self.datastore.transaction(commit=False) as c:
            c.execute(f"SELECT originator_id FROM {self.events_table_name} "
                      f"WHERE topic IN ({','.join('?' * len(stored))}) ORDER BY rowid", stored)
            rows = c.fetchall()
        convert = self.convert_originator_id
        return [convert(row[0]) for row in rows]  # type: ignore[misc]

    def select_topics(self, topics: Sequence[str],
                      with_state: Sequence[str] = ()) -> list[tuple[UUID, str, bytes | None]]:
        """(aggregate id, topic, JSON) of each event under ``topics``, in log order: what
        :meth:`select_notifications` gives of them, the JSON only for the topics in ``with_state``
        (None for the rest, which are neither read nor decompressed: a sim asks every game's
        status, which its events' topics alone tell but for a rewind and a reinstatement)."""
        stored = stored_topics(topics)
        keep = stored_topics(with_state) or [""]  # IN needs one value; no topic is empty
        sql = (f"SELECT originator_id, topic, CASE WHEN topic IN ({','.join('?' * len(keep))}) THEN state END "
               f"FROM {self.events_table_name} WHERE topic IN ({','.join('?' * len(stored))}) ORDER BY rowid")
        with self.datastore.transaction(commit=False) as c:
            c.execute(sql, [*keep, *stored])
            rows = c.fetchall()
        convert = self.convert_originator_id
        topic_of = TOPIC_OF.get
        return [(convert(oid), topic_of(topic) or read_topic(topic),  # type: ignore[misc]
                 None if state is None else decompress(state))
                for oid, topic, state in rows]

    def convert_originator_id(self, originator_id: Any) -> UUID | str:
        if isinstance(originator_id, bytes):
            return UUID(bytes=originator_id)
        return super().convert_originator_id(originator_id)


class SnapshotRecorder(CompressingRecorder, SQLiteAggregateRecorder):
    """Snapshots stored compressed too."""


class Factory(SQLiteFactory):
    application_recorder_class = ApplicationRecorder
    aggregate_recorder_class = SnapshotRecorder

    def __init__(self, env: Environment | EnvType | None):
        super().__init__(env)
        old = self.datastore.pool
        old.close()
        _create_with_page_size(old.db_name)  # before any connection turns WAL mode on
        self.binary_ids = _holds_binary_ids(old.db_name)
        self.datastore.pool = _Pool(db_name=old.db_name, lock_timeout=old.lock_timeout)

    def application_recorder(self) -> ApplicationRecorder:
        recorder = super().application_recorder()
        assert isinstance(recorder, ApplicationRecorder)
        recorder.binary_ids = self.binary_ids
        return recorder
