#!/usr/bin/env python3
"""Inside Pitch realism, a seed at a time: each replay's report kept as it finishes.

An Inside Pitch season takes minutes on one core, so a run of ten seeds can
outlast a working session.  This runs ``ops/realism.py``'s own replay (the
same league, schedule and report) one seed after another, writes each seed's
report to ``DIR/YEAR-SEED.json`` as soon as it is done, skips the seeds
already there, and prints ``ops/realism.py``'s tables over every seed found.

    .venv/bin/python ops/realism_inside_pitch.py 1988 --seeds 10 --dir realism-ip
    .venv/bin/python ops/realism_inside_pitch.py 1988 --dir realism-ip --summary   # the tables so far
    .venv/bin/python ops/realism_inside_pitch.py 1988 1968 --dir realism-ip --markdown  # for the docs
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "ops"))

from realism import print_summary, replay, summarise  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seasons", nargs="+", type=int)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--dir", default="realism-inside-pitch", help="where the seeds' reports are kept")
    ap.add_argument("--ruleset", default="inside-pitch")
    ap.add_argument("--summary", action="store_true", help="only print the tables of the seeds already done")
    ap.add_argument("--markdown", action="store_true", help="only print the seeds already done as markdown tables")
    args = ap.parse_args()
    if args.markdown:
        markdown(Path(args.dir), args.seasons)
        return
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    for year in args.seasons:
        if not args.summary:
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                path = folder / f"{year}-{seed}.json"
                if path.exists():
                    continue
                t0 = time.perf_counter()
                report = replay(year, seed, args.ruleset)
                report["seconds"] = round(time.perf_counter() - t0, 1)
                path.write_text(json.dumps(report))
                print(f"{year} seed {seed}: {report['seconds']} s", flush=True)
        reports = [json.loads(p.read_text()) for p in sorted(folder.glob(f"{year}-*.json"))]
        if reports:
            s = summarise(year, reports)
            print_summary(s)
            print(f"(mean {sum(r.get('seconds', 0) for r in reports) / len(reports):.0f} s a seed)", flush=True)


def markdown(folder: Path, seasons: list[int]) -> None:
    """Each league's runs, homers, complete games, shutouts and saves, and the wins correlation, per season."""
    print("| season | seeds | league | R/G sim | real | error | HR sim | real | CG sim | real | SHO sim | real "
          "| SV sim | real | IP/GS sim | real | wins r (mean, min) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for year in seasons:
        reports = [json.loads(p.read_text()) for p in sorted(folder.glob(f"{year}-*.json"))]
        if not reports:
            continue
        s = summarise(year, reports)
        for x in s["leagues"]:
            print(f"| {year} | {s['seeds']} | {x['league']} | {x['R_per_G']:.2f} | {x['real_R_per_G']:.2f} "
                  f"| {x['R_per_G_error_pct']:+.1f}% | {x['HR']:.0f} | {x['real_HR']} | {x['CG']:.0f} | {x['real_CG']} "
                  f"| {x['SHO']:.0f} | {x['real_SHO']} | {x['SV']:.0f} | {x['real_SV']} "
                  f"| {x.get('IP_per_GS', '-')} | {x.get('real_IP_per_GS', '-')} "
                  f"| {s['wins_correlation_mean']:.2f}, {s['wins_correlation_min']:.2f} |")


if __name__ == "__main__":
    main()
