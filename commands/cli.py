"""The ``league`` command: a click group; each sub-command is thin."""

from __future__ import annotations

import gc
import importlib
import sys
from typing import Any

import click

from commands import __version__
from commands.context import CREATING_COMMANDS, Context
from league.adapters.logging import configure_logging
from league.domain.errors import LeagueError

# The modules that define each command, imported only when it runs (``--help`` imports them all): a
# read command then loads no other command's module.  look adds ``schedule list`` and ``teams list``
# to setup's groups.  The game group adds the commands of commands.pa_game (playing a game by hand)
# itself, when asked for one of them.
# tests/unit/test_cli_commands.py keeps this in step with what the modules register.
COMMANDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("init", "teams", "schedule"), ("setup", "look")),
    **dict.fromkeys(("play", "sim"), ("play",)),
    "demo": ("demo",),
    "game": ("game",),
    **dict.fromkeys(("db", "injuries", "leaders", "pitchers", "projections", "standings", "stats"), ("views",)),
    **dict.fromkeys(("audit", "correct", "history", "rewind", "undo", "verify", "void"), ("audit",)),
    "cards": ("cards",),
    "report": ("report",),
    "export": ("export",),
    "site": ("site",),
    "rulesets": ("rulesets",),
    "roster": ("look",),
    "review": ("review",),
}


class LeagueGroup(click.Group):
    """Loads each command's module when it is asked for; turns domain errors into a message and exit status 1."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            for module in COMMANDS[cmd_name]:
                load(module, self)
        return super().get_command(ctx, cmd_name)

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
    psycopg = sys.modules.get("psycopg")
    if psycopg is not None and isinstance(e, psycopg.Error):  # a direct read on PostgreSQL (projections.rows)
        db = ctx.obj.db if isinstance(ctx.obj, Context) else None
        return f"Error: cannot use the database {db or 'league.db'}: {e}"
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


_loaded: set[str] = set()


def load_all() -> click.Group:
    """The whole CLI, every command's module imported (for what walks ``cli.commands``: tests, docs)."""
    for modules in COMMANDS.values():
        for module in modules:
            load(module, cli)
    importlib.import_module("commands.game").game.add_hand_play()  # the game group's own, added when asked for
    return cli


def load(module: str, group: click.Group) -> None:
    """Import ``commands.<module>`` and add its commands to ``group`` (once)."""
    if module in _loaded:
        return
    _loaded.add(module)
    importlib.import_module(f"commands.{module}").register(group)


def main() -> None:
    # What is loaded now (the interpreter's start-up, click, this module) lives as long as the process:
    # frozen, the cyclic collector no longer walks it in each full collection and in the last one at
    # exit: work that was a good share of a short command's (`league --version`, a read command's).
    # Only for the console script: a test process calling `cli` keeps its collector as it was.
    gc.freeze()
    cli(prog_name="league")
