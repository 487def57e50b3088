"""A simulated league beside the real season it replays.

Everything simulated is read from the application's record (the league's
schedule and each final game's outcome), not from read models, so the report
needs no projection to be up to date.  The real figures come from the Lahman
database (``SeasonData.real_rows`` in :mod:`league.adapters.lahman.data`).

Shutouts: the engine credits a shutout only to a complete-game starter, so
``SHO`` is compared with the pitchers' shutouts (Lahman ``Pitching.SHO``);
``team SHO`` (games a club held the other scoreless, Lahman ``Teams.SHO``,
combined shutouts included) is shown beside it for information.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from league.domain.errors import LeagueError
from league.reports.final_games import final_games

if TYPE_CHECKING:
    from league.application.app import LeagueApp

TOTALS = ("HR", "CG", "SHO", "team_SHO", "SV")
DIVISIONS = {"E": "East", "W": "West", "C": "Central"}


@dataclass
class _Line:
    team: str
    league: str
    division: str = ""
    G: int = 0
    W: int = 0
    L: int = 0
    R: int = 0
    RA: int = 0
    HR: int = 0
    CG: int = 0
    SHO: int = 0
    team_SHO: int = 0
    SV: int = 0


def season_of(app: "LeagueApp", season: int | None) -> int:
    """The season to compare with: given, or the first year in the league's name."""
    if season is not None:
        return int(season)
    name = getattr(app.league(), "name", "") or ""
    m = re.search(r"\b(18|19|20)\d\d\b", name)
    if not m:
        raise LeagueError(f"which season does league {name!r} replay? give --season YEAR")
    return int(m.group(0))


def simulated_lines(app: "LeagueApp") -> dict[str, _Line]:
    """Per club: W, L, R, RA, HR, CG, SHO, team SHO and SV of the games played."""
    league = app.league()
    lines = {code: _Line(code, sheet.get("league") or "", sheet.get("division") or "")
             for code, sheet in league.sheets.items()}
    for _, game in final_games(app):
        add_outcome(lines, game.outcome or {})
    return lines


def add_outcome(lines: dict[str, _Line], o: dict[str, Any]) -> None:
    """Fold one game's outcome dict into the clubs' lines.

    An outcome keeps its pitching and batting lines either for the whole game
    (``pitching`` and ``home_runs`` beside the two sides) or per side, as a
    box score does (``visitor.pitching``, ``visitor.batting``: the first
    pitching line is the starter's; a complete game has one line).
    """
    if not o:
        return
    v, h = o["visitor"], o["home"]
    for me, them in ((v, h), (h, v)):
        line = lines.get(me["team"])
        if line is None:
            continue
        line.G += 1
        line.R += me["runs"]
        line.RA += them["runs"]
        if me["runs"] > them["runs"]:
            line.W += 1
        else:
            line.L += 1
        if them["runs"] == 0:
            line.team_SHO += 1
        pitching = me.get("pitching")
        if isinstance(pitching, list) and pitching:
            complete = len(pitching) == 1
            line.CG += complete
            line.SHO += complete and them["runs"] == 0
            line.SV += sum(p.get("decision") == "SV" for p in pitching)
        line.HR += sum(int(b.get("hr", 0)) for b in me.get("batting", ()) if isinstance(b, dict))
    for p in o.get("pitching", ()):
        line = lines.get(p["team"])
        if line is not None:
            line.CG += bool(p.get("cg"))
            line.SHO += bool(p.get("sho"))
            line.SV += bool(p.get("save"))
    for hr in o.get("home_runs", ()):
        line = lines.get(hr["team"])
        if line is not None:
            line.HR += 1


