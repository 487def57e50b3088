#!/usr/bin/env python3
"""Benchmark: an Inside Pitch season simulated and stored roll by roll.

30 fictional clubs (cards from league.rules.inside_pitch.cardset, seeded by
each club's code), a balanced 162-game schedule (2,430 games), simulated by
the auto-manager through the application with every roll and every event
inside an at bat stored.  Prints games/s, events/s and database bytes.  With
``--audit`` it then times ``audit --all``.  ``--postgres`` stores on a
scratch database of the local PostgreSQL server (dropped afterwards).

    .venv/bin/python ops/bench_inside_pitch.py [--teams 30] [--games 162] [--audit] [--postgres]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
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
    return [f"I{letters[i // 26]}{letters[i % 26]}" for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--teams", type=int, default=30)
    ap.add_argument("--games", type=int, default=162, help="games per club")
    ap.add_argument("--audit", action="store_true", help="then time audit --all over the season")
    ap.add_argument("--postgres", action="store_true", help="store on the local PostgreSQL, not SQLite")
    args = ap.parse_args()

    from league.adapters.schedule import balanced_schedule
    from league.bootstrap import open_app
    from league.rules.inside_pitch.cardset import make_club
    from league.rules.inside_pitch.team_file import read_club

    tmp = Path(tempfile.mkdtemp(prefix="league-bench-ip-"))
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, tmp, ignore_errors=True)
        files = []
        for i, code in enumerate(codes(args.teams)):
            path = tmp / f"{code}.txt"
            path.write_text(make_club(code, f"Bench club {code}", "East" if i % 2 else "West", f"Park {code}"),
                            encoding="utf-8")
            files.append(path)
        if args.postgres:
            from pgtemp import database_bytes, scratch_database

            url = stack.enter_context(scratch_database("league_bench_ip"))
        else:
            url = str(tmp / "ip.db")
        app = open_app(url)
        stack.callback(app.close)
        app.create_league(name="inside pitch bench", ruleset="inside-pitch", seed="2430", actor="bench")
        app.import_teams([(read_club(p), p.name) for p in files], actor="bench")
        games = balanced_schedule(codes(args.teams), args.games, dt.date(2024, 3, 28), seed=1)
        app.import_schedule(games, source="balanced", actor="bench")
        before = app.recorder.max_notification_id() or 0
        t0 = time.perf_counter()
        played = app.simulate(actor="bench")
        seconds = time.perf_counter() - t0
        events = (app.recorder.max_notification_id() or 0) - before
        size = database_bytes(url) if args.postgres else sum(os.path.getsize(p) for p in tmp.glob("ip.db*"))
        store = "PostgreSQL" if args.postgres else "SQLite"
        print(f"{store}, inside-pitch: {played} games, {events} events in {seconds:.1f} s: "
              f"{played / seconds:.1f} games/s, {events / seconds:,.0f} events/s; database {size / 1e6:.1f} MB")
        if args.audit:
            from league.application.audit import audit

            t0 = time.perf_counter()
            report = audit(app)
            seconds = time.perf_counter() - t0
            assert report.ok, report.problems
            total = app.recorder.max_notification_id()
            print(f"audit --all: {report.events} game events in {report.games} games in {seconds:.1f} s")


if __name__ == "__main__":
    main()
