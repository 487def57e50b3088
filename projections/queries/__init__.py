"""Read queries over the views; each returns plain dicts.

The names below are loaded from their modules on first use (PEP 562): a read
command imports only the query module it runs -- importing all of them cost
a good part of what a whole read command may take.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from projections.queries.injuries import injury_list
    from projections.queries.league import league_box
    from projections.queries.pitchers import pitcher_calendar
    from projections.queries.standings_table import standings
    from projections.queries.stats import (
        ALL_CATEGORIES,
        BATTING_COLUMNS,
        CATEGORIES,
        PITCHING_COLUMNS,
        batting_stats,
        leaders,
        pa_batting_stats,
        pitching_stats,
        team_pitching,
    )

# Each public name -> the module that defines it.
_HOMES = {
    "injury_list": "injuries",
    "league_box": "league",
    "pitcher_calendar": "pitchers",
    # Not "standings": a submodule of that name, once imported, would be bound in its function's place.
    "standings": "standings_table",
    **dict.fromkeys(("ALL_CATEGORIES", "BATTING_COLUMNS", "CATEGORIES", "PITCHING_COLUMNS", "batting_stats",
                     "leaders", "pa_batting_stats", "pitching_stats", "team_pitching"), "stats"),
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # found directly next time
    return value
