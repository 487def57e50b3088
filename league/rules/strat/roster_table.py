"""A Strat-O-Matic club for the website: its cards as roster tables, its rest calendar.

The cards become one row per player with the card's own columns, keyed by
card id (how the box scores name players).  The rest calendar is
:func:`league.rules.strat.calendar.club_calendar`, the one ``league
pitchers`` prints: :func:`staff_calendar` gives it on a day from the club's
Staff aggregate alone, for a site whose read model lacks the club.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Mapping

from league.rules.ruleset import RosterTable
from league.rules.strat.calendar import club_calendar
from league.rules.strat.cards import parse_cards

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords


def roster_table(team: Mapping[str, Any]) -> RosterTable:
    """A registered card team (as stored: ``cards`` text, ``source``) as batter and pitcher tables."""
    batters, pitchers = [], []
    for c in parse_cards(team["cards"], team.get("source", "<cards>")):
        row: dict[str, Any] = {"key": c.id, "name": c.name, "hand": c.hand}
        if c.kind == "batter":
            row.update(fielding=", ".join(f"{f.position}-{f.range}e{f.error}" for f in c.fielding),
                       running=f"1-{c.running}", stealing=c.stealing, bunting=c.bunting, hit_and_run=c.hit_and_run,
                       power="/".join(c.power))
            batters.append(row)
        else:
            row.update(starter=c.starter if c.starter is not None else "", relief=c.relief if c.relief is not None
                       else "", hold=c.hold, balk=c.balk, wild_pitch=c.wild_pitch, batting=c.batting or "")
            pitchers.append(row)
    return RosterTable(
        [("key", "Card"), ("name", "Player"), ("hand", "Bats"), ("fielding", "Fielding"), ("running", "Running"),
         ("stealing", "Stealing"), ("bunting", "Bunting"), ("hit_and_run", "Hit & run"), ("power", "Power L/R")],
        [("key", "Card"), ("name", "Pitcher"), ("hand", "Throws"), ("starter", "Starter"), ("relief", "Relief"),
         ("hold", "Hold"), ("balk", "Balk"), ("wild_pitch", "WP"), ("batting", "Batting")],
        batters, pitchers,
    )


def staff_calendar(app: "LeagueRecords", team: str, roster: RosterTable, day: str) -> dict[str, Any]:
    """The club's rest calendar on ``day``, every game its Staff holds up to that day counted.

    The site reads ``starters`` (``pitcher``, ``rest``, ``games_since_start``, ``status``) and
    ``relievers`` (``pitcher``, ``last_used``, ``status``); ``roster`` is not needed (the cards
    come from the League).
    """
    return club_calendar(app, team, datetime.date.fromisoformat(day))


__all__ = ["roster_table", "staff_calendar"]
