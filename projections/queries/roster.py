"""One club's roster: every player's ratings and whether he can play today.

The players, their ratings and the pitchers' rest come from the league's
rule system (``Ruleset.roster_rows``, over the team file in the League
aggregate and the club's Staff); the injury list is laid over them here.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from league import registry
from league.domain.errors import NotFoundError
from projections.queries.injuries import injury_list
from projections.queries.pitchers import pitcher_calendar
from projections.queries.schedule import schedule_list

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords


def roster(app: "LeagueRecords", team: str, as_of: datetime.date | None = None) -> dict[str, Any]:
    """``{"team", "name", "as_of", "players": [...]}``: batters first, then pitchers, in sheet order."""
    league = app.league()
    sheet = league.sheets.get(team)
    if not sheet:
        raise NotFoundError(f"no team {team!r} in this league (see 'league teams list')")
    day = as_of or _next_day(app.store, team)
    hurt = {r["player"]: r for r in injury_list(app.store, team, day, active_only=True)}
    players = registry.ruleset(league.ruleset).roster_rows(app, team, day, pitcher_calendar(app, team, day))
    for p in players:
        injury = hurt.get(p.get("id", p["player"]))
        if injury:
            p["status"] = "injured"
            p["note"] = f"out {injury['remaining']} more game(s), back {injury['return_date'] or 'after the season'}"
    return {"team": team, "name": sheet.get("name", team), "as_of": day.isoformat(), "players": players}


def _next_day(store: Any, team: str) -> datetime.date:
    """The club's next game not yet played (the day its pitchers are judged for), else today."""
    upcoming = schedule_list(store, team=team, status="unplayed")
    if upcoming:
        return datetime.date.fromisoformat(upcoming[0]["date"])
    return datetime.date.today()
