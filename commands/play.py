"""Playing: one game with real dice, a simulated season, and the demo."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import Any

import click

from commands.context import Context, actor_option, pass_ctx, reason_option
from commands.output import emit_json, json_option, progress_bar
from commands.refresh import refresh_views
from league.adapters.textfile import read_text


def _parse_date(value: str | None) -> date | None:
    if value is None:
        return None
    text = value.replace("-", "")
    try:
        return date(int(text[:4]), int(text[4:6]), int(text[6:8]))
    except (ValueError, IndexError):
        raise click.BadParameter(f"{value!r} is not a date (YYYY-MM-DD)") from None


@click.command("play")
@click.argument("game", required=False)
@click.option("--date", "day", help="Play every game of this date (YYYY-MM-DD) in order.")
@click.option("--dice", "dice_file", type=click.Path(dir_okay=False, allow_dash=True),
              help="Script of rolls, one per line ('-' = stdin); default: the league's seeded dice.")
@click.option("--visitor-starter", help="Name the visiting starter (he must be rested).")
@click.option("--home-starter", help="Name the home starter (he must be rested).")
@actor_option
@reason_option
@json_option
@pass_ctx
def play(ctx: Context, game: str | None, day: str | None, dice_file: str | None,
         visitor_starter: str | None, home_starter: str | None, actor: str, reason: str, as_json: bool) -> None:
    """Play a game (or a date's games), with seeded dice or a script of physical rolls.

    A Pennant Race triad is written white-red-green (645), a two-dice roll as two
    digits (31); lines may carry # comments.

    Example: league play TEX198804040 --dice rolls.txt
    """
    if bool(game) == bool(day):
        raise click.UsageError("give either GAME or --date")
    if day and (visitor_starter or home_starter):
        raise click.UsageError("--visitor-starter/--home-starter go with a single GAME")
    dice = None
    label = "seeded"
    if dice_file is not None:
        from league.domain.dice import ScriptedDice

        name = "<stdin>" if dice_file == "-" else dice_file
        dice = ScriptedDice(read_text(dice_file, "dice script", name).splitlines(), source=name)
        label = f"script:{Path(name).name}"
    games = [game] if game else ctx.app.games_on(_parse_date(day))
    outcomes = ctx.app.play(games, dice=dice, visitor_starter=visitor_starter,
                            home_starter=home_starter, actor=actor, dice_label=label, reason=reason)
    refresh_views(ctx)
    if as_json:
        emit_json([{"game": gid, "visitor": o["visitor"]["team"], "visitor_runs": o["visitor"]["runs"],
                    "home": o["home"]["team"], "home_runs": o["home"]["runs"],
                    "innings": _innings(o)} for gid, o in zip(games, outcomes)])
        return
    for gid, o in zip(games, outcomes):
        v, h = o["visitor"], o["home"]
        extra = f" ({9 + o['extra_innings']} inn.)" if o.get("extra_innings") else ""
        click.echo(f"{gid}: {v['team']} {v['runs']}, {h['team']} {h['runs']}{extra}")


def _innings(outcome: dict[str, Any]) -> int:
    """Innings played: a card game's line score has one cell per inning; a Pennant Race one counts extras."""
    line = outcome["visitor"].get("line")
    return len(line) if line else 9 + (outcome.get("extra_innings") or 0)


@click.command("sim")
@click.option("--through", help="Stop after this date (YYYY-MM-DD); default: the whole schedule.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--finish-in-progress", is_flag=True,
              help="Also finish games in progress (started by hand or left mid-way by a rewind) "
                   "and their clubs' later games; by default they are skipped.")
@actor_option
@reason_option
@json_option
@pass_ctx
def sim(ctx: Context, through: str | None, quiet: bool, finish_in_progress: bool, actor: str, reason: str,
        as_json: bool) -> None:
    """Simulate every unplayed game (through a date), with a progress bar.

    Games in progress by hand are left to their players unless --finish-in-progress.

    Example: league sim --through 1988-06-30
    """
    day = _parse_date(through)
    statuses = ctx.app.game_statuses()  # read once: the held games, the progress bar's total and the sim
    open_games, waiting = ([], []) if finish_in_progress else ctx.app.held_for_hand_play(day, status=statuses)
    n = simulate_with_progress(ctx, day, quiet, actor, reason, finish_in_progress=finish_in_progress,
                               statuses=statuses)
    refresh_views(ctx)
    if as_json:
        emit_json({"simulated": n, "skipped_in_progress": open_games, "skipped_later": waiting})
        return
    click.echo(f"Simulated {n} game(s).")
    if open_games:
        click.echo(f"Skipped {len(open_games)} game(s) in progress: {', '.join(open_games)}"
                   + (f", and {len(waiting)} later game(s) of their clubs: {', '.join(waiting)}" if waiting else "")
                   + " (finish them with 'league game roll' or 'league sim --finish-in-progress').")


def simulate_with_progress(ctx: Context, through: date | None, quiet: bool, actor: str, reason: str = "",
                           finish_in_progress: bool = True, statuses: dict[str, str] | None = None) -> int:
    """``app.simulate`` with a progress bar on a terminal; ``statuses``: the games' as just read, if they were."""
    app = ctx.app
    if quiet or not sys.stderr.isatty():
        return app.simulate(through=through, actor=actor, reason=reason, finish_in_progress=finish_in_progress,
                            status=statuses)
    statuses = statuses if statuses is not None else app.game_statuses()
    held = set() if finish_in_progress else set().union(*app.held_for_hand_play(through, status=statuses))
    total = sum(
        1 for gid, g in app.league().games.items()
        if statuses.get(gid) not in ("final", "void") and gid not in held
        and (through is None or g["date"] <= through.isoformat())
    )
    with progress_bar("Simulating", total) as advance:
        return app.simulate(through=through, progress=advance, actor=actor, reason=reason,
                            finish_in_progress=finish_in_progress, status=statuses)


def register(cli: click.Group) -> None:
    cli.add_command(play)
    cli.add_command(sim)
