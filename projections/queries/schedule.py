"""The schedule as people look at it: each game with its status and score, and the clubs."""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import and_, or_, select

from league.adapters.store import Store
from projections.queries.common import reading
from projections.queries.standings_table import standings
from projections.tables import box_team, games, schedule, teams

# The boxscores view's game status -> the word the schedule shows.
STATUS_WORDS = {None: "scheduled", "in progress": "in-progress", "final": "played", "void": "voided"}
# What --status accepts: each word, and "unplayed" for everything still to finish.
STATUSES = ("scheduled", "in-progress", "played", "voided", "unplayed")


def schedule_list(
    store: Store,
    day: datetime.date | str | None = None,
    team: str | None = None,
    status: str | None = None,
) -> list[dict[str, Any]]:
    """Scheduled games in date order, each with its status (and score once played)."""
    if status is not None and status not in STATUSES:
        raise ValueError(f"unknown status {status!r} (choose from {', '.join(STATUSES)})")
    s, g = schedule.c, games.c
    vbox, hbox = box_team.alias("vbox"), box_team.alias("hbox")
    q = (
        select(s.game_id, s.date, s.number, s.visitor, s.home, g.status,
               vbox.c.runs.label("visitor_runs"), hbox.c.runs.label("home_runs"),
               hbox.c.extra_innings)
        .select_from(
            schedule.outerjoin(games, g.game_id == s.game_id)
            .outerjoin(vbox, and_(vbox.c.game_key == g.game_key, vbox.c.team == s.visitor))
            .outerjoin(hbox, and_(hbox.c.game_key == g.game_key, hbox.c.team == s.home))
        )
        .order_by(s.date, s.number, s.game_id)
    )
    if day is not None:
        q = q.where(s.date == (day if isinstance(day, str) else day.isoformat()))
    if team:
        q = q.where(or_(s.visitor == team, s.home == team))
    with reading(store) as conn:
        found = conn.execute(q).all()
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
        })
    return rows


def team_list(store: Store) -> list[dict[str, Any]]:
    """Every club: code, name, league, division, its games scheduled and played, its record."""
    with reading(store) as conn:
        clubs = conn.execute(select(teams).order_by(teams.c.league, teams.c.division, teams.c.code)).all()
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
