"""What every command shares: the context (store URL, lazily opened application) and common options.

Command modules import from here, and :mod:`commands.cli` imports the command
modules, so no module imports the one that imports it.
"""

from __future__ import annotations

import gc
import getpass
import os
import sys
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from league.application.app import LeagueApp


# The commands that may make a new league database; every other one refuses
# a store that holds no league, so a mistyped --db creates nothing.
CREATING_COMMANDS = ("init", "demo")


class Context:
    """What every command needs: the store URL, and the application, opened lazily."""

    def __init__(self, db: str | None, creates: bool = False) -> None:
        self.db = db
        self.creates = creates
        self._app: "LeagueApp | None" = None
        self._store: Any = None
        self._reader: Any = None
        # The views were current when the command began (SQLite): it reads them alone (commands.views.fresh).
        self.direct = False
        self._collector_paused = False

    @property
    def store(self) -> Any:
        """The store; a read command whose views are current needs no more (see ``views.fresh``)."""
        if self._app is not None:
            return self._app.store
        if self._store is None:
            from league.bootstrap import open_store
            from projections.rows import direct, keep_connections

            keep_connections()  # the direct reads of this command share a connection; close() ends it
            self._store = open_store(self.db, reader=direct)  # the check reads the schema on it, once
        return self._store

    @property
    def kind(self) -> str:
        """The store's kind ("sqlite", "postgresql") from its URL, without opening or checking it."""
        from league.adapters.store import parse_db_url

        return parse_db_url(self.db).kind

    @property
    def app(self) -> Any:
        if self._app is None:
            from league.bootstrap import open_app
            from projections.current import refuse_newer

            app = open_app(self.db, create=self.creates)
            try:
                if app.store is not None:
                    refuse_newer(app.store)  # before the command stores anything
            except Exception:
                app.close()
                raise
            self._app = app
        return self._app

    @property
    def has_app(self) -> bool:
        """Whether the application is open (a view command that caught the views up opened it)."""
        return self._app is not None

    @property
    def reader(self) -> Any:
        """What reads the aggregates (``league()``, ``journal()``, ``game(id)``, ``game_events(id)``).

        On SQLite a reader without the use cases (``league.bootstrap.open_reader``), unless
        ``LEAGUE_FAST_READS=0`` or the application is open already; else the application.
        """
        if self._app is not None:
            return self._app
        if self._reader is None:
            from projections.rows import fast_reads

            if not fast_reads():
                return self.app
            from league.bootstrap import open_reader

            self._reader = open_reader(self.db)
        return self._reader

    def pause_collector(self) -> None:
        """No cyclic garbage collection until the command ends: for a read the views answer.

        Such a read makes thousands of short-lived rows (a season's injury list, a game's events) and
        keeps none; reference counting frees them, and the collector's passes over them are work that
        such a quick command (``league injuries``) would notice.  ``close`` turns it back on, for a
        process that runs more than one command (a test's).
        """
        if gc.isenabled():
            gc.disable()
            self._collector_paused = True

    def close(self) -> None:
        if self._collector_paused:
            gc.enable()
            self._collector_paused = False
        if self._reader is not None:
            self._reader.close()
        if self._app is not None:
            self._app.close()
        rows = sys.modules.get("projections.rows")  # not imported: no connection was kept
        if rows is not None:
            rows.close_connections()


pass_ctx = click.make_pass_decorator(Context)


def default_actor() -> str:
    try:
        return os.environ.get("LEAGUE_ACTOR") or getpass.getuser()
    except Exception:  # no user database in some containers
        return "commissioner"


actor_option = click.option(
    "--actor", default=default_actor, show_default="the OS user", help="Who is doing this."
)
reason_option = click.option("--reason", default="", help="Why (kept in the journal, see 'league history').")


class RulesetName(click.ParamType):
    """A ruleset name the registry knows (``league rulesets`` lists them).

    Checked when the command runs rather than when the CLI is built, so the
    rule systems load only for the commands that name one, and one a test or
    plug-in registers is accepted like the built-in ones.
    """

    name = "ruleset"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from league import registry

        names = registry.names()
        if value not in names:
            self.fail(f"{value!r} is not a known ruleset (choose from {', '.join(names)})", param, ctx)
        return str(value)


ruleset_option = click.option(
    "--ruleset", type=RulesetName(), default="pennant-race", show_default=True,
    help="The rule system and variant ('league rulesets' lists them).")
