"""The Strat-O-Matic demo season completes on PostgreSQL, as on SQLite.

Before league/adapters/postgres_store.py it hung for ever on its first large day.
The CLI runs in a child process with a time limit, so a regression fails
here instead of hanging the suite.
"""

from __future__ import annotations

import json

import pytest

from tests.e2e.cli import run_process

pytestmark = pytest.mark.postgres

def test_the_strat_demo_season_finishes_on_postgresql_with_every_game_played(pg_url: str) -> None:
    demo = run_process(pg_url, "demo", "--ruleset", "strat-o-matic", timeout=600)
    assert demo.returncode == 0, demo.stderr[-2000:]
    games = int(demo.stdout.split(" teams, ")[1].split(" games")[0])

    standings = run_process(pg_url, "standings", "--json", timeout=60)
    assert standings.returncode == 0, standings.stderr
    rows = json.loads(standings.stdout)
    wins, losses = sum(r["w"] for r in rows), sum(r["l"] for r in rows)
    assert wins == losses == games

    audit = run_process(pg_url, "audit", "--all", timeout=600)
    assert audit.returncode == 0, audit.stdout + audit.stderr
