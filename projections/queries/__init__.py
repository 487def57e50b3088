"""Read queries over the views; each returns plain dicts."""

from projections.queries.injuries import injury_list
from projections.queries.pitchers import pitcher_calendar
from projections.queries.standings import standings
from projections.queries.stats import CATEGORIES, batting_stats, leaders, pitching_stats, team_pitching

__all__ = [
    "CATEGORIES",
    "batting_stats",
    "injury_list",
    "leaders",
    "pitcher_calendar",
    "pitching_stats",
    "standings",
    "team_pitching",
]
