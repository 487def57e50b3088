"""View "league": the clubs (name, league, division), their pitchers, the schedule."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete

from projections.tables import pitchers, schedule, teams
from projections.view import NotificationLike, View, Writer, payload

TEAM_REGISTERED = "league:League.TeamRegistered"
GAMES_SCHEDULED = "league:League.GamesScheduled"


def team_registered(w: Writer, n: NotificationLike) -> None:
    sheet = payload(n)["sheet"]
    code = sheet["code"]
    # A later registration replaces the sheet: drop what the old one said.
    w.execute(delete(pitchers).where(pitchers.c.team == code))
    w.execute(delete(teams).where(teams.c.code == code))
    w.insert(
        teams,
        {"code": code, "name": sheet["name"], "league": sheet["league"], "division": sheet["division"]},
    )
    w.insert(pitchers, [_pitcher_row(code, i, p) for i, p in enumerate(sheet.get("pitchers", ()))])


def games_scheduled(w: Writer, n: NotificationLike) -> None:
    rows = [
        {
            "game_id": g["game_id"],
            "date": g["date"],
            "number": int(g.get("number", 0)),
            "visitor": g["visitor"],
            "home": g["home"],
        }
        for g in payload(n)["games"]
    ]
    w.insert(schedule, rows)


def _pitcher_row(team: str, seq: int, p: dict[str, Any]) -> dict[str, Any]:
    return {
        "team": team,
        "name": p["name"],
        "seq": seq,
        "st": p.get("st"),
        "endurance": p.get("end"),
        "rest": p.get("rest"),
        "cg": p.get("cg"),
        "sho": p.get("sho"),
        "rel": p.get("rel"),
        "fat": p.get("fat"),
        "fat_asterisk": bool(p.get("fat_asterisk", False)),
    }


VIEW = View(
    name="league",
    topics=(TEAM_REGISTERED, GAMES_SCHEDULED),
    handlers={TEAM_REGISTERED: team_registered, GAMES_SCHEDULED: games_scheduled},
    tables=(teams, pitchers, schedule),
    description="clubs, their pitchers and the schedule",
)
