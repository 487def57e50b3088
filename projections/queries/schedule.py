"""The schedule as people look at it: each game with its status and score, and the clubs.

Plain SQL through :mod:`projections.rows`, as the other read queries: on a SQLite file with current
views ``schedule list`` and ``teams list`` load neither SQLAlchemy nor the application, whose imports
would be most of their time.
"""

from __future__ import annotations

import datetime
from typing import Any

from league.adapters.store import Store
from projections.queries.standings_table import standings
from projections.rows import rows_of

# The boxscores view's game status -> the word the schedule shows.
STATUS_WORDS = {None: "scheduled", "scheduled": "scheduled", "in progress": "in-progress", "final": "played",
                "void": "voided"}
# What --status accepts: each word, and "unplayed" for everything still to finish.
STATUSES = ("scheduled", "in-progress", "played", "voided", "unplayed")


def schedule_list(
    store: Store,
    day: datetime.date | str | None = None,
    team: str | None = None,
    status: str | None = None,
) -> list[dict[str, Any]]:
    """Scheduled games in date order, each with its status (and score once played), how it was played
    (``played_by``: hand, computer or both; None until it is begun) and its hold (``held``: reason,
    position, dispute; None when not held for review)."""
    if status is not None and status not in STATUSES:
        raise ValueError(f"unknown status {status!r} (choose from {', '.join(STATUSES)})")
    sql = ("SELECT s.game_id, s.date, s.number, s.visitor, s.home, g.status, g.played_by, g.held_reason, "
           "g.held_position, g.held_dispute, vbox.runs AS visitor_runs, hbox.runs AS home_runs, hbox.extra_innings "
           "FROM rm_schedule s LEFT OUTER JOIN rm_games g ON g.game_id = s.game_id "
           "LEFT OUTER JOIN rm_box_team vbox ON vbox.game_key = g.game_key AND vbox.team = s.visitor "
           "LEFT OUTER JOIN rm_box_team hbox ON hbox.game_key = g.game_key AND hbox.team = s.home")
    where: list[str] = []
    params: list[Any] = []
    if day is not None:
        where.append("s.date = ?")
        params.append(day if isinstance(day, str) else day.isoformat())
    if team:
        where.append("(s.visitor = ? OR s.home = ?)")
        params += [team, team]
    if where:
        sql += " WHERE " + " AND ".join(where)
    with rows_of(store) as conn:
        found = conn.all(sql + " ORDER BY s.date, s.number, s.game_id", params)
    rows = []
    for r in found:
        word = STATUS_WORDS.get(r.status, r.status)
        if status == "unplayed" and word in ("played", "voided"):
            continue
        if status not in (None, "unplayed") and word != status:
            continue
        played = word == "played" and r.visitor_runs is not None
        rows.append({
            "game": r.game_id,
            "date": r.date,
            "number": r.number,
            "visitor": r.visitor,
            "home": r.home,
            "status": word,
            "visitor_runs": r.visitor_runs if played else None,
            "home_runs": r.home_runs if played else None,
            "innings": 9 + r.extra_innings if played else None,
            "played_by": r.played_by,
            "held": None if r.held_reason is None else
            {"reason": r.held_reason, "position": r.held_position, "dispute": r.held_dispute},
        })
    return rows


def club_codes(store: Store) -> set[str]:
    """The league's clubs (their codes), as the League aggregate's sheets hold them."""
    with rows_of(store) as conn:
        return {str(code) for (code,) in conn.tuples("SELECT code FROM rm_teams")}


def team_list(store: Store) -> list[dict[str, Any]]:
    """Every club: code, name, league, division, its games scheduled and played, its record."""
    with rows_of(store) as conn:
        clubs = conn.all("SELECT code, name, league, division FROM rm_teams ORDER BY league, division, code")
    record = {r["team"]: r for r in standings(store)}
    games_of: dict[str, list[str]] = {}
    for g in schedule_list(store):
        for side in ("visitor", "home"):
            games_of.setdefault(g[side], []).append(g["status"])
    out = []
    for t in clubs:
        mine = games_of.get(t.code, [])
        rec = record.get(t.code, {})
        out.append({
            "team": t.code,
            "name": t.name,
            "league": t.league,
            "division": t.division,
            "scheduled": len(mine),
            "played": mine.count("played"),
            "w": rec.get("w", 0),
            "l": rec.get("l", 0),
        })
    return out
