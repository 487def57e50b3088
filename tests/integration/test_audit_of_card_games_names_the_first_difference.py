"""Audit reads a card game's events directly and checks a play's rolls in one pass
(league/rules/pa/audit.py); whatever was altered, it names the same position with
the same words as re-deriving the game event by event through the fold."""

from __future__ import annotations

import json
from typing import Any, Callable
from uuid import UUID

import pytest

from league import registry
from league.application.audit import audit
from league.bootstrap import open_app
from league.domain import ids
from league.rules.pa.replay import ReplayMismatch, cards_for, fold
from tests.integration.test_audit_workers import _rewrite, strat_season
from tests.integration.test_tamper_evidence import drop_guard, rows


def _fold_says(url: str, oid: Any) -> str:
    """The first problem of the game as the event-by-event fold finds it (the audit before it read events)."""
    app = open_app(url)
    try:
        g = app.repository.get(UUID(bytes=bytes(oid)) if isinstance(oid, (bytes, memoryview)) else UUID(str(oid)))
        engine = registry.ruleset(g.ruleset).engine
        league = app.repository.get(ids.LEAGUE_ID, version=g.setup["league_version"])
        try:
            fold(g, cards_for(league.sheets, (g.visitor, g.home), engine), engine, check=True)
        except ReplayMismatch as e:
            return str(e)
        return "no problem"
    finally:
        app.close()


def _audit_says(url: str, monkeypatch: pytest.MonkeyPatch, workers: str) -> list[str]:
    monkeypatch.setenv("LEAGUE_AUDIT_WORKERS", workers)
    app = open_app(url)
    try:
        return audit(app).problems
    finally:
        app.close()


def _other_purpose(r: dict[str, Any]) -> None:
    r["purpose"] = "a roll nobody asked for"


def _other_dice(r: dict[str, Any]) -> None:
    r["dice"] = "d1" if r["dice"] != "d1" else "d2"


def _wrong_kind(r: dict[str, Any]) -> None:
    r["kind"] = "pair" if r["kind"] != "pair" else "triad"


@pytest.mark.parametrize("change", [_other_purpose, _other_dice, _wrong_kind], ids=["purpose", "dice", "kind"])
def test_an_altered_roll_before_a_play_is_named_as_the_fold_names_it(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch, change: Callable[[dict[str, Any]], None]) -> None:
    strat_season(sqlite_url).close()
    assert _audit_says(sqlite_url, monkeypatch, "1") == []
    # step: a roll that a later roll of the same play followed (a split's d20, a throw) altered
    drop_guard(sqlite_url)
    rolled = rows(sqlite_url, "league:PAGame.Rolled")
    assert rolled, "the season has rolls recorded before their play's last"
    row = rolled[len(rolled) // 2]
    _rewrite(sqlite_url, row, change)
    expected = _fold_says(sqlite_url, row[0])
    if change is _other_dice:  # still the kind asked for: the play finds the die wrong or the play differs
        assert expected.startswith("game ") and " position " in expected
    else:
        assert f"position {row[1]}: the engine did not ask for this roll" in expected
    assert _audit_says(sqlite_url, monkeypatch, "1") == [expected]
    assert _audit_says(sqlite_url, monkeypatch, "2") == [expected]


def test_an_altered_play_and_box_score_are_named_on_both_stores(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    strat_season(db_url).close()
    drop_guard(db_url)
    # step: a box score one run richer: the plays are sound, the box is not
    done = rows(db_url, "league:PAGame.Completed")
    _rewrite(db_url, done[0], lambda r: r["outcome"]["home"].update(runs=r["outcome"]["home"]["runs"] + 1))
    problems = _audit_says(db_url, monkeypatch, "1")
    assert len(problems) == 1
    assert f"position {done[0][1]}: the recorded box score differs from the one the plays give" in problems[0]
    # step: in the same game, a play's reading altered: that comes first, as the fold names it
    drop_guard(db_url)  # opening the store put it back
    plays = [r for r in rows(db_url, "league:PAGame.PlayResolved") if r[0] == done[0][0]]
    _rewrite(db_url, plays[10], lambda r: r["play"].update(reading="1-1"))
    expected = _fold_says(db_url, plays[10][0])
    assert f"position {plays[10][1]}: the recorded play differs" in expected
    assert _audit_says(db_url, monkeypatch, "1") == [expected]


def _unknown_play(r: dict[str, Any]) -> None:
    r["decision"] = {"type": "strategy", "set": {"play": "a play nobody knows"}}


def _steal_from_nowhere(r: dict[str, Any]) -> None:
    r["decision"] = {"type": "steal", "runners": [1, 2, 3]}


@pytest.mark.parametrize("change", [_unknown_play, _steal_from_nowhere], ids=["strategy", "steal"])
def test_a_decision_the_play_refuses_is_named_at_the_decision_as_the_fold_names_it(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch, change: Callable[[dict[str, Any]], None]) -> None:
    """The audit checks a strategy or a steal on the play it sets up (only a play that fails checks it on
    its own): the problem is still the decision's, at its position, in the fold's words."""
    strat_season(sqlite_url).close()
    drop_guard(sqlite_url)
    decided = [r for r in rows(sqlite_url, "league:PAGame.DecisionMade")
               if json.loads(r[2])["decision"]["type"] == "strategy"]
    assert decided, "the auto-manager records strategy decisions"
    row = decided[len(decided) // 2]
    _rewrite(sqlite_url, row, change)
    expected = _fold_says(sqlite_url, row[0])
    assert f"position {row[1]}: " in expected
    assert _audit_says(sqlite_url, monkeypatch, "1") == [expected]
