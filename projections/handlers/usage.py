"""View "pitcher_usage": every appearance (team, game, pitcher, date, role).

Only the raw facts are stored.  The rest and fatigue calendars fold them
through the engine's own functions at query time (projections.queries.pitchers),
so the calendar and the engine cannot disagree.
"""

from __future__ import annotations

from sqlalchemy import delete, select

from projections import payloads
from projections.tables import appearances, staffs
from projections.view import NotificationLike, View, Writer, origin, payload

STAFF_STARTED = "league:Staff.Started"
PITCHERS_USED = "league:Staff.PitchersUsed"
USAGE_REVOKED = "league:Staff.UsageRevoked"


def staff_started(w: Writer, n: NotificationLike) -> None:
    team = payload(n)["team"]
    w.insert(staffs, {"staff_uuid": origin(n), "team": team})
    _teams(w)[origin(n)] = team


def pitchers_used(w: Writer, n: NotificationLike) -> None:
    team = _team(w, origin(n))
    if team is None:
        return
    p = payloads.pitchers_used.decode(n.state)
    # Keyed by pitcher: one appearance per pitcher per game.
    rows = {a.pitcher: {"team": team, "game": p.game, "pitcher": a.pitcher, "date": p.date, "role": a.role}
            for a in p.appearances}
    w.insert(appearances, list(rows.values()))


def usage_revoked(w: Writer, n: NotificationLike) -> None:
    team = _team(w, origin(n))
    if team is None:
        return
    game = payload(n)["game"]
    w.execute(delete(appearances).where(appearances.c.team == team, appearances.c.game == game))


def _teams(w: Writer) -> dict[str, str]:
    if "staffs" not in w.cache:
        # Thirty-odd rows: load them all once per batch rather than one select per event.
        rows = w.execute(select(staffs.c.staff_uuid, staffs.c.team)).all()
        w.cache["staffs"] = {r.staff_uuid: r.team for r in rows}
    return w.cache["staffs"]  # type: ignore[no-any-return]


def _team(w: Writer, staff: str) -> str | None:
    return _teams(w).get(staff)


VIEW = View(
    name="pitcher_usage",
    topics=(STAFF_STARTED, PITCHERS_USED, USAGE_REVOKED),
    handlers={STAFF_STARTED: staff_started, PITCHERS_USED: pitchers_used, USAGE_REVOKED: usage_revoked},
    tables=(staffs, appearances),
    description="pitcher appearances (rest and fatigue calendars)",
)
