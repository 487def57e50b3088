"""The one composition root: a database URL in, a ready application out.

Only the CLI, the operator scripts and the tests import this module; it
builds the application on the store a URL names (:mod:`league.adapters.store`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from league.adapters.store import (DEFAULT_DB, EVENTS_TABLES, SCHEMA_LOCK, Store, install_append_only_guard,
                                   parse_db_url)

if TYPE_CHECKING:
    from league.application.app import LeagueApp


def open_app(url: str | None = None, create: bool = True) -> "LeagueApp":
    """Build the application on the store named by ``url``.

    ``create=False`` (the CLI's every command but ``init`` and ``demo``)
    refuses a store that holds no league instead of making one, so a
    mistyped ``--db`` creates nothing.
    """
    from league.application.app import LeagueApp

    from league.adapters.store_checks import check_postgres, check_sqlite

    store = parse_db_url(url)
    if store.kind == "sqlite":
        check_sqlite(store.path or "", must_hold_league=not create)
        app = LeagueApp(env=store.env, store=store)
    else:
        app = _open_postgres(store, check_postgres(store, must_hold_league=not create))
    install_append_only_guard(app, store.kind)
    return app


def open_store(url: str | None = None) -> Store:
    """The existing league store ``url`` names, checked as :func:`open_app` checks it, without the application.

    For a command that only reads the views (``league standings``): building
    the application loads the event-sourcing library and every use case,
    which such a command does not need when the views are current.  Only a
    SQLite store is checked here; PostgreSQL is checked when the
    application opens it.
    """
    from league.adapters.store_checks import check_sqlite

    store = parse_db_url(url)
    if store.kind == "sqlite":
        check_sqlite(store.path or "", must_hold_league=True)
    return store


def _open_postgres(store: Store, missing: set[str]) -> "LeagueApp":
    """The application on PostgreSQL, making the event store's tables only if missing.

    eventsourcing runs its CREATE statements on every open; processes doing
    that at once collide in the catalog ("tuple concurrently updated").
    With every table there nothing is created; otherwise one process at a
    time creates them, under an advisory lock.
    """
    import psycopg

    from league.application.app import LeagueApp

    if not missing:
        return LeagueApp(env={**store.env, "CREATE_TABLE": "false"}, store=store)
    with psycopg.connect(store.postgres_conninfo, autocommit=True) as lock:
        lock.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
        try:
            return LeagueApp(env=store.env, store=store)
        finally:
            lock.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))


__all__ = ["DEFAULT_DB", "EVENTS_TABLES", "Store", "open_app", "open_store", "parse_db_url"]
