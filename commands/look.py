"""Looking around a league: ``schedule list``, ``teams list``, ``roster TEAM``."""

from __future__ import annotations

import datetime

import click

from commands.context import Context, pass_ctx
from commands.names import league_player_names
from commands.output import csv_option, emit_json, json_option, output_rows, render_table
from commands.setup import schedule, teams
from commands.views import fresh
from league.domain.errors import NotFoundError

_day_type = click.DateTime(formats=["%Y-%m-%d"])


@schedule.command("list")
@click.option("--date", "day", type=_day_type, default=None, help="Only this date's games (YYYY-MM-DD).")
@click.option("--team", default=None, help="Only this club's games, e.g. TEX.")
@click.option("--status", type=click.Choice(["scheduled", "in-progress", "played", "voided", "unplayed"]),
              default=None, help="Only games in this state (unplayed: scheduled or in progress).")
@json_option
@csv_option
@pass_ctx
def schedule_list(ctx: Context, day: datetime.datetime | None, team: str | None, status: str | None,
                  as_json: bool, as_csv: bool) -> None:
    """The schedule: each game's id, date, clubs, status and score, and how it was played (by hand,
    the computer or both).  A game a dispute held for the commissioner's review shows as held
    (see 'league review').

    Example: league schedule list --date 1988-04-04 --team TEX
    """
    from projections.queries.schedule import club_codes, schedule_list as query

    store = fresh(ctx)
    if team and team not in club_codes(store):  # the clubs' view: the League aggregate's sheets
        raise NotFoundError(f"--team: no team {team!r} in this league (see 'league teams list')")
    rows = query(store, day.date() if day else None, team, status)
    shown = [dict(r, score="" if r["visitor_runs"] is None else
                  f"{r['visitor_runs']}-{r['home_runs']}" + (f" ({r['innings']})" if r["innings"] != 9 else ""),
                  status=r["status"] if r["held"] is None else
                  "played, held" if r["status"] == "played" else "held",
                  played=r["played_by"] or "")
             for r in rows]
    output_rows(shown, [("game", "Game"), ("date", "Date"), ("number", "#"), ("visitor", "Visitor"),
                        ("home", "Home"), ("status", "Status"), ("played", "Played"), ("score", "Score")],
                as_json, title=f"Schedule ({len(rows)} game(s))", json_data=rows, as_csv=as_csv)


@teams.command("list")
@json_option
@csv_option
@pass_ctx
def teams_list(ctx: Context, as_json: bool, as_csv: bool) -> None:
    """The league's clubs: code, name, league, division, games scheduled and played, record.

    Example: league teams list --json
    """
    from projections.queries.schedule import team_list

    output_rows(team_list(fresh(ctx)), [("team", "Team"), ("name", "Name"), ("league", "League"),
                                         ("division", "Division"), ("scheduled", "Sched"), ("played", "Played"),
                                         ("w", "W"), ("l", "L")], as_json, title="Teams", as_csv=as_csv)


@click.command("roster")
@click.argument("team")
@click.option("--as-of", "as_of", type=_day_type, default=None,
              help="Judge rest and injuries on this date (default: the club's next game day).")
@json_option
@pass_ctx
def roster(ctx: Context, team: str, as_of: datetime.datetime | None, as_json: bool) -> None:
    """A club's players with their ratings and status: active, injured or resting.

    Resting is a starter not yet fully rested or a reliever the bullpen rules
    rest that day, decided by the same rules the games use.

    Example: league roster TEX --as-of 1988-05-01
    """
    from projections.queries.roster import roster as query

    fresh(ctx)
    # The League and the club's Staff, read without the use cases (ctx.reader): a third of a second less.
    found = query(ctx.reader, team, as_of.date() if as_of else None)
    if as_json:
        emit_json(found)
        return
    columns = [("player", "Player"), ("role", "Role"), ("ratings", "Ratings"), ("status", "Status"),
               ("note", "Note")]
    if league_player_names(ctx):
        columns.insert(1, ("id", "Card"))
    render_table(found["players"], columns, title=f"{found['name']} ({team}) as of {found['as_of']}")


def register(cli: click.Group) -> None:
    cli.add_command(roster)  # schedule list and teams list join their groups on import
