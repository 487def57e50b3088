"""The Inside Pitch demo league: the shipped fictional card set and a balanced schedule."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from league.adapters.schedule import balanced_schedule
from league.rules.inside_pitch.cardset import DATA
from league.rules.inside_pitch.team_file import read_club

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

DEMO_GAMES_PER_TEAM = 42


def build_demo(app: "LeagueApplication", seed: str = "2021", actor: str = "commissioner", ruleset: str = "inside-pitch",
               games_per_team: int = DEMO_GAMES_PER_TEAM) -> dict[str, Any]:
    """Create the league, register the eight clubs and schedule their season (the demo command sims it)."""
    app.create_league(name="Inside Pitch Demo", ruleset=ruleset, seed=seed, actor=actor)
    teams = [(read_club(p, source=p.name), p.name) for p in sorted(DATA.glob("*.txt"))]
    codes = app.import_teams(teams, actor=actor)
    games = balanced_schedule(codes, games_per_team, dt.date(2024, 4, 1), seed=1)
    app.import_schedule(games, source="balanced schedule", actor=actor)
    return {"teams": codes, "games": len(games)}
