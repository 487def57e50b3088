"""Whether a store's views are current, and its schema's revision, read with the driver alone.

One SELECT (``sqlite3`` on a SQLite file, psycopg on PostgreSQL): the
read-model schema's revision, the log's last position and each view's
tracking position.  Current means the schema at
:data:`projections.heads.HEAD_REVISION` and every view at the log's last
event; then a read command needs neither the application nor SQLAlchemy
(:mod:`projections.rows`).  Anything unexpected -- no schema yet, no
tracking rows, a view the database does not know -- answers False, and the
command takes the full path (:func:`projections.runner.catch_up`), which
migrates and catches up.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Sequence

from projections.heads import HEAD_REVISION, VIEW_NAMES, refuse_unknown
from projections.rows import direct, direct_postgres, fast_reads

if TYPE_CHECKING:
    from league.adapters.store import Store


def current(store: "Store", views: Sequence[str] = VIEW_NAMES) -> bool:
    """Whether nothing is behind (always False with ``LEAGUE_FAST_READS=0``)."""
    if not fast_reads():
        return False
    # The log's head is read in the same statement (one snapshot) as the positions,
    # so a view found at that head holds every event there was when the command began.
    if store.kind == "sqlite":
        sql = (f'SELECT (SELECT group_concat(version_num) FROM alembic_version), '
               f'(SELECT MAX(rowid) FROM "{store.events_table}"), "view", position FROM projection_tracking')
        try:
            with direct(store.path or "") as conn:
                rows = conn.execute(sql).fetchall()
        except sqlite3.Error:
            return False
    elif store.kind == "postgresql":
        import psycopg

        # The head as the runner reads it on PostgreSQL (the recorder's max_notification_id).
        sql = (f"SELECT (SELECT string_agg(version_num, ',') FROM alembic_version), "
               f'(SELECT MAX(notification_id) FROM "{store.events_table}"), "view", position FROM projection_tracking')
        try:
            with direct_postgres(store) as pg:
                rows = pg.execute(sql).fetchall()
        except psycopg.Error:
            return False
    else:
        return False
    if not rows or rows[0][0] != HEAD_REVISION:
        return False
    head = rows[0][1] or 0
    positions = {str(view): int(position) for _, _, view, position in rows}
    return all(positions.get(name, -1) >= head for name in views)


def refuse_newer(store: "Store") -> None:
    """Refuse a database whose read models a newer League migrated (see :func:`projections.heads.refuse_unknown`).

    Asked when a command opens the application, before it stores anything: a newer League
    may also have written events this one cannot read.
    """
    refuse_unknown(schema_revision(store))


def schema_revision(store: "Store") -> str | None:
    """The read-model schema's revision (None: no schema yet, or not one line in ``alembic_version``).

    A SQLite file is asked with sqlite3 alone: every command that opens the application asks this
    (:func:`refuse_newer`), and importing SQLAlchemy to ask it was most of what ``league audit GAME``
    or ``league verify`` took beyond the work itself.
    """
    if store.kind == "sqlite" and store.path and fast_reads():
        try:
            with direct(store.path) as conn:
                rows = conn.execute("SELECT version_num FROM alembic_version").fetchall()
        except sqlite3.OperationalError as e:
            if "no such table" in str(e):
                return None
        else:
            return str(rows[0][0]) if len(rows) == 1 else None
    elif store.kind == "postgresql" and fast_reads():
        import psycopg

        try:
            with direct_postgres(store) as pg:
                rows = pg.execute("SELECT version_num FROM alembic_version").fetchall()
        except psycopg.errors.UndefinedTable:
            return None
        return str(rows[0][0]) if len(rows) == 1 else None
    from projections.migrate import current_revision  # anything else as alembic's own reading has it

    return current_revision(store)
