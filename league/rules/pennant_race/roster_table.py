"""A Pennant Race club's roster sheet as the website's roster tables.

The lineup and bench are the batters, with the sheet's chart ratings; the
pitchers keep the sheet's starting, relief and fatigue columns.  Players are
named by name in the box scores, so ``key`` is the name.
"""

from __future__ import annotations

from typing import Any, Mapping

from league.rules.ruleset import RosterTable


def roster_table(team: Mapping[str, Any]) -> RosterTable:
    """A registered roster sheet (as stored) as batter and pitcher tables of its own columns."""
    batters = [{**b, "key": b["name"], "ei": "-".join(map(str, b.get("ei") or [])), "xhr": b.get("xhr") or ""}
               for b in team.get("lineup", []) + team.get("bench", [])]
    pitchers = [{**p, "key": p["name"], "fat": _fatigue(p)} for p in team.get("pitchers", [])]
    return RosterTable(
        [("slot", "Slot"), ("name", "Player"), ("pos", "Pos"), ("bat", "BAT"), ("pow", "POW"), ("spd", "SPD"),
         ("xhr", "XHR"), ("fld", "FLD"), ("ei", "E/I")],
        [("name", "Pitcher"), ("st", "ST"), ("end", "END"), ("rest", "REST"), ("cg", "CG"), ("sho", "SHO"),
         ("rel", "REL"), ("fat", "FAT")],
        batters, pitchers,
    )


def _fatigue(p: Mapping[str, Any]) -> str:
    """FAT as the sheet prints it: the number, an asterisk for "no fatigue limit" (relievers only)."""
    if p.get("rel") is None:
        return ""
    return f"{'' if p.get('fat') is None else p['fat']}{'*' if p.get('fat_asterisk') else ''}"


__all__ = ["roster_table"]
