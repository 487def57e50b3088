"""Setting a league up: init, teams import, schedule import."""

from __future__ import annotations

from pathlib import Path

import click

from commands.context import Context, actor_option, pass_ctx, reason_option, ruleset_option
from commands.output import emit_json, json_option
from commands.refresh import refresh_views
from league.domain.errors import InputError


@click.command("init")
@click.option("--name", required=True, help="The league's name.")
@ruleset_option
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A league option of the rule system (repeatable; 'league rulesets' lists them).")
@click.option("--seed", default=None, help="Seed for the dice (default: a random one, recorded).")
@click.option("--starters", type=click.Choice(["rotation", "schedule"]), default="rotation", show_default=True,
              help="Pick starters by rest, or take the real starters named in the schedule.")
@actor_option
@json_option
@pass_ctx
def init(ctx: Context, name: str, ruleset: str, options: tuple[str, ...], seed: str | None, starters: str,
         actor: str, as_json: bool) -> None:
    """Create a league in the database.

    Example: league init --name "1988 replay" --ruleset pennant-race --seed 42
    """
    chosen = {}
    for text in options:
        key, eq, value = text.partition("=")
        if not eq or not key.strip():
            raise click.BadParameter(f"{text!r} is not NAME=VALUE", param_hint="--option")
        chosen[key.strip()] = value.strip()
    if not seed:
        import secrets

        seed = secrets.token_hex(8)
    ctx.app.create_league(name=name, ruleset=ruleset, seed=seed, starters=starters, actor=actor, options=chosen)
    refresh_views(ctx, migrate=True)
    if as_json:
        emit_json({"name": name, "ruleset": ruleset, "seed": seed, "starters": starters,
                   "options": ctx.app.league().options})
        return
    click.echo(f"League {name!r} created ({ruleset}, seed {seed}).")


@click.group("teams")
def teams() -> None:
    """Manage the league's clubs."""


@teams.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@actor_option
@reason_option
@json_option
@pass_ctx
def teams_import(ctx: Context, files: tuple[str, ...], actor: str, reason: str, as_json: bool) -> None:
    """Import team files: roster sheets (tab-separated, as printed in the manual), or card files in a card game.

    Example: league teams import sheets/TEX.tsv sheets/CAL.tsv
    """
    from league import registry

    # Each rule system reads its own team files ('league rulesets' names them).
    rules = registry.ruleset(ctx.app.league().ruleset)
    sheets = []
    for f in files:
        if not Path(f).is_file():
            raise InputError(f, None, None, "no such file")
        sheets.append((rules.read_team(Path(f), source=f), f))
    codes = ctx.app.import_teams(sheets, actor=actor, reason=reason)
    refresh_views(ctx)
    if as_json:
        emit_json({"imported": codes})
        return
    click.echo(f"Imported {len(codes)} team(s): {', '.join(codes)}.")


@click.group("schedule")
def schedule() -> None:
    """Manage the league's schedule."""


@schedule.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@actor_option
@reason_option
@json_option
@pass_ctx
def schedule_import(ctx: Context, file: str, actor: str, reason: str, as_json: bool) -> None:
    """Import a Retrosheet schedule file or a CSV (date,visitor,home[,game,...]).

    Example: league schedule import 1988SKED.TXT
    """
    from league.adapters.schedule import read_schedule

    if not Path(file).is_file():
        raise InputError(file, None, None, "no such file")
    league = ctx.app.league()
    games = read_schedule(Path(file), known_teams=set(league.sheets))
    n = ctx.app.import_schedule(games, source=file, actor=actor, reason=reason)
    refresh_views(ctx)
    if as_json:
        emit_json({"scheduled": n, "source": file})
        return
    click.echo(f"Scheduled {n} game(s) from {file}.")


def register(cli: click.Group) -> None:
    cli.add_command(init)
    cli.add_command(teams)
    cli.add_command(schedule)
