"""``league game show|log``: one game's result, and its record event by event."""

from __future__ import annotations

from typing import Any

import click

from commands.cli import Context, pass_ctx
from commands.output import emit_json, json_option, render_table
from league.scorebook import game_log, game_summary


@click.group("game")
def game() -> None:
    """Look at one game."""


@game.command("show")
@click.argument("game_id")
@json_option
@pass_ctx
def show(ctx: Context, game_id: str, as_json: bool) -> None:
    """Show a game's score, pitchers and decisions.

    Example: league game show TEX198804040 --json
    """
    g = ctx.app.game(game_id)
    if hasattr(g, "entries"):  # a plate-appearance game (league.model.pa_game)
        from commands.pa_game import show_box

        return show_box(g, as_json)
    summary = game_summary(g)
    if as_json:
        emit_json(summary)
        return
    _print_summary(summary)


@game.command("log")
@click.argument("game_id")
@json_option
@pass_ctx
def log(ctx: Context, game_id: str, as_json: bool) -> None:
    """List a game's events in order: the setup, every roll, the outcome.

    Example: league game log TEX198804040
    """
    entries = game_log(ctx.app.game(game_id), ctx.app.game_events(game_id))
    if as_json:
        emit_json(entries)
        return
    rows = [
        {
            "position": e["position"],
            "type": e["type"] + (" (superseded)" if e.get("superseded") else ""),
            "detail": e.get("summary", ""),
        }
        for e in entries
    ]
    render_table(rows, [("position", "#"), ("type", "event"), ("detail", "detail")], title=game_id)


def _print_summary(s: dict[str, Any]) -> None:
    v, h = s["visitor"], s["home"]
    if s.get("date"):
        click.echo(f"{s['game']}  {s['date']}  ({s['status']})")
    if v.get("runs") is None:
        click.echo(f"{v['team']} at {h['team']}: not finished")
        return
    extra = f"  ({s['innings']} innings)" if s.get("innings", 9) > 9 else ""
    click.echo(f"{v['team']:>4} {v['runs']:>3}   (earned {v['earned']}, unearned {v['unearned']})")
    click.echo(f"{h['team']:>4} {h['runs']:>3}   (earned {h['earned']}, unearned {h['unearned']}){extra}")
    rows = [
        {
            **p,
            "decision": p["decision"] or "",
            "notes": " ".join(x for x, on in (("SV", p["save"]), ("CG", p["cg"]), ("SHO", p["sho"])) if on),
        }
        for p in s["pitching"]
    ]
    render_table(
        rows,
        [("team", "team"), ("pitcher", "pitcher"), ("role", "role"), ("ip", "IP"), ("er", "ER"),
         ("ur", "UR"), ("decision", "dec"), ("notes", "")],
    )


def register(cli: click.Group) -> None:
    cli.add_command(game)
