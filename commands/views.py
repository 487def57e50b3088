"""Read-model commands: standings, pitchers, injuries, stats, leaders, db, projections.

Each reads a view through projections.queries after catching the views up
(safe with followers running: the runner applies each event exactly once).
On a SQLite store whose views are current (:func:`fresh`) they read the
file with the standard library's sqlite3 and nothing else: no application,
no SQLAlchemy, no rule system (the league's name and players' names are
views too).  ``LEAGUE_FAST_READS=0`` takes the full path every time.
"""

from __future__ import annotations

import datetime
from typing import Any

import click

from commands.context import Context, pass_ctx
from commands.names import league_player_names, named_rows
from commands.output import csv_option, emit_csv, emit_json, grouped, json_option, output_rows, render_table

as_of_option = click.option(
    "--as-of", "as_of", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
    help="Only games on or before this date (YYYY-MM-DD).",
)


def _day(value: datetime.datetime | None) -> datetime.date | None:
    return value.date() if value is not None else None


def fresh(ctx: Context) -> Any:
    """The store, with the views caught up with the log.

    When nothing is behind (a SQLite store: one SELECT says so), the
    application is not even built and ``ctx.direct`` is set: the command
    reads everything from the views, loading neither the event-sourcing
    library, SQLAlchemy nor the use cases.  Otherwise the runner migrates
    and catches up through the application, and names come from the League
    aggregate, as they always did.
    """
    from projections.current import current

    if current(ctx.store):
        ctx.direct = True
        ctx.pause_collector()
    else:
        from projections.runner import catch_up

        catch_up(ctx.app)
    return ctx.store


def league_name(ctx: Context) -> str:
    """The league's name: from the view on the direct path, else from the League aggregate."""
    if ctx.direct:
        from projections.queries.league import league_facts

        facts = league_facts(ctx.store)
        if facts is not None:
            return str(facts["name"])
    return str(ctx.app.league().name)


@click.command("standings")
@as_of_option
@json_option
@csv_option
@pass_ctx
def standings(ctx: Context, as_of: datetime.datetime | None, as_json: bool, as_csv: bool) -> None:
    """Standings by league and division (ties: head-to-head, then run differential).

    Example: league standings --as-of 1988-07-04
    """
    from projections.queries import standings as query

    rows = query(fresh(ctx), _day(as_of))
    if as_json:
        emit_json(rows)
        return
    columns = [("team", "Team"), ("w", "W"), ("l", "L"), ("pct", "PCT"), ("gb", "GB"), ("home", "Home"),
               ("road", "Road"), ("rf", "RF"), ("ra", "RA"), ("diff", "Diff"), ("streak", "Strk"),
               ("last10", "L10")]
    if as_csv:
        emit_csv(rows, [("league", "League"), ("division", "Division"), ("rank", "Rank"), *columns])
        return
    # Card clubs are registered without a league or division: head their one table with the league's name.
    for division, group in grouped(rows, lambda r: f"{r['league']} {r['division']}".strip()).items():
        render_table(group, columns, title=division or league_name(ctx))


@click.command("pitchers")
@click.option("--team", required=True, help="Team code, e.g. TEX.")
@as_of_option
@json_option
@pass_ctx
def pitchers(ctx: Context, team: str, as_of: datetime.datetime | None, as_json: bool) -> None:
    """Starter rest and reliever fatigue calendars (default: the team's next game day).

    Who may start and who rests, by the rules the games use: Pennant Race's
    REST and FAT ratings; Strat-O-Matic's games between starts (26.1) and
    relievers' rest (27.61, 27.64, usage limits). Only games on or before
    the day count.

    Example: league pitchers --team TEX --as-of 1988-05-01
    """
    from league import registry
    from projections.queries.pitchers import pitcher_calendar

    fresh(ctx)
    # The calendar reads the views, the League and the club's Staff: the reader serves them (ctx.reader).
    # On the direct path the ruleset's name comes from the league view, and the reader is opened only
    # if the rule system's calendar reads an aggregate (Strat-O-Matic's reads the club's Staff).
    name = league_ruleset(ctx)
    reader = _OnDemandReader(ctx) if name is not None else ctx.reader
    cal = pitcher_calendar(reader, team, _day(as_of), ruleset=name)
    if cal is None:  # no calendar of its own: the pitchers of the roster, with their status
        return _roster_pitchers(ctx, team, _day(as_of), as_json)
    if as_json:
        emit_json(cal)
        return
    for rows, columns, title in registry.ruleset(name or ctx.reader.league().ruleset).calendar_tables(cal):
        render_table(rows, columns, title=title)