def compare(sim: dict[str, _Line], real_rows: Iterable[dict[str, Any]], season: int) -> dict[str, Any]:
    """The report: per-team rows, per-league rows and the summary figures."""
    real = {r["team"]: r for r in real_rows}
    teams = []
    for code in sorted(sim):
        s, r = sim[code], real.get(code)
        if r is None:
            raise LeagueError(f"club {code} did not play in {season} (Lahman has "
                              f"{', '.join(sorted(real))})")
        if not s.league:  # a team file that names no league (a card file): its real league and division
            s.league = r["league"]
            s.division = s.division or DIVISIONS.get(r.get("division") or "", "")
        teams.append({
            "team": code, "league": s.league, "division": s.division,
            "G": s.G, "W": s.W, "L": s.L, "real_W": r["W"], "real_L": r["L"],
            "W_diff": round(_wins_on_real_decisions(s, r) - r["W"], 1),
            "R": s.R, "real_R": r["R"], "RA": s.RA, "real_RA": r["RA"],
        })
    leagues = []
    for lg in sorted({s.league for s in sim.values()}):
        mine = [s for s in sim.values() if s.league == lg]
        reals = [real[s.team] for s in mine]
        g, rg = sum(s.G for s in mine), sum(r["G"] for r in reals)
        row: dict[str, Any] = {
            "league": lg, "games": g, "real_games": rg,
            "R_per_G": _ratio(sum(s.R for s in mine), g), "real_R_per_G": _ratio(sum(r["R"] for r in reals), rg),
        }
        row["R_per_G_error_pct"] = _pct(row["R_per_G"], row["real_R_per_G"])
        for k in TOTALS:
            sim_total = sum(getattr(s, k) for s in mine)
            real_total = sum(r[k] for r in reals)
            row[k] = sim_total
            row[f"real_{k}"] = real_total
            # per game, so a schedule a few games short of the real one compares fairly
            row[f"{k}_error_pct"] = _pct(_ratio(sim_total, g), _ratio(real_total, rg))
        leagues.append(row)
    played = [t for t in teams if t["G"] > 0]
    sim_pct = [t["W"] / t["G"] for t in played]
    real_pct = [t["real_W"] / max(1, t["real_W"] + t["real_L"]) for t in played]
    summary = {
        "season": season,
        "games": sum(t["G"] for t in teams) // 2,
        "clubs": len(teams),
        "wins_correlation": _round(correlation(sim_pct, real_pct), 3),
        "wins_mae": _round(sum(abs(t["W_diff"]) for t in played) / len(played), 2) if played else None,
    }
    return {"season": season, "teams": teams, "leagues": leagues, "summary": summary}


def report(app: "LeagueApp", season: int | None = None) -> dict[str, Any]:
    """The realism report of the league in ``app`` against its real season."""
    from league.adapters.lahman.data import tables

    year = season_of(app, season)
    sim = simulated_lines(app)
    if not sim:
        raise LeagueError("the league has no clubs yet")
    return compare(sim, tables().season(year).real_rows(), year)


def correlation(xs: list[float], ys: list[float]) -> float | None:
    n = len(xs)
    if n < 3:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def _wins_on_real_decisions(s: _Line, r: dict[str, Any]) -> float:
    """Simulated winning percentage times the real number of decisions."""
    if s.G == 0:
        return 0.0
    return s.W / s.G * (r["W"] + r["L"])


def _ratio(a: float, b: float) -> float | None:
    return round(a / b, 3) if b else None


def _pct(sim: float | None, real: float | None) -> float | None:
    if sim is None or not real:
        return None
    return round(100 * (sim - real) / real, 1)


def _round(x: float | None, digits: int) -> float | None:
    return None if x is None else round(x, digits)


# --- players ----------------------------------------------------------------------

TOP = 10
REGULAR_PA = 400  # batters with at least this many real plate appearances: the OPS comparison
USED_PA = 100  # ... and this many in the replay (a reserve who batted a few times has no OPS to compare)
_BAT = ("pa", "ab", "h", "2b", "3b", "hr", "bb", "hbp", "so", "sf")


def _real_players(season: Any, team: str, kind: str) -> dict[str, dict[str, Any]]:
    """A club's real lines by the name its team file gives the man (casefolded).

    Team files name men by their names in any case ("JOSE CANSECO", "Jose
    Canseco"), with the birth year added when two men of a club share a name
    (the generators do); both spellings are keyed.
    """
    tid = season.lahman_code(team)
    rows = season.pitching(tid) if kind == "pitching" else season.batting(tid)
    out: dict[str, dict[str, Any]] = {}
    for r in rows:
        name = season.name(r["playerID"])
        out.setdefault(name.casefold(), r)
        out[f"{name} {season.birth_year(r['playerID'])}".casefold()] = r
    return out


