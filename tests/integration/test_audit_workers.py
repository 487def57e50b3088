"""``audit --all`` and ``verify`` spread over forked processes say exactly what
one process says: the same counts when the log is sound, the same problems in
the same order (for audit, the first in log order) when it is not.  Audit
workers open their own connections, so every scenario runs on SQLite and
PostgreSQL."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, Callable, TypeVar

import pytest

from league.application.audit import AuditReport, audit
from league.bootstrap import open_app
from league.rules.strat.team_file import read_card_team
from league.adapters.schedule import balanced_schedule
from league.rules.strat.roster import CARD_SET
from league.application.verify import VerifyReport, verify
from tests.integration.test_tamper_evidence import _tamper, drop_guard, q, raw, rows, season, table

R = TypeVar("R")


def _twice(url: str, monkeypatch: pytest.MonkeyPatch, check: Callable[[Any], R]) -> tuple[R, R]:
    """``check`` (audit or verify) in one process, then on two (eight slices of the work)."""
    reports = []
    for workers in ("1", "2"):
        monkeypatch.setenv("LEAGUE_AUDIT_WORKERS", workers)
        app = open_app(url)
        reports.append(check(app))
        app.close()
    return reports[0], reports[1]


def _both(url: str, monkeypatch: pytest.MonkeyPatch) -> tuple[AuditReport, AuditReport]:
    return _twice(url, monkeypatch, audit)


def _rewrite(url: str, row: tuple[Any, ...], change: Any) -> None:
    oid, version, state = row
    record = json.loads(bytes(state))
    change(record)
    with raw(url) as c:
        c.execute(f"UPDATE {table(url)} SET state = {q(url)} WHERE originator_id = {q(url)} "
                  f"AND originator_version = {q(url)}", (json.dumps(record).encode(), oid, version))


def test_two_processes_audit_a_pennant_race_season_as_one_does(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = season(db_url)
    app.close()
    one, two = _both(db_url, monkeypatch)
    assert one.ok and two.ok
    assert (two.games, two.events) == (one.games, one.events) == (9, one.events)
    # step: two scores altered; the one reported is the earlier in the log, either way
    drop_guard(db_url)
    completed = rows(db_url, "league:Game.Completed")
    for row in (completed[6], completed[2]):
        _rewrite(db_url, row, lambda r: r["outcome"]["home"].update(runs=r["outcome"]["home"]["runs"] + 1))
    one, two = _both(db_url, monkeypatch)
    assert not one.ok and two.problems == one.problems
    first = min((completed[2], completed[6]), key=lambda r: _started_at(db_url, r[0]))
    assert f"position {first[1]}: recorded outcome differs" in one.problems[0]


def _started_at(url: str, oid: Any) -> int:
    """Where a game's Started event sits in the log (games are audited in that order)."""
    with raw(url) as c:
        cur = c.execute(f"SELECT {'rowid' if q(url) == '?' else 'notification_id'} FROM {table(url)} "
                        f"WHERE originator_id = {q(url)} AND originator_version = 1", (oid,))
        return int(cur.fetchone()[0])


def strat_season(url: str) -> Any:
    app = open_app(url)
    app.create_league("T", "strat-o-matic", "w1", actor="test")
    teams = ("ANV", "BRK", "CDR", "DUN")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in teams], actor="test")
    app.import_schedule(balanced_schedule(list(teams), 4, dt.date(2024, 4, 1), seed=3), "b", "test")
    app.simulate()
    return app


def test_two_processes_audit_strat_games_as_one_does(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    strat_season(db_url).close()
    one, two = _both(db_url, monkeypatch)
    assert one.ok and two.ok
    assert (two.games, two.events) == (one.games, one.events) and one.games == 8
    # step: one play of a late game no longer what its card says
    drop_guard(db_url)
    plays = rows(db_url, "league:PAGame.PlayResolved")
    _rewrite(db_url, plays[-5], lambda r: r["play"].update(reading="1-1"))
    one, two = _both(db_url, monkeypatch)
    assert not one.ok and two.problems == one.problems
    assert "the recorded play differs" in one.problems[0]


def _verify_both(url: str, monkeypatch: pytest.MonkeyPatch) -> tuple[VerifyReport, VerifyReport]:
    return _twice(url, monkeypatch, verify)


def test_two_processes_verify_as_one_does(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    season(db_url).close()
    one, two = _verify_both(db_url, monkeypatch)
    assert one.ok and two.ok and (two.events, two.aggregates) == (one.events, one.aggregates)
    # step: a roll edited in one game, a game's result deleted in another
    _tamper(db_url, "edit")
    _tamper(db_url, "delete-last")
    one, two = _verify_both(db_url, monkeypatch)
    assert any("hash chain broken" in p for p in one.problems)
    assert any("an event was removed" in p for p in one.problems)
    assert two.problems == one.problems


def test_audit_reports_its_progress_game_by_slice(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    season(sqlite_url).close()
    seen: list[tuple[int, int]] = []
    for workers in ("1", "2"):
        monkeypatch.setenv("LEAGUE_AUDIT_WORKERS", workers)
        seen.clear()
        report = audit(open_app(sqlite_url), progress=lambda k, total: seen.append((k, total)))
        assert report.ok
        assert sum(k for k, _ in seen) == report.games == 9 and {t for _, t in seen} == {9}
    # Two workers cut nine games into nine slices (up to eight a worker), each reported as it arrives.
    assert [k for k, _ in seen if k] == [1] * 9
