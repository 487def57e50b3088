"""Pitching and batting statistics and league leaders: sums over box rows."""

from __future__ import annotations

import datetime
from operator import itemgetter
from typing import Any, Callable, Sequence

from league.adapters.store import Store
from league.domain import boxes
from projections.queries.common import fmt_era, fmt_ip, iso, parse_ip
from projections.queries.league import league_box
from projections.rows import rows_of

# Box-line counts a box score counted from the plays adds (league.domain.boxes.PLAYS).
PA_PITCHING = ("h", "bb", "so", "hr", "bf")
PA_BATTING = ("g", "pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh", "sf")

# What each kind of box score lets the listings show (``league stats``): the batting columns after the
# player and his team, and the pitching columns a pitcher's line adds between IP and ER.
BATTING_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    boxes.POINTS: (("hr", "HR"), ("bat", "BAT pts"), ("pow", "POW pts"), ("spd", "SPD pts"), ("fld", "FLD runs")),
    boxes.PLAYS: tuple((k, k.upper()) for k in (*PA_BATTING, "avg", "obp", "slg")),
}
PITCHING_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    boxes.POINTS: (),
    boxes.PLAYS: tuple((k, k.upper()) for k in PA_PITCHING),
}


def _flag(condition: str) -> str:
    """How many lines meet ``condition`` (a boolean column, or a comparison)."""
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


def pitching_stats(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None, counts_only: bool = False
) -> list[dict[str, Any]]:
    """Per pitcher: G GS CG SHO W L SV IP ER UR ERA.

    ``counts_only`` (the leaders): the counts as numbers and outs for IP, without the printed IP and ERA
    and a box counted from the plays' H BB SO HR BF, which no leader category reads: hundreds of rows
    formatted and joined for the ten or so that place.
    """
    if as_of is None:
        # The whole season: the view keeps each pitcher's sums (rm_pitching_season, rm_pa_pitching_season),
        # the very rows the GROUP BYs below make, without summing every line of the season on each run.
        where, params = ("WHERE team = ?", [team]) if team else ("", [])
        q = (f"SELECT team, pitcher, g, gs, cg, sho, w, l, sv, outs, er, ur FROM rm_pitching_season {where} "
             "ORDER BY team, pitcher")
        pq = f"SELECT team, pitcher, {', '.join(PA_PITCHING)} FROM rm_pa_pitching_season {where}"
    else:
        where, params = _where(as_of, team)
        starts, wins, losses = _flag("role = 'SP'"), _flag("decision = 'W'"), _flag("decision = 'L'")
        q = (f"SELECT team, pitcher, COUNT(*) AS g, {starts} AS gs, {_flag('cg')} AS cg, {_flag('sho')} AS sho, "
             f"{wins} AS w, {losses} AS l, {_flag('save')} AS sv, SUM(outs) AS outs, SUM(er) AS er, SUM(ur) AS ur "
             f"FROM rm_box_pitching {where} GROUP BY team, pitcher ORDER BY team, pitcher")
        sums = ", ".join(f"SUM({k}) AS {k}" for k in PA_PITCHING)
        pq = f"SELECT team, pitcher, {sums} FROM rm_pa_pitching {where} GROUP BY team, pitcher"
    with rows_of(store) as conn:
        if counts_only:
            return [dict(zip(_PITCHING_COUNTS, (team_, pitcher, *[int(n or 0) for n in values])))
                    for team_, pitcher, *values in conn.tuples(q, params)]
        rows = [_pitching_row(r._asdict()) for r in conn.all(q, params)]
        if not PITCHING_COLUMNS[league_box(store)]:
            return rows
        extra = {(r.team, r.pitcher): r for r in conn.all(pq, params)}
    for r in rows:
        e = extra.get((r["team"], r["pitcher"]))
        r.update({k: int(getattr(e, k) or 0) if e is not None else 0 for k in PA_PITCHING})
    return rows


