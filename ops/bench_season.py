#!/usr/bin/env python3
"""Benchmark: the real 1988 schedule (2,106 games, 26 clubs) through the CLI.

Generates 26 roster sheets, creates a league, imports the sheets and
Retrosheet's 1988 schedule, then times ``league sim`` -- every roll stored --
on SQLite and (if it answers) PostgreSQL.  Prints events, seconds, events/s
and database bytes.

    .venv/bin/python ops/bench_season.py [--skip-postgres]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEAGUE = [sys.executable, "-m", "commands"]


def run(args: list[str], db: str) -> float:
    env = dict(os.environ, LEAGUE_DB=db)
    t0 = time.perf_counter()
    subprocess.run(LEAGUE + args, check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def prepare(db: str, sheets: list[Path], sked: Path) -> None:
    run(["init", "--name", "1988 benchmark", "--seed", "1988"], db)
    run(["teams", "import", *map(str, sheets)], db)
    run(["schedule", "import", str(sked)], db)


def count_events_sqlite(path: str) -> int:
    import sqlite3

    with sqlite3.connect(path) as c:
        return c.execute("SELECT count(*) FROM stored_events").fetchone()[0]


def bench_sqlite(tmp: Path, sheets: list[Path], sked: Path) -> dict[str, object]:
    db = str(tmp / "bench.db")
    prepare(db, sheets, sked)
    before = count_events_sqlite(db)
    seconds = run(["sim", "--quiet"], db)
    events = count_events_sqlite(db) - before
    size = sum(os.path.getsize(p) for p in tmp.glob("bench.db*"))
    return {"store": "sqlite", "events": events, "seconds": seconds, "bytes": size}


def bench_postgres(sheets: list[Path], sked: Path) -> dict[str, object] | None:
    import psycopg

    from pgtemp import database_bytes, scratch_database

    def count_events(url: str) -> int:
        with psycopg.connect(url) as c:
            return c.execute("SELECT count(*) FROM league_events").fetchone()[0]  # type: ignore[index]

    try:
        with scratch_database("league_bench") as url:
            prepare(url, sheets, sked)
            before = count_events(url)
            seconds = run(["sim", "--quiet"], url)
            events = count_events(url) - before
            return {"store": "postgresql", "events": events, "seconds": seconds, "bytes": database_bytes(url)}
    except RuntimeError as e:  # no PostgreSQL here
        print(f"PostgreSQL skipped: {e}", file=sys.stderr)
        return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--skip-postgres", action="store_true")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from league.data import data_path
    from league.rules.pennant_race.sheetgen import generate_1988_league

    sked = data_path("retrosheet", "1988SKED.TXT")
    tmp = Path(tempfile.mkdtemp(prefix="league-bench-"))
    try:
        sheets = generate_1988_league(tmp / "sheets")
        results = [bench_sqlite(tmp, sheets, sked)]
        if not args.skip_postgres:
            pg = bench_postgres(sheets, sked)
            if pg:
                results.append(pg)
        print(f"{'store':<11}{'events':>9}{'seconds':>9}{'events/s':>10}{'MB':>8}")
        for r in results:
            rate = r["events"] / r["seconds"]  # type: ignore[operator]
            print(f"{r['store']:<11}{r['events']:>9}{r['seconds']:>9.2f}{rate:>10.0f}{r['bytes'] / 1e6:>8.1f}")  # type: ignore[operator]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
