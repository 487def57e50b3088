"""Starter rest and reliever fatigue calendars for one club, as of a date.

The appearances are the final games' pitching lines (``rm_box_pitching``):
the engine records a club's usage on its Staff from exactly those lines
(``Staff.PitchersUsed``), and a rewind, void or undo removes or restores both
together, so the box rows are the Staff's history.  This folds them through
the engine's own pure functions (usage.starter_status / reliever_status, bullpen.effective_rel
/ fatigue_points), so what people read is what the engine decides from.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection
from typing import Any

from sqlalchemy import select

from league.bootstrap import Store
from league.errors import NotFoundError
from league.rules.pennant_race.bullpen import MAX_CONSECUTIVE, effective_rel, fatigue_points
from league.rules.pennant_race.engine import RULESET_VERSION, USAGE_LIMITS
from league.rules.pennant_race.ratings import Pitcher
from league.rules.pennant_race.usage import DUAL_ROLE_REST, Appearance, reliever_status, starter_status
from projections.queries.common import reading
from projections.tables import box_pitching, box_team, games, pitchers, schedule

LOOKAHEAD_DAYS = 60  # how far ahead we look for a first fully rested date


def pitcher_calendar(
    store: Store,
    team: str,
    as_of: datetime.date | str | None = None,
    exclude_games: Collection[str] = (),
) -> dict[str, Any]:
    """``{"team", "as_of", "starters": [...], "relievers": [...]}`` for one club.

    ``as_of`` defaults to the club's next unplayed scheduled date.  Appearances
    after ``as_of`` are ignored; ``exclude_games`` drops more (e.g. the game
    being checked and later games of a doubleheader).
    """
    with reading(store) as conn:
        staff = conn.execute(select(pitchers).where(pitchers.c.team == team).order_by(pitchers.c.seq)).all()
        if not staff:
            raise NotFoundError(f"no team {team!r} in the read model (run 'league projections status')")
        day = _as_of(conn, team, as_of)
        used = conn.execute(
            select(box_pitching.c.pitcher, box_pitching.c.date, box_pitching.c.role, games.c.game_id)
            .join(games, games.c.game_key == box_pitching.c.game_key)
            .where(box_pitching.c.team == team, box_pitching.c.date <= day.isoformat())
            .order_by(box_pitching.c.date, games.c.game_id, box_pitching.c.seq)
        ).all()
    history: dict[str, list[Appearance]] = {}
    for a in used:
        if a.game_id not in exclude_games:
            history.setdefault(a.pitcher, []).append(Appearance(
                date=datetime.date.fromisoformat(a.date), game=a.game_id, role="start" if a.role == "SP" else "relief"
            ))
    sheet = [_pitcher(r) for r in staff]
    starters = [_starter_row(p, history.get(p.name, []), day) for p in sheet if p.is_starter]
    relievers = [
        _reliever_row(p, i, history.get(p.name, []), day) for i, p in enumerate(sheet) if p.is_reliever
    ]
    return {"team": team, "as_of": day.isoformat(), "starters": starters, "relievers": relievers}


def _starter_row(p: Pitcher, history: list[Appearance], day: datetime.date) -> dict[str, Any]:
    st = starter_status(p, history, day)
    starts = [a.date for a in history if a.role == "start"]
    return {
        "pitcher": p.name,
        "rest": p.rest,
        "last_start": max(starts).isoformat() if starts else None,
        "days_of_rest": st.days_of_rest,
        "fully_rested": st.fully_rested,
        "fully_rested_on": _first_rested(p, history, day),
        "short_rest_ok": st.short_rest_ok,
        "eligible": st.eligible,
        "dual_role": p.dual_role,
        "status": st.reason,
    }


def _first_rested(p: Pitcher, history: list[Appearance], day: datetime.date) -> str | None:
    # Ask the engine's own rule day by day rather than re-deriving the arithmetic.
    for k in range(LOOKAHEAD_DAYS):
        d = day + datetime.timedelta(days=k)
        if starter_status(p, history, d).fully_rested:
            return d.isoformat()
    return None


def _reliever_row(p: Pitcher, order: int, history: list[Appearance], day: datetime.date) -> dict[str, Any]:
    s = reliever_status(p, order, history, day)
    rel = effective_rel(s)
    # The usage limits of the rules new games are played under (engine.USAGE_LIMITS).
    limits = USAGE_LIMITS[RULESET_VERSION["pennant-race"]]
    limited = limits.breach(s) if limits is not None and rel is not None else None
    last = max((a.date for a in history), default=None)
    return {
        "pitcher": p.name,
        "order": order,  # place on the sheet (ties and entry order)
        "rel": p.rel,
        "fat": "*" if p.fat_asterisk else p.fat,
        "asterisk": p.fat_asterisk,
        "last_used": last.isoformat() if last else None,
        "days_in_a_row": s.consecutive_days,
        "used_today": s.used_today,
        "fatigue": fatigue_points(s),
        "effective_rel": None if limited else rel,
        "available": rel is not None and limited is None,
        "dual_role": p.dual_role,
        "days_since_start": s.days_since_start,
        "last_7_days": s.last_7_days,
        "last_30_days": s.last_30_days,
        "season_games": s.season_games,
        "note": f"usage limit, {limited}: rests today" if limited else _note(p, s, rel),
    }


def _note(p: Pitcher, s: Any, rel: int | None) -> str:
    """Why a reliever can or cannot come in today, in the manual's terms."""
    if s.used_today:
        return "already pitched today"
    if p.dual_role and s.days_since_start is not None and s.days_since_start < DUAL_ROLE_REST:
        return f"started {s.days_since_start} day(s) of rest ago; needs {DUAL_ROLE_REST} to relieve"
    if p.fat_asterisk:
        if rel is None:
            return "* pitched yesterday: cannot go on consecutive days"
        return "* rested: only when 3+ relievers are needed (or a closer is tired)"
    if s.consecutive_days >= MAX_CONSECUTIVE:
        return f"worked {s.consecutive_days} days in a row: rests today"
    if s.consecutive_days:
        return f"fatigued: +{fatigue_points(s)} ({s.consecutive_days} day(s) in a row)"
    return "rested"


def _pitcher(r: Any) -> Pitcher:
    return Pitcher(
        name=r.name, st=r.st, end=r.endurance, rest=r.rest, cg=r.cg, sho=r.sho,
        rel=r.rel, fat=r.fat, fat_asterisk=bool(r.fat_asterisk),
    )


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
