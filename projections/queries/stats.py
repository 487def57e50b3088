"""Pitching and batting statistics and league leaders: sums over box rows."""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import Integer, case, func, select

from league.bootstrap import Store
from projections.queries.common import fmt_era, fmt_ip, iso, parse_ip, reading
from projections.tables import box_batting, box_fielding, box_pitching, box_team


def _flag(col: Any) -> Any:
    return func.sum(case((col, 1), else_=0)).cast(Integer)


def pitching_stats(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None
) -> list[dict[str, Any]]:
    """Per pitcher: G GS CG SHO W L SV IP ER UR ERA."""
    p = box_pitching.c
    q = (
        select(
            p.team, p.pitcher,
            func.count().label("g"),
            _flag(p.role == "SP").label("gs"),
            _flag(p.cg).label("cg"),
            _flag(p.sho).label("sho"),
            _flag(p.decision == "W").label("w"),
            _flag(p.decision == "L").label("l"),
            _flag(p.save).label("sv"),
            func.sum(p.outs).label("outs"),
            func.sum(p.er).label("er"),
            func.sum(p.ur).label("ur"),
        )
        .where(p.date <= iso(as_of))
        .group_by(p.team, p.pitcher)
        .order_by(p.team, p.pitcher)
    )
    if team:
        q = q.where(p.team == team)
    with reading(store) as conn:
        return [_pitching_row(r._asdict()) for r in conn.execute(q)]


def team_pitching(store: Store, as_of: datetime.date | str | None = None) -> list[dict[str, Any]]:
    """Per team: the same columns summed over its pitchers, and games played."""
    by_team: dict[str, dict[str, Any]] = {}
    for r in pitching_stats(store, None, as_of):
        t = by_team.setdefault(r["team"], {"team": r["team"], "g": 0, "w": 0, "l": 0, "sv": 0, "cg": 0,
                                            "sho": 0, "outs": 0, "er": 0, "ur": 0})
        for k in ("w", "l", "sv", "cg", "sho", "outs", "er", "ur"):
            t[k] += r[k]
    games = _team_games(store, as_of)
    out = []
    for code in sorted(by_team):
        t = by_team[code]
        t["g"] = games.get(code, 0)
        t["ip"] = fmt_ip(t["outs"])
        t["era"] = fmt_era(t["er"], t["outs"])
        out.append(t)
    return out


def batting_stats(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None
) -> list[dict[str, Any]]:
    """Per player: HR, bat points (E.I. included), power and speed points, fielding runs saved."""
    b, f = box_batting.c, box_fielding.c
    bq = (
        select(
            b.team, b.batter.label("player"),
            func.sum(b.hr).label("hr"),
            func.sum(b.bat_pts + b.ei_bat_pts).label("bat"),
            func.sum(b.pow_pts).label("pow"),
            func.sum(b.spd_pts).label("spd"),
        )
        .where(b.date <= iso(as_of))
        .group_by(b.team, b.batter)
    )
    fq = (
        select(f.team, f.fielder.label("player"), func.sum(f.runs_saved).label("fld"))
        .where(f.date <= iso(as_of))
        .group_by(f.team, f.fielder)
    )
    if team:
        bq, fq = bq.where(b.team == team), fq.where(f.team == team)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    with reading(store) as conn:
        for r in conn.execute(bq):
            rows[(r.team, r.player)] = {**r._asdict(), "fld": 0}
        for r in conn.execute(fq):
            row = rows.setdefault(
                (r.team, r.player), {"team": r.team, "player": r.player, "hr": 0, "bat": 0, "pow": 0, "spd": 0}
            )
            row["fld"] = int(r.fld)
    return [{k: (int(v) if k not in ("team", "player") else v) for k, v in rows[key].items()} for key in sorted(rows)]


PITCHING_CATEGORIES = {"era": False, "w": True, "sv": True, "cg": True, "sho": True, "ip": True, "l": True}
BATTING_CATEGORIES = {"hr": True, "bat": True, "pow": True, "spd": True, "fld": True}
CATEGORIES = tuple(PITCHING_CATEGORIES) + tuple(BATTING_CATEGORIES)


def leaders(
    store: Store,
    category: str | None = None,
    min_ip: str | float | None = None,
    limit: int = 5,
    as_of: datetime.date | str | None = None,
) -> list[dict[str, Any]]:
    """The top ``limit`` in each category (ties share a rank).

    ERA qualifies a pitcher with at least ``min_ip`` innings; by default one
    inning per game his team has played (the major-league rule).
    """
    cats = [category] if category else list(CATEGORIES)
    out: list[dict[str, Any]] = []
    pitching = pitching_stats(store, None, as_of) if any(c in PITCHING_CATEGORIES for c in cats) else []
    batting = batting_stats(store, None, as_of) if any(c in BATTING_CATEGORIES for c in cats) else []
    games = _team_games(store, as_of)
    for cat in cats:
        if cat in PITCHING_CATEGORIES:
            pool = [dict(r, player=r["pitcher"]) for r in pitching]
            if cat == "era":
                pool = [r for r in pool if r["outs"] > 0 and r["outs"] >= _qualifying(r, min_ip, games)]
                value = lambda r: 27 * r["er"] / r["outs"]  # noqa: E731
            elif cat == "ip":
                value = lambda r: r["outs"]  # noqa: E731
            else:
                value = lambda r, c=cat: r[c]  # noqa: E731
            higher = PITCHING_CATEGORIES[cat]
            shown = {"era": lambda r: r["era"], "ip": lambda r: r["ip"]}.get(cat, value)
        elif cat in BATTING_CATEGORIES:
            pool, higher = list(batting), BATTING_CATEGORIES[cat]
            value = shown = lambda r, c=cat: r[c]  # noqa: E731
        else:
            raise ValueError(f"unknown category {cat!r} (choose from {', '.join(CATEGORIES)})")
        pool.sort(key=lambda r: ((-value(r) if higher else value(r)), r["player"], r["team"]))
        rank, prev = 0, None
        for i, r in enumerate(pool):
            v = value(r)
            if v != prev:
                rank, prev = i + 1, v
            if rank > limit:
                break
            out.append({"category": cat, "rank": rank, "player": r["player"], "team": r["team"], "value": shown(r)})
    return out


def _qualifying(r: dict[str, Any], min_ip: str | float | None, games: dict[str, int]) -> int:
    if min_ip is not None:
        return parse_ip(min_ip)
    return 3 * games.get(r["team"], 0)


def _team_games(store: Store, as_of: datetime.date | str | None) -> dict[str, int]:
    q = select(box_team.c.team, func.count()).where(box_team.c.date <= iso(as_of)).group_by(box_team.c.team)
    with reading(store) as conn:
        return {t: int(n) for t, n in conn.execute(q)}


def _pitching_row(r: dict[str, Any]) -> dict[str, Any]:
    for k in ("g", "gs", "cg", "sho", "w", "l", "sv", "outs", "er", "ur"):
        r[k] = int(r[k] or 0)
    return {
        "pitcher": r["pitcher"], "team": r["team"], "g": r["g"], "gs": r["gs"], "cg": r["cg"],
        "sho": r["sho"], "w": r["w"], "l": r["l"], "sv": r["sv"], "ip": fmt_ip(r["outs"]),
        "outs": r["outs"], "er": r["er"], "ur": r["ur"], "era": fmt_era(r["er"], r["outs"]),
    }
