"""Setting a league up: init, teams import, schedule import."""

from __future__ import annotations

import secrets
from pathlib import Path

import click

from commands.cli import Context, actor_option, pass_ctx, reason_option
from commands.output import emit_json, json_option
from commands.refresh import refresh_views
from league.errors import InputError


@click.command("init")
@click.option("--name", required=True, help="The league's name.")
@click.option("--ruleset", type=click.Choice(["pennant-race", "relief-defense", "strat-o-matic", "strat-o-matic-basic"]),
              default="pennant-race", show_default=True,
              help="strat-o-matic: advanced rules with the DH; strat-o-matic-basic: basic rules, pitchers bat.")
@click.option("--seed", default=None, help="Seed for the dice (default: a random one, recorded).")
@click.option("--starters", type=click.Choice(["rotation", "schedule"]), default="rotation", show_default=True,
              help="Pick starters by rest, or take the real starters named in the schedule.")
@actor_option
@json_option
@pass_ctx
def init(ctx: Context, name: str, ruleset: str, seed: str | None, starters: str, actor: str, as_json: bool) -> None:
    """Create a league in the database.

    Example: league init --name "1988 replay" --ruleset pennant-race --seed 42
    """
    seed = seed or secrets.token_hex(8)
    ctx.app.create_league(name=name, ruleset=ruleset, seed=seed, starters=starters, actor=actor)
    refresh_views(ctx, migrate=True)
    if as_json:
        emit_json({"name": name, "ruleset": ruleset, "seed": seed, "starters": starters})
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
    """Import roster sheets (tab-separated, as printed in the manual), or card files in a Strat league.

    Example: league teams import sheets/TEX.tsv sheets/CAL.tsv
    """
    from league.io.card_team import read_card_team
    from league.io.roster import read_sheet
    from league.pa_season import STRAT_RULESETS

    # A Strat-O-Matic league registers card files (docs/strat-o-matic.md), others roster sheets.
    read = read_card_team if ctx.app.league().ruleset in STRAT_RULESETS else read_sheet
    sheets = []
    for f in files:
        if not Path(f).is_file():
            raise InputError(f, None, None, "no such file")
        sheets.append((read(Path(f), source=f), f))
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
    from league.io.schedule import read_schedule

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
