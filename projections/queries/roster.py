"""One club's roster: every player's ratings and whether he can play today.

Ratings come from the club's sheet or cards in the League aggregate (the read
model keeps only the pitchers of a Pennant Race sheet).  Status comes from
the functions the games decide with: the injury list, and for pitchers the
Pennant Race calendars (``pitcher_calendar``) or, in a Strat-O-Matic league,
the starters' games of rest and ``resting_relievers`` over the club's Staff.
"""

from __future__ import annotations

import datetime
from typing import Any

from eventsourcing.application import AggregateNotFoundError

from league.errors import NotFoundError
from projections.queries.injuries import injury_list
from projections.queries.pitchers import pitcher_calendar
from projections.queries.schedule import schedule_list


def roster(app: Any, team: str, as_of: datetime.date | None = None) -> dict[str, Any]:
    """``{"team", "name", "as_of", "players": [...]}``: batters first, then pitchers, in sheet order."""
    from league.pa_season import STRAT_RULESETS

    league = app.league()
    sheet = league.sheets.get(team)
    if not sheet:
        raise NotFoundError(f"no team {team!r} in this league (see 'league teams list')")
    day = as_of or _next_day(app.store, team)
    hurt = {r["player"]: r for r in injury_list(app.store, team, day, active_only=True)}
    if league.ruleset in STRAT_RULESETS:
        players = _card_players(app, league, team, day)
    else:
        players = _sheet_players(app.store, sheet, team, day)
    for p in players:
        injury = hurt.get(p.get("id", p["player"]))
        if injury:
            p["status"] = "injured"
            p["note"] = f"out {injury['remaining']} more game(s), back {injury['return_date'] or 'after the season'}"
    return {"team": team, "name": sheet.get("name", team), "as_of": day.isoformat(), "players": players}


def _next_day(store: Any, team: str) -> datetime.date:
    """The club's next game not yet played (the day its pitchers are judged for), else today."""
    upcoming = schedule_list(store, team=team, status="unplayed")
    if upcoming:
        return datetime.date.fromisoformat(upcoming[0]["date"])
    return datetime.date.today()


def _sheet_players(store: Any, sheet: dict[str, Any], team: str, day: datetime.date) -> list[dict[str, Any]]:
    out = []
    lineup = sheet.get("lineup", [])
    for b in [*lineup, *sheet.get("bench", [])]:
        ratings = {k: b.get(k) for k in ("pos", "bat", "pow", "spd", "fld", "xhr")}
        fld = "-" if b.get("fld") is None else b["fld"]  # a DH has no fielding rating
        text = f"{b.get('pos')}  BAT {b.get('bat')} POW {b.get('pow')} SPD {b.get('spd')} FLD {fld}"
        out.append(_row(b["name"], "lineup" if b in lineup else "bench", ratings, text))
    cal = pitcher_calendar(store, team, day)
    starters = {r["pitcher"]: r for r in cal["starters"]}
    relievers = {r["pitcher"]: r for r in cal["relievers"]}
    for p in sheet.get("pitchers", ()):
        name = p["name"]
        parts, ratings = [], {k: p.get(k) for k in ("st", "end", "rest", "cg", "sho", "rel", "fat")}
        if p.get("st") is not None:
            parts.append(f"ST {p['st']} END {p.get('end')} REST {p.get('rest')} CG {p.get('cg')} SHO {p.get('sho')}")
        if p.get("rel") is not None:
            parts.append(f"REL {p['rel']} FAT {'*' if p.get('fat_asterisk') else p.get('fat')}")
        role = "starter" if name in starters else "reliever"
        if name in starters and name in relievers:
            role = "starter/reliever"
        row = _row(name, role, ratings, "  ".join(parts))
        st, rp = starters.get(name), relievers.get(name)
        # A starter who is not fully rested, or a reliever the bullpen rule rests today.
        if st is not None and not st["fully_rested"]:
            row.update(status="resting", note=f"{st['status']}; fully rested {st['fully_rested_on'] or '-'}")
        elif rp is not None and st is None and not rp["available"]:
            row.update(status="resting", note=rp["note"])
        elif rp is not None and rp["effective_rel"] is not None and rp["effective_rel"] != rp["rel"]:
            row.update(note=rp["note"])  # tired but available: REL worse today
        out.append(row)
    return out


def _card_players(app: Any, league: Any, team: str, day: datetime.date) -> list[dict[str, Any]]:
    from league.pa_season import PASeason, rest_needed
    from league.rules.strat.cards import parse_cards
    from league.strat_manager import resting_relievers

    cards = parse_cards(league.sheets[team]["cards"], team)
    try:
        staff = app._staff(team)
    except AggregateNotFoundError:
        staff = None
    since = PASeason(app, league, {team: staff}).games_since_start(team) if staff is not None else {}
    rest = {c.id: rest_needed(c.name) for c in cards if c.starter is not None}
    bullpen = [c.id for c in cards if c.kind == "pitcher" and c.relief is not None]
    tired = {r["pitcher"]: r["reason"] for r in
             resting_relievers(bullpen, staff.usage if staff is not None else {}, day, since, rest)}
    out = []
    for c in cards:
        if c.kind == "batter":
            fielding = ", ".join(f"{f.position}-{f.range}e{f.error}" for f in c.fielding) or "dh"
            ratings: dict[str, Any] = {"bats": c.hand, "fielding": fielding, "running": c.running,
                                       "stealing": c.stealing, "power": "/".join(c.power)}
            text = f"{fielding}  bats {c.hand}  run 1-{c.running}  steal {c.stealing}  power {'/'.join(c.power)}"
            row = _row(c.name, "batter", ratings, text)
        else:
            ratings = {"throws": c.hand, "starter": c.starter, "relief": c.relief, "hold": c.hold}
            endurance = " ".join(f"{k}({v})" for k, v in (("starter", c.starter), ("relief", c.relief))
                                 if v is not None)
            role = "/".join(r for r, v in (("starter", c.starter), ("reliever", c.relief)) if v is not None)
            row = _row(c.name, role or "pitcher", ratings, f"throws {c.hand}  {endurance}  hold {c.hold:+d}")
            if c.starter is not None and c.id in since and since[c.id] < rest[c.id]:
                row.update(status="resting", note=f"started {since[c.id]} game(s) ago, needs {rest[c.id]}")
            elif c.starter is None and c.id in tired:
                row.update(status="resting", note=tired[c.id])
        row["id"] = c.id
        out.append(row)
    return out


def _row(name: str, role: str, ratings: dict[str, Any], text: str) -> dict[str, Any]:
    return {"player": name, "role": role, "ratings": text, "rating": ratings, "status": "active", "note": ""}
