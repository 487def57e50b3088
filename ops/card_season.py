"""What the card-game season benchmarks share: the options, the store, the timed sim and audit.

``ops/bench_strat.py``, ``ops/bench_pine_tar.py`` and ``ops/bench_inside_pitch.py``
each write 30 fictional clubs of their own game and hand them to :func:`run`,
which stores them on SQLite (or a scratch PostgreSQL database), imports a
balanced schedule, times ``league sim`` and, with ``--audit``, ``audit --all``,
and prints games/s, events/s and the database's bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import shutil
import sqlite3
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def codes(letter: str, n: int) -> list[str]:
    """Three-letter fictional club codes: ``letter`` then AA, AB, ..."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [f"{letter}{letters[i // 26]}{letters[i % 26]}" for i in range(n)]


def arguments(description: str | None) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--teams", type=int, default=30)
    ap.add_argument("--games", type=int, default=162, help="games per club")
    ap.add_argument("--audit", action="store_true", help="then time audit --all over the season")
    ap.add_argument("--postgres", action="store_true", help="store on the local PostgreSQL, not SQLite")
    ap.add_argument("--keep", type=Path, metavar="FILE",
                    help="copy the SQLite season here afterwards (to compare standings between runs)")
    return ap


def _cpu_split() -> tuple[float, float]:
    """CPU seconds of this process and of its finished workers: what a busy machine's load does not inflate."""
    me, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, workers.ru_utime + workers.ru_stime


def _cpu() -> float:
    return sum(_cpu_split())


def run(args: argparse.Namespace, *, ruleset: str, label: str, letter: str,
        club: Callable[[int, str], str], read: Callable[[Path], Any],
        options: dict[str, str] | None = None) -> None:
    """Write ``club(i, code)`` for each club, read each back with ``read``, then time the season."""
    from league.adapters.schedule import balanced_schedule
    from host_speed import describe
    from league.bootstrap import open_app

    tmp = Path(tempfile.mkdtemp(prefix=f"league-bench-{letter.lower()}-"))
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, tmp, ignore_errors=True)
        clubs = codes(letter, args.teams)
        files = []
        for i, code in enumerate(clubs):
            path = tmp / f"{code}.txt"
            path.write_text(club(i, code), encoding="utf-8")
            files.append(path)
        if args.postgres:
            from pgtemp import database_bytes, scratch_database

            url = stack.enter_context(scratch_database(f"league_bench_{letter.lower()}"))
        else:
            url = str(tmp / "season.db")
        app = open_app(url)
        stack.callback(app.close)
        app.create_league(name=f"{label} bench", ruleset=ruleset, seed="2430", actor="bench", options=options)
        app.import_teams([(read(p), p.name) for p in files], actor="bench")
        games = balanced_schedule(clubs, args.games, dt.date(2024, 3, 28), seed=1)
        app.import_schedule(games, source="balanced", actor="bench")
        before = app.recorder.max_notification_id() or 0
        print(describe("before"), flush=True)
        t0, (main0, workers0) = time.perf_counter(), _cpu_split()
        played = app.simulate(actor="bench")
        seconds = time.perf_counter() - t0
        main1, workers1 = _cpu_split()
        sim_cpu = main1 - main0 + workers1 - workers0
        events = (app.recorder.max_notification_id() or 0) - before
        size = database_bytes(url) if args.postgres else sum(os.path.getsize(p) for p in tmp.glob("season.db*"))
        store = "PostgreSQL" if args.postgres else "SQLite"
        print(f"{store}, {label}: {played} games, {events} events in {seconds:.1f} s: {played / seconds:.1f} games/s, "
              f"{events / seconds:,.0f} events/s; database {size / 1e6:.1f} MB; "
              f"CPU {sim_cpu:.1f} s (this process {main1 - main0:.1f} s, its workers {workers1 - workers0:.1f} s)")
        if args.audit:
            from league.application.audit import audit

            t0, c0 = time.perf_counter(), _cpu()
            report = audit(app)
            seconds = time.perf_counter() - t0
            audit_cpu = _cpu() - c0
            assert report.ok, report.problems
            total = app.recorder.max_notification_id() or 0
            print(f"audit --all: {report.events} game events in {report.games} games in {seconds:.1f} s: "
                  f"{total / seconds:,.0f} events/s over the whole log ({total} events); CPU {audit_cpu:.1f} s")
        print(describe("after"))
        if args.keep and not args.postgres:
            with sqlite3.connect(url) as src, sqlite3.connect(args.keep) as dst:
                src.backup(dst)
            print(f"season kept in {args.keep}")
