#!/usr/bin/env python3
"""Benchmarks for disputes: ``audit --all`` over a season, and rewind latency.

1. Simulates the 1988 season (26 generated clubs, Retrosheet's schedule) on
   SQLite, then times ``audit --all`` and ``verify`` in-process and reports
   events/s (all events in the log, and the game events audit replays).
2. Grows one game to 300+ events by rewinding and replaying it, then times 20
   rewinds of it (each followed by an untimed replay) and reports the median.

    .venv/bin/python ops/bench_audit.py [--postgres]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def build_season(url: str, sheets_dir: Path):  # type: ignore[no-untyped-def]
    from league.bootstrap import open_app
    from league.data import data_path
    from league.rules.pennant_race.sheet import read_sheet
    from league.adapters.schedule import read_schedule
    from league.rules.pennant_race.sheetgen import generate_1988_league

    app = open_app(url)
    app.create_league(name="bench", ruleset="pennant-race", seed="1988", actor="bench")
    sheets = [(read_sheet(p), p.name) for p in generate_1988_league(sheets_dir)]
    app.import_teams(sheets, actor="bench")
    sked = read_schedule(data_path("retrosheet", "1988SKED.TXT"), known_teams=set(app.league().sheets))
    app.import_schedule(sked, source="1988SKED.TXT", actor="bench")
    app.simulate()
    return app


def total_events(app) -> int:  # type: ignore[no-untyped-def]
    return int(app.recorder.max_notification_id())


def bench(url: str, label: str, tmp: Path) -> None:
    from league.application.audit import audit
    from league.application.verify import verify

    app = build_season(url, tmp / f"sheets-{label}")
    events = total_events(app)
    t0 = time.perf_counter()
    report = audit(app)
    audit_s = time.perf_counter() - t0
    assert report.ok, report.problems
    t0 = time.perf_counter()
    v = verify(app)
    verify_s = time.perf_counter() - t0
    assert v.ok, v.problems
    print(f"[{label}] log: {events} events; audit --all: {audit_s:.2f} s, "
          f"{events / audit_s:,.0f} events/s ({report.events} game events in {report.games} games, "
          f"{report.events / audit_s:,.0f}/s); verify: {verify_s:.2f} s, {events / verify_s:,.0f} events/s")

    # The last game of the season has no dependents: grow it to 300+ events.
    sched = app.league().games
    game = max(sched, key=lambda g: (sched[g]["date"], sched[g]["number"], g))
    first_roll = app.game(game).rolls[0]["position"]

    while app.game(game).version < 300:
        app.rewind(game, app.game(game).rolls[0]["position"], reason="grow", actor="bench")
        app.play([game], actor="bench")
    timings = []
    for _ in range(20):
        g = app.game(game)
        to = g.rolls[0]["position"] if g.rolls else first_roll
        t0 = time.perf_counter()
        app.rewind(game, to, reason="bench", actor="bench")
        timings.append(time.perf_counter() - t0)
        app.play([game], actor="bench")
    print(f"[{label}] rewind of a game with {app.game(game).version}+ events: "
          f"median {statistics.median(timings) * 1000:.1f} ms over 20 (min {min(timings) * 1000:.1f}, "
          f"max {max(timings) * 1000:.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--postgres", action="store_true", help="also run on a scratch PostgreSQL database")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="league-bench-audit-"))
    bench(str(tmp / "audit.db"), "sqlite", tmp)
    if args.postgres:
        from pgtemp import scratch_database

        with scratch_database("league_bench") as url:
            bench(url, "postgresql", tmp)


if __name__ == "__main__":
    main()
