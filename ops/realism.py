#!/usr/bin/env python3
"""Replay real seasons with generated sheets over several seeds; print the realism tables.

For each season: generate the sheets from the Lahman database, then for
each seed create a league (SQLite in a temporary folder), import the sheets
and the season's schedule (Retrosheet's when shipped, else balanced), simulate
and compare with the real season (:mod:`league.reports.realism`).  Prints the
per-league table (runs per game, HR, CG, SHO, SV, simulated vs real, averaged
over the seeds), the per-team table (mean simulated W, L, R, RA beside the
real ones) and the wins correlation and mean absolute error.

    .venv/bin/python ops/realism.py 1988 1968 2019 [--seeds 10] [--jobs 2] [--json]
    .venv/bin/python ops/realism.py 1988 --ruleset strat-o-matic --seeds 3

``--ruleset`` takes any rule system that generates team files of real seasons
(``league rulesets``); for one whose games record plate appearances (card
games) the batting figures are added: the correlation of simulated and real
OPS of the batters with 400+ real plate appearances, and how often each
league's simulated home-run leader is in the real top ten.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import mean
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def replay(year: int, seed: int, ruleset: str = "pennant-race") -> dict[str, Any]:
    """One simulated season: the realism report of seed ``seed`` (with the player report's batting figures)."""
    from league import registry
    from league.bootstrap import open_app
    from league.adapters.logging import configure_logging

    configure_logging("human", verbose=False)
    from league.reports.realism import player_report, report
    from league.adapters.lahman.schedules import season_schedule

    sheets = registry.ruleset(ruleset).generate_variant(ruleset, year)
    with tempfile.TemporaryDirectory() as tmp:
        app = open_app(str(Path(tmp) / "realism.db"))
        try:
            app.create_league(name=f"{year} replay", ruleset=ruleset, seed=str(seed), actor="realism")
            app.import_teams([(s, getattr(s, "source", f"{s.code}.tsv")) for s in sheets], actor="realism")
            sched = season_schedule(year)
            app.import_schedule(sched.games, source=sched.source, actor="realism")
            app.simulate(actor="realism", finish_in_progress=True)
            out = report(app, year)
            out["batting"] = player_report(app, year)["batting"]
            out["starters"] = starters_innings(app, year, {t["team"]: t["league"] for t in out["teams"]})
            return out
        finally:
            app.close()


def starters_innings(app: Any, year: int, leagues: dict[str, str]) -> dict[str, dict[str, float]]:
    """Each league's innings per start: simulated (the starters' box-score outs) and real, as the Lahman
    generator estimates it (each pitcher's outs less a relief outing's for each game he did not start,
    :func:`league.rules.strat.lahman.formulas.outs_per_start`; Lahman keeps no starters' innings)."""
    from league.adapters.lahman.data import tables
    from league.rules.strat.lahman.formulas import outs_per_start

    sim: dict[str, list[int]] = {}
    for g in app.league().games:
        box = app.game(g).outcome
        if not box:
            continue
        for side in ("visitor", "home"):
            lg = leagues.get(box[side]["team"])
            if lg is not None and box[side].get("pitching"):
                sim.setdefault(lg, []).append(box[side]["pitching"][0]["outs"])
    season = tables().season(year)
    out = {}
    for lg, outs in sorted(sim.items()):
        rows = [p for t in season.teams_in(lg) for p in season.pitching(t["teamID"])]
        gs = sum(p["GS"] for p in rows)
        real = sum(p["GS"] * outs_per_start(p) for p in rows) / gs / 3 if gs else 0.0
        out[lg] = {"IP_per_GS": round(sum(outs) / len(outs) / 3, 3), "real_IP_per_GS": round(real, 3)}
    return out


def summarise(year: int, reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Means over the seeds, and the figures the issue asks for."""
    from league.reports.realism import correlation

    n = len(reports)
    teams = []
    for i, t in enumerate(reports[0]["teams"]):
        rows = [r["teams"][i] for r in reports]
        teams.append({
            "team": t["team"], "league": t["league"],
            "W": round(mean(x["W"] for x in rows), 1), "real_W": t["real_W"],
            "L": round(mean(x["L"] for x in rows), 1), "real_L": t["real_L"],
            "R": round(mean(x["R"] for x in rows)), "real_R": t["real_R"],
            "RA": round(mean(x["RA"] for x in rows)), "real_RA": t["real_RA"],
            "W_diff": round(mean(x["W_diff"] for x in rows), 1),
        })
    leagues = []
    for j, lg in enumerate(reports[0]["leagues"]):
        rows = [r["leagues"][j] for r in reports]
        row = {"league": lg["league"], "R_per_G": round(mean(x["R_per_G"] for x in rows), 3),
               "real_R_per_G": lg["real_R_per_G"]}
        row["R_per_G_error_pct"] = round(100 * (row["R_per_G"] - row["real_R_per_G"]) / row["real_R_per_G"], 1)
        games, real_games = mean(x["games"] for x in rows), lg["real_games"]
        for k in ("HR", "CG", "SHO", "team_SHO", "SV"):
            row[k] = round(mean(x[k] for x in rows), 1)
            row[f"real_{k}"] = lg[f"real_{k}"]
            real_rate = lg[f"real_{k}"] / real_games
            row[f"{k}_error_pct"] = round(100 * (row[k] / games - real_rate) / real_rate, 1) if real_rate else None
        ip = [r["starters"][lg["league"]] for r in reports if lg["league"] in r.get("starters", {})]
        if ip:  # reports made before the starters' innings were kept have none
            row["IP_per_GS"] = round(mean(x["IP_per_GS"] for x in ip), 2)
            row["real_IP_per_GS"] = round(ip[0]["real_IP_per_GS"], 2)
        leagues.append(row)
    # MLB totals of CG, SHO and SV (the "league totals")
    total = {}
    for k in ("CG", "SHO", "team_SHO", "SV", "HR"):
        sim_k = sum(x[k] for x in leagues)
        real_k = sum(x[f"real_{k}"] for x in leagues)
        games = sum(mean(r["leagues"][j]["games"] for r in reports) for j in range(len(leagues)))
        real_games = sum(lg["real_games"] for lg in reports[0]["leagues"])
        total[k] = {"sim": round(sim_k, 1), "real": real_k,
                    "error_pct": round(100 * (sim_k / games - real_k / real_games) / (real_k / real_games), 1)
                    if real_k else None}
    corr_each = [r["summary"]["wins_correlation"] for r in reports]
    corr_mean_wins = correlation([t["W"] / max(1, t["W"] + t["L"]) for t in teams],
                                 [t["real_W"] / (t["real_W"] + t["real_L"]) for t in teams])
    batting = [r["batting"] for r in reports if r.get("batting")]
    ops = [b["ops_correlation"] for b in batting if b.get("ops_correlation") is not None]
    leaders = [x for b in batting for x in b.get("hr_leaders", ())]
    per_league: dict[str, list[bool]] = {}
    for b in batting:  # a league-seed counts once: is one of its simulated leaders in the real top ten?
        seen: dict[str, bool] = {}
        for x in b.get("hr_leaders", ()):
            seen[x["league"]] = seen.get(x["league"], False) or x["in_real_top"]
        for lg, ok in seen.items():
            per_league.setdefault(lg, []).append(ok)
    return {
        "season": year, "seeds": n, "teams": teams, "leagues": leagues, "totals": total,
        "ops_correlation_mean": round(mean(ops), 3) if ops else None,
        "ops_correlation_min": round(min(ops), 3) if ops else None,
        "regulars": round(mean(b["regulars"] for b in batting), 1) if batting else None,
        "hr_leader_in_real_top_ten": {lg: f"{sum(v)}/{len(v)}" for lg, v in sorted(per_league.items())},
        "hr_leaders": leaders,
        "wins_correlation_mean": round(mean(corr_each), 3),
        "wins_correlation_min": round(min(corr_each), 3),
        "wins_correlation_of_mean_wins": round(corr_mean_wins or 0, 3),
        "wins_mae_mean": round(mean(r["summary"]["wins_mae"] for r in reports), 2),
    }


def print_summary(s: dict[str, Any]) -> None:
    print(f"\n=== {s['season']}: {s['seeds']} seeds ===")
    print("league  R/G sim  real   err%   HR sim  real   CG sim real err%   SHO sim real err%   "
          "SV sim real err%   teamSHO sim real")
    for x in s["leagues"]:
        print(f"{x['league']:<6}  {x['R_per_G']:7.3f} {x['real_R_per_G']:5.3f} {x['R_per_G_error_pct']:+6.1f}  "
              f"{x['HR']:7.1f} {x['real_HR']:5d}   {x['CG']:6.1f} {x['real_CG']:4d} {x['CG_error_pct']:+5.1f}  "
              f"{x['SHO']:7.1f} {x['real_SHO']:4d} {x['SHO_error_pct']:+5.1f}  "
              f"{x['SV']:6.1f} {x['real_SV']:4d} {x['SV_error_pct']:+5.1f}  "
              f"{x['team_SHO']:9.1f} {x['real_team_SHO']:4d}"
              + (f"   IP/GS {x['IP_per_GS']:.2f} real {x['real_IP_per_GS']:.2f}" if "IP_per_GS" in x else ""))
    print("totals  " + "  ".join(f"{k} {v['sim']} vs {v['real']} ({v['error_pct']:+.1f}%)"
                                 for k, v in s["totals"].items()))
    print(f"wins correlation: mean over seeds {s['wins_correlation_mean']:.3f} "
          f"(min {s['wins_correlation_min']:.3f}); of the mean wins {s['wins_correlation_of_mean_wins']:.3f}; "
          f"mean abs. error in wins {s['wins_mae_mean']:.2f}")
    if s.get("ops_correlation_mean") is not None:
        print(f"OPS correlation, batters with 400+ real PA (about {s['regulars']} a seed): mean over seeds "
              f"{s['ops_correlation_mean']:.3f} (min {s['ops_correlation_min']:.3f})")
        print("simulated HR leader in the real top ten (league-seeds): "
              + ", ".join(f"{lg} {v}" for lg, v in s["hr_leader_in_real_top_ten"].items()))
        print("  " + "; ".join(f"{x['league']} {x['player']} ({x['team']}) {x['HR']} HR, real {x['real_HR']} "
                                f"(#{x['real_rank']})" for x in s["hr_leaders"]))
    print("team lg     W   real    L   real     R  real    RA  real")
    for t in s["teams"]:
        print(f"{t['team']:<4} {t['league']:<3} {t['W']:5.1f} {t['real_W']:5d} {t['L']:5.1f} {t['real_L']:5d} "
              f"{t['R']:5d} {t['real_R']:5d} {t['RA']:5d} {t['real_RA']:5d}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seasons", nargs="*", type=int, default=[1988, 1968, 2019])
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--ruleset", default="pennant-race", help="the rule system whose team files are generated")
    ap.add_argument("--first-seed", type=int, default=1)
    args = ap.parse_args()
    if args.jobs > 1:  # the seeds already fill the cores: each replay plays in its own process
        os.environ.setdefault("LEAGUE_SIM_WORKERS", "1")
    out = []
    for year in args.seasons:
        t0 = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            seeds = range(args.first_seed, args.first_seed + args.seeds)
            reports = list(pool.map(replay, [year] * args.seeds, seeds, [args.ruleset] * args.seeds))
        s = summarise(year, reports)
        s["ruleset"] = args.ruleset
        s["seconds"] = round(time.perf_counter() - t0, 1)
        out.append(s)
        if not args.json:
            print_summary(s)
            print(f"({s['seconds']} s)")
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
