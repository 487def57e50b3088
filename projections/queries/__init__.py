"""Read queries over the views; each returns plain dicts."""

from projections.queries.injuries import injury_list
from projections.queries.pitchers import pitcher_calendar
from projections.queries.standings import standings
from projections.queries.stats import (
    ALL_CATEGORIES,
    CATEGORIES,
    batting_stats,
    is_pa_league,
    leaders,
    pa_batting_stats,
    pitching_stats,
    team_pitching,
)

__all__ = [
    "ALL_CATEGORIES",
    "CATEGORIES",
    "batting_stats",
    "injury_list",
    "is_pa_league",
    "leaders",
    "pa_batting_stats",
    "pitcher_calendar",
    "pitching_stats",
    "standings",
    "team_pitching",
]
