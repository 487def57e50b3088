"""The starters' rest and relievers' rest calendar of a card-game (Strat-O-Matic) club.

The Pennant Race calendar comes from the read models (``league pitchers``);
a card league keeps its rest in games, on each club's Staff aggregate, as
the season player decides from it: a starter needs four games between
starts (three for an asterisk pitcher), and a reliever rests after two
days in a row, a start too few games ago, or a window limit.  This asks
the same functions the season player asks, as of the club's next game day.
"""

from __future__ import annotations

import datetime
from typing import Any

from league import ids
from league.pa_season import PASeason, rest_needed
from league.site.rosters import Roster
from league.strat_manager import resting_relievers


def card_calendar(app: Any, league: Any, team: str, roster: Roster, next_day: str) -> dict[str, Any]:
    """Starters with the games they have had since their last start, relievers resting on ``next_day``."""
    staff = app.repository.get(ids.staff_id(team))
    since = PASeason(app, league, {team: staff}).games_since_start(team)
    starters, relievers = [], []
    rest = {p["key"]: rest_needed(p["name"]) for p in roster.pitchers}
    for p in roster.pitchers:
        if p["starter"] != "":
            had = since.get(p["key"])
            needs = rest[p["key"]]
            status = ("has not started" if had is None else "rested" if had >= needs
                      else f"needs {needs - had} more game(s)")
            starters.append({"pitcher": p["key"], "rest": needs, "games_since_start": had, "status": status})
    bullpen = [p["key"] for p in roster.pitchers if p["relief"] != ""]
    day = datetime.date.fromisoformat(next_day)
    # A reliever also rated to start needs his rest between starts (as the season player rules).
    dual = {p["key"]: rest[p["key"]] for p in roster.pitchers if p["relief"] != "" and p["starter"] != ""}
    why = {r["pitcher"]: r["reason"] for r in resting_relievers(bullpen, staff.usage, day, since, dual)}
    for key in bullpen:
        history = sorted(a.date for a in staff.usage.get(key, ()))
        relievers.append({"pitcher": key, "last_used": history[-1].isoformat() if history else None,
                          "status": f"rests: {why[key]}" if key in why else "available"})
    return {"kind": "cards", "as_of": next_day, "starters": starters, "relievers": relievers}
