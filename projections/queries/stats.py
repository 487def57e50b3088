"""Pitching and batting statistics and league leaders: sums over box rows."""

from __future__ import annotations

import datetime
from operator import itemgetter
from typing import Any, Callable

from sqlalchemy import Connection, Integer, case, func, select

from league.adapters.store import Store
from projections.queries.common import fmt_era, fmt_ip, iso, parse_ip, reading
from projections.tables import box_batting, box_fielding, box_pitching, box_team, pa_batting, pa_pitching, teams

# Box-line counts a plate-appearance (Strat-O-Matic) league adds.
PA_PITCHING = ("h", "bb", "so", "hr", "bf")
PA_BATTING = ("g", "pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh", "sf")


def is_pa_league(store: Store) -> bool:
    """Whether the league's games are played plate appearance by plate appearance (Strat-O-Matic).

    Told by the rows the boxscores view holds: only plate-appearance games
    write ``rm_pa_pitching`` lines (every finished game has at least one a
    side), so a league with no finished games reads as Pennant Race -- its
    listings are empty either way.
    """
    with reading(store) as conn:
        return _has_pa_rows(conn)


def _has_pa_rows(conn: Connection) -> bool:
    return conn.execute(select(pa_pitching.c.game_key).limit(1)).first() is not None


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
        rows = [_pitching_row(r._asdict()) for r in conn.execute(q)]
        if not _has_pa_rows(conn):
            return rows
        x = pa_pitching.c
        pq = (
            select(x.team, x.pitcher, *(func.sum(x[k]).label(k) for k in PA_PITCHING))
            .where(x.date <= iso(as_of))
            .group_by(x.team, x.pitcher)
        )
        if team:
            pq = pq.where(x.team == team)
        extra = {(r.team, r.pitcher): r for r in conn.execute(pq)}
    for r in rows:
        e = extra.get((r["team"], r["pitcher"]))
        r.update({k: int(getattr(e, k) or 0) if e is not None else 0 for k in PA_PITCHING})
    return rows


def team_pitching(store: Store, as_of: datetime.date | str | None = None) -> list[dict[str, Any]]:
    """Per team: the same columns summed over its pitchers, and games played."""
    by_team: dict[str, dict[str, Any]] = {}
    for r in pitching_stats(store, None, as_of):
        keys = ("w", "l", "sv", "cg", "sho", "outs", "er", "ur") + tuple(k for k in PA_PITCHING if k in r)
        t = by_team.setdefault(r["team"], {"team": r["team"], "g": 0, **{k: 0 for k in keys}})
        for k in keys:
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
    """Per player.  Pennant Race: HR, bat points (E.I. included), power and speed points,
    fielding runs saved.  Strat-O-Matic: G PA AB R H 2B 3B HR RBI BB SO SB CS HBP SH SF AVG OBP SLG
    (see :func:`pa_batting_stats`)."""
    if is_pa_league(store):
        return pa_batting_stats(store, team, as_of)
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


def pa_batting_stats(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None
) -> list[dict[str, Any]]:
    """Per batter of a plate-appearance league, from ``rm_pa_batting``.

    G counts games with a line (pinch hitters and runners included).
    AVG = H/AB, OBP = (H+BB+HBP)/(AB+BB+HBP+SF), SLG = TB/AB, printed ".287";
    None when the divisor is 0.
    """
    b = pa_batting.c
    cols = {k: (b["d" + k] if k[0].isdigit() else b[k]) for k in PA_BATTING if k != "g"}
    q = (
        select(b.team, b.player, func.count().label("g"), *(func.sum(c).label(f"s_{k}") for k, c in cols.items()))
        .where(b.date <= iso(as_of))
        .group_by(b.team, b.player)
        .order_by(b.team, b.player)
    )
    if team:
        q = q.where(b.team == team)
    out = []
    with reading(store) as conn:
        for r in conn.execute(q):
            row: dict[str, Any] = {"player": r.player, "team": r.team, "g": int(r.g)}
            row.update({k: int(getattr(r, f"s_{k}") or 0) for k in cols})
            out.append(_with_rates(row))
    return out


def _with_rates(r: dict[str, Any]) -> dict[str, Any]:
    tb = r["h"] + r["2b"] + 2 * r["3b"] + 3 * r["hr"]
    on_base_chances = r["ab"] + r["bb"] + r["hbp"] + r["sf"]
    r["avg"] = fmt_rate(r["h"], r["ab"])
    r["obp"] = fmt_rate(r["h"] + r["bb"] + r["hbp"], on_base_chances)
    r["slg"] = fmt_rate(tb, r["ab"])
    return r


def fmt_rate(num: int, den: int) -> str | None:
    """A batting rate as printed: ".287", "1.000"; None with nothing to divide by."""
    if den == 0:
        return None
    text = f"{num / den:.3f}"
    return text[1:] if text.startswith("0") else text


