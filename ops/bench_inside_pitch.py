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

import resource

from card_season import arguments, run


def main() -> None:
    args = arguments(__doc__).parse_args()

    from league.rules.inside_pitch.cardset import make_club
    from league.rules.inside_pitch.team_file import read_club

    run(args, ruleset="inside-pitch", label="inside-pitch", letter="I",
        club=lambda i, code: make_club(code, f"Bench club {code}", "East" if i % 2 else "West", f"Park {code}"),
        read=read_club)
    # the processor time, which depends far less than the wall time on what else the machine runs
    me, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"processor time: this process {me.ru_utime + me.ru_stime:.1f} s, "
          f"its workers {workers.ru_utime + workers.ru_stime:.1f} s")


if __name__ == "__main__":
    main()