def league_ruleset(ctx: Context) -> str | None:
    """The league's ruleset name from the view on the direct path; else None (the League aggregate knows it)."""
    if not ctx.direct:
        return None
    from projections.queries.league import league_facts

    facts = league_facts(ctx.store)
    return None if facts is None else str(facts["ruleset"])


class _OnDemandReader:
    """``ctx.reader`` opened on first use: the store itself needs no reader (it loads the event-sourcing library)."""

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx

    @property
    def store(self) -> Any:
        return self._ctx.store

    @property
    def repository(self) -> Any:
        return self._ctx.reader.repository

    def league(self) -> Any:
        return self._ctx.reader.league()

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._ctx.reader, attr)


def _roster_pitchers(ctx: Context, team: str, day: datetime.date | None, as_json: bool) -> None:
    """A rule system without a calendar of its own: the roster's pitchers, who may start or relieve on the day."""
    from projections.queries.roster import roster

    fresh(ctx)
    found = roster(ctx.app, team, day)
    staff = [p for p in found["players"] if p["role"] != "batter"]
    if as_json:
        emit_json({"team": team, "as_of": found["as_of"], "pitchers": staff})
        return
    render_table(staff, [("player", "Pitcher"), ("id", "Card"), ("role", "Role"), ("ratings", "Ratings"),
                         ("status", "Status"), ("note", "Note")], title=f"{team} pitchers as of {found['as_of']}")


@click.command("injuries")
@click.option("--team", default=None, help="Only this team.")
@click.option("--active", is_flag=True, help="Only players still out.")
@as_of_option
@json_option
@pass_ctx
def injuries(ctx: Context, team: str | None, active: bool, as_of: datetime.datetime | None, as_json: bool) -> None:
    """The injury list: games to miss (team games), missed so far, return date, days out.

    Example: league injuries --active
    """
    from projections.queries import injury_list

    rows = injury_list(fresh(ctx), team, _day(as_of), active_only=active)
    rows = named_rows(rows, league_player_names(ctx), ["player"], for_machines=as_json)
    output_rows(rows, [("player", "Player"), ("team", "Team"), ("date", "Injured"), ("games", "Games"),
                       ("missed", "Missed"), ("return_date", "Returns"), ("days", "Days"), ("status", "Status")],
                as_json,
                title="Injuries")


@click.command("stats")
@click.argument("kind", type=click.Choice(["pitching", "batting"]))
@click.option("--team", default=None, help="Only this team.")
@click.option("--by", type=click.Choice(["player", "team"]), default="player", show_default=True,
              help="Pitching: per pitcher or per team totals.")
@as_of_option
@json_option
@csv_option
@pass_ctx
def stats(ctx: Context, kind: str, team: str | None, by: str, as_of: datetime.datetime | None, as_json: bool,
          as_csv: bool) -> None:
    """Pitching (G GS CG SHO W L SV IP ER UR ERA) or batting (HR, bat/power/speed points, fielding).

    Where the league's box scores are counted from the plays (the card games), pitching adds
    H BB SO HR BF, and batting is G PA AB R H 2B 3B HR RBI BB SO SB CS HBP SH SF AVG OBP SLG.

    Example: league stats pitching --team TEX
    """
    from projections import queries

    store = fresh(ctx)
    box = queries.league_box(store)  # what the league's rule system says its box scores count
    names = league_player_names(ctx)
    if kind == "batting":
        rows = named_rows(queries.batting_stats(store, team, _day(as_of)), names, ["player"], as_json)
        cols = [("player", "Player"), ("team", "Team"), *queries.BATTING_COLUMNS[box]]
        output_rows(rows, cols, as_json, title="Batting", as_csv=as_csv)
        return
    extra = list(queries.PITCHING_COLUMNS[box])
    if by == "team":
        rows = [r for r in queries.team_pitching(store, _day(as_of)) if not team or r["team"] == team]
        cols = [("team", "Team"), ("g", "G"), ("w", "W"), ("l", "L"), ("sv", "SV"), ("cg", "CG"), ("sho", "SHO"),
                ("ip", "IP"), *extra, ("er", "ER"), ("ur", "UR"), ("era", "ERA")]
    else:
        rows = named_rows(queries.pitching_stats(store, team, _day(as_of)), names, ["pitcher"], as_json)
        cols = [("pitcher", "Pitcher"), ("team", "Team"), ("g", "G"), ("gs", "GS"), ("cg", "CG"), ("sho", "SHO"),
                ("w", "W"), ("l", "L"), ("sv", "SV"), ("ip", "IP"), *extra, ("er", "ER"), ("ur", "UR"),
                ("era", "ERA")]
    output_rows(rows, cols, as_json, title="Pitching", as_csv=as_csv)


