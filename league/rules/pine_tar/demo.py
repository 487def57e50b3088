"""The Pine Tar demo league: the fictional 8-club card set and a balanced schedule."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from league.adapters.schedule import balanced_schedule
from league.rules.pine_tar.cardgen import OUT as CARD_SET
from league.rules.pine_tar.team_file import read_team

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

DEMO_GAMES_PER_TEAM = 42  # a short season: every roll is stored


def build_demo(app: "LeagueApplication", seed: str = "2015", actor: str = "commissioner", ruleset: str = "pine-tar",
               games_per_team: int = DEMO_GAMES_PER_TEAM) -> dict[str, Any]:
    app.create_league(name="Pine Tar Demo", ruleset=ruleset, seed=seed, actor=actor)
    teams = [(read_team(p, source=p.name), p.name) for p in sorted(CARD_SET.glob("*.txt"))]
    codes = app.import_teams(teams, actor=actor)
    games = balanced_schedule(codes, games_per_team, dt.date(2024, 4, 1), seed=1)
    app.import_schedule(games, source="balanced schedule", actor=actor)
    return {"teams": codes, "games": len(games)}
