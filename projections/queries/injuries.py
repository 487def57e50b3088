"""The injury list: games to miss are the club's games, not calendar days."""

from __future__ import annotations

import bisect
import datetime
from typing import Any

from sqlalchemy import or_, select

from league.adapters.store import Store
from projections.queries.common import iso, reading
from projections.tables import box_team, games, injuries, schedule


def injury_list(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None, active_only: bool = False
) -> list[dict[str, Any]]:
    """Each injury with games missed so far (club games completed since) and the return date."""
    bound = iso(as_of)
    i = injuries.c
    q = (
        select(injuries, games.c.number)
        .select_from(injuries.outerjoin(games, games.c.game_uuid == i.game_uuid))
        .where(i.date <= bound)
        .order_by(i.date, i.team, i.player, i.game_uuid, i.version)
    )
    if team:
        q = q.where(i.team == team)
    out = []
    # Each club's played and scheduled games are read once, not once per injury:
    # a season's list has hundreds of injuries over thirty clubs.
    played: dict[str, list[tuple[str, int]]] = {}
    scheduled: dict[str, list[tuple[str, int]]] = {}
    with reading(store) as conn:
        hurt = conn.execute(q).all()
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


def _played(conn: Any, team: str, bound: str) -> list[tuple[str, int]]:
    """(date, number) of the club's completed games up to ``bound``, in order."""
    b = box_team.c
    rows = conn.execute(select(b.date, b.number).where(b.team == team, b.date <= bound)).all()
    return sorted((r.date, r.number) for r in rows)


def _scheduled(conn: Any, team: str) -> list[tuple[str, int]]:
    """(date, number) of every game on the club's schedule, in order."""
    s = schedule.c
    rows = conn.execute(select(s.date, s.number).where(or_(s.visitor == team, s.home == team))).all()
    return sorted((r.date, r.number) for r in rows)
