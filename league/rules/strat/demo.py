"""The Strat-O-Matic demo league: the shipped 8-team card set and a balanced schedule.

``build_demo(app)`` sets the league up (it does not simulate), so the demo
command can keep its own progress bar, view refresh and standings:

    from league.rules.strat.demo import build_demo
    info = build_demo(app, seed=seed, actor=actor)   # on a fresh store
    simulate_with_progress(ctx, None, False, actor)
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from league.rules.strat.team_file import read_card_team
from league.adapters.schedule import balanced_schedule
from league.rules.strat.roster import CARD_SET

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

DEMO_GAMES_PER_TEAM = 42  # a short season: every roll is stored, so a demo stays quick


def build_demo(app: "LeagueApplication", seed: str = "1988", actor: str = "commissioner",
               ruleset: str = "strat-o-matic", games_per_team: int = DEMO_GAMES_PER_TEAM) -> dict[str, Any]:
    """Create the league, register the card set's teams and schedule their season."""
    app.create_league(name="Strat-O-Matic Demo", ruleset=ruleset, seed=seed, actor=actor)
    files = sorted(p for p in CARD_SET.glob("*.txt") if p.name != "pitcher-hitting.txt")
    teams = [(read_card_team(p, source=p.name), p.name) for p in files]
    codes = app.import_teams(teams, actor=actor)
    games = balanced_schedule(codes, games_per_team, dt.date(2024, 4, 1), seed=1)
    app.import_schedule(games, source="balanced schedule", actor=actor)
    return {"teams": codes, "games": len(games)}