# The columns of the pitching queries above, in order (``counts_only``'s rows).
_PITCHING_COUNTS = ("team", "pitcher", "g", "gs", "cg", "sho", "w", "l", "sv", "outs", "er", "ur")


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
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None,
    counts: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """Per player, what the league's kind of box score counts.  In points: HR, bat points (E.I.
    included), power and speed points, fielding runs saved.  Counted from the plays: G PA AB R H 2B 3B
    HR RBI BB SO SB CS HBP SH SF AVG OBP SLG (see :func:`pa_batting_stats`, and its ``counts``)."""
    if league_box(store) == boxes.PLAYS:
        return pa_batting_stats(store, team, as_of, counts)
    if as_of is None:
        # The whole season: the view keeps each batter's and fielder's sums (rm_batting_season,
        # rm_fielding_season), the very rows the GROUP BYs below make.
        where, params = ("WHERE team = ?", [team]) if team else ("", [])
        bq = f"SELECT team, batter AS player, hr, bat, pow, spd FROM rm_batting_season {where}"
        fq = f"SELECT team, fielder AS player, fld FROM rm_fielding_season {where}"
    else:
        where, params = _where(as_of, team)
        bq = ("SELECT team, batter AS player, SUM(hr) AS hr, SUM(bat_pts + ei_bat_pts) AS bat, "
              f"SUM(pow_pts) AS pow, SUM(spd_pts) AS spd FROM rm_box_batting {where} GROUP BY team, batter")
        fq = (f"SELECT team, fielder AS player, SUM(runs_saved) AS fld FROM rm_box_fielding {where} "
              "GROUP BY team, fielder")
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    with rows_of(store) as conn:
        for r in conn.all(bq, params):
            rows[(r.team, r.player)] = {**r._asdict(), "fld": 0}
        for r in conn.all(fq, params):
            row = rows.setdefault(
                (r.team, r.player), {"team": r.team, "player": r.player, "hr": 0, "bat": 0, "pow": 0, "spd": 0}
            )
            row["fld"] = int(r.fld)
    return [{k: (int(v) if k not in ("team", "player") else v) for k, v in rows[key].items()} for key in sorted(rows)]


