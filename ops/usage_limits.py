#!/usr/bin/env python3
"""Replay a real season over several seeds and check every pitcher against the usage limits.

For each seed: generate the sheets from the Lahman database, simulate the
season on its real schedule (as ops/realism.py does), read every final game's
pitching lines (league.reports.pitcher_usage, the record, not the engine's Staff) and
check each pitcher against the documented limits of the ruleset
(league.reports.pitcher_usage.LIMITS).  Prints the breaches (none expected), the
usage figures beside the real season's, and the player-level realism table of
the first seed.  Exit status 1 when any pitcher went beyond a limit.

    .venv/bin/python ops/usage_limits.py [--season 1988] [--seeds 10] [--jobs 2] [--json]
                                         [--ruleset-version 1]

``--ruleset-version 1`` plays the replays under the rules before the limits
(engine.USAGE_LIMITS), to measure what the limits changed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import mean
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RULESET = "pennant-race"


def replay(year: int, seed: int, version: str | None = None) -> dict[str, Any]:
    """One simulated season: its breaches, usage figures and player table."""
    from league.bootstrap import open_app
    from league.rules.pennant_race.lahman.generator import generate_season
    from league.reports.realism import player_report
    from league.adapters.lahman.schedules import season_schedule
    from league.adapters.logging import configure_logging
    from league.reports.pitcher_usage import LIMITS, breaches, league_outings, season_usage

    from league.rules.pennant_race import engine

    configure_logging("human", verbose=False)
    if version is not None:  # new games take the version in force; this worker process only
        engine.RULESET_VERSION[RULESET] = version
    sheets = generate_season(year)
    with tempfile.TemporaryDirectory() as tmp:
        app = open_app(str(Path(tmp) / "usage.db"))
        try:
            app.create_league(name=f"{year} replay", ruleset=RULESET, seed=str(seed), actor="usage")
            app.import_teams([(s, f"{s.code}.tsv") for s in sheets], actor="usage")
            sched = season_schedule(year)
            app.import_schedule(sched.games, source=sched.source, actor="usage")
            app.simulate(actor="usage")
            seasons = list(season_usage(league_outings(app)).values())
            players = player_report(app, year)
        finally:
            app.close()
    found = [b for p in seasons for b in breaches(p, LIMITS[RULESET])]
    return {"seed": seed, "breaches": found, "figures": figures(seasons), "players": players}


def figures(seasons: list[Any]) -> dict[str, Any]:
    """The season's usage extremes: pure relievers (no start) and pitchers who started."""
    relievers = [p for p in seasons if not p.starts]
    starters = [p for p in seasons if p.starts]
    top_ip = sorted((p.outs for p in starters), reverse=True)[:10]
    saves = max(seasons, key=lambda p: p.saves)
    return {
        "reliever_max_G": max(p.games for p in relievers),
        "reliever_max_days_in_a_row": max(p.max_consecutive_days() for p in relievers),
        "reliever_max_in_7_days": max(p.max_in_window(7) for p in relievers),
        "reliever_max_in_30_days": max(p.max_in_window(30) for p in relievers),
        "reliever_max_IP": round(max(p.outs for p in relievers) / 3, 1),
        "reliever_max_outs_one_game": max(p.max_outs("relief") for p in relievers),
        "starter_max_GS": max(p.starts for p in starters),
        "starter_max_IP": round(max(p.outs for p in starters) / 3, 1),
        "starter_top10_mean_IP": round(mean(top_ip) / 3, 1),
        "max_CG": max(p.complete_games for p in starters),
        "saves_leader": saves.saves,
        "saves_leader_name": f"{saves.team} {saves.pitcher}",
    }


def real_figures(year: int) -> dict[str, Any]:
    """The same extremes for the real season (Lahman has no game dates: no streaks)."""
    from league.adapters.lahman.data import tables

    data = tables().season(year)
    rows = [r for t in data.teams for r in data.pitching(t["teamID"])]
    relievers = [r for r in rows if not r["GS"]]
    starters = [r for r in rows if r["GS"]]
    top_ip = sorted((r["IPouts"] for r in starters), reverse=True)[:10]
    saves = max(rows, key=lambda r: r["SV"])
    return {
        "reliever_max_G": max(r["G"] for r in relievers),
        "reliever_max_days_in_a_row": None, "reliever_max_in_7_days": None, "reliever_max_in_30_days": None,
        "reliever_max_IP": round(max(r["IPouts"] for r in relievers) / 3, 1),
        "reliever_max_outs_one_game": None,
        "starter_max_GS": max(r["GS"] for r in starters),
        "starter_max_IP": round(max(r["IPouts"] for r in starters) / 3, 1),
        "starter_top10_mean_IP": round(mean(top_ip) / 3, 1),
        "max_CG": max(r["CG"] for r in starters),
        "saves_leader": saves["SV"],
        "saves_leader_name": data.name(saves["playerID"]),
    }


def print_report(year: int, runs: list[dict[str, Any]], real: dict[str, Any]) -> None:
    import commands.cli  # noqa: F401  (registers the commands; report.py is imported through it)
    from commands.report import print_players

    breaches = [b for r in runs for b in r["breaches"]]
    print(f"=== {year}: {len(runs)} seeds, {len(breaches)} breach(es) of a limit by a pitcher ===")
    for r in runs:
        for b in r["breaches"]:
            print(f"seed {r['seed']}: {b}")
    print(f"{'figure (innings in decimals)':<30} {'max over seeds':>14} {'mean':>8} {'real':>8}")
    for k, v in real.items():
        if k == "saves_leader_name":
            continue
        values = [r["figures"][k] for r in runs]
        print(f"{k:<30} {max(values):>14} {round(mean(values), 1):>8} {'-' if v is None else v:>8}")
    print(f"saves leaders: {', '.join(r['figures']['saves_leader_name'] for r in runs)}; real {real['saves_leader_name']}")
    print(f"\nPlayers, seed {runs[0]['seed']}:")
    print_players(runs[0]["players"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--season", type=int, default=1988)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--ruleset-version", default=None, help="play under this Pennant Race version (default: current)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        runs = list(pool.map(replay, [args.season] * args.seeds, range(1, args.seeds + 1),
                             [args.ruleset_version] * args.seeds))
    real = real_figures(args.season)
    if args.json:
        print(json.dumps({"season": args.season, "runs": runs, "real": real,
                          "seconds": round(time.perf_counter() - t0, 1)}, indent=2))
    else:
        print_report(args.season, runs, real)
        print(f"({round(time.perf_counter() - t0, 1)} s)")
    sys.exit(1 if any(r["breaches"] for r in runs) else 0)


if __name__ == "__main__":
    main()
