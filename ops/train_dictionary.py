#!/usr/bin/env python3
"""Train a zstd dictionary for the event log (how league/data/zstd/events-N.dict was made).

A dictionary is part of the stored format: every event compressed with it
names it (the frame's dictionary id) and needs it to be read back, for
ever.  So a dictionary file is never changed or removed; a better one is
added under the next id and made current in league/adapters/event_bytes.py.

Samples: events of one or more league databases (SQLite files written by
``league demo``, ``league demo --season 1988``, ``league demo --ruleset
strat-o-matic``), the same number from each, so no ruleset dominates.

    .venv/bin/python ops/train_dictionary.py --id 2 --out league/data/zstd/events-2.dict a.db b.db
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
    ap.add_argument("--size", type=int, default=112 * 1024, help="dictionary bytes")
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
