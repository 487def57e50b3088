"""The Pennant Race demo league: the eight shipped 1988 American League sheets and their schedule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from league.adapters.schedule import read_schedule
from league.data import data_path
from league.rules.pennant_race.sheet import read_sheet

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication


def build_demo(app: "LeagueApplication", ruleset: str, seed: str, actor: str) -> dict[str, Any]:
    """Create the league, register the shipped sheets and schedule their season (nothing played)."""
    app.create_league(name="Demo League", ruleset=ruleset, seed=seed, actor=actor)
    sheets = sorted(data_path("teams").glob("*.tsv"))
    codes = app.import_teams([(read_sheet(p, source=p.name), p.name) for p in sheets], actor=actor)
    schedule_file = data_path("schedules", "demo.csv")
    games = read_schedule(schedule_file, known_teams=set(app.league().sheets))
    app.import_schedule(games, source=schedule_file.name, actor=actor)
    return {"teams": codes, "games": len(games)}
