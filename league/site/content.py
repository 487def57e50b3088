"""What the website shows, read once per build from the read models and the log.

Everything here is plain data (dicts and lists) for the templates: the same
query functions the CLI listings use (``league standings``, ``stats``,
``leaders``, ``injuries``, ``pitchers``), the journal as ``league history``
lists it, and the log's seal as ``league verify --seal`` prints it.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from league import registry
from league.domain.errors import NotFoundError
from league.domain.journal import games_named, what_changed
from league.rules.ruleset import RosterTable
from league.site.sealing import seal_later
from projections import queries
from projections.queries.common import fmt_ip, reading
from projections.tables import box_batting, box_pitching, box_team, games, pa_batting, pa_pitching


def slug(text: str) -> str:
    """A file name for a player or club: lower case, letters and digits, dashes between."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def player_page(team: str, player: str) -> str:
    return f"players/{slug(team)}-{slug(player)}.html"


@dataclass
class Content:
    """The league as of one log position, shaped for the pages."""

    name: str
    ruleset: str
    pa: bool  # plate-appearance box scores (Strat-O-Matic) rather than Pennant Race's
    position: int
    seal: str
    sealed_at: str
    clubs: dict[str, dict[str, Any]]  # code -> {name, league, division}
    standings: list[dict[str, Any]]
    schedule: list[dict[str, Any]]  # every scheduled game with its status and score, by date
    pitching: list[dict[str, Any]]
    batting: list[dict[str, Any]]
    team_pitching: list[dict[str, Any]]
    leaders: list[dict[str, Any]]
    injuries: list[dict[str, Any]]
    journal: list[dict[str, Any]]
    rosters: dict[str, RosterTable]
    game_lines: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)  # team -> player -> games
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # team -> its games in order
    calendars: dict[str, dict[str, Any]] = field(default_factory=dict)  # team -> rest and fatigue calendar


def gather(app: Any, position: int, workers_env: str) -> Content:
    """Read everything the pages need (the views must be caught up with the log)."""
    sealed = seal_later(app, position, workers_env)
    store = app.store
    league = app.league()
    rules = registry.ruleset(league.ruleset)
    sheets = league.sheets
    pa = queries.is_pa_league(store)
    clubs = {code: {"name": s.get("name", code), "league": s.get("league", ""), "division": s.get("division", "")}
             for code, s in sorted(sheets.items())}
    schedule, results = _schedule(store, league.games)
    stamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    content = Content(
        name=league.name,
        ruleset=league.ruleset,
        pa=pa,
        position=position,
        seal="",
        sealed_at=stamp,
        clubs=clubs,
        standings=queries.standings(store),
        schedule=schedule,
        pitching=queries.pitching_stats(store),
        batting=queries.batting_stats(store),
        team_pitching=queries.team_pitching(store),
        leaders=queries.leaders(store, None, None, 5, None),
        injuries=queries.injury_list(store),
        journal=journal_rows(app),
        rosters={code: rules.roster_table(sheet) for code, sheet in sheets.items()},
        results=results,
    )
    content.game_lines = _player_games(store, pa)
    for code in clubs:
        calendar = pitcher_calendar(app, code)
        if calendar is None:
            calendar = rules.staff_calendar(app, code, content.rosters[code], _next_day(code, schedule))
        if calendar is not None:
            content.calendars[code] = calendar
    content.seal = sealed()
    return content


def pitcher_calendar(app: Any, team: str) -> dict[str, Any] | None:
    """The starters' rest and relievers' fatigue calendar, where the ruleset keeps one in the views."""
    try:
        return queries.pitcher_calendar(app, team, None)
    except NotFoundError:
        return None


def _next_day(team: str, schedule: list[dict[str, Any]]) -> str:
    """The club's next game day: its first unplayed game's date, else the day after its last game."""
    mine = [g for g in schedule if team in (g["visitor"], g["home"])]
    upcoming = [g["date"] for g in mine if not g["played"]]
    if upcoming:
        return str(upcoming[0])
    last = datetime.date.fromisoformat(mine[-1]["date"]) if mine else datetime.date.today()
    return (last + datetime.timedelta(days=1)).isoformat()


def journal_rows(app: Any) -> list[dict[str, Any]]:
    """The commissioner's journal as ``league history`` lists it: who, when, what and why."""
    journal = app.journal()
    undone = journal.undone()
    rows = []
    for e in journal.entries:
        d = e["details"]
        named = games_named(d)
        rows.append({"entry": e["entry"], "at": e["at"], "actor": e["actor"], "command": e["command"],
                     "what": what_changed(d), "reason": e["reason"], "undone": e["entry"] in undone,
                     "games": named if len(named) <= 3 else []})
    return rows


def _schedule(store: Any, scheduled: dict[str, dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    with reading(store) as conn:
        status = {r.game_id: (r.status, r.game_key) for r in conn.execute(select(games.c.game_id, games.c.status,
                                                                                   games.c.game_key))}
        scores = {(r.game_key, r.team): r for r in conn.execute(select(box_team))}
    rows = []
    results: dict[str, list[dict[str, Any]]] = {}
    for gid, g in sorted(scheduled.items(), key=lambda kv: (kv[1]["date"], kv[1]["number"], kv[0])):
        st, key = status.get(gid, ("scheduled", None))
        v, h = scores.get((key, g["visitor"])), scores.get((key, g["home"]))
        row = {"game": gid, "date": g["date"], "number": g["number"], "visitor": g["visitor"], "home": g["home"],
               "status": st, "played": st != "scheduled",
               "vr": v.runs if v is not None else None, "hr": h.runs if h is not None else None,
               "extra": v.extra_innings if v is not None else 0, "note": g.get("note", "")}
        rows.append(row)
        for side, box in (("visitor", v), ("home", h)):
            if box is not None:
                results.setdefault(g[side], []).append({
                    **row, "opponent": box.opponent, "at_home": box.is_home, "runs": box.runs,
                    "opp_runs": box.opp_runs, "result": "W" if box.won else ("T" if box.runs == box.opp_runs else "L")})
    return rows, results


def _player_games(store: Any, pa: bool) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Each player's line in each game, from the box-score views, in playing order."""
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    with reading(store) as conn:
        ids = {r.game_key: (r.game_id, r.status) for r in conn.execute(select(games.c.game_key, games.c.game_id,
                                                                                   games.c.status))}
        tables = ((pa_batting, "player", "batting"), (pa_pitching, "pitcher", "pitching")) if pa else \
            ((box_batting, "batter", "batting"), (box_pitching, "pitcher", "pitching"))
        for table, who, kind in tables:
            result = conn.execute(select(table).order_by(table.c.date, table.c.game_key, table.c.seq))
            keys = list(result.keys())  # plain tuples zipped with the names: a season has tens of thousands
            for values in result.tuples():
                row = dict(zip(keys, values))
                game_id, status = ids.get(row["game_key"], ("", ""))
                row.update(kind=kind, game=game_id, status=status)
                if "outs" in row:
                    row["ip"] = fmt_ip(row["outs"])
                out.setdefault(row["team"], {}).setdefault(row[who], []).append(row)
    return out
