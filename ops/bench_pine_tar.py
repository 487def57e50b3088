#!/usr/bin/env python3
"""Benchmark: a Pine Tar season simulated and stored roll by roll.

30 fictional clubs (cards from league.rules.pine_tar.cardgen with a fixed
seed), a balanced 162-game schedule (2,430 games), simulated by the
auto-manager through the application with every roll stored.  Prints
games/s, events/s and database bytes, then the CPU seconds of this process
and of its workers over the whole run (on a busy machine the wall clock
measures the others' load as well; the CPU seconds do not).  ``--audit`` then times ``audit
--all``; ``--postgres`` stores on a scratch database of the local PostgreSQL
server (dropped afterwards); ``--option NAME`` turns an optional rule on.

    .venv/bin/python ops/bench_pine_tar.py [--teams 30] [--games 162] [--audit] [--postgres] [--option defensive-rolls]
"""

from __future__ import annotations

import random
import resource
import time

from card_season import arguments, run


def main() -> None:
    ap = arguments(__doc__)
    ap.add_argument("--option", action="append", default=[], help="an optional rule to turn on")
    args = ap.parse_args()

    from league.rules.pine_tar.cardgen import SEED, club_text
    from league.rules.pine_tar.team_file import read_team

    rng, used = random.Random(SEED), set[str]()
    wall = time.perf_counter()
    run(args, ruleset="pine-tar", label="pine-tar" + (" +" + ",".join(args.option) if args.option else ""),
        letter="P", options={name: "on" for name in args.option},
        club=lambda i, code: club_text(rng, code, f"Bench club {code}", "Bench", "East" if i % 2 else "West", used),
        read=lambda p: read_team(p, source=p.name))
    me, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"CPU over the whole run ({time.perf_counter() - wall:.1f} s wall, club files and import included): "
          f"this process {me.ru_utime + me.ru_stime:.1f} s, its workers {workers.ru_utime + workers.ru_stime:.1f} s")


if __name__ == "__main__":
    main()
