"""Rebuild every read model from a whole 1988-season event log; print events/s.

Usage:
    python ops/bench_projections.py [--sqlite PATH] [--pg URL] [--repeat N]

The first run on a store builds the log (26 clubs, the real 1988 Retrosheet
schedule, every game simulated); later runs reuse it.  Events/s counts every
event in the log (dice rolls included): the runner filters by topic in SQL,
so events no view reads are never fetched or decoded.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.bootstrap import parse_db_url  # noqa: E402
from league.adapters.logging import configure_logging  # noqa: E402


def open_store(url: str):  # type: ignore[no-untyped-def]
    from league.application.app import LeagueApp

    store = parse_db_url(url)
    return LeagueApp(env=store.env, store=store)


def build_season(app) -> None:  # type: ignore[no-untyped-def]
    from league.data import data_path
    from league.rules.pennant_race.sheet import read_sheet
    from league.adapters.schedule import read_schedule
    from league.rules.pennant_race.sheetgen import generate_1988_league

    app.create_league(name="1988 bench", ruleset="pennant-race", seed="1988", actor="bench")
    with tempfile.TemporaryDirectory() as tmp:
        paths = generate_1988_league(tmp)
        app.import_teams([(read_sheet(p, source=p.name), p.name) for p in paths], actor="bench")
    sked = data_path("retrosheet", "1988SKED.TXT")
    games = read_schedule(sked, known_teams=set(app.league().sheets))
    app.import_schedule(games, source=sked.name, actor="bench")
    t = time.perf_counter()
    n = app.simulate(actor="bench")
    print(f"  built the log: {n} games simulated in {time.perf_counter() - t:.1f}s", flush=True)


def bench(url: str, repeat: int) -> float:
    from projections.migrate import upgrade
    from projections.runner import rebuild

    app = open_store(url)
    upgrade(app.store)
    if (app.recorder.max_notification_id() or 0) == 0:
        build_season(app)
    events = _count(app)
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        applied = rebuild(app)
        best = min(best, time.perf_counter() - t)
    rate = events / best
    print(f"  {events} events in the log, {sum(applied.values())} applied to views "
          f"({', '.join(f'{k} {v}' for k, v in applied.items())})")
    print(f"  rebuild of every view: {best:.3f}s  ->  {rate:,.0f} events/s", flush=True)
    app.close()
    return rate


def _count(app) -> int:  # type: ignore[no-untyped-def]
    """Every event in the log (PostgreSQL ids may have gaps, so count, don't subtract)."""
    n, start = 0, 1
    while True:
        batch = app.recorder.select_notifications(start, 20000)
        n += len(batch)
        if len(batch) < 20000:
            return n
        start = batch[-1].id + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sqlite", default=os.path.join(tempfile.gettempdir(), "league-bench-1988.db"))
    parser.add_argument("--pg", default=os.environ.get("LEAGUE_BENCH_PG"),
                        help="postgresql:// URL of a database to use (skipped when absent)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    configure_logging("human", False)
    print(f"SQLite ({args.sqlite})")
    rate = bench(args.sqlite, args.repeat)
    if args.pg:
        print(f"PostgreSQL ({args.pg})")
        bench(args.pg, args.repeat)
    print("target >= 100,000 events/s on SQLite:", "met" if rate >= 100_000 else "NOT met")


if __name__ == "__main__":
    main()
