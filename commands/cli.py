"""The ``league`` command: a click group; each sub-command is thin."""

from __future__ import annotations

import getpass
import os
import sys
from typing import Any

import click

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, PersistenceError

from league.errors import LeagueError
from league.logging import configure_logging


# The commands that may make a new league database; every other one refuses
# a store that holds no league, so a mistyped --db creates nothing.
CREATING_COMMANDS = ("init", "demo")


class Context:
    """What every command needs: the store URL, and the application, opened lazily."""

    def __init__(self, db: str | None, creates: bool = False) -> None:
        self.db = db
        self.creates = creates
        self._app: Any = None

    @property
    def app(self) -> Any:
        if self._app is None:
            from league.bootstrap import open_app

            self._app = open_app(self.db, create=self.creates)
        return self._app

    def close(self) -> None:
        if self._app is not None:
            self._app.close()


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


class LeagueGroup(click.Group):
    """Turns domain errors into a message and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except LeagueError as e:
            click.echo(f"Error: {e}", err=True)
            sys.exit(1)
        except IntegrityError:
            # Another process appended to the same aggregate first; this
            # command's transaction was rolled back whole.
            click.echo("Error: the league changed while this command ran (another commissioner or "
                       "process); nothing was saved - run it again", err=True)
            sys.exit(1)
        except AggregateNotFoundError:
            click.echo("Error: no league in this database: run 'league init' first", err=True)
            sys.exit(1)
        except (InterfaceError, OperationalError, PersistenceError) as e:
            db = ctx.obj.db if isinstance(ctx.obj, Context) else None
            click.echo(f"Error: cannot use the database {db or 'league.db'}: {e}", err=True)
            sys.exit(1)


@click.group(cls=LeagueGroup)
@click.option("--db", envvar="LEAGUE_DB", default=None, help="Database URL or SQLite file (default ./league.db).")
@click.option("--log-format", type=click.Choice(["human", "json"]), default="human", help="Log format.")
@click.option("-v", "--verbose", is_flag=True, help="Log at INFO level.")
@click.version_option(package_name="league")
@click.pass_context
def cli(ctx: click.Context, db: str | None, log_format: str, verbose: bool) -> None:
    """League: event-sourced tabletop dice baseball leagues.

    Example: league demo
    """
    configure_logging(log_format, verbose)
    ctx.obj = Context(db, creates=ctx.invoked_subcommand in CREATING_COMMANDS)
    ctx.call_on_close(ctx.obj.close)


def _register() -> None:
    from commands import audit, cards, export, game, play, report, setup, site, views

    for module in (setup, play, game, views, audit, cards, report, export, site):
        module.register(cli)
    import commands.pa_game  # noqa: F401  (adds the Strat play commands to the game group)
    from commands import look  # schedule list, teams list (joining setup's groups), roster

    look.register(cli)


_register()


def main() -> None:
    cli(prog_name="league")
