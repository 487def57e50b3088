"""Starter rest and reliever fatigue calendars of a Pennant Race club, as of a date.

The history is the club's appearances (the read model's pitching lines,
which the engine also records on the club's Staff, and which a rewind,
void or undo removes or restores together), folded through the engine's
own pure functions (usage.starter_status / reliever_status,
bullpen.effective_rel / fatigue_points), so what people read is what the
engine decides from.

The module does not import the engine (its outcome tables, stats and charts
cost more than the whole calendar): the reliever limits it shows are
those of the version new games are played under, read from the versions
table the engine plays by (:mod:`league.rules.pennant_race.versions`).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from league.domain.usage import Appearance
from league.rules.pennant_race.bullpen import MAX_CONSECUTIVE, effective_rel, fatigue_points
from league.rules.pennant_race.ratings import Pitcher
from league.rules.pennant_race.usage import DUAL_ROLE_REST, reliever_status, starter_status
from league.rules.pennant_race.versions import new_game_limits

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords

LOOKAHEAD_DAYS = 60  # how far ahead we look for a first fully rested date


def calendar(team: str, day: datetime.date, pitchers: Sequence[Mapping[str, Any]],
             history: Mapping[str, Sequence[Appearance]]) -> dict[str, Any]:
    """``{"team", "as_of", "starters": [...], "relievers": [...]}`` for one club.

    ``pitchers`` are the sheet's pitchers in sheet order (the read model's
    ``rm_pitchers`` rows); ``history`` each one's appearances up to ``day``.
    """
    sheet = [_pitcher(r) for r in pitchers]
    starters = [_starter_row(p, list(history.get(p.name, ())), day) for p in sheet if p.is_starter]
    relievers = [
        _reliever_row(p, i, list(history.get(p.name, ())), day) for i, p in enumerate(sheet) if p.is_reliever
    ]
    return {"team": team, "as_of": day.isoformat(), "starters": starters, "relievers": relievers}


def _pitcher(r: Mapping[str, Any]) -> Pitcher:
    return Pitcher(
        name=r["name"], st=r["st"], end=r["endurance"], rest=r["rest"], cg=r["cg"], sho=r["sho"],
        rel=r["rel"], fat=r["fat"], fat_asterisk=bool(r["fat_asterisk"]),
    )


def calendar_tables(cal: dict[str, Any]) -> list[tuple[list[dict[str, Any]], list[tuple[str, str]], str]]:
    """The calendar as the CLI prints it: (rows, columns, title) per table."""
    team, as_of = cal["team"], cal["as_of"]
    return [
        (cal["starters"],
         [("pitcher", "Starter"), ("rest", "REST"), ("last_start", "Last start"), ("days_of_rest", "Days"),
          ("fully_rested_on", "Rested on"), ("short_rest_ok", "Short ok"), ("status", "Status")],
         f"{team} starters as of {as_of}"),
        (cal["relievers"],
         [("pitcher", "Reliever"), ("rel", "REL"), ("fat", "FAT"), ("last_used", "Last used"),
          ("days_in_a_row", "In a row"), ("effective_rel", "REL today"), ("note", "Note")],
         f"{team} bullpen as of {as_of}"),
    ]


def _starter_row(p: Pitcher, history: list[Appearance], day: datetime.date) -> dict[str, Any]:
    st = starter_status(p, history, day)
    starts = [a.date for a in history if a.role == "start"]
    return {
        "pitcher": p.name,
        "rest": p.rest,
        "last_start": max(starts).isoformat() if starts else None,
        "days_of_rest": st.days_of_rest,
        "fully_rested": st.fully_rested,
        "fully_rested_on": _first_rested(p, history, day),
        "short_rest_ok": st.short_rest_ok,
        "eligible": st.eligible,
        "dual_role": p.dual_role,
        "status": st.reason,
    }


def _first_rested(p: Pitcher, history: list[Appearance], day: datetime.date) -> str | None:
    # Ask the engine's own rule day by day rather than re-deriving the arithmetic.
    for k in range(LOOKAHEAD_DAYS):
        d = day + datetime.timedelta(days=k)
        if starter_status(p, history, d).fully_rested:
            return d.isoformat()
    return None


def _reliever_row(p: Pitcher, order: int, history: list[Appearance], day: datetime.date) -> dict[str, Any]:
    s = reliever_status(p, order, history, day)
    rel = effective_rel(s)
    # The usage limits of the rules new games are played under.
    limits = new_game_limits()
    limited = limits.breach(s) if limits is not None and rel is not None else None
    last = max((a.date for a in history), default=None)
    return {
        "pitcher": p.name,
        "order": order,  # place on the sheet (ties and entry order)
        "rel": p.rel,
        "fat": "*" if p.fat_asterisk else p.fat,
        "asterisk": p.fat_asterisk,
        "last_used": last.isoformat() if last else None,
        "days_in_a_row": s.consecutive_days,
        "used_today": s.used_today,
        "fatigue": fatigue_points(s),
        "effective_rel": None if limited else rel,
        "available": rel is not None and limited is None,
        "dual_role": p.dual_role,
        "days_since_start": s.days_since_start,
        "last_7_days": s.last_7_days,
        "last_30_days": s.last_30_days,
        "season_games": s.season_games,
        "note": f"usage limit, {limited}: rests today" if limited else _note(p, s, rel),
    }


def _note(p: Pitcher, s: Any, rel: int | None) -> str:
    """Why a reliever can or cannot come in today, in the manual's terms."""
    if s.used_today:
        return "already pitched today"
    if p.dual_role and s.days_since_start is not None and s.days_since_start < DUAL_ROLE_REST:
        return f"started {s.days_since_start} day(s) of rest ago; needs {DUAL_ROLE_REST} to relieve"
    if p.fat_asterisk:
        if rel is None:
            return "* pitched yesterday: cannot go on consecutive days"
        return "* rested: only when 3+ relievers are needed (or a closer is tired)"
    if s.consecutive_days >= MAX_CONSECUTIVE:
        return f"worked {s.consecutive_days} days in a row: rests today"
    if s.consecutive_days:
        return f"fatigued: +{fatigue_points(s)} ({s.consecutive_days} day(s) in a row)"
    return "rested"


def roster_rows(app: "LeagueRecords", team: str, day: datetime.date, cal: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every player on the sheet with his ratings; pitchers with today's status from the calendar."""
    sheet = app.league().sheets[team]
    out = []
    lineup = sheet.get("lineup", [])
    for b in [*lineup, *sheet.get("bench", [])]:
        ratings = {k: b.get(k) for k in ("pos", "bat", "pow", "spd", "fld", "xhr")}
        fld = "-" if b.get("fld") is None else b["fld"]  # a DH has no fielding rating
        text = f"{b.get('pos')}  BAT {b.get('bat')} POW {b.get('pow')} SPD {b.get('spd')} FLD {fld}"
        out.append(_row(b["name"], "lineup" if b in lineup else "bench", ratings, text))
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


def _row(name: str, role: str, ratings: dict[str, Any], text: str) -> dict[str, Any]:
    return {"player": name, "role": role, "ratings": text, "rating": ratings, "status": "active", "note": ""}
