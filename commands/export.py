"""``league export``: the league's games in other tools' formats."""

from __future__ import annotations

import click

from commands.context import Context, pass_ctx
from commands.output import emit_json, json_option


@click.group("export")
def export() -> None:
    """Write games in other tools' formats."""


@export.command("retrosheet")
@click.argument("where", nargs=-1, required=True, metavar="[GAME] DIR")
@click.option("--season", is_flag=True, help="Every final game of the league.")
@json_option
@pass_ctx
def retrosheet(ctx: Context, where: tuple[str, ...], season: bool, as_json: bool) -> None:
    """Write Retrosheet event, roster and team files for the games of a card game
    league (Strat-O-Matic, Pine Tar, Inside Pitch: every play is recorded).

    One event file per home team and season (2024ANV.EVA), a roster file per
    team (ANV2024.ROS) and TEAM2024, for the Chadwick tools and others.

    Example: league export retrosheet --season retro/   (then: cwbox -y 2024 -D retro retro/2024*.EV?)
    """
    from league.export import export_retrosheet

    if len(where) != (1 if season else 2):
        raise click.UsageError("give GAME DIR, or --season DIR")
    game, directory = (None, where[0]) if season else where
    written = export_retrosheet(ctx.app, directory, game)
    if as_json:
        emit_json({"directory": directory, "files": [str(p) for p in written]})
        return
    for path in written:
        click.echo(f"wrote {path}")


def register(cli: click.Group) -> None:
    cli.add_command(export)
