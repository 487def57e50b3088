"""A simulated league beside the real season it replays.

Everything simulated is read from the application's record (the league's
schedule and each final game's outcome), not from read models, so the report
needs no projection to be up to date.  The real figures come from the Lahman
database (:func:`league.lahman.generator.real_standings`).

Shutouts: the engine credits a shutout only to a complete-game starter, so
``SHO`` is compared with the pitchers' shutouts (Lahman ``Pitching.SHO``);
``team SHO`` (games a club held the other scoreless, Lahman ``Teams.SHO``,
combined shutouts included) is shown beside it for information.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Iterable

from league.errors import LeagueError

TOTALS = ("HR", "CG", "SHO", "team_SHO", "SV")


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


def season_of(app: Any, season: int | None) -> int:
    """The season to compare with: given, or the first year in the league's name."""
    if season is not None:
        return int(season)
    name = getattr(app.league(), "name", "") or ""
    m = re.search(r"\b(18|19|20)\d\d\b", name)
    if not m:
        raise LeagueError(f"which season does league {name!r} replay? give --season YEAR")
    return int(m.group(0))


def simulated_lines(app: Any) -> dict[str, _Line]:
    """Per club: W, L, R, RA, HR, CG, SHO, team SHO and SV of the games played."""
    from league.model.game import FINAL

    league = app.league()
    lines = {code: _Line(code, sheet["league"], sheet["division"]) for code, sheet in league.sheets.items()}
    status = app.game_statuses(league)
    for gid in sorted(g for g, s in status.items() if s == FINAL):
        add_outcome(lines, app.game(gid).outcome or {})
    return lines


def add_outcome(lines: dict[str, _Line], o: dict[str, Any]) -> None:
    """Fold one game's outcome dict into the clubs' lines."""
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


def report(app: Any, season: int | None = None) -> dict[str, Any]:
    """The realism report of the league in ``app`` against its real season."""
    from league.lahman.generator import real_standings

    year = season_of(app, season)
    sim = simulated_lines(app)
    if not sim:
        raise LeagueError("the league has no clubs yet")
    return compare(sim, real_standings(year), year)


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


def _real_players(season: Any, team: str, kind: str) -> dict[str, dict[str, Any]]:
    """A club's real lines by the name its sheet gives the man (casefolded).

    Sheets name men "FIRST LAST", with the birth year added when two men of a
    club share a name (league.lahman.generator); both spellings are keyed.
    """
    tid = season.lahman_code(team)
    rows = season.pitching(tid) if kind == "pitching" else season.batting(tid)
    out: dict[str, dict[str, Any]] = {}
    for r in rows:
        name = season.name(r["playerID"])
        out.setdefault(name.casefold(), r)
        out[f"{name} {season.birth_year(r['playerID'])}".casefold()] = r
    return out


def player_report(app: Any, season: int | None = None, top: int = TOP) -> dict[str, Any]:
    """The replay's busiest pitchers and batters beside their real season, matched by player.

    Pitchers: the ``top`` by appearances and by innings, with starts, saves
    and ERA.  Batters: the ``top`` by real plate appearances (AB + BB + HBP),
    with games; the Pennant Race game has no plate appearances, so only the
    real ones are shown, and a lineup man plays every game of his club.
    """
    from league.lahman.data import tables
    from league.pitcher_usage import era, league_outings, season_usage
    from league.rules.pennant_race.charts import innings_text as innings
    from league.rules.pennant_race.ratings import TeamSheet

    year = season_of(app, season)
    data = tables().season(year)
    league = app.league()
    outcomes = [app.game(g).outcome for g, s in app.game_statuses(league).items() if s == "final"]
    pitchers: list[dict[str, Any]] = []
    real_by_team: dict[str, dict[str, dict[str, Any]]] = {}
    for (team, name), p in season_usage(league_outings(app)).items():
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
    games: dict[str, int] = {}
    hr: dict[tuple[str, str], int] = {}
    bench_games: dict[tuple[str, str], int] = {}
    for o in outcomes:
        if not o:
            continue
        for side in ("visitor", "home"):
            games[o[side]["team"]] = games.get(o[side]["team"], 0) + 1
        for b in o.get("batting", ()):
            key = (b["team"], b["batter"])
            hr[key] = hr.get(key, 0) + b["hr"]
            bench_games[key] = bench_games.get(key, 0) + 1
    batters: list[dict[str, Any]] = []
    for code, sheet_dict in league.sheets.items():
        sheet = TeamSheet.from_dict(sheet_dict)
        real = _real_players(data, code, "batting")
        lineup = {b.name for b in sheet.lineup}
        for b in sheet.batters:
            if b.name.upper() == "PITCHER":
                continue  # the pitcher's spot, rated by the best pinch hitter: nobody's line
            line = real.get(b.name.removesuffix(" (H)").casefold())
            if line is None:
                continue
            batters.append({
                "team": code, "player": b.name, "lineup": b.name in lineup,
                "G": games.get(code, 0) if b.name in lineup else bench_games.get((code, b.name), 0),
                "real_G": line["G"], "real_PA": line["AB"] + line["BB"] + line["HBP"],
                "HR": hr.get((code, b.name), 0), "real_HR": line["HR"],
            })
    return {
        "season": year,
        "pitchers_by_games": sorted(pitchers, key=lambda x: (-x["G"], -x["outs"], x["player"]))[:top],
        "pitchers_by_innings": sorted(pitchers, key=lambda x: (-x["outs"], -x["G"], x["player"]))[:top],
        "batters_by_pa": sorted(batters, key=lambda x: (-x["real_PA"], x["player"]))[:top],
    }