@click.command("leaders")
@click.option("--category", type=click.Choice(["era", "w", "l", "sv", "cg", "sho", "ip", "hr", "bat", "pow", "spd",
                                                "fld", "avg", "rbi", "sb"]), default=None,
              help="One category (default: all; avg, rbi, sb for Strat-O-Matic, bat, pow, spd, fld for Pennant Race).")
@click.option("--min-ip", default=None, help="Innings to qualify for ERA (default: 1 per team game).")
@click.option("--min-pa", default=None, type=int,
              help="Plate appearances to qualify for AVG, Strat-O-Matic (default: 3.1 per team game).")
@click.option("--limit", default=5, show_default=True, help="How many places per category.")
@click.option("--combined", is_flag=True, help="Rank all clubs together instead of each league (AL, NL) apart.")
@as_of_option
@json_option
@csv_option
@pass_ctx
def leaders(ctx: Context, category: str | None, min_ip: str | None, min_pa: int | None, limit: int,
            combined: bool, as_of: datetime.datetime | None, as_json: bool, as_csv: bool) -> None:
    """League leaders, pitching and batting, each league (AL, NL) apart unless --combined.

    Example: league leaders --category era --min-ip 100
    """
    from projections.queries import leaders as query

    try:
        rows = query(fresh(ctx), category, min_ip, limit, _day(as_of), min_pa=min_pa, by_league=not combined)
    except ValueError as e:
        hint = "--category" if "category" in str(e) else "--min-ip"
        raise click.BadParameter(str(e), param_hint=hint) from None
    rows = named_rows(rows, league_player_names(ctx), ["player"], as_json)
    columns = [("category", "Category"), ("rank", "#"), ("player", "Player"), ("team", "Team"), ("value", "Value")]
    if as_json or as_csv:
        output_rows(rows, [("league", "League"), *columns], as_json, as_csv=as_csv)
        return
    for name, group in grouped(rows, lambda r: "" if combined else r["league"]).items():
        render_table(group, columns, title=f"{name or league_name(ctx)} leaders")


@click.group("db")
def db() -> None:
    """The read-model database schema."""


@db.command("upgrade")
@click.option("--revision", default="head", show_default=True, help="Alembic revision to go to.")
@json_option
@pass_ctx
def db_upgrade(ctx: Context, revision: str, as_json: bool) -> None:
    """Create or migrate the read-model tables (alembic).

    Example: league db upgrade
    """
    from projections.migrate import upgrade

    now = upgrade(ctx.app.store, revision)  # through the app: a --db with no league is refused
    if as_json:
        emit_json({"revision": now})
        return
    click.echo(f"Read-model schema at revision {now}.")


@click.group("projections")
def projections_group() -> None:
    """Run and inspect the read-model projections."""


@projections_group.command("status")
@json_option
@pass_ctx
def projections_status(ctx: Context, as_json: bool) -> None:
    """Each view's position in the event log and how far it lags.

    Example: league projections status
    """
    from projections.runner import status

    output_rows(status(ctx.app), [("view", "View"), ("position", "Position"), ("head", "Log head"),
                                  ("lag", "Lag"), ("applied", "Applied"), ("description", "Holds")],
                as_json, title="Projections")


@projections_group.command("rebuild")
@click.argument("view", required=False)
@json_option
@pass_ctx
def projections_rebuild(ctx: Context, view: str | None, as_json: bool) -> None:
    """Rebuild one view (or all) from the first event.

    Example: league projections rebuild boxscores
    """
    from projections.runner import rebuild

    done = rebuild(ctx.app, [view] if view else None)
    output_rows([{"view": k, "events": n} for k, n in done.items()], [("view", "View"), ("events", "Events")],
                as_json, title="Rebuilt")


@projections_group.command("follow")
@click.option("--interval", default=0.5, show_default=True, help="Seconds between polls when idle.")
@click.option("--until-idle", is_flag=True, help="Exit once every view has caught up.")
@pass_ctx
def projections_follow(ctx: Context, interval: float, until_idle: bool) -> None:
    """Keep the views caught up as a long-lived process (several may run at once).

    Example: LEAGUE_DB=postgresql://postgres@localhost/league league projections follow
    """
    from projections.runner import follow

    def report(applied: dict[str, int]) -> None:
        click.echo(" ".join(f"{k}+{n}" for k, n in applied.items()), err=True)

    try:
        follow(ctx.app, interval=interval, until_idle=until_idle, on_applied=report)
    except KeyboardInterrupt:
        pass


def register(cli: click.Group) -> None:
    for command in (standings, pitchers, injuries, stats, leaders, db, projections_group):
        cli.add_command(command)
