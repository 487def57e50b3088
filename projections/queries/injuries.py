"""The injury list: games to miss are the club's games, not calendar days."""

from __future__ import annotations

import bisect
import datetime
from typing import Any

from league.adapters.store import Store
from projections.queries.common import iso
from projections.rows import Rows, rows_of


def injury_list(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None, active_only: bool = False
) -> list[dict[str, Any]]:
    """Each injury with games missed so far (club games completed since) and the return date."""
    bound = iso(as_of)
    sql = ("SELECT i.game_id, i.team, i.player, i.date, i.games, g.number FROM rm_injuries i "
           "LEFT OUTER JOIN rm_games g ON g.game_uuid = i.game_uuid WHERE i.date <= ?")
    params = [bound]
    if team:
        sql += " AND i.team = ?"
        params.append(team)
    sql += " ORDER BY i.date, i.team, i.player, i.game_uuid, i.version"
    out = []
    # Each club's played and scheduled games are read once, not once per injury:
    # a season's list has hundreds of injuries over thirty clubs.
    played: dict[str, list[tuple[str, int]]] = {}
    scheduled: dict[str, list[tuple[str, int]]] = {}
    with rows_of(store) as conn:
        hurt = conn.all(sql, params)
        for h in hurt:
            if h.team not in played:
                played[h.team] = _played(conn, h.team, bound)
                scheduled[h.team] = _scheduled(conn, h.team)
            after = (h.date, h.number if h.number is not None else 10**6)
            mine = played[h.team]
            missed = min(len(mine) - bisect.bisect_right(mine, after), h.games)
            later = scheduled[h.team]
            first = bisect.bisect_right(later, after)  # the club's first game after the injury
            back = first + h.games  # the (games+1)-th of them: the first he may play
            out.append(
                {
                    "player": h.player,
                    "team": h.team,
                    "date": h.date,
                    "game": h.game_id,
                    "games": h.games,
                    "missed": missed,
                    "remaining": h.games - missed,
                    "return_date": later[back][0] if back < len(later) else None,
                    "status": "out" if missed < h.games else "back",
                }
            )
    if active_only:
        out = [r for r in out if r["status"] == "out"]
    return out


def _played(conn: Rows, team: str, bound: str) -> list[tuple[str, int]]:
    """(date, number) of the club's completed games up to ``bound``, in order."""
    rows = conn.all("SELECT date, number FROM rm_box_team WHERE team = ? AND date <= ?", (team, bound))
    return sorted((r.date, r.number) for r in rows)


def _scheduled(conn: Rows, team: str) -> list[tuple[str, int]]:
    """(date, number) of every game on the club's schedule, in order."""
    rows = conn.all("SELECT date, number FROM rm_schedule WHERE visitor = ? OR home = ?", (team, team))
    return sorted((r.date, r.number) for r in rows)