def _count(r: dict[str, Any], column: str) -> float:
    raw = r.get(column)
    if raw is None:
        return 0.0
    v = float(raw)
    return 0.0 if math.isnan(v) else v


def real_pa(r: dict[str, Any]) -> int:
    """Plate appearances of a Lahman batting line: AB + BB + HBP + SF + SH."""
    return int(sum(_count(r, c) for c in ("AB", "BB", "HBP", "SF", "SH")))


def ops(ab: float, h: float, d: float, t: float, hr: float, bb: float, hbp: float, sf: float) -> float | None:
    """On-base plus slugging; None without a plate appearance."""
    on_base_chances = ab + bb + hbp + sf
    if on_base_chances <= 0:
        return None
    obp = (h + bb + hbp) / on_base_chances
    slg = (h + d + 2 * t + 3 * hr) / ab if ab else 0.0
    return round(obp + slg, 3)


def real_ops(r: dict[str, Any]) -> float | None:
    return ops(*(_count(r, c) for c in ("AB", "H", "2B", "3B", "HR", "BB", "HBP", "SF")))


def _sim_lines(outcomes: Iterable[dict[str, Any] | None]) -> tuple[dict[str, int], dict[tuple[str, str], dict[str, int]]]:
    """Games per club, and per (club, player as the outcome names him) the batting counts and games.

    A box score keeps its batting lines per side (``visitor.batting``, the
    player's id, plate appearances...); other outcomes keep them for the
    game (``batting``: the batter and his homers).
    """
    games: dict[str, int] = {}
    batting: dict[tuple[str, str], dict[str, int]] = {}

    def add(team: str, player: str, line: dict[str, Any]) -> None:
        mine = batting.setdefault((team, player), {k: 0 for k in (*_BAT, "g")})
        mine["g"] += 1
        for k in _BAT:
            mine[k] += int(line.get(k, 0) or 0)

    for o in outcomes:
        if not o:
            continue
        for side in ("visitor", "home"):
            team = o[side]["team"]
            games[team] = games.get(team, 0) + 1
            for b in o[side].get("batting", ()) or ():
                add(team, str(b.get("player")), b)
        for b in o.get("batting", ()):
            add(b["team"], b["batter"], b)
    return games, batting


