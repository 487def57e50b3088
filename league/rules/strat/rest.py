"""Super advanced starter rest (27.51, 27.52, 27.61): pure rules for the rest calendar and the season player.

27.51's Super Advanced Starting Pitcher Rest Chart is named by the manual but not printed: "the amount
varies according to whether the pitcher is an *-rated starter and how many innings he pitched in his last
start".  The project's chart (:data:`REST_CHART`) keeps 26.1's three and four games for an ordinary start
of six to nine innings and moves one game either way with the length of the start:

| his last start | * starter | others |
|---|---|---|
| under 3 innings (0-8 outs) | 1 | 2 |
| 3 to 5 2/3 innings (9-17 outs) | 2 | 3 |
| 6 to 8 2/3 innings (18-26 outs) | 3 | 4 |
| 9 innings or more (27 outs or more) | 4 | 5 |

Nothing here reads a store: the caller gives the outs of his last start (the Staff aggregate keeps dates
and roles only, so a caller reads them from that game's box score) and his last outing.  Super advanced
revision 4 plays them: :mod:`.usage_rules` asks them for the season player (:mod:`.season_rest`) and the
calendar (:mod:`.calendar`) alike.
"""

from __future__ import annotations

import datetime

# (fewest outs of the last start, games of rest for a * starter, for the others), longest first
REST_CHART = ((27, 4, 5), (18, 3, 4), (9, 2, 3), (0, 1, 2))


def super_rest_needed(name: str, last_start_outs: int | None) -> int:
    """27.51: club games of rest a starter needs after his last start of ``last_start_outs`` outs (None: he
    has not started yet, 26.1's rest); ``name`` ends in ``*`` for an *-rated starter (26.1)."""
    star = name.endswith("*")
    if last_start_outs is None:
        return 3 if star else 4
    for fewest, starred, other in REST_CHART:
        if last_start_outs >= fewest:
            return starred if star else other
    raise ValueError(f"outs cannot be negative: {last_start_outs}")


def tired_from_relief(last_role: str | None, last_date: datetime.date | None, today: datetime.date) -> bool:
    """27.52: a pitcher whose last outing was in relief needs a day of rest before he starts; without it he
    is fatigued for his entire start.  A day of rest: no outing yesterday or today."""
    return last_role == "relief" and last_date is not None and (today - last_date).days < 2


def tired_in_relief(games_since_start: int | None, last_start_outs: int | None, name: str) -> bool:
    """27.61: a pitcher whose last outing was a start must have 27.51's rest before he relieves too; a
    reliever used without it is fatigued for the entire relief outing."""
    if games_since_start is None:
        return False
    return games_since_start < super_rest_needed(name, last_start_outs)
