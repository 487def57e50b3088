"""Super advanced revision 4 through the CLI: a 29.3 passed ball off the Super Advanced Fielding Chart is
its own play, a rewind lands between it and the next roll, and the box score charges the catcher."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.test_strat_super_cli import _league as super_league, ok


def _league(tmp_path: Path) -> str:
    # seed 104: the second game has a 29.3 passed ball (the catcher's P/P or P/F, no error, runners on);
    # seed 18 had one before the shipped cards carried lead: ratings (their steals change the games)
    db = super_league(tmp_path, seed="104", days=2)
    ok(db, "sim", "--quiet")
    return db


def _chart_passed_ball(log: list[dict[str, Any]]) -> int:
    return next(i for i, e in enumerate(log) if e["type"] == "PlayResolved"
                and e["play"]["type"] == "passed_ball" and any(s.get("rule") == "29.3" for s in e["play"]["steps"]))


def test_a_game_rewound_between_a_29_3_passed_ball_and_the_next_roll(tmp_path: Path) -> None:
    db = _league(tmp_path)
    g = "BRK202404020"
    log = json.loads(ok(db, "game", "log", g, "--json"))
    assert log[0]["setup"]["level"] == "super+r4"
    i = _chart_passed_ball(log)
    pb, nxt = log[i], log[i + 1]
    assert pb["play"]["completed"] is False and pb["play"]["result"] == "CATCH-X"
    assert any(s.get("chart") == "super fielding" and s["value"] in ("P/P", "P/F") for s in pb["play"]["steps"])
    # the catcher is charged in the box score
    box = json.loads(ok(db, "game", "show", g, "--json"))
    catcher = pb["play"]["charged"]
    assert any(b["player"] == catcher and b["pb"] >= 1 for side in ("visitor", "home") for b in box[side]["batting"])
    ok(db, "rewind", g, "--to", str(nxt["position"]), "--cascade", "--reason", "check the dice after the passed ball")
    state = json.loads(ok(db, "game", "state", g, "--json"))
    assert state["bases"] == pb["play"]["after"]["bases"] and state["score"] == pb["play"]["after"]["score"]
    assert state["batter"] == pb["play"]["batter"] and state["pending"]["rolls"] == []
    ok(db, "sim", "--quiet", "--finish-in-progress")
    assert "Audit passed" in ok(db, "audit", "--all")
