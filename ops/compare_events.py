#!/usr/bin/env python3
"""Do two trees of League store the same events for the same seeds?  Each rule system's demo, side by side.

Runs ``league demo --ruleset R --seed S`` with this tree's code and with another
checkout's (``--base DIR``, e.g. ``git worktree add --detach DIR COMMIT``), reads
both logs in order and compares every event's topic and fields, the timestamp
and the hash-chain link aside (they follow from the time and the fields).
Prints, per rule system, the events compared and each kind of difference with
its count and one example; exits 1 if any event differs except as ``--allow``
says (``TOPIC:FIELD``, repeatable; the journal's ``at`` is always allowed).

    .venv/bin/python ops/compare_events.py --base ../base
    .venv/bin/python ops/compare_events.py --base ../base --allow league:PAGame.DecisionMade:actor
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ("pennant-race", "relief-defense", "strat-o-matic", "pine-tar", "inside-pitch")
ALWAYS = {"league:Journal.CommandRecorded:at"}


def demo(tree: Path, db: Path, ruleset: str, seed: str) -> None:
    subprocess.run([sys.executable, "-m", "commands", "--db", str(db), "demo", "--ruleset", ruleset, "--seed", seed],
                   cwd=tree, check=True, stdout=subprocess.DEVNULL)


def events(db: Path) -> list[tuple[int, int, str, dict[str, Any]]]:
    """Every event in log order: (aggregate by first appearance, version, topic, fields)."""
    from league.adapters.event_bytes import decompress, read_topic

    with sqlite3.connect(db) as c:
        rows = c.execute("SELECT originator_id, originator_version, topic, state FROM stored_events "
                         "ORDER BY rowid").fetchall()
    order: dict[Any, int] = {}
    out = []
    for oid, version, topic, state in rows:
        fields = json.loads(decompress(state))
        fields.pop("timestamp", None)
        fields.pop("chain", None)
        out.append((order.setdefault(oid, len(order)), version, read_topic(topic), fields))
    return out


def compare(a: list[Any], b: list[Any], allowed: set[str]) -> tuple[dict[str, list[Any]], bool]:
    """Each kind of difference (topic: fields) with its count and first example; whether all are allowed."""
    kinds: dict[str, list[Any]] = {}
    ok = len(a) == len(b)
    for x, y in zip(a, b):
        if x == y:
            continue
        if x[:3] != y[:3]:
            key, example = f"{x[2]} vs {y[2]}", (x[:3], y[:3])
            ok = False
        else:
            fields = sorted(k for k in {*x[3], *y[3]} if x[3].get(k) != y[3].get(k))
            key = f"{x[2]}: {', '.join(fields)}"
            example = {k: (x[3].get(k), y[3].get(k)) for k in fields}
            ok = ok and all(f"{x[2]}:{k}" in allowed for k in fields)
        kinds.setdefault(key, [0, example])[0] += 1
    return kinds, ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", type=Path, required=True, help="the other tree (a checkout of another commit)")
    ap.add_argument("--seed", default="7")
    ap.add_argument("--ruleset", action="append", help="only these (default: each rule system's demo)")
    ap.add_argument("--allow", action="append", default=[], help="TOPIC:FIELD allowed to differ")
    args = ap.parse_args()
    allowed = ALWAYS | set(args.allow)
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset in args.ruleset or RULESETS:
            logs = []
            for name, tree in (("base", args.base.resolve()), ("this", ROOT)):
                db = Path(tmp) / f"{name}-{ruleset}.db"
                demo(tree, db, ruleset, args.seed)
                logs.append(events(db))
            kinds, ok = compare(logs[0], logs[1], allowed)
            same = same and ok
            print(f"{ruleset}: {len(logs[0])} and {len(logs[1])} events, "
                  f"{'identical' if not kinds else 'differing'}{'' if ok else ' (NOT ALLOWED)'}")
            for key, (count, example) in kinds.items():
                print(f"  {count:6d}  {key}  e.g. {str(example)[:150]}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