PITCHING_CATEGORIES = {"era": False, "w": True, "sv": True, "cg": True, "sho": True, "ip": True, "l": True}
BATTING_CATEGORIES = {"hr": True, "bat": True, "pow": True, "spd": True, "fld": True}
# A plate-appearance league's batting leaders (AVG qualifies with a PA minimum).
PA_BATTING_CATEGORIES = {"avg": True, "hr": True, "rbi": True, "sb": True}
CATEGORIES = tuple(PITCHING_CATEGORIES) + tuple(BATTING_CATEGORIES)
PA_CATEGORIES = tuple(PITCHING_CATEGORIES) + tuple(PA_BATTING_CATEGORIES)
ALL_CATEGORIES = tuple(dict.fromkeys(CATEGORIES + PA_CATEGORIES))
PA_PER_GAME = 3.1  # plate appearances per team game to qualify for AVG (the major-league rule)


def leaders(
    store: Store,
    category: str | None = None,
    min_ip: str | float | None = None,
    limit: int = 5,
    as_of: datetime.date | str | None = None,
    min_pa: int | None = None,
    by_league: bool = False,
) -> list[dict[str, Any]]:
    """The top ``limit`` in each category (ties share a rank); ``by_league``: in each league (AL, NL).

    ERA qualifies a pitcher with at least ``min_ip`` innings; by default one
    inning per game his team has played (the major-league rule).  A
    plate-appearance league ranks avg, hr, rbi, sb instead of the Pennant
    Race batting categories; AVG qualifies a batter with ``min_pa`` plate
    appearances, by default 3.1 per game his team has played.
    """
    pa = is_pa_league(store)
    known = PA_CATEGORIES if pa else CATEGORIES
    batting_cats = PA_BATTING_CATEGORIES if pa else BATTING_CATEGORIES
    if category is not None and category not in known:
        kind = "a Strat-O-Matic" if pa else "a Pennant Race"
        raise ValueError(f"unknown category {category!r} for {kind} league (choose from {', '.join(known)})")
    cats = [category] if category else list(known)
    out: list[dict[str, Any]] = []
    pitching = pitching_stats(store, None, as_of) if any(c in PITCHING_CATEGORIES for c in cats) else []
    batting = batting_stats(store, None, as_of) if any(c in batting_cats for c in cats) else []
    games = _team_games(store, as_of)
    league_of = _team_leagues(store) if by_league else {}
    value: Callable[[dict[str, Any]], Any]  # what a leader is ranked by
    shown: Callable[[dict[str, Any]], Any]  # what the table prints
    for cat in cats:
        if cat in PITCHING_CATEGORIES:
            pool = [dict(r, player=r["pitcher"]) for r in pitching]
            if cat == "era":
                pool = [r for r in pool if r["outs"] > 0 and r["outs"] >= _qualifying(r, min_ip, games)]
                value = lambda r: 27 * r["er"] / r["outs"]  # noqa: E731
            elif cat == "ip":
                value = lambda r: r["outs"]  # noqa: E731
            else:
                value = itemgetter(cat)
            higher = PITCHING_CATEGORIES[cat]
            shown = {"era": lambda r: r["era"], "ip": lambda r: r["ip"]}.get(cat, value)
        elif pa and cat == "avg":
            pool = [r for r in batting if r["ab"] > 0 and r["pa"] >= _qualifying_pa(r, min_pa, games)]
            higher = True
            value = lambda r: r["h"] / r["ab"]  # noqa: E731
            shown = lambda r: r["avg"]  # noqa: E731
        elif cat in batting_cats:
            pool, higher = list(batting), batting_cats[cat]
            value = shown = itemgetter(cat)
        else:
            raise ValueError(f"unknown category {cat!r} (choose from {', '.join(CATEGORIES)})")
        pool.sort(key=lambda r: ((-value(r) if higher else value(r)), r["player"], r["team"]))
        for league in sorted({league_of.get(r["team"], "") for r in pool}):
            ranked = [r for r in pool if league_of.get(r["team"], "") == league]
            out.extend(_ranked(cat, league, ranked, value, shown, limit))
    return out


def _ranked(cat: str, league: str, pool: list[dict[str, Any]], value: Callable[[dict[str, Any]], Any],
            shown: Callable[[dict[str, Any]], Any], limit: int) -> list[dict[str, Any]]:
    """The first ``limit`` places of a sorted pool; equal values share a place."""
    out = []
    rank, prev = 0, None
    for i, r in enumerate(pool):
        v = value(r)
        if v != prev:
            rank, prev = i + 1, v
        if rank > limit:
            break
        out.append({"category": cat, "league": league, "rank": rank, "player": r["player"], "team": r["team"],
                    "value": shown(r)})
    return out


def _team_leagues(store: Store) -> dict[str, str]:
    with reading(store) as conn:
        return {code: league for code, league in conn.execute(select(teams.c.code, teams.c.league))}


def _qualifying(r: dict[str, Any], min_ip: str | float | None, games: dict[str, int]) -> int:
    if min_ip is not None:
        return parse_ip(min_ip)
    return 3 * games.get(r["team"], 0)


def _qualifying_pa(r: dict[str, Any], min_pa: int | None, games: dict[str, int]) -> float:
    if min_pa is not None:
        return min_pa
    return PA_PER_GAME * games.get(r["team"], 0)


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
