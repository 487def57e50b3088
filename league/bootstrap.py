"""The one composition root: a database URL in, a ready application out.

Only the CLI, the operator scripts and the tests import this module; it
builds the application on the store a URL names (:mod:`league.adapters.store`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from league.adapters.store import (DEFAULT_DB, EVENTS_TABLES, SCHEMA_LOCK, Store, install_append_only_guard,
                                   parse_db_url)

if TYPE_CHECKING:
    from eventsourcing.application import Application
    from league.adapters.store_checks import Reader
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


def open_store(url: str | None = None, reader: "Reader | None" = None) -> Store:
    """The existing league store ``url`` names, checked as :func:`open_app` checks it, without the application.

    For a command that only reads the views (``league standings``): building
    the application loads the event-sourcing library and every use case,
    which such a command does not need when the views are current.
    ``reader``: on SQLite, the connection the command's reads will use, for the check too
    (:func:`league.adapters.store_checks.check_sqlite`).
    """
    from league.adapters.store_checks import check_postgres, check_sqlite

    store = parse_db_url(url)
    if store.kind == "sqlite":
        check_sqlite(store.path or "", must_hold_league=True, reader=reader)
    else:  # the server, the database and the league's tables, explained as open_app explains them
        check_postgres(store, must_hold_league=True)
    return store


def open_reader(url: str | None = None) -> Any:
    """The existing league's aggregates for a command that only reads them (``history``, ``game show``).

    On SQLite: an event-sourcing application on the same store, recorders
    and transcoder as :class:`~league.application.app.LeagueApp`, without
    its use cases -- importing those (and through them every rule system)
    is most of the time of such a command.  It answers ``league()``,
    ``journal()``, ``game(id)``, ``game_events(id)``, ``repository`` and
    ``store`` (what the rule systems' calendars read); a game it does not
    find is looked up again through the application, which says why.  On
    PostgreSQL the application itself.
    """
    store = open_store(url)
    if store.kind != "sqlite":
        return open_app(url, create=False)
    return _Reader.build(store)


class _Reader:
    """Reads aggregates; saves nothing (no append-only guard is needed on a store it never writes)."""

    def __init__(self, app: "Application[Any]", store: Store) -> None:
        self.app = app
        self.store = store
        # The League as first read: a command asks for it several times (a roster: the query, the
        # calendar, the names), and a reader's command is short and stores nothing, so it reads one.
        self._league: Any = None

    @classmethod
    def build(cls, store: Store) -> "_Reader":
        import functools

        from eventsourcing.application import Application

        from league.domain.transcodings import FastJSONTranscoder, snapshot_transcodings

        def fold(aggregate: Any, events: Any) -> Any:  # LeagueApp's projector: no per-event protocol check
            for e in events:
                aggregate = e.mutate(aggregate)
            return aggregate

        class Reader(Application):  # type: ignore[type-arg]
            name = "League"  # LeagueApp's: the same tables and settings
            is_snapshotting_enabled = True  # reads the snapshots LeagueApp takes

            def construct_repository(self) -> Any:
                repository = super().construct_repository()
                repository.get = functools.partial(repository.get, projector_func=fold)  # type: ignore[method-assign]
                return repository

            def construct_transcoder(self) -> Any:
                transcoder = FastJSONTranscoder()
                self.register_transcodings(transcoder)
                for t in snapshot_transcodings():
                    transcoder.register(t)
                return transcoder

        return cls(Reader(env=store.env), store)

    def _get(self, aggregate_id: Any) -> Any:
        return self.app.repository.get(aggregate_id)

    # Each aggregate's class registers its stored topics when it is defined, so each
    # method imports the classes of what it reads (LeagueApp imports them all).

    def league(self) -> Any:
        import league.domain.league  # noqa: F401
        from league.domain import ids

        if self._league is None:
            self._league = self._get(ids.LEAGUE_ID)
        return self._league

    def journal(self) -> Any:
        import league.domain.journal  # noqa: F401
        from league.domain import ids

        return self._get(ids.JOURNAL_ID)

    def game(self, game: str) -> Any:
        from eventsourcing.application import AggregateNotFoundError

        from league import registry
        from league.domain import ids

        registry.load_game_records()

        try:
            return self._get(ids.game_id(game))
        except AggregateNotFoundError:
            app = open_app(self.store.path, create=False)
            try:
                return app.game(game)  # raises: not played yet, or not on the schedule
            finally:
                app.close()

    @property
    def repository(self) -> Any:
        """The aggregates by id (a rule system's calendar reads a club's Staff), every class's topics known."""
        import league.domain.journal
        import league.domain.league
        import league.domain.staff  # noqa: F401
        from league import registry

        registry.load_game_records()
        return self.app.repository

    def game_events(self, game: str) -> list[Any]:
        from league.domain import ids

        self.game(game)
        return list(self.app.events.get(ids.game_id(game)))

    def close(self) -> None:
        self.app.close()


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


__all__ = ["DEFAULT_DB", "EVENTS_TABLES", "Store", "open_app", "open_reader", "open_store", "parse_db_url"]
