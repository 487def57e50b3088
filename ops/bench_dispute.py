#!/usr/bin/env python3
"""Benchmark: how much of a season one early dispute changes, and how long it takes.

Replays a real season (``league demo --season YEAR``, 1988 by default) into a
scratch SQLite file (``--season 0 --ruleset strat-o-matic``: the Strat-O-Matic
demo season), then corrects one roll of each of N random April games
with ``--cascade --dry-run`` (nothing stored; ``--action void`` voids them instead) and reports, per game, how many
later games depended on it, how many would change, how many fresh rolls they
would need, and the seconds the cascade took.  Finally one correction is
stored for real and undone, and both are timed.

    .venv/bin/python ops/bench_dispute.py [--season 1988] [--games 10] [--seed 7] [--action void]
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def other_roll(dice: str) -> str:
    """A different roll of the same kind (each die turned over)."""
    if dice.startswith("d"):
        return f"d{21 - int(dice[1:])}"
    return "".join(str(7 - int(c)) for c in dice)


def dispute(app: Any, game: str, rng: random.Random, dry_run: bool,
            action: str = "correct") -> tuple[dict[str, Any], float, int]:
    from league.application.corrections import dependents

    g = app.game(game)
    roll = rng.choice(g.rolls)
    deps = len(dependents(app, game))
    t0 = time.perf_counter()
    if action == "void":
        result = app.void(game, reason="benchmark", actor="bench", cascade=True, dry_run=dry_run)
    else:
        result = app.correct(game, roll["position"], other_roll(roll["dice"]), reason="benchmark", actor="bench",
                             cascade=True, dry_run=dry_run)
    return result, time.perf_counter() - t0, deps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--season", type=int, default=1988, help="a real season; 0 for the sample league's")
    ap.add_argument("--ruleset", default="pennant-race")
    ap.add_argument("--games", type=int, default=10, help="April games to correct (dry runs)")
    ap.add_argument("--seed", type=int, default=7, help="picks the games and rolls")
    ap.add_argument("--action", choices=("correct", "void"), default="correct",
                    help="correct one roll (default) or void the whole game")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from league.bootstrap import open_app

    tmp = Path(tempfile.mkdtemp(prefix="league-dispute-"))
    try:
        db = str(tmp / "season.db")
        t0 = time.perf_counter()
        season = ["--season", str(args.season)] if args.season else []  # 0: the sample league's season
        subprocess.run([sys.executable, "-m", "commands", "--db", db, "demo", *season,
                        "--ruleset", args.ruleset, "--seed", "42"],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        print(f"{args.season or 'demo'} season ({args.ruleset}) simulated in {time.perf_counter() - t0:.0f} s")
        app = open_app(db)
        sched = app.league().games
        april = sorted(g for g, s in sched.items() if s["date"][5:7] == "04")
        rng = random.Random(args.seed)
        picks = rng.sample(april, min(args.games, len(april)))
        print(f"{'game':<14}{'later deps':>11}{'changed':>9}{'fresh rolls':>12}{'seconds':>9}")
        changed, seconds = [], []
        for game in picks:
            result, took, deps = dispute(app, game, rng, dry_run=True, action=args.action)
            n = len(result["cascaded"])
            fresh = sum(c["fresh_rolls"] for c in result["cascaded"])
            changed.append(n)
            seconds.append(took)
            print(f"{game:<14}{deps:>11}{n:>9}{fresh:>12}{took:>9.2f}")
        print(f"mean: {statistics.mean(changed):.1f} games changed (median {statistics.median(changed):.0f}, "
              f"max {max(changed)}); cascade {statistics.mean(seconds):.2f} s on average")
        result, took, _ = dispute(app, picks[0], random.Random(args.seed), dry_run=False, action=args.action)
        t1 = time.perf_counter()
        app.undo(reason="benchmark", actor="bench")
        print(f"stored: {args.action} --cascade of {picks[0]} ({len(result['cascaded'])} games changed) {took:.2f} s, "
              f"its undo {time.perf_counter() - t1:.2f} s")
        app.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
