"""Starter rest and reliever fatigue calendars for one club, as of a date.

The appearances are the final games' pitching lines (``rm_box_pitching``):
the engine records a club's usage on its Staff from exactly those lines
(``Staff.PitchersUsed``), and a rewind, void or undo removes or restores both
together, so the box rows are the Staff's history.  The league's rule system
folds them into the calendar (``Ruleset.pitcher_calendar``) with the
engine's own functions, so what people read is what the engine decides from.
A rule system may also read the club's Staff aggregate through ``app``
(Strat-O-Matic counts rest in club games, in the Staff's game order); it
counts only the games these rows hold.  The rows' outs go along too: the
Staff records who pitched, not how long.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection
from typing import Any

from sqlalchemy import select

from league import registry
from league.domain.errors import NotFoundError
from league.domain.usage import Appearance
from projections.queries.common import reading
from projections.tables import box_pitching, box_team, games, pitchers, schedule, teams


def pitcher_calendar(
    app: Any,
    team: str,
    as_of: datetime.date | str | None = None,
    exclude_games: Collection[str] = (),
) -> dict[str, Any] | None:
    """``{"team", "as_of", ...}`` for one club; None if its rule system keeps no calendar.

    ``as_of`` defaults to the club's next unplayed scheduled date.  Appearances
    after ``as_of`` are ignored; ``exclude_games`` drops more (e.g. the game
    being checked and later games of a doubleheader).
    """
    rules = registry.ruleset(app.league().ruleset)
    if not rules.has_calendar:
        return None
    with reading(app.store) as conn:
        staff = conn.execute(select(pitchers).where(pitchers.c.team == team).order_by(pitchers.c.seq)).all()
        # A card file lists its pitchers as cards, not as rm_pitchers rows: the club must still be known.
        if not staff and conn.execute(select(teams.c.code).where(teams.c.code == team)).first() is None:
            raise NotFoundError(f"no team {team!r} in the read model (run 'league projections status')")
        day = _as_of(conn, team, as_of)
        used = conn.execute(
            select(box_pitching.c.pitcher, box_pitching.c.date, box_pitching.c.role, box_pitching.c.outs,
                   games.c.game_id)
            .join(games, games.c.game_key == box_pitching.c.game_key)
            .where(box_pitching.c.team == team, box_pitching.c.date <= day.isoformat())
            .order_by(box_pitching.c.date, games.c.game_id, box_pitching.c.seq)
        ).all()
    history: dict[str, list[Appearance]] = {}
    outs: dict[tuple[str, str], int] = {}
    for a in used:
        if a.game_id not in exclude_games:
            history.setdefault(a.pitcher, []).append(Appearance(
                date=datetime.date.fromisoformat(a.date), game=a.game_id, role="start" if a.role == "SP" else "relief"
            ))
            outs[(a.pitcher, a.game_id)] = a.outs
    return rules.pitcher_calendar(app, team, day, [dict(r._mapping) for r in staff], history, outs)


def _as_of(conn: Any, team: str, as_of: datetime.date | str | None) -> datetime.date:
    if isinstance(as_of, datetime.date):
        return as_of
    if isinstance(as_of, str):
        return datetime.date.fromisoformat(as_of)
    # The club's next game not yet final; else the day after its last game.
    last = conn.execute(
        select(box_team.c.date).where(box_team.c.team == team).order_by(box_team.c.date.desc()).limit(1)
    ).scalar()
    after = last or ""
    nxt = conn.execute(
        select(schedule.c.date)
        .where((schedule.c.visitor == team) | (schedule.c.home == team), schedule.c.date > after)
        .order_by(schedule.c.date)
        .limit(1)
    ).scalar()
    if nxt:
        return datetime.date.fromisoformat(nxt)
    if last:
        return datetime.date.fromisoformat(last) + datetime.timedelta(days=1)
    return datetime.date.today()
