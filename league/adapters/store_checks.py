"""Refusing a ``--db`` that cannot be a league store, before anything is written.

Each check turns what would have been a traceback, a 30-second wait or a
write into someone else's file into one line naming the database and what
to do about it (:class:`league.adapters.store.StoreError`, so exit status 1).
A URL scheme the project has no store for (``mysql://``) is refused where
the URL is read (:func:`league.adapters.store.parse_db_url`); here:

- a SQLite path in a folder that does not exist, a folder, a file that is
  not a SQLite database, or a SQLite database holding another
  application's tables (it is never written to: the league would add its
  tables beside them);
- a PostgreSQL server that does not answer, or a database that does not
  exist there, found within :data:`league.adapters.postgres_settings.CONNECT_TIMEOUT`
  seconds.
"""

from __future__ import annotations

import os
import sqlite3
from typing import Callable, ContextManager

from league.adapters.sqlite_uri import sqlite_uri
from league.adapters.store import Store, StoreError

# The event store's tables on PostgreSQL (eventsourcing names them after the
# application): the events first.
POSTGRES_TABLES = ("league_events", "league_snapshots")
SQLITE_HEADER = b"SQLite format 3\x00"
_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"
Reader = Callable[[str], ContextManager[sqlite3.Connection]]  # a path in, a connection to it for a read

# Tables a league SQLite file may hold: the event store's, alembic's, and the
# read models' (rm_*) and the projection runner's (projection_*).
_LEAGUE_TABLES = ("stored_events", "alembic_version")
_LEAGUE_PREFIXES = ("rm_", "projection")


def check_sqlite(path: str, must_hold_league: bool = False, reader: Reader | None = None) -> None:
    """Refuse a SQLite path that would fail, or would write into a stranger's file.

    With ``must_hold_league`` (every command but ``init``) the file must
    already be a league store: a mistyped path is not made into a new one.
    ``reader``: the caller's connection to the file, for a command that goes on to read it (a read
    command's kept connection, :func:`projections.rows.direct`): SQLite then reads the schema once.
    """
    if path == ":memory:" or path.startswith("file:"):
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise StoreError(f"{path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise StoreError(f"{path}: is a folder, not a database file")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        if must_hold_league:
            raise StoreError(f"{path}: no league database here ('league init' makes one; is the name right?)")
        return  # a new store
    with open(path, "rb") as f:
        if f.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise StoreError(f"{path}: not a SQLite database (is it the right file?)")
    try:
        if reader is not None:
            with reader(path) as conn:
                names = [r[0] for r in conn.execute(_TABLES)]
        else:
            conn = sqlite3.connect(sqlite_uri(path, "ro"), uri=True)
            try:
                names = [r[0] for r in conn.execute(_TABLES)]
            finally:
                conn.close()
    except sqlite3.DatabaseError as e:
        raise StoreError(f"{path}: cannot be read as a SQLite database ({e})") from None
    foreign = [n for n in names if not _is_league_table(n)]
    if foreign and "stored_events" not in names:
        shown = ", ".join(sorted(foreign)[:5]) + (", ..." if len(foreign) > 5 else "")
        raise StoreError(
            f"{path}: holds another application's tables ({shown}), not a league; "
            "nothing was written to it - choose a new file for the league"
        )
    if must_hold_league and "stored_events" not in names:
        raise StoreError(f"{path}: holds no league ('league init' makes one)")


def check_postgres(store: Store, must_hold_league: bool = False) -> set[str]:
    """Explain, within the connect timeout, a server or database that is not there.

    Returns the event store's tables that the database lacks.  With
    ``must_hold_league`` (every command but ``init``) a database without the
    league's events is refused rather than set up.
    """
    import psycopg

    from league.adapters.postgres_settings import CONNECT_TIMEOUT

    env = store.env
    where = f"{env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}"
    try:
        conn = psycopg.connect(store.postgres_conninfo, connect_timeout=CONNECT_TIMEOUT)
    except psycopg.OperationalError as e:
        raise postgres_error(store, e) from None
    with conn:
        rows = conn.execute(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' AND c.relname = ANY(%s)", (list(POSTGRES_TABLES),)
        ).fetchall()
    missing = set(POSTGRES_TABLES) - {r[0] for r in rows}
    if must_hold_league and POSTGRES_TABLES[0] in missing:
        raise StoreError(f"PostgreSQL database '{env['POSTGRES_DBNAME']}' at {where} holds no league "
                         "('league init' makes one; is the name right?)")
    return missing


def postgres_error(store: Store, error: Exception) -> StoreError:
    """What a failed connection to the store's PostgreSQL database says to the commissioner."""
    env = store.env
    where = f"{env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}"
    return StoreError(_postgres_message(str(error), env["POSTGRES_DBNAME"], where))


def _postgres_message(error: str, dbname: str, where: str) -> str:
    text = error.strip()
    if f'database "{dbname}" does not exist' in text:
        return (f"PostgreSQL at {where} has no database '{dbname}'; create it first "
                f"(for example: createdb -h {where.split(':')[0]} -U postgres {dbname})")
    if "timeout expired" in text or "timed out" in text:
        return f"PostgreSQL at {where} did not answer within the connect timeout"
    if "Connection refused" in text or "could not connect" in text or "connection failed" in text:
        return f"no PostgreSQL server answers at {where} (is it running?)"
    first = next((line for line in text.splitlines() if line.strip()), text)
    return f"cannot connect to PostgreSQL at {where}, database '{dbname}': {first}"


def _is_league_table(name: str) -> bool:
    return name in _LEAGUE_TABLES or name.startswith(_LEAGUE_PREFIXES) or name.startswith("sqlite_")
