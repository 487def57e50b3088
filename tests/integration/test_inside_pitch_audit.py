"""An Inside Pitch season audits clean, and audit names a play whose recorded outcome was altered.

The same defence as the other games (tests/integration/test_tamper_evidence.py):
someone who goes around the append-only guard and rewrites a play's stored
explanation -- a run that was never scored -- is caught by ``audit``, which
re-derives every play from its rolls, at the altered event's position.
SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from league.application.audit import audit
from league.bootstrap import open_app
from league.adapters.schedule import balanced_schedule
from league.rules.inside_pitch.cardset import DATA
from league.rules.inside_pitch.team_file import read_club
from tests.integration.test_tamper_evidence import drop_guard, q, raw, rows, table

CLUBS = ("HBR", "MIL", "RDG", "SLV")


def _season(url: str) -> Any:
    app = open_app(url)
    app.create_league(name="t", ruleset="inside-pitch", seed="5", actor="test")
    app.import_teams([(read_club(DATA / f"{c}.txt"), c) for c in CLUBS], actor="test")
    app.import_schedule(balanced_schedule(list(CLUBS), 3, dt.date(2024, 4, 1), seed=2), "b", "test")
    app.simulate(actor="test")
    return app


def test_an_inside_pitch_season_audits_and_an_altered_play_is_named(db_url: str) -> None:
    app = _season(db_url)
    report = audit(app)
    assert report.ok and report.games == len(app.league().games) == 6
    app.close()
    plays = [(oid, v, json.loads(s)) for oid, v, s in rows(db_url, "league:PAGame.PlayResolved")]
    oid, version, record = next(p for p in plays if p[2]["play"].get("outs_made") == 1)
    record["play"]["outs_made"] = 0  # the out that ended a rally, written away
    record["play"]["runs"] = record["play"].get("runs", 0) + 1
    drop_guard(db_url)
    with raw(db_url) as c:
        c.execute(f"UPDATE {table(db_url)} SET state = {q(db_url)} WHERE originator_id = {q(db_url)} "
                  f"AND originator_version = {q(db_url)}", (json.dumps(record).encode(), oid, version))
    report = audit(open_app(db_url))
    assert not report.ok
    assert f"position {version}" in report.problems[0]
