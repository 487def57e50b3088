#!/usr/bin/env python3
"""Train a zstd dictionary for the event log (how league/data/zstd/events-N.dict was made).

A dictionary is part of the stored format: every event compressed with it
names it (the frame's dictionary id) and needs it to be read back, for
ever.  So a dictionary file is never changed or removed; a better one is
added under the next id and made current in league/adapters/event_bytes.py.

Samples: events of one or more league databases (SQLite files written by
``league demo``, ``league demo --season 1988``, ``league demo --ruleset
strat-o-matic``), the same number from each, so no ruleset dominates.

    .venv/bin/python ops/train_dictionary.py --id 3 --out league/data/zstd/events-3.dict a.db b.db

How each shipped dictionary was made:

- events-1.dict: the defaults (112 KB, 3,000 events a database) on demo leagues.
- events-2.dict: ``--id 2 --size 262144 --per-database 6000`` on a 2,430-game
  Strat-O-Matic season (the set-up of ops/bench_strat.py, as ops/bench_cli.py
  builds it) and the 1988 Pennant Race season (``league demo --season 1988``).
  Measured with ops/storage_breakdown.py: a Strat plate appearance in 138
  bytes at level 5 (dictionary 1 at level 3: 172), a Pennant Race
  ``Completed`` in 725 (839).  A larger dictionary (512 KB) gained under 1%.
- events-3.dict: ``--id 3 --size 262144 --per-database 6000`` on four full
  seasons: the 2,430-game benchmark seasons of ops/bench_strat.py,
  ops/bench_pine_tar.py and ops/bench_inside_pitch.py, and the 1988 Pennant
  Race season.  Every event of each season compressed again at level 3
  (states only, MB): Strat-O-Matic 36.21 with dictionary 2, 35.08 with 3;
  Pennant Race 3.47, 3.38; Pine Tar 76.03, 38.68; Inside Pitch 133.75,
  126.54.  Tried and not kept: 512 KB (Strat 35.47, Pine Tar 39.58, Inside
  Pitch 127.19), 12,000 events a database (Strat 36.83), 192 KB (Pennant Race
  3.60, Strat 36.44).  An Inside Pitch event gains least: its rolls are many
  and each is mostly its hash chain link and timestamp.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("databases", nargs="+", type=Path)
    ap.add_argument("--id", type=int, required=True, help="the dictionary id stored in every frame")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--size", type=int, default=112 * 1024, help="dictionary bytes (events-2 and -3: 262144)")
    ap.add_argument("--per-database", type=int, default=3000, help="sample events from each database")
    args = ap.parse_args()

    import zstandard

    from league.adapters.event_bytes import decompress

    rng = random.Random(args.id)
    samples: list[bytes] = []
    for db in args.databases:
        with sqlite3.connect(db) as c:
            states = [decompress(bytes(r[0])) for r in c.execute("SELECT state FROM stored_events")]
        samples += rng.sample(states, min(args.per_database, len(states)))
    trained = zstandard.train_dictionary(args.size, samples, dict_id=args.id, level=3)
    args.out.write_bytes(trained.as_bytes())
    print(f"{args.out}: dictionary {args.id}, {len(trained.as_bytes())} bytes from {len(samples)} events")


if __name__ == "__main__":
    main()