def player_report(app: "LeagueApp", season: int | None = None, top: int = TOP) -> dict[str, Any]:
    """The replay's busiest pitchers and batters beside their real season, matched by player.

    Pitchers: the ``top`` by appearances and by innings, with starts, saves
    and ERA.  Batters: the ``top`` by real plate appearances (AB + BB + HBP),
    with games and homers, and, where the games record plate appearances
    (card games), plate appearances and OPS.  A rule system that plays no
    plate appearances (Pennant Race) shows the real ones only, and a lineup
    man plays every game of his club.  ``batting`` sums the batters up:
    the correlation of simulated and real OPS of the men with
    :data:`REGULAR_PA` real plate appearances, and each league's home-run
    leaders beside the real top ten.
    """
    from league import registry
    from league.adapters.lahman.data import tables
    from league.application.scorebook import ip as innings
    from league.reports.pitcher_usage import era, league_outings, season_usage

    year = season_of(app, season)
    data = tables().season(year)
    league = app.league()
    rules = registry.ruleset(league.ruleset)
    names = {code: rules.player_names(sheet) for code, sheet in league.sheets.items()}
    outcomes = [game.outcome for _, game in final_games(app)]
    pitchers: list[dict[str, Any]] = []
    real_by_team: dict[str, dict[str, dict[str, Any]]] = {}
    for (team, key), p in season_usage(league_outings(app)).items():
        name = names.get(team, {}).get(key, key)
        if team not in real_by_team:
            real_by_team[team] = _real_players(data, team, "pitching")
        r = real_by_team[team].get(name.casefold(), {})
        pitchers.append({
            "team": team, "player": name,
            "G": p.games, "real_G": r.get("G"), "GS": p.starts, "real_GS": r.get("GS"),
            "IP": innings(p.outs), "real_IP": innings(r["IPouts"]) if r else None,
            "outs": p.outs, "real_outs": r.get("IPouts"),
            "SV": p.saves, "real_SV": r.get("SV"), "CG": p.complete_games, "real_CG": r.get("CG"),
            "ERA": p.era, "real_ERA": era(r["ER"], r["IPouts"]) if r else None,
        })
    games, sim = _sim_lines(outcomes)
    by_name = {(team, names.get(team, {}).get(key, key)): line for (team, key), line in sim.items()}
    batters: list[dict[str, Any]] = []
    for code, sheet_dict in league.sheets.items():
        real = _real_players(data, code, "batting")
        for name, in_lineup in rules.batters(sheet_dict):
            if name.upper() == "PITCHER":
                continue  # the pitcher's spot, rated by the best pinch hitter: nobody's line
            line = real.get(name.removesuffix(" (H)").casefold())
            if line is None:
                continue
            mine = by_name.get((code, name), {})
            row: dict[str, Any] = {
                "team": code, "league": sheet_dict.get("league") or data.by_retro[code]["lgID"],
                "player": name, "player_id": line["playerID"], "lineup": in_lineup,
                "G": games.get(code, 0) if in_lineup and not mine.get("pa") else mine.get("g", 0),
                "real_G": line["G"], "real_PA": line["AB"] + line["BB"] + line["HBP"],
                "HR": mine.get("hr", 0), "real_HR": line["HR"],
            }
            if mine.get("pa"):
                row["PA"] = mine["pa"]
                row["OPS"] = ops(*(mine[k] for k in ("ab", "h", "2b", "3b", "hr", "bb", "hbp", "sf")))
                row["real_all_PA"] = real_pa(line)
                row["real_OPS"] = real_ops(line)
            batters.append(row)
    return {
        "season": year,
        "pitchers_by_games": sorted(pitchers, key=lambda x: (-x["G"], -x["outs"], x["player"]))[:top],
        "pitchers_by_innings": sorted(pitchers, key=lambda x: (-x["outs"], -x["G"], x["player"]))[:top],
        "batters_by_pa": sorted(batters, key=lambda x: (-x["real_PA"], x["player"]))[:top],
        "batting": batting_summary(batters, data),
    }


def batting_summary(batters: list[dict[str, Any]], data: Any) -> dict[str, Any]:
    """OPS of the regulars against the real ones; each league's simulated home-run leader against the real top ten.

    Empty figures (None, no leaders) when the games record no plate appearances.
    """
    regulars = [b for b in batters if b.get("OPS") is not None and b.get("real_OPS") is not None
                and b["real_all_PA"] >= REGULAR_PA and b["PA"] >= USED_PA]
    corr = correlation([b["OPS"] for b in regulars], [b["real_OPS"] for b in regulars])
    leaders = []
    if any("PA" in b for b in batters):
        for lg in sorted({b["league"] for b in batters}):
            real_hr: dict[str, int] = {}
            for r in data.teams_in(lg):
                for line in data.batting(r["teamID"]):
                    real_hr[line["playerID"]] = real_hr.get(line["playerID"], 0) + int(line["HR"])
            tenth = sorted(real_hr.values(), reverse=True)[min(TOP, len(real_hr)) - 1] if real_hr else 0
            mine = [b for b in batters if b["league"] == lg]
            if not mine:
                continue
            most = max(b["HR"] for b in mine)
            for b in sorted((b for b in mine if b["HR"] == most), key=lambda b: b["player"]):
                real = real_hr.get(b["player_id"], 0)
                rank = 1 + sum(1 for v in real_hr.values() if v > real)
                leaders.append({"league": lg, "team": b["team"], "player": b["player"], "HR": b["HR"],
                                "real_HR": real, "real_rank": rank, "in_real_top": real >= tenth})
    return {"regulars": len(regulars), "min_real_PA": REGULAR_PA, "min_PA": USED_PA,
            "ops_correlation": _round(corr, 3), "hr_leaders": leaders}
