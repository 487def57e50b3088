"""An Inside Pitch club as rows (``league roster``) and tables (the website's roster pages).

No rest calendar yet: every card is listed active with its ratings.
"""

from __future__ import annotations

from typing import Any, Mapping

from league.rules.inside_pitch.cards import Card, parse_cards
from league.rules.ruleset import RosterTable


def _fielding(c: Card) -> str:
    return ", ".join(f"{f.position}-r{f.range_rating}e{f.error_rating}" for f in c.fielding) or "dh"


def _batting(c: Card) -> dict[str, Any]:
    return {"bats": c.hand, "fielding": _fielding(c), "k": c.ratings.get("k", "-"), "w": c.ratings.get("w", "-"),
            "hr": c.ratings.get("hr", "-"), "br": c.ratings.get("br", "-"), "att": c.ratings.get("att", "-"),
            "sb": c.ratings.get("sb", "-")}


def _pitching(c: Card) -> dict[str, Any]:
    return {"throws": c.hand, "start": c.ratings.get("start", "-"), "relief": c.ratings.get("relief", "-"),
            "hld": c.ratings.get("hld", "-"), "specialk": c.ratings.get("specialk", "-")}


def roster_rows(team: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for c in parse_cards(team.get("cards") or "", team.get("source", "<cards>")):
        if c.kind == "batter":
            r = _batting(c)
            text = f"{r['fielding']}  bats {c.hand}  K {r['k']} W {r['w']} HR {r['hr']}  BR {r['br']}  ATT {r['att']}"
            role = "batter"
        else:
            r = _pitching(c)
            role = "/".join(x for x, v in (("starter", c.starter), ("reliever", c.relief)) if v is not None)
            text = f"throws {c.hand}  START {r['start']}  RELIEF {r['relief']}  HLD {r['hld']}"
        out.append({"player": c.name, "role": role or "pitcher", "ratings": text, "rating": r, "status": "active",
                    "note": "", "id": c.id})
    return out


def roster_table(team: Mapping[str, Any]) -> RosterTable:
    batters, pitchers = [], []
    for c in parse_cards(team.get("cards") or "", team.get("source", "<cards>")):
        row: dict[str, Any] = {"key": c.id, "name": c.name}
        if c.kind == "batter":
            batters.append(row | _batting(c))
        else:
            pitchers.append(row | _pitching(c))
    return RosterTable(
        [("key", "Card"), ("name", "Player"), ("bats", "Bats"), ("fielding", "Fielding"), ("k", "K"), ("w", "W"),
         ("hr", "HR"), ("br", "BR"), ("att", "ATT"), ("sb", "SB")],
        [("key", "Card"), ("name", "Pitcher"), ("throws", "Throws"), ("start", "Start"), ("relief", "Relief"),
         ("hld", "HLD"), ("specialk", "Special K")],
        batters, pitchers,
    )


__all__ = ["roster_rows", "roster_table"]
