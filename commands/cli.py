"""The ``league`` command: a click group; each sub-command is thin."""

from __future__ import annotations

import sys
from typing import Any

import click

from commands import (__version__, audit, cards, demo, export, game, look, pa_game, play, report, rulesets, setup,
                      site, views)
from commands.context import CREATING_COMMANDS, Context
from league.adapters.logging import configure_logging
from league.domain.errors import LeagueError

class LeagueGroup(click.Group):
    """Turns domain errors into a message and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except LeagueError as e:
            click.echo(f"Error: {e}", err=True)
            sys.exit(1)
        except Exception as e:
            message = _store_error(e, ctx)
            if message is None:
                raise
            click.echo(message, err=True)
            sys.exit(1)


def _store_error(e: Exception, ctx: click.Context) -> str | None:
    """The message for an error of the event store, None for any other.

    eventsourcing is imported here, not at the top: a command that never
    opens the store (``--version``, ``--help``, ``rulesets``) does not load
    it, and an error of its can only come from a command that did.
    """
    if "eventsourcing" not in sys.modules:
        return None
    from eventsourcing.application import AggregateNotFoundError
    from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, PersistenceError

    if isinstance(e, IntegrityError):
        # Another process appended to the same aggregate first; this
        # command's transaction was rolled back whole.
        return ("Error: the league changed while this command ran (another commissioner or "
                "process); nothing was saved - run it again")
    if isinstance(e, AggregateNotFoundError):
        return "Error: no league in this database: run 'league init' first"
    if isinstance(e, (InterfaceError, OperationalError, PersistenceError)):
        db = ctx.obj.db if isinstance(ctx.obj, Context) else None
        return f"Error: cannot use the database {db or 'league.db'}: {e}"
    return None


@click.group(cls=LeagueGroup)
@click.option("--db", envvar="LEAGUE_DB", default=None, help="Database URL or SQLite file (default ./league.db).")
@click.option("--log-format", type=click.Choice(["human", "json"]), default="human", help="Log format.")
@click.option("-v", "--verbose", is_flag=True, help="Log at INFO level.")
@click.version_option(__version__, prog_name="league")
@click.pass_context
def cli(ctx: click.Context, db: str | None, log_format: str, verbose: bool) -> None:
    """League: event-sourced tabletop dice baseball leagues.

    Example: league demo
    """
    configure_logging(log_format, verbose)
    ctx.obj = Context(db, creates=ctx.invoked_subcommand in CREATING_COMMANDS)
    ctx.call_on_close(ctx.obj.close)


# look adds `schedule list` and `teams list` to setup's groups; pa_game adds the
# plate-appearance commands to the game group.
for _module in (setup, play, demo, game, pa_game, views, audit, cards, report, export, site, rulesets, look):
    _module.register(cli)


def main() -> None:
    cli(prog_name="league")