def pa_batting_stats(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None,
    counts: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """Per batter of a league whose box scores are counted from the plays, from ``rm_pa_batting``.

    G counts games with a line (pinch hitters and runners included).
    AVG = H/AB, OBP = (H+BB+HBP)/(AB+BB+HBP+SF), SLG = TB/AB, printed ".287";
    None when the divisor is 0.  With ``counts`` (the leaders, who print an AVG only for the few who
    place) G and those counts alone, without the rates.
    """
    cols = {k: ("d" + k if k[0].isdigit() else k) for k in (counts or PA_BATTING) if k != "g"}
    if as_of is None:
        # The whole season: the view keeps each batter's sums (rm_pa_batting_season), the very rows
        # the GROUP BY below makes, without summing every line of the season on each run.
        q = (f"SELECT team, player, g, {', '.join(f'{c} AS s_{c}' for c in cols.values())} "
             f"FROM rm_pa_batting_season {'WHERE team = ? ' if team else ''}ORDER BY team, player")
        params: list[Any] = [team] if team else []
    else:
        sums = ", ".join(f"SUM({c}) AS s_{c}" for c in cols.values())
        where, params = _where(as_of, team)
        q = (f"SELECT team, player, COUNT(*) AS g, {sums} FROM rm_pa_batting {where} "
             "GROUP BY team, player ORDER BY team, player")
    out = []
    keys = list(cols)  # the counts follow team, player and g in the query's columns, in this order
    with rows_of(store) as conn:
        for team_, player, g, *values in conn.tuples(q, params):
            row: dict[str, Any] = {"player": player, "team": team_, "g": int(g)}
            row.update(zip(keys, [int(n or 0) for n in values]))
            out.append(row if counts else _with_rates(row))
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


# The leader categories, each with whether a higher value leads: pitching, then batting by the kind of
# box score (counted from the plays, AVG qualifies with a PA minimum).
PITCHING_CATEGORIES = {"era": False, "w": True, "sv": True, "cg": True, "sho": True, "ip": True, "l": True}
BATTING_CATEGORIES = {
    boxes.POINTS: {"hr": True, "bat": True, "pow": True, "spd": True, "fld": True},
    boxes.PLAYS: {"avg": True, "hr": True, "rbi": True, "sb": True},
}
CATEGORIES = {box: tuple(PITCHING_CATEGORIES) + tuple(batting) for box, batting in BATTING_CATEGORIES.items()}
ALL_CATEGORIES = tuple(dict.fromkeys(c for known in CATEGORIES.values() for c in known))
PA_PER_GAME = 3.1  # plate appearances per team game to qualify for AVG (the major-league rule)
_LEADING_COUNTS = ("pa", "ab", "h", "hr", "rbi", "sb")  # what the batting leaders read of lines from the plays


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
    inning per game his team has played (the major-league rule).  The batting
    categories are those of the league's kind of box score: in points hr, bat,
    pow, spd, fld; counted from the plays avg, hr, rbi, sb, where AVG qualifies
    a batter with ``min_pa`` plate appearances, by default 3.1 per game his
    team has played.
    """
    box = league_box(store)
    known = CATEGORIES[box]
    batting_cats = BATTING_CATEGORIES[box]
    if category is not None and category not in known:
        raise ValueError(f"unknown category {category!r} for this league (choose from {', '.join(known)})")
    cats = [category] if category else list(known)
    out: list[dict[str, Any]] = []
    pitching = (pitching_stats(store, None, as_of, counts_only=True)
                if any(c in PITCHING_CATEGORIES for c in cats) else [])
    batting = batting_stats(store, None, as_of, counts=_LEADING_COUNTS) if any(c in batting_cats for c in cats) else []
    games = _team_games(store, as_of)
    league_of = _team_leagues(store) if by_league else {}
    value: Callable[[dict[str, Any]], Any]  # what a leader is ranked by
    shown: Callable[[dict[str, Any]], Any]  # what the table prints
    pitchers = pitching  # rows of their own (counts_only): named as the batting rows are, once
    for r in pitchers:
        r["player"] = r["pitcher"]
    for cat in cats:
        if cat in PITCHING_CATEGORIES:
            pool = pitchers
            if cat == "era":
                pool = [r for r in pool if r["outs"] > 0 and r["outs"] >= _qualifying(r, min_ip, games)]
                value = lambda r: 27 * r["er"] / r["outs"]  # noqa: E731
            elif cat == "ip":
                value = lambda r: r["outs"]  # noqa: E731
            else:
                value = itemgetter(cat)
            higher = PITCHING_CATEGORIES[cat]
            shown = {"era": lambda r: fmt_era(r["er"], r["outs"]), "ip": lambda r: fmt_ip(r["outs"])}.get(cat, value)
        elif cat == "avg":
            pool = [r for r in batting if r["ab"] > 0 and r["pa"] >= _qualifying_pa(r, min_pa, games)]
            higher = True
            value = lambda r: r["h"] / r["ab"]  # noqa: E731
            shown = lambda r: fmt_rate(r["h"], r["ab"])  # noqa: E731
        elif cat in batting_cats:
            pool, higher = batting, batting_cats[cat]
            value = shown = itemgetter(cat)
        else:
            raise ValueError(f"unknown category {cat!r} (choose from {', '.join(known)})")
        groups: dict[str, list[dict[str, Any]]] = {}  # each league's rows, in the pool's order
        for r in pool:
            groups.setdefault(league_of.get(r["team"], ""), []).append(r)
        for league in sorted(groups):
            out.extend(_ranked(cat, league, _leading(groups[league], value, higher, limit), value, shown, limit))
    return out


def _leading(pool: list[dict[str, Any]], value: Callable[[dict[str, Any]], Any], higher: bool,
             limit: int) -> list[dict[str, Any]]:
    """The rows that can place in the first ``limit``, best first (ties by player, then team), as the
    head of the whole pool sorted so.

    Only rows at least as good as the ``limit``-th best value can place (equal values share a place),
    so only those are sorted: a season's pool is hundreds of rows, and each category sorted all of
    them by a key made in Python.
    """
    if limit <= 0:
        return []
    keyed = [(-value(r) if higher else value(r), r) for r in pool]
    if len(keyed) > limit:
        cut = sorted(k for k, _ in keyed)[limit - 1]
        keyed = [kr for kr in keyed if kr[0] <= cut]
    keyed.sort(key=lambda kr: (kr[0], kr[1]["player"], kr[1]["team"]))
    return [r for _, r in keyed]


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
    with rows_of(store) as conn:
        return {r.code: r.league for r in conn.all("SELECT code, league FROM rm_teams")}


def _qualifying(r: dict[str, Any], min_ip: str | float | None, games: dict[str, int]) -> int:
    if min_ip is not None:
        return parse_ip(min_ip)
    return 3 * games.get(r["team"], 0)


def _qualifying_pa(r: dict[str, Any], min_pa: int | None, games: dict[str, int]) -> float:
    if min_pa is not None:
        return min_pa
    return PA_PER_GAME * games.get(r["team"], 0)


def _team_games(store: Store, as_of: datetime.date | str | None) -> dict[str, int]:
    with rows_of(store) as conn:
        return {r.team: int(r.n) for r in conn.all(
            "SELECT team, COUNT(*) AS n FROM rm_box_team WHERE date <= ? GROUP BY team", (iso(as_of),))}


def _where(as_of: datetime.date | str | None, team: str | None) -> tuple[str, list[Any]]:
    """The box lines up to ``as_of`` (of ``team`` only, if given)."""
    if team:
        return "WHERE date <= ? AND team = ?", [iso(as_of), team]
    return "WHERE date <= ?", [iso(as_of)]


def _pitching_row(r: dict[str, Any]) -> dict[str, Any]:
    for k in ("g", "gs", "cg", "sho", "w", "l", "sv", "outs", "er", "ur"):
        r[k] = int(r[k] or 0)
    return {
        "pitcher": r["pitcher"], "team": r["team"], "g": r["g"], "gs": r["gs"], "cg": r["cg"],
        "sho": r["sho"], "w": r["w"], "l": r["l"], "sv": r["sv"], "ip": fmt_ip(r["outs"]),
        "outs": r["outs"], "er": r["er"], "ur": r["ur"], "era": fmt_era(r["er"], r["outs"]),
    }
