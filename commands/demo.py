"""``league demo``: a sample league simulated through a whole season."""

from __future__ import annotations

import os

import click

from commands.cli import Context, default_actor
from commands.play import simulate_with_progress
from commands.refresh import refresh_views

DEMO_DB = "demo.db"


@click.command("demo")
@click.option("--seed", default="1988", show_default=True, help="Seed for the dice.")
@click.option("--ruleset", type=click.Choice(["pennant-race", "relief-defense"]), default="pennant-race",
              show_default=True)
@click.pass_context
def demo(click_ctx: click.Context, seed: str, ruleset: str) -> None:
    """Build the sample 8-team league, simulate its whole season, print the standings.

    Without --db the demo writes a fresh ./demo.db (replaced on each run), so it
    never touches ./league.db.

    Example: league demo
    """
    from league.bootstrap import parse_db_url
    from league.data import data_path
    from league.io.roster import read_sheet
    from league.io.schedule import read_schedule

    ctx: Context = click_ctx.obj
    if ctx.db is None:
        ctx.db = DEMO_DB
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(DEMO_DB + suffix):
                os.remove(DEMO_DB + suffix)
    store = parse_db_url(ctx.db)
    app = ctx.app
    actor = default_actor()
    app.create_league(name="Demo League", ruleset=ruleset, seed=seed, actor=actor)
    refresh_views(ctx, migrate=True)
    sheets = sorted(data_path("teams").glob("*.tsv"))
    app.import_teams([(read_sheet(p, source=p.name), p.name) for p in sheets], actor=actor)
    schedule_file = data_path("schedules", "demo.csv")
    games = read_schedule(schedule_file, known_teams=set(app.league().sheets))
    app.import_schedule(games, source=schedule_file.name, actor=actor)
    click.echo(f"Demo league: {len(sheets)} teams, {len(games)} games ({store.url}).")
    simulate_with_progress(ctx, None, False, actor)
    refresh_views(ctx)
    click_ctx.invoke(_standings_command(click_ctx))


def _standings_command(click_ctx: click.Context) -> click.Command:
    root = click_ctx.find_root().command
    assert isinstance(root, click.Group)
    return root.commands["standings"]
