"""Where the runner reads the log from.

Normally the application's recorder (``select_notifications``).  On SQLite
the events are in the same file as the views, so the runner reads them on the
batch's own connection instead: the read sees exactly the snapshot the batch
writes against, and skips the recorder's per-row UUID and object building
(about a sixth of a rebuild's time).  Only eventsourcing's SQLite application
recorder is read this way; anything else (a test's fake log) goes through
``select_notifications``.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Protocol, Sequence

from sqlalchemy import Connection

from league.adapters.event_bytes import decompress, read_topic, stored_topics
from projections.view import NotificationLike


class EventLog(Protocol):
    """The part of eventsourcing's ApplicationRecorder the runner reads."""

    def select_notifications(
        self, start: int | None, limit: int, stop: int | None = None, topics: Sequence[str] = ()
    ) -> Sequence[NotificationLike]: ...

    def max_notification_id(self) -> int | None: ...


class Row(NamedTuple):
    id: int
    originator_id: str  # the UUID's 32 hex digits (view.origin() normalises)
    originator_version: int
    topic: str
    state: bytes


class SQLiteLog:
    """The events table read on the view's own connection."""

    def __init__(self, conn: Connection, table: str) -> None:
        self.conn = conn
        self.table = table

    def select_notifications(
        self, start: int | None, limit: int, stop: int | None = None, topics: Sequence[str] = ()
    ) -> list[Row]:
        sql = f'SELECT rowid, originator_id, originator_version, topic, state FROM "{self.table}" WHERE rowid >= ?'
        params: list[Any] = [start or 1]
        if stop is not None:
            sql += " AND rowid <= ?"
            params.append(stop)
        if topics:
            stored = stored_topics(topics)  # a topic may be stored as itself or as its code
            sql += f" AND topic IN ({', '.join('?' for _ in stored)})"
            params.extend(stored)
        sql += " ORDER BY rowid LIMIT ?"
        params.append(limit)
        cur = self.conn.connection.driver_connection.execute(sql, params)  # type: ignore[union-attr]
        # the store keeps events compressed and topics coded; a view reads their JSON and topics
        # (a newer database keeps ids as 16 bytes, an older one as 32 hex digits)
        return [Row(i, o.hex() if isinstance(o, bytes) else o, v, read_topic(t), decompress(s))
                for i, o, v, t, s in cur.fetchall()]

    def max_notification_id(self) -> int | None:
        cur = self.conn.connection.driver_connection.execute(  # type: ignore[union-attr]
            f'SELECT MAX(rowid) FROM "{self.table}"'
        )
        value = cur.fetchone()[0]
        return None if value is None else int(value)


def log_for(recorder: Any) -> Callable[[Connection], EventLog]:
    """A factory giving the log to read inside a batch's transaction."""
    try:
        from eventsourcing.sqlite import SQLiteApplicationRecorder
    except ImportError:  # pragma: no cover
        SQLiteApplicationRecorder = ()  # type: ignore[misc,assignment]
    if isinstance(recorder, SQLiteApplicationRecorder):
        table = recorder.events_table_name
        return lambda conn: SQLiteLog(conn, table)
    return lambda conn: recorder  # type: ignore[no-any-return]
