#!/usr/bin/env python3
"""Benchmark: ``league site build`` for a whole season, and the rebuild after one more day.

Two seasons, each simulated (untimed) through its second-to-last day on SQLite:

* pennant race: the 1988 season (26 clubs, Retrosheet's 2,106-game schedule,
  as ops/bench_season.py sets it up);
* strat: 30 generated Strat-O-Matic clubs, a balanced 162-game schedule
  (2,430 games, as ops/bench_strat.py sets it up).

Then it times the whole site, plays the last day, and times the incremental
rebuild.  Prints seconds, page counts, where the time went and the load
average (1 minute) when each build started: the machine is shared.  ``--keep DIR`` keeps the simulated
stores in DIR and reuses them on the next run (a Strat season takes about a
minute to simulate).

    .venv/bin/python ops/bench_site.py [--only pennant-race|strat] [--keep DIR]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "ops"))


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the forked workers): on a shared machine
    the wall-clock time depends on who else is running, the CPU time much less."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _penultimate(app: Any) -> tuple[dt.date, dt.date]:
    dates = sorted({g["date"] for g in app.league().games.values()})
    return dt.date.fromisoformat(dates[-2]), dt.date.fromisoformat(dates[-1])


def setup_pennant_race(db: Path, tmp: Path) -> None:
    from league.bootstrap import open_app
    from league.data import data_path
    from league.rules.pennant_race.sheet import read_sheet
    from league.adapters.schedule import read_schedule
    from league.rules.pennant_race.sheetgen import generate_1988_league

    app = open_app(str(db))
    app.create_league(name="1988 site benchmark", ruleset="pennant-race", seed="1988", actor="bench")
    sheets = generate_1988_league(tmp / "sheets")
    app.import_teams([(read_sheet(p, source=p.name), p.name) for p in sheets], actor="bench")
    sked = data_path("retrosheet", "1988SKED.TXT")
    app.import_schedule(read_schedule(sked, known_teams=set(app.league().sheets)), source=sked.name, actor="bench")
    app.simulate(through=_penultimate(app)[0], actor="bench")
    app.close()


def setup_strat(db: Path, tmp: Path) -> None:
    from card_season import codes

    from league.bootstrap import open_app
    from league.rules.strat.team_file import read_card_team
    from league.adapters.schedule import balanced_schedule
    from league.rules.strat.cardgen import format_cards, team_cards

    files = []
    for code in codes("S", 30):
        path = tmp / f"{code}.txt"
        path.write_text(format_cards(team_cards(code), f"Bench club {code} ({code})"), encoding="utf-8")
        files.append(path)
    app = open_app(str(db))
    app.create_league(name="Strat site benchmark", ruleset="strat-o-matic", seed="2430", actor="bench")
    app.import_teams([(read_card_team(p), p.name) for p in files], actor="bench")
    app.import_schedule(balanced_schedule(codes("S", 30), 162, dt.date(2024, 3, 28), seed=1), source="balanced",
                        actor="bench")
    app.simulate(through=_penultimate(app)[0], actor="bench")
    app.close()


def bench(name: str, base: Path, work: Path) -> dict[str, Any]:
    from league.bootstrap import open_app
    from league.site import build_site
    from projections.runner import catch_up

    db = work / f"{name}.db"
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{base}{suffix}").exists():
            shutil.copyfile(f"{base}{suffix}", f"{db}{suffix}")
    out = work / f"{name}-site"
    app = open_app(str(db))
    catch_up(app)  # the views are the CLI's business; the site's time is its own
    os.sync()
    load = os.getloadavg()[0]
    t0, c0 = time.perf_counter(), _cpu()
    whole = build_site(app, out)
    whole_s, whole_cpu = time.perf_counter() - t0, _cpu() - c0
    last = _penultimate(app)[1]
    played = app.simulate(through=last, actor="bench")
    catch_up(app)
    # A day's rebuild comes hours after the last build, whose pages are on the disk by then: freeing the
    # blocks of the pages it replaces costs more than writing them was (see _remove_apart in
    # league/site/build.py), and a build timed right after the last one would not pay it.
    os.sync()
    re_load = os.getloadavg()[0]
    t0, c0 = time.perf_counter(), _cpu()
    again = build_site(app, out)
    again_s, again_cpu = time.perf_counter() - t0, _cpu() - c0
    removed_s = _old_site_removed(out) - t0
    games = len(app.league().games)
    app.close()
    return {"season": name, "games": games, "events": whole.position, "pages": whole.pages,
            "whole_s": whole_s, "timings": whole.timings, "day_games": played, "written": again.written,
            "rebuild_s": again_s, "incremental": again.incremental, "re_timings": again.timings,
            "load": load, "re_load": re_load, "whole_cpu": whole_cpu, "rebuild_cpu": again_cpu,
            "removed_s": removed_s}


def _old_site_removed(out: Path) -> float:
    """When the site the rebuild replaced was gone (a process of its own removes it, unwaited for)."""
    while any(p.name.startswith(f".{out.name}.old-") for p in out.parent.iterdir()):
        time.sleep(0.02)
    return time.perf_counter()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=["pennant-race", "strat"])
    ap.add_argument("--keep", type=Path, help="keep the simulated stores here and reuse them")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="league-bench-site-"))
    keep = args.keep or tmp
    keep.mkdir(parents=True, exist_ok=True)
    try:
        rows = []
        for name, setup in (("pennant-race", setup_pennant_race), ("strat", setup_strat)):
            if args.only and args.only != name:
                continue
            base = keep / f"{name}-base.db"
            if not base.exists():
                t0 = time.perf_counter()
                setup(base, tmp)
                print(f"{name}: season simulated through its second-to-last day in {time.perf_counter() - t0:.0f} s",
                      file=sys.stderr)
            rows.append(bench(name, base, tmp))
        for r in rows:
            parts = ", ".join(f"{k} {v:.1f} s" for k, v in r["timings"].items())
            re_parts = ", ".join(f"{k} {v:.2f} s" for k, v in r["re_timings"].items())
            print(f"{r['season']}: {r['games']} games, {r['events']} events; whole site {r['pages']} pages "
                  f"in {r['whole_s']:.1f} s ({r['whole_cpu']:.1f} s of CPU) at load {r['load']:.1f} ({parts}); "
                  f"after one more day "
                  f"({r['day_games']} games) {r['written']} pages rewritten in {r['rebuild_s']:.2f} s "
                  f"({r['rebuild_cpu']:.2f} s of CPU) at load "
                  f"{r['re_load']:.1f} ({'incremental' if r['incremental'] else 'WHOLE'}; {re_parts}); the replaced "
                  f"site removed (apart) {r['removed_s']:.2f} s after the rebuild started")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
