"""The commissioner's review of games a dispute held for it: list, accept, replay, finish."""

from __future__ import annotations

from typing import Any

import click

from commands.context import Context, actor_option, pass_ctx
from commands.output import emit_json, json_option, output_rows
from commands.refresh import refresh_views

review_reason = click.option("--reason", default="", help="Why (kept in the journal, see 'league history').")


@click.group("review", invoke_without_command=True)
@json_option
@click.pass_context
def review(click_ctx: click.Context, as_json: bool) -> None:
    """The games a dispute held for the commissioner's review (a person's entry that can no longer stand).

    Without a sub-command, lists them: the game, how it was played, why it is held and the first
    entry (position in 'league game log') that can no longer stand.

    Example: league review
    """
    if click_ctx.invoked_subcommand is not None:
        return
    ctx = click_ctx.find_object(Context)
    assert ctx is not None
    rows = ctx.app.held_games()
    if not rows and not as_json:
        click.echo("No game is held for review.")
        return
    output_rows([{"game": r["game"], "date": r["date"], "match": f"{r['visitor']} at {r['home']}",
                  "played": r["played_by"], "stop": r["position"], "reason": r["reason"]} for r in rows],
                [("game", "game"), ("date", "date"), ("match", "match"), ("played", "played by"),
                 ("stop", "stops at"), ("reason", "why held")], as_json)


def _settle(how: str, doc: str) -> click.Command:
    @click.command(how.removesuffix("ed").removesuffix("e"), help=doc)
    @click.argument("game")
    @review_reason
    @actor_option
    @json_option
    @pass_ctx
    def command(ctx: Context, game: str, reason: str, actor: str, as_json: bool) -> None:
        result = ctx.app.review(game, how, reason=reason, actor=actor)
        refresh_views(ctx)
        if as_json:
            emit_json(result)
            return
        click.echo(_said(result))

    return command


def _said(result: dict[str, Any]) -> str:
    game, how, o = result["game"], result["how"], result["outcome"]
    if result["status"] == "final" and o:
        score = f"{o['visitor']['team']} {o['visitor']['runs']}, {o['home']['team']} {o['home']['runs']}"
        return f"{game} {how}: {score}."
    return (f"{game} {how}: set up from today's history with the people's entries up to its stop, in progress "
            f"at position {result['position']}; play on with 'league game roll {game}' (or 'league play {game} "
            "--dice FILE').")


review.add_command(_settle("accepted", """Accept a held game as it was played: it stands, its record unchanged.

    Example: league review accept TEX198804230 --reason "both managers agree"
    """))
review.add_command(_settle("replayed", """Set a held game up again from today's history and leave it in progress
    after the people's entries that still stand, for them to play on by hand.

    Example: league review replay TEX198804230 --reason "replay from the pitching change"
    """))
review.add_command(_settle("finished", """Set a held game up again from today's history, keep the people's entries
    that still stand, and let the computer (seeded dice, the auto-manager) finish it.

    Example: league review finish TEX198804230 --reason "owners agreed to let it be simmed"
    """))


def register(cli: click.Group) -> None:
    cli.add_command(review)
