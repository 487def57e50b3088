"""A SQLAlchemy engine on the same database as the events.

SQLite: pysqlite's own transaction handling is switched off and we emit
``BEGIN`` ourselves, so a projection batch can take the write lock up front
(``BEGIN IMMEDIATE``) instead of failing half-way when another process writes.
PostgreSQL: the psycopg 3 dialect; the runner locks the tracking row instead.
"""

from __future__ import annotations

import threading
from typing import Any
from urllib.parse import urlparse

from sqlalchemy import URL, Connection, Engine, create_engine, event, make_url
from sqlalchemy.pool import NullPool

from league.adapters.store import Store

_engines: dict[str, Engine] = {}
_lock = threading.Lock()


def sqlalchemy_url(store: Store) -> URL:
    if store.kind == "sqlite":
        # Built, not parsed: in "sqlite:///Season?2.db" SQLAlchemy would read "?2.db" as the URL's query
        # and write the views into a file named "Season".
        return URL.create("sqlite", database=store.path)
    u = urlparse(store.url)
    return make_url(u._replace(scheme="postgresql+psycopg").geturl())


def engine_for(store: Store) -> Engine:
    """One engine per database per process."""
    url = sqlalchemy_url(store)
    key = url.render_as_string(hide_password=False)
    with _lock:
        if key not in _engines:
            _engines[key] = _make_engine(store, url)
        return _engines[key]


def dispose_all() -> None:
    with _lock:
        for e in _engines.values():
            e.dispose()
        _engines.clear()


def immediate(conn: Connection) -> Connection:
    """Ask for the write lock at BEGIN (SQLite); a no-op on PostgreSQL."""
    return conn.execution_options(league_immediate=True)


def _make_engine(store: Store, url: URL) -> Engine:
    if store.kind != "sqlite":
        from league.adapters.postgres_settings import CONNECT_TIMEOUT

        # Bounded waits, as for the event store: a connection within the
        # connect timeout, a pooled one within twice that.
        return create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=2,
                             pool_timeout=2 * CONNECT_TIMEOUT, connect_args={"connect_timeout": CONNECT_TIMEOUT})
    # NullPool: a CLI process opens few connections, and a pooled SQLite
    # connection would keep the file open across tests.
    engine = create_engine(url, poolclass=NullPool, connect_args={"timeout": 60})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
        dbapi_conn.execute("PRAGMA busy_timeout = 60000")
        dbapi_conn.execute("PRAGMA synchronous = NORMAL")
        dbapi_conn.execute("PRAGMA cache_size = -65536")  # 64 MB: a rebuild touches every view page

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        if conn.get_execution_options().get("league_immediate"):
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            conn.exec_driver_sql("BEGIN")

    return engine
