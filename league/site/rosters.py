"""A club's roster with its ratings, from the sheet the league holds for it.

Two sheet kinds exist: a Pennant Race roster sheet (lineup, bench, pitchers
with their chart ratings) and a Strat-O-Matic card file (one card per
player).  Each becomes the same shape: batters and pitchers, each a row of
the sheet's own columns, with the player's key in the box scores (``key``)
and the name people read (``name``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league.rules.strat.cards import parse_cards


@dataclass
class Roster:
    batter_columns: list[tuple[str, str]]  # (key, heading)
    pitcher_columns: list[tuple[str, str]]
    batters: list[dict[str, Any]]
    pitchers: list[dict[str, Any]]

    def names(self) -> dict[str, str]:
        """Box-score key -> the name to print."""
        return {p["key"]: p["name"] for p in self.batters + self.pitchers}


def roster(sheet: dict[str, Any]) -> Roster:
    if sheet.get("kind") == "strat-cards":
        return _card_roster(sheet["cards"], sheet.get("source", "<cards>"))
    return _sheet_roster(sheet)


def _sheet_roster(sheet: dict[str, Any]) -> Roster:
    batters = [{**b, "key": b["name"], "ei": "-".join(map(str, b.get("ei") or [])), "xhr": b.get("xhr") or ""}
               for b in sheet.get("lineup", []) + sheet.get("bench", [])]
    pitchers = [{**p, "key": p["name"], "fat": _fatigue(p)} for p in sheet.get("pitchers", [])]
    return Roster(
        [("slot", "Slot"), ("name", "Player"), ("pos", "Pos"), ("bat", "BAT"), ("pow", "POW"), ("spd", "SPD"),
         ("xhr", "XHR"), ("fld", "FLD"), ("ei", "E/I")],
        [("name", "Pitcher"), ("st", "ST"), ("end", "END"), ("rest", "REST"), ("cg", "CG"), ("sho", "SHO"),
         ("rel", "REL"), ("fat", "FAT")],
        batters, pitchers,
    )


def _fatigue(p: dict[str, Any]) -> str:
    """FAT as the sheet prints it: the number, an asterisk for "no fatigue limit" (relievers only)."""
    if p.get("rel") is None:
        return ""
    return f"{'' if p.get('fat') is None else p['fat']}{'*' if p.get('fat_asterisk') else ''}"


def _card_roster(text: str, source: str) -> Roster:
    batters, pitchers = [], []
    for c in parse_cards(text, source):
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
    return Roster(
        [("key", "Card"), ("name", "Player"), ("hand", "Bats"), ("fielding", "Fielding"), ("running", "Running"),
         ("stealing", "Stealing"), ("bunting", "Bunting"), ("hit_and_run", "Hit & run"), ("power", "Power L/R")],
        [("key", "Card"), ("name", "Pitcher"), ("hand", "Throws"), ("starter", "Starter"), ("relief", "Relief"),
         ("hold", "Hold"), ("balk", "Balk"), ("wild_pitch", "WP"), ("batting", "Batting")],
        batters, pitchers,
    )
