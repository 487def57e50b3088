#!/usr/bin/env python3
"""Benchmark: a Strat-O-Matic season simulated and stored roll by roll.

30 fictional clubs (cards from league.rules.strat.cardgen), a balanced
162-game schedule (2,430 games), simulated by the auto-manager through the
application with every roll an event.  Prints games/s, events/s and bytes.
With ``--audit`` it then times ``audit --all`` over the stored season.
The store is a SQLite file, or with ``--postgres`` a scratch database on the
local PostgreSQL server (dropped afterwards).

    .venv/bin/python ops/bench_strat.py [--teams 30] [--games 162] [--ruleset strat-o-matic-super]
        [--audit] [--postgres] [--keep FILE]
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
    """Three-letter fictional club codes: SAA, SAB, ..."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [f"S{letters[i // 26]}{letters[i % 26]}" for i in range(n)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--teams", type=int, default=30)
    ap.add_argument("--games", type=int, default=162, help="games per club")
    ap.add_argument("--ruleset", default="strat-o-matic",
                    help="the Strat-O-Matic variant (strat-o-matic, strat-o-matic-basic, strat-o-matic-super)")
    ap.add_argument("--audit", action="store_true", help="then time audit --all over the season")
    ap.add_argument("--postgres", action="store_true", help="store on the local PostgreSQL, not SQLite")
    ap.add_argument("--keep", type=Path, metavar="FILE",
                    help="copy the SQLite season here afterwards (to compare standings between runs)")
    args = ap.parse_args()

    from league.bootstrap import open_app
    from league.rules.strat.team_file import read_card_team
    from league.adapters.schedule import balanced_schedule
    from league.rules.strat.cardgen import format_cards, team_cards

    tmp = Path(tempfile.mkdtemp(prefix="league-bench-strat-"))
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, tmp, ignore_errors=True)
        files = []
        for code in codes(args.teams):
            path = tmp / f"{code}.txt"
            path.write_text(format_cards(team_cards(code), f"Bench club {code} ({code})"), encoding="utf-8")
            files.append(path)
        if args.postgres:
            from pgtemp import database_bytes, scratch_database

            url = stack.enter_context(scratch_database("league_bench_strat"))
        else:
            url = str(tmp / "strat.db")
        app = open_app(url)
        stack.callback(app.close)
        app.create_league(name="strat bench", ruleset=args.ruleset, seed="2430", actor="bench")
        app.import_teams([(read_card_team(p), p.name) for p in files], actor="bench")
        games = balanced_schedule(codes(args.teams), args.games, dt.date(2024, 3, 28), seed=1)
        app.import_schedule(games, source="balanced", actor="bench")
        before = app.recorder.max_notification_id() or 0
        t0 = time.perf_counter()
        played = app.simulate(actor="bench")
        seconds = time.perf_counter() - t0
        events = (app.recorder.max_notification_id() or 0) - before
        size = database_bytes(url) if args.postgres else sum(os.path.getsize(p) for p in tmp.glob("strat.db*"))
        store = "PostgreSQL" if args.postgres else "SQLite"
        print(f"{store}, {args.ruleset}: {played} games, {events} events in {seconds:.1f} s: {played / seconds:.1f} games/s, "
              f"{events / seconds:,.0f} events/s; database {size / 1e6:.1f} MB")
        if args.audit:
            from league.application.audit import audit

            t0 = time.perf_counter()
            report = audit(app)
            seconds = time.perf_counter() - t0
            assert report.ok, report.problems
            total = app.recorder.max_notification_id() or 0
            print(f"audit --all: {report.events} game events in {report.games} games in {seconds:.1f} s: "
                  f"{total / seconds:,.0f} events/s over the whole log ({total} events)")
        if args.keep and not args.postgres:
            import sqlite3

            with sqlite3.connect(url) as src, sqlite3.connect(args.keep) as dst:
                src.backup(dst)
            print(f"season kept in {args.keep}")


if __name__ == "__main__":
    main()
