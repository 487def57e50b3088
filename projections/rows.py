"""Plain SQL over the views, without SQLAlchemy.

The read queries (:mod:`projections.queries`) are SQL text with ``?``
parameters, run through :class:`Rows`.  On SQLite the standard library's
``sqlite3`` runs them on the file directly (importing SQLAlchemy alone takes
longer than a whole read command may), and on PostgreSQL psycopg does; with
``LEAGUE_FAST_READS=0``, the full path the tests hold the direct one to,
SQLAlchemy's connection runs the same text.  Either way the rows are the
driver's own values (no type processing): a query turns a SQLite 0/1 into a
bool itself where it shows one.

The direct connection never creates a file (``mode=rw``): the store is
checked to hold a league before any query runs.
"""

from __future__ import annotations

import os
import sqlite3
from collections import namedtuple
from contextlib import contextmanager
from functools import lru_cache
from keyword import iskeyword
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from league.adapters.sqlite_uri import sqlite_uri

if TYPE_CHECKING:
    from league.adapters.store import Store

FAST_READS = "LEAGUE_FAST_READS"  # "0": every read through the application and SQLAlchemy

Runner = Callable[[str, Sequence[Any]], tuple[tuple[str, ...], list[tuple[Any, ...]]]]


def fast_reads() -> bool:
    """Whether a read may skip the application and SQLAlchemy (unless ``LEAGUE_FAST_READS=0``)."""
    return os.environ.get(FAST_READS, "1") != "0"


class Rows:
    """One connection's queries: rows with the columns as attributes."""

    def __init__(self, run: Runner) -> None:
        self._run = run

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        columns, data = self._run(sql, params)
        make = _row_type(columns)._make
        return [make(r) for r in data]

    def tuples(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows as plain tuples, in the columns' order: for thousands of rows, where making each a
        named row costs more than the query."""
        return self._run(sql, params)[1]

    def first(self, sql: str, params: Sequence[Any] = ()) -> Any:
        found = self.all(sql, params)
        return found[0] if found else None

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        _, data = self._run(sql, params)
        return data[0][0] if data else None


@contextmanager
def rows_of(store: "Store") -> Iterator[Rows]:
    """A connection to the views for a few queries (one read transaction: a snapshot)."""
    if fast_reads() and store.kind == "sqlite":
        with direct(store.path or "") as conn:
            yield Rows(lambda sql, params: _fetch(conn.execute(sql, tuple(params))))
        return
    if fast_reads() and store.kind == "postgresql":
        with direct_postgres(store) as pg:
            yield Rows(lambda sql, params: _fetch_postgres(pg.execute(sql.replace("?", "%s"), tuple(params))))
        return
    from projections.db import engine_for

    with engine_for(store).connect() as sa_conn:
        postgres = sa_conn.dialect.name == "postgresql"

        def run(sql: str, params: Sequence[Any]) -> tuple[tuple[str, ...], list[tuple[Any, ...]]]:
            result = sa_conn.exec_driver_sql(sql.replace("?", "%s") if postgres else sql, tuple(params))
            return tuple(result.keys()), [tuple(r) for r in result]

        yield Rows(run)


# Connections kept open between reads while a CLI command runs (keep_connections): a read command
# asks whether the views are current, then reads a few of them, and each new connection costs SQLite
# reading the schema again, a cost on the scale of the reads themselves.  Only the CLI keeps them, and
# closes them when its command ends; any other caller gets a connection of its own each time.
# Keyed by process too: a forked worker inherits the dict but must never use (or close) its parent's
# connections; it opens its own.
_kept: dict[tuple[int, str], sqlite3.Connection] = {}
_keeping = False


def keep_connections() -> None:
    """Reuse each file's direct connection until :func:`close_connections` (a CLI command's life)."""
    global _keeping
    _keeping = True


def close_connections() -> None:
    """Close this process's kept connections (a forked worker leaves its parent's alone: closing a
    PostgreSQL connection ends its session on the server, the parent's included)."""
    global _keeping
    _keeping = False
    mine = os.getpid()
    for kept in (_kept, _kept_postgres):
        for key in [k for k in kept if k[0] == mine]:
            kept.pop(key).close()


