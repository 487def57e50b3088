#!/usr/bin/env python3
"""Benchmark: a Pine Tar season simulated and stored roll by roll.

30 fictional clubs (cards from league.rules.pine_tar.cardgen with a fixed
seed), a balanced 162-game schedule (2,430 games), simulated by the
auto-manager through the application with every roll stored.  Prints
games/s, events/s and database bytes.  ``--audit`` then times ``audit
--all``; ``--postgres`` stores on a scratch database of the local PostgreSQL
server (dropped afterwards); ``--option NAME`` turns an optional rule on.

    .venv/bin/python ops/bench_pine_tar.py [--teams 30] [--games 162] [--audit] [--postgres] [--option defensive-rolls]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import shutil
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def codes(n: int) -> list[str]:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [f"P{letters[i // 26]}{letters[i % 26]}" for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--teams", type=int, default=30)
    ap.add_argument("--games", type=int, default=162, help="games per club")
    ap.add_argument("--audit", action="store_true", help="then time audit --all over the season")
    ap.add_argument("--postgres", action="store_true", help="store on the local PostgreSQL, not SQLite")
    ap.add_argument("--option", action="append", default=[], help="an optional rule to turn on")
    args = ap.parse_args()

    from league.adapters.schedule import balanced_schedule
    from league.bootstrap import open_app
    from league.rules.pine_tar.cardgen import SEED, club_text
    from league.rules.pine_tar.team_file import read_team

    tmp = Path(tempfile.mkdtemp(prefix="league-bench-pt-"))
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, tmp, ignore_errors=True)
        rng, used = random.Random(SEED), set[str]()
        files = []
        for i, code in enumerate(codes(args.teams)):
            path = tmp / f"{code}.txt"
            path.write_text(club_text(rng, code, f"Bench club {code}", "Bench", "East" if i % 2 else "West", used),
                            encoding="utf-8")
            files.append(path)
        if args.postgres:
            from pgtemp import database_bytes, scratch_database

            url = stack.enter_context(scratch_database("league_bench_pt"))
        else:
            url = str(tmp / "pt.db")
        app = open_app(url)
        stack.callback(app.close)
        app.create_league(name="pine tar bench", ruleset="pine-tar", seed="2430", actor="bench",
                          options={name: "on" for name in args.option})
        app.import_teams([(read_team(p, source=p.name), p.name) for p in files], actor="bench")
        games = balanced_schedule(codes(args.teams), args.games, dt.date(2024, 3, 28), seed=1)
        app.import_schedule(games, source="balanced", actor="bench")
        before = app.recorder.max_notification_id() or 0
        t0 = time.perf_counter()
        played = app.simulate(actor="bench")
        seconds = time.perf_counter() - t0
        events = (app.recorder.max_notification_id() or 0) - before
        size = database_bytes(url) if args.postgres else sum(os.path.getsize(p) for p in tmp.glob("pt.db*"))
        store = "PostgreSQL" if args.postgres else "SQLite"
        print(f"{store}, pine-tar{' +' + ','.join(args.option) if args.option else ''}: {played} games, "
              f"{events} events in {seconds:.1f} s: {played / seconds:.1f} games/s, "
              f"{events / seconds:,.0f} events/s; database {size / 1e6:.1f} MB")
        if args.audit:
            from league.application.audit import audit

            t0 = time.perf_counter()
            report = audit(app)
            seconds = time.perf_counter() - t0
            assert report.ok, report.problems
            print(f"audit --all: {report.events} game events in {report.games} games in {seconds:.1f} s")


if __name__ == "__main__":
    main()
