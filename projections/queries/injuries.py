"""The injury list: games to miss are the club's games, not calendar days."""

from __future__ import annotations

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
    with reading(store) as conn:
        hurt = conn.execute(q).all()
        for h in hurt:
            after = (h.date, h.number if h.number is not None else 10**6)
            played = conn.execute(
                select(box_team.c.date, box_team.c.number)
                .where(box_team.c.team == h.team, box_team.c.date >= h.date, box_team.c.date <= bound)
            ).all()
            missed = min(sum(1 for p in played if (p.date, p.number) > after), h.games)
            out.append(
                {
                    "player": h.player,
                    "team": h.team,
                    "date": h.date,
                    "game": h.game_id,
                    "games": h.games,
                    "missed": missed,
                    "remaining": h.games - missed,
                    "return_date": _return_date(conn, h.team, after, h.games),
                    "status": "out" if missed < h.games else "back",
                }
            )
    if active_only:
        out = [r for r in out if r["status"] == "out"]
    return out


def _return_date(conn: Any, team: str, after: tuple[str, int], games_out: int) -> str | None:
    """Date of the club's first scheduled game he may play: the (games+1)-th after the injury."""
    s = schedule.c
    rows = conn.execute(
        select(s.date, s.number)
        .where(or_(s.visitor == team, s.home == team), s.date >= after[0])
        .order_by(s.date, s.number)
    ).all()
    later = [r for r in rows if (r.date, r.number) > after]
    return later[games_out].date if len(later) > games_out else None
