#!/usr/bin/env python3
"""Where a league database's bytes go: the event log's columns, its indexes, the views, free pages.

For each SQLite league file given, prints the file size (with its WAL),
the pages of each table and index (SQLite's ``dbstat``), free pages, and
the event log's columns summed: the stored ``state`` (compressed JSON),
``topic`` and ``originator_id``, with the same per event and the JSON the
states read back as.  Topics are listed by the bytes their states take.

    .venv/bin/python ops/storage_breakdown.py SEASON.db [MORE.db ...] [--topics 12]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MB = 1e6


def breakdown(path: Path, topics: int) -> None:
    from league.adapters.event_bytes import decompress, read_topic
    from league.adapters.sqlite_uri import sqlite_uri

    files = {s: Path(f"{path}{s}") for s in ("", "-wal")}
    size = sum(p.stat().st_size for p in files.values() if p.exists())
    # Read-only: a checkpoint would move the WAL into the file and change what is measured.
    conn = sqlite3.connect(sqlite_uri(str(path), "ro"), uri=True)
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    free = conn.execute("PRAGMA freelist_count").fetchone()[0]
    print(f"{path.name}: {size / MB:.2f} MB on disk ({files[''].stat().st_size / MB:.2f} MB file"
          f"{', WAL not checkpointed' if files['-wal'].exists() and files['-wal'].stat().st_size else ''}); "
          f"{pages} pages of {page} B, {free} free ({free * page / MB:.2f} MB)")
    try:
        rows = conn.execute("SELECT name, sum(pgsize), sum(payload) FROM dbstat GROUP BY name ORDER BY 2 DESC").fetchall()
    except sqlite3.OperationalError:
        rows = []
        print("  (this SQLite has no dbstat: no per-table pages)")
    groups: dict[str, list[int]] = {}
    for name, pgsize, payload in rows:
        key = name if name.startswith(("stored_", "sqlite_autoindex_stored")) else "views (rm_*, tracking, schema)"
        g = groups.setdefault(key, [0, 0])
        g[0] += pgsize
        g[1] += payload
    for name, (pgsize, payload) in sorted(groups.items(), key=lambda kv: -kv[1][0]):
        print(f"  {name:<36}{pgsize / MB:>9.2f} MB in pages{payload / MB:>9.2f} MB payload")
    n = state = topic = ids = json_bytes = 0
    by_topic: dict[str, list[int]] = {}
    for oid, t, s in conn.execute("SELECT originator_id, topic, state FROM stored_events"):
        n += 1
        state += len(s)
        topic += len(t)
        ids += len(oid)
        plain = len(decompress(bytes(s)))
        json_bytes += plain
        b = by_topic.setdefault(read_topic(t), [0, 0, 0])
        b[0] += 1
        b[1] += len(s)
        b[2] += plain
    conn.close()
    if not n:
        print("  no events")
        return
    print(f"  {n:,} events: state {state / MB:.2f} MB ({state / n:.0f} B/event; JSON {json_bytes / MB:.2f} MB, "
          f"{json_bytes / n:.0f} B/event, {json_bytes / state:.1f}x), topic {topic / MB:.2f} MB ({topic / n:.0f} B), "
          f"originator_id {ids / MB:.2f} MB ({ids / n:.0f} B, again in the primary key's index)")
    print(f"  {'topic':<34}{'events':>9}{'stored MB':>11}{'B/event':>9}{'JSON B':>9}")
    for name, (count, stored, plain) in sorted(by_topic.items(), key=lambda kv: -kv[1][1])[:topics]:
        print(f"  {name:<34}{count:>9,}{stored / MB:>11.2f}{stored / count:>9.0f}{plain / count:>9.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("databases", nargs="+", type=Path)
    ap.add_argument("--topics", type=int, default=12, help="how many topics to list")
    args = ap.parse_args()
    for db in args.databases:
        if not os.path.exists(db):
            raise SystemExit(f"{db}: no such file")
        breakdown(db, args.topics)


if __name__ == "__main__":
    main()
