"""Where a league is stored: a database URL parsed into a :class:`Store`, and the append-only guard.

``league.db`` (or ``sqlite:///path``) selects embedded SQLite; a
``postgresql://user@host:port/dbname`` URL selects PostgreSQL through
psycopg 3.  Both get the same append-only guard on the event table.
"""

from __future__ import annotations

import os
from typing import Any

from league.domain.errors import LeagueError

DEFAULT_DB = "league.db"
SCHEMES = ("postgresql", "postgres", "sqlite")
# eventsourcing names the table after the store: SQLite's is stored_events,
# PostgreSQL's is the application name + _events.
EVENTS_TABLES = {"sqlite": "stored_events", "postgresql": "league_events"}


class Store:
    """One database: its URL, kind, the event store's settings (``env``) and the file or database name.

    A plain class, read-only by convention: every command builds one, and the dataclass machinery
    (importing ``dataclasses`` and generating the class) would add to every read command's start-up.
    """

    __slots__ = ("url", "kind", "env", "path", "dbname")

    def __init__(self, url: str, kind: str, env: dict[str, str], path: str | None = None,
                 dbname: str | None = None) -> None:
        self.url = url
        self.kind = kind  # "sqlite" | "postgresql"
        self.env = env
        self.path = path  # the SQLite file
        self.dbname = dbname  # the PostgreSQL database

    def _fields(self) -> tuple[Any, ...]:
        return (self.url, self.kind, self.env, self.path, self.dbname)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Store) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # env is a dict, as with the frozen dataclass it was

    def __repr__(self) -> str:
        return (f"Store(url={self.url!r}, kind={self.kind!r}, env={self.env!r}, path={self.path!r}, "
                f"dbname={self.dbname!r})")

    @property
    def events_table(self) -> str:
        return EVENTS_TABLES[self.kind]

    @property
    def postgres_conninfo(self) -> str:
        """The libpq connection string of this PostgreSQL store (for psycopg.connect)."""
        from psycopg.conninfo import make_conninfo

        env = self.env
        return make_conninfo(host=env["POSTGRES_HOST"], port=env["POSTGRES_PORT"], user=env["POSTGRES_USER"],
                             password=env["POSTGRES_PASSWORD"] or None, dbname=env["POSTGRES_DBNAME"])


class StoreError(LeagueError):
    """A ``--db`` that is not, and cannot become, a league store."""


def check_url(url: str) -> None:
    """Refuse a URL whose scheme no store here understands."""
    if "://" not in url:
        return
    scheme = url.split("://", 1)[0].lower()
    if scheme not in SCHEMES:
        raise StoreError(
            f"{url}: '{scheme}' databases are not supported; use a SQLite file "
            "(league.db or sqlite:///path) or postgresql://user@host:5432/dbname"
        )


def parse_db_url(url: str | None) -> Store:
    url = url or os.environ.get("LEAGUE_DB") or DEFAULT_DB
    check_url(url)
    if url.startswith(("postgresql://", "postgres://")):
        from urllib.parse import unquote, urlparse

        # Only here: it imports psycopg, which a SQLite league never needs.
        from league.adapters.postgres_settings import SETTINGS

        u = urlparse(url)
        dbname = unquote(u.path.lstrip("/")) or "league"
        env = {
            # eventsourcing's store with an insert that cannot deadlock (see the module)
            "PERSISTENCE_MODULE": "league.adapters.postgres_store:Factory",
            "POSTGRES_DBNAME": dbname,
            "POSTGRES_HOST": u.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(u.port or 5432),
            "POSTGRES_USER": unquote(u.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(u.password or ""),
            "POSTGRES_POOL_SIZE": "2",
            **SETTINGS,
        }
        return Store(url=url, kind="postgresql", env=env, dbname=dbname)
    path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
    if path.startswith("sqlite:"):
        raise StoreError(f"cannot read database URL {url!r} (try sqlite:///path or a file name)")
    env = {"PERSISTENCE_MODULE": "league.adapters.sqlite_store:Factory", "SQLITE_DBNAME": path}
    return Store(url=url, kind="sqlite", env=env, path=path)


_T = EVENTS_TABLES["sqlite"]
SQLITE_GUARD = [
    f"""CREATE TRIGGER IF NOT EXISTS {_T}_no_update BEFORE UPDATE ON {_T}
    BEGIN SELECT RAISE(ABORT, 'stored events are append-only: UPDATE refused'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS {_T}_no_delete BEFORE DELETE ON {_T}
    BEGIN SELECT RAISE(ABORT, 'stored events are append-only: DELETE refused'); END""",
]

_P = EVENTS_TABLES["postgresql"]
POSTGRES_GUARD = [
    """CREATE OR REPLACE FUNCTION league_refuse_change() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'stored events are append-only: % refused', TG_OP; END;
    $$ LANGUAGE plpgsql""",
    f"DROP TRIGGER IF EXISTS {_P}_append_only ON {_P}",
    f"""CREATE TRIGGER {_P}_append_only BEFORE UPDATE OR DELETE ON {_P}
    FOR EACH ROW EXECUTE FUNCTION league_refuse_change()""",
    f"DROP TRIGGER IF EXISTS {_P}_no_truncate ON {_P}",
    f"""CREATE TRIGGER {_P}_no_truncate BEFORE TRUNCATE ON {_P}
    FOR EACH STATEMENT EXECUTE FUNCTION league_refuse_change()""",
]


SCHEMA_LOCK = 8675310  # advisory lock key: one process at a time creates the event store's tables


def install_append_only_guard(app: object, kind: str) -> None:
    """Make the database itself refuse UPDATE and DELETE of stored events."""
    datastore = app.factory.datastore  # type: ignore[attr-defined]
    if kind == "sqlite":
        with datastore.transaction(commit=True) as c:
            c.execute(
                "SELECT count(*) FROM sqlite_master WHERE type='trigger' AND name=?",
                (f"{_T}_no_delete",),
            )
            if c.fetchone()[0]:
                return
            for statement in SQLITE_GUARD:
                c.execute(statement)
        return
    with datastore.transaction(commit=True) as c:
        c.execute(
            "SELECT count(*) AS n FROM pg_trigger WHERE tgname = %s",
            (f"{_P}_no_truncate",),
        )
        if c.fetchone()["n"]:
            return
        c.execute("SELECT pg_advisory_xact_lock(8675309)")
        for statement in POSTGRES_GUARD:
            c.execute(statement)
