#!/usr/bin/env python3
"""Benchmark: how much of a season one early dispute changes, and how long it takes, per way of
settling the later games.

Replays a real season (``league demo --season YEAR``, 1988 by default) into a
scratch SQLite file (``--season 0 --ruleset strat-o-matic``: the Strat-O-Matic
demo season), then corrects one roll of each of N random April games (``--action void``
voids them instead) as dry runs (nothing stored), once per mode (``--mode``, default all):

- ``stand``: the later games stand as played (``--later stand``);
- ``cascade``: every later game that depended on it is re-resolved (``--cascade``);
- ``scoped``: only the later games of the disputed game's two clubs, up to 7 days after it
  (``--cascade --clubs V,H --through DATE``).

Each mode's table gives, per game, how many later games depended on it, how many change (and of those
how many are held for the commissioner's review), how many later games stand, the fresh rolls the
changed games needed and the seconds the dispute took; then a summary table compares the modes.
Finally one dispute (the last mode's) is stored for real and undone, and both are timed.  The host's
reference loop (ops/host_speed.py) is printed before and after.

    .venv/bin/python ops/bench_dispute.py [--season 1988] [--games 10] [--seed 7] [--action void]
        [--mode stand|cascade|scoped|all]
"""

from __future__ import annotations

import argparse
import datetime
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
MODES = ("stand", "cascade", "scoped")


def other_roll(dice: str) -> str:
    """A different roll of the same kind (each die turned over)."""
    if dice.startswith("d"):
        return f"d{21 - int(dice[1:])}"
    return "".join(str(7 - int(c)) for c in dice)


def later_for(mode: str, scheduled: dict[str, Any]) -> Any:
    """The way a dispute of the ``scheduled`` game settles its later games, for ``mode``."""
    from league.application.cascade import CASCADE, STAND, Later

    if mode == "stand":
        return Later(STAND)
    if mode == "cascade":
        return Later(CASCADE)
    through = datetime.date.fromisoformat(scheduled["date"]) + datetime.timedelta(days=7)
    return Later(CASCADE, through=through.isoformat(), clubs=frozenset({scheduled["visitor"], scheduled["home"]}))


def dispute(app: Any, game: str, position: int, later: Any, dry_run: bool,
            action: str = "correct") -> tuple[dict[str, Any], float]:
    """Correct the roll at ``position`` of ``game`` (or void the game), settling its later games as
    ``later`` says; the result and its seconds."""
    t0 = time.perf_counter()
    if action == "void":
        result = app.void(game, reason="benchmark", actor="bench", cascade=later, dry_run=dry_run)
    else:
        dice = next(r["dice"] for r in app.game(game).rolls if r["position"] == position)
        result = app.correct(game, position, other_roll(dice), reason="benchmark", actor="bench",
                             cascade=later, dry_run=dry_run)
    return result, time.perf_counter() - t0


def held(result: dict[str, Any]) -> int:
    return sum(1 for c in result["cascaded"] if c.get("status") == "held for review")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--season", type=int, default=1988, help="a real season; 0 for the sample league's")
    ap.add_argument("--ruleset", default="pennant-race")
    ap.add_argument("--games", type=int, default=10, help="April games to dispute (dry runs)")
    ap.add_argument("--seed", type=int, default=7, help="picks the games and rolls")
    ap.add_argument("--action", choices=("correct", "void"), default="correct",
                    help="correct one roll (default) or void the whole game")
    ap.add_argument("--mode", choices=(*MODES, "all"), default="all",
                    help="how the later games are settled (default: each mode in turn)")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "ops"))
    from host_speed import describe

    from league.application.corrections import dependents
    from league.bootstrap import open_app

    print(describe("before"), flush=True)
    modes = MODES if args.mode == "all" else (args.mode,)
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
        # The same roll of each game under every mode.
        positions = {game: rng.choice(app.game(game).rolls)["position"] for game in picks}
        deps = {game: len(dependents(app, game)) for game in picks}
        summary = []
        for mode in modes:
            print(f"\n{args.action}, later games: {mode}")
            print(f"{'game':<14}{'later deps':>11}{'changed':>9}{'held':>6}{'standing':>10}{'fresh rolls':>12}"
                  f"{'seconds':>9}")
            changed, holds, standing, seconds = [], [], [], []
            for game in picks:
                result, took = dispute(app, game, positions[game], later_for(mode, sched[game]), True, args.action)
                n, h, st = len(result["cascaded"]), held(result), int(result.get("standing", 0))
                fresh = sum(c.get("fresh_rolls", 0) for c in result["cascaded"])
                changed.append(n)
                holds.append(h)
                standing.append(st)
                seconds.append(took)
                print(f"{game:<14}{deps[game]:>11}{n:>9}{h:>6}{st:>10}{fresh:>12}{took:>9.2f}")
            summary.append((mode, changed, holds, standing, seconds))
        print(f"\n{len(picks)} April games, {args.action}: per dispute (dry runs)")
        print(f"{'mode':<9}{'changed: mean':>14}{'median':>8}{'max':>6}{'held':>6}{'standing: mean':>16}"
              f"{'seconds: mean':>15}{'max':>7}")
        for mode, changed, holds, standing, seconds in summary:
            print(f"{mode:<9}{statistics.mean(changed):>14.1f}{statistics.median(changed):>8.0f}{max(changed):>6}"
                  f"{sum(holds):>6}{statistics.mean(standing):>16.1f}{statistics.mean(seconds):>15.2f}"
                  f"{max(seconds):>7.2f}")
        mode = modes[-1]
        result, took = dispute(app, picks[0], positions[picks[0]], later_for(mode, sched[picks[0]]), False,
                               args.action)
        t1 = time.perf_counter()
        app.undo(reason="benchmark", actor="bench")
        print(f"\nstored: {args.action} of {picks[0]}, later games {mode} ({len(result['cascaded'])} games changed) "
              f"{took:.2f} s, its undo {time.perf_counter() - t1:.2f} s")
        app.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(describe("after"))


if __name__ == "__main__":
    main()
