"""SIGKILL the projection process at random points; resuming ends equal to a clean rebuild."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from projections.db import dispose_all, engine_for
from projections.registry import VIEWS
from projections.runner import catch_up, rebuild
from projections.snapshot import snapshot
from projections.tables import tracking
from tests.integration.projection_league import demo_league, relevant_events

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KILLS = 20
# One event per transaction: about a thousand commits for the demo season, so
# twenty kills, each after a few of them, all land while the runner is working.
ENV = {**os.environ, "LEAGUE_PROJECTION_BATCH": "1",
       "PYTHONPATH": os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH")) if p)}
EMBEDDED = "import sys; from league.bootstrap import open_app; from projections.runner import catch_up; " \
           "catch_up(open_app(sys.argv[1]))"


def _season_log(url: str) -> Any:
    app = demo_league(url, seed="crash")
    app.simulate(actor="test")  # the whole season in the log, no view caught up yet
    return app


def _kill_randomly(app: Any, start: Any, rng: random.Random) -> int:
    """Start runners, let them commit a random number of events, SIGKILL them.

    The kill point is counted in events applied, not in seconds, so it does
    not depend on how fast the machine is; a short random pause then lets some
    kills land inside a transaction.  Returns how many were killed while still
    working.
    """
    killed = 0
    for _ in range(KILLS):
        target = _applied(app) + rng.randint(1, 20)
        procs = start()
        deadline = time.monotonic() + 20
        while _applied(app) < target and time.monotonic() < deadline and procs[0].poll() is None:
            time.sleep(0.002)
        time.sleep(rng.uniform(0.0, 0.005))
        for p in procs:
            if p.poll() is None:
                killed += 1
                p.send_signal(signal.SIGKILL)
            p.wait()
    return killed


def _applied(app: Any) -> int:
    """Events applied so far, summed over the views (one commit adds one or two)."""
    try:
        with engine_for(app.store).connect() as conn:
            return sum(r.applied for r in conn.execute(select(tracking)))
    except OperationalError:  # the first runner is still creating the schema
        return 0


def _check_exactly_once(app: Any) -> None:
    with engine_for(app.store).connect() as conn:
        applied = {r.view: r.applied for r in conn.execute(select(tracking))}
    for view in VIEWS:
        assert applied[view.name] == relevant_events(app, view.topics), view.name


def test_embedded_catch_up_survives_sigkill_on_sqlite(sqlite_url: str) -> None:
    app = _season_log(sqlite_url)
    rng = random.Random(7)

    def start() -> list[subprocess.Popen[bytes]]:
        return [subprocess.Popen([sys.executable, "-c", EMBEDDED, sqlite_url], env=ENV, cwd=ROOT)]

    killed = _kill_randomly(app, start, rng)
    assert killed >= KILLS - 2, killed
    # step: resume, then compare with a clean rebuild
    catch_up(app)
    _check_exactly_once(app)
    resumed = snapshot(app.store)
    rebuild(app)
    assert snapshot(app.store) == resumed
    app.close()
    dispose_all()


@pytest.mark.postgres
def test_follow_processes_survive_sigkill_on_postgres(pg_url: str) -> None:
    app = _season_log(pg_url)
    rng = random.Random(11)
    cmd = [sys.executable, "-m", "commands", "--db", pg_url, "projections", "follow", "--interval", "0.1"]

    def start() -> list[subprocess.Popen[bytes]]:
        # Sometimes two followers at once: the tracking-row lock keeps them from double counting.
        n = rng.choice((1, 2))
        return [subprocess.Popen(cmd, env=ENV, cwd=ROOT, stderr=subprocess.DEVNULL) for _ in range(n)]

    killed = _kill_randomly(app, start, rng)
    assert killed >= KILLS - 2, killed
    # step: a follower that exits once idle finishes the job
    subprocess.run(cmd + ["--until-idle"], env=ENV, cwd=ROOT, check=True, stderr=subprocess.DEVNULL)
    _check_exactly_once(app)
    resumed = snapshot(app.store)
    rebuild(app)
    assert snapshot(app.store) == resumed
    app.close()
    dispose_all()
