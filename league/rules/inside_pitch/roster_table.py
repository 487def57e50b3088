"""An Inside Pitch club as rows (``league roster``, ``league pitchers``) and tables (the website's roster pages).

A starter who has not had his rest (the club's games since his last start,
from its Staff aggregate, against the auto-manager's four) is listed resting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from league.rules.inside_pitch.cards import Card, parse_cards
from league.rules.ruleset import RosterTable

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords


def _fielding(c: Card) -> str:
    return ", ".join(f"{f.position}-r{f.range_rating}e{f.error_rating}" for f in c.fielding) or "dh"


def _batting(c: Card) -> dict[str, Any]:
    return {"bats": c.hand, "fielding": _fielding(c), "k": c.ratings.get("k", "-"), "w": c.ratings.get("w", "-"),
            "hr": c.ratings.get("hr", "-"), "br": c.ratings.get("br", "-"), "att": c.ratings.get("att", "-"),
            "sb": c.ratings.get("sb", "-")}


def _pitching(c: Card) -> dict[str, Any]:
    return {"throws": c.hand, "start": c.ratings.get("start", "-"), "relief": c.ratings.get("relief", "-"),
            "hld": c.ratings.get("hld", "-"), "specialk": c.ratings.get("specialk", "-")}


def starts(app: "LeagueRecords", team: str) -> dict[str, int]:
    """Club games since each pitcher's last start (none played yet: nobody)."""
    from eventsourcing.application import AggregateNotFoundError

    from league.domain import ids
    from league.rules.pa.season import games_since_start

    try:
        return games_since_start(app.repository.get(ids.staff_id(team)))
    except AggregateNotFoundError:
        return {}


def roster_rows(team: Mapping[str, Any], since: Mapping[str, int] | None = None) -> list[dict[str, Any]]:
    from league.rules.inside_pitch.manager import STARTER_REST

    since = since or {}
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
        row = {"player": c.name, "role": role or "pitcher", "ratings": text, "rating": r, "status": "active",
               "note": "", "id": c.id}
        if c.kind == "pitcher" and c.id in since and since[c.id] < STARTER_REST:
            row.update(status="resting", note=f"started {since[c.id]} game(s) ago, needs {STARTER_REST}")
        out.append(row)
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


__all__ = ["roster_rows", "roster_table", "starts"]