@contextmanager
def direct(path: str) -> Iterator[sqlite3.Connection]:
    """The SQLite file itself, in one read transaction (a snapshot: a writer may commit meanwhile)."""
    uri = sqlite_uri(path, "rw")
    key = (os.getpid(), uri)
    conn = _kept.get(key)
    kept = conn is not None and not conn.in_transaction  # in use by an enclosing read: a fresh one
    if not kept:
        conn = sqlite3.connect(uri, uri=True, timeout=60, isolation_level=None)
        if _keeping and key not in _kept:
            _kept[key], kept = conn, True
    assert conn is not None
    try:
        conn.execute("BEGIN")
        yield conn
    finally:
        if kept:
            if conn.in_transaction:
                conn.execute("ROLLBACK")  # a read transaction: nothing to keep, the snapshot ends
        else:
            conn.close()


def _fetch(cur: sqlite3.Cursor) -> tuple[tuple[str, ...], list[tuple[Any, ...]]]:
    return tuple(d[0] for d in cur.description or ()), cur.fetchall()


# PostgreSQL's direct connections, by process and the store's URL.  Kept for the process's life, not
# only a CLI command's (keep_connections): a new connection costs more than a query, and a caller
# that reads many views (the site builder) had SQLAlchemy's pool before; close_connections ends them.
_kept_postgres: dict[tuple[int, str], Any] = {}


@contextmanager
def direct_postgres(store: "Store") -> Iterator[Any]:
    """The PostgreSQL database itself through psycopg, in one read-only REPEATABLE READ transaction.

    What :func:`direct` is to a SQLite file: the same SQL text the full path runs through
    SQLAlchemy's connection, on psycopg alone (importing SQLAlchemy and building the application
    was most of a second of every read command on PostgreSQL).  A server or database that is not
    there is explained as opening the application explains it.
    """
    key = (os.getpid(), store.url)
    conn = _kept_postgres.get(key)
    if conn is not None and (conn.closed or conn.broken):  # ended (a server restart, an idle timeout): a new one
        del _kept_postgres[key]
        conn = None
    kept = conn is not None and not conn.info.transaction_status  # IDLE: not in use by an enclosing read
    if not kept:
        conn = _connect_postgres(store)
        if key not in _kept_postgres:
            _kept_postgres[key], kept = conn, True
    assert conn is not None
    try:
        with conn.transaction():
            yield conn
    finally:
        if not kept:
            conn.close()


def _connect_postgres(store: "Store") -> Any:
    import psycopg

    from league.adapters.postgres_settings import CONNECT_TIMEOUT
    from league.adapters.store_checks import postgres_error

    try:
        conn = psycopg.connect(store.postgres_conninfo, connect_timeout=CONNECT_TIMEOUT, autocommit=True)
    except psycopg.OperationalError as e:
        raise postgres_error(store, e) from None
    conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ  # each read block one snapshot
    conn.read_only = True
    return conn


def _fetch_postgres(cur: Any) -> tuple[tuple[str, ...], list[tuple[Any, ...]]]:
    return tuple(d.name for d in cur.description or ()), cur.fetchall()


@lru_cache(maxsize=None)
def _row_type(columns: tuple[str, ...]) -> Any:
    """A named-tuple class for rows of ``columns``: what ``namedtuple("Row", columns)`` gives a query --
    the columns as attributes, ``_fields``, ``_make``, ``_asdict``, its repr -- built in a fraction of
    the time (``namedtuple`` compiles its constructor from source, once for each query, and a read
    command makes several).  Names ``namedtuple`` would refuse go to it, to refuse them."""
    if len(set(columns)) != len(columns) or not all(
            c.isidentifier() and not iskeyword(c) and not c.startswith("_") for c in columns):
        return namedtuple("Row", columns)  # type: ignore[misc]
    body: dict[str, Any] = {"__slots__": (), "_fields": columns, "_make": classmethod(tuple.__new__),
                            "_asdict": _asdict, "__repr__": _repr, "__module__": __name__}
    for i, c in enumerate(columns):
        body[c] = _field(i)
    return type("Row", (tuple,), body)


def _asdict(row: Any) -> dict[str, Any]:
    return dict(zip(row._fields, row))


def _repr(row: Any) -> str:
    return "Row(" + ", ".join(f"{c}={v!r}" for c, v in zip(row._fields, row)) + ")"


def _field(i: int) -> Any:
    try:  # the C descriptor namedtuple's own fields are
        from collections import _tuplegetter  # type: ignore[attr-defined]
    except ImportError:  # pragma: no cover - another Python's collections
        from operator import itemgetter

        return property(itemgetter(i))
    return _tuplegetter(i, None)
