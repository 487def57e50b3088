"""Settling a dispute from the command line: the commissioner's story.

A game is played with physical dice; the home manager says his roll was
typed wrong; the commissioner audits, rewinds, replays, checks the history,
then changes his mind and undoes it.  Every step is a new event.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.e2e.cli import make_league, ok, run


def events(db: str) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT count(*) FROM stored_events").fetchone()[0])


def test_a_disputed_roll_is_rewound_replayed_and_undone(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-04-04,CAL,TEX\n", seed="3")
    # step: played with physical dice
    ok(db, "play", "TEX198804040", "--dice", "-", "--actor", "commish", input="556\n452\n")
    first = json.loads(ok(db, "game", "show", "TEX198804040", "--json"))
    assert "Audit passed" in ok(db, "audit", "TEX198804040")
    # step: the home roll (position 3) was really 665: rewind to it and roll again
    log = json.loads(ok(db, "game", "log", "TEX198804040", "--json"))
    home_roll = next(e for e in log if e["type"] == "DiceRolled" and e["team"] == "home")
    assert home_roll["dice"] == "452" and home_roll["position"] == 3
    ok(db, "rewind", "TEX198804040", "--to", "3", "--reason", "home roll mistyped", "--actor", "commish")
    reopened = json.loads(ok(db, "game", "show", "TEX198804040", "--json"))
    assert reopened["status"] == "in progress" and reopened["home"]["runs"] is None
    standings = json.loads(ok(db, "standings", "--json"))
    assert sum(r["w"] for r in standings) == 0  # the result no longer counts
    ok(db, "play", "TEX198804040", "--dice", "-", input="665\n")
    replayed = json.loads(ok(db, "game", "show", "TEX198804040", "--json"))
    assert replayed["home"]["runs"] == 0  # 665 beats McCoy's SHO 664
    log = json.loads(ok(db, "game", "log", "TEX198804040", "--json"))
    assert [e["superseded"] for e in log if e["type"] in ("DiceRolled", "Completed")] == [
        False, True, True, False, False
    ]
    assert "Audit passed" in ok(db, "audit", "--all")
    assert "every link intact" in ok(db, "verify")
    # step: the journal says who did what and why
    history = json.loads(ok(db, "history", "--game", "TEX198804040", "--json"))
    me = history[0]["actor"]  # --actor defaults to the OS user
    assert [(h["command"], h["actor"]) for h in history] == [
        ("schedule import", me), ("play", "commish"), ("rewind", "commish"), ("play", me)
    ]
    assert history[2]["reason"] == "home roll mistyped"
    # step: undo the replay and the rewind: the first result stands again
    ok(db, "undo", "--reason", "manager withdrew the complaint")
    ok(db, "undo", "--reason", "manager withdrew the complaint")
    back = json.loads(ok(db, "game", "show", "TEX198804040", "--json"))
    assert back == first
    assert "every link intact" in ok(db, "verify")


def test_correct_replaces_one_roll_and_keeps_the_rest(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-04-04,CAL,TEX\n", seed="3")
    ok(db, "play", "TEX198804040", "--dice", "-", "--home-starter", "JOSE GUZMAN", input="556\n452\n")
    before = events(db)
    bad = run(db, "correct", "TEX198804040", "--position", "2", "--roll", "756", "--reason", "x")
    assert bad.exit_code == 1 and "756" in bad.output and events(db) == before
    ok(db, "correct", "TEX198804040", "--position", "2", "--roll", "645", "--reason", "typo")
    show = json.loads(ok(db, "game", "show", "TEX198804040", "--json"))
    assert show["visitor"]["runs"] == 0 and show["status"] == "final"  # 645 beats Guzman's SHO 644
    log = json.loads(ok(db, "game", "log", "TEX198804040", "--json"))
    live = [e["dice"] for e in log if e["type"] == "DiceRolled" and not e["superseded"]]
    assert live == ["645", "452"]  # the home roll was kept
    assert "Audit passed" in ok(db, "audit", "--all")


def test_audit_of_an_unplayed_game_and_a_bad_rewind_are_refused(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-04-04,CAL,TEX\n", seed="3")
    assert run(db, "audit", "TEX198804040").exit_code == 1
    ok(db, "play", "TEX198804040")
    before = events(db)
    r = run(db, "rewind", "TEX198804040", "--to", "99", "--reason", "x")
    assert r.exit_code == 1 and "position 99" in r.output and events(db) == before
    assert run(db, "rewind", "TEX198804040", "--to", "2").exit_code == 2  # --reason is required


def test_undoing_a_rewind_brings_the_result_back_into_the_standings(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-04-04,CAL,TEX\n", seed="3")
    ok(db, "play", "TEX198804040")
    before = json.loads(ok(db, "standings", "--json"))
    ok(db, "rewind", "TEX198804040", "--to", "2", "--reason", "x")
    assert sum(r["w"] for r in json.loads(ok(db, "standings", "--json"))) == 0
    ok(db, "undo", "--reason", "rewound the wrong game")
    assert json.loads(ok(db, "standings", "--json")) == before
    ok(db, "void", "TEX198804040", "--reason", "y")
    ok(db, "undo", "--reason", "void was a mistake")
    assert json.loads(ok(db, "standings", "--json")) == before
    ok(db, "projections", "rebuild")
    assert json.loads(ok(db, "standings", "--json")) == before


def test_a_seal_printed_by_verify_is_checked_later(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-04-04,CAL,TEX\n1988-04-05,CAL,TEX\n", seed="3")
    ok(db, "play", "TEX198804040")
    sealed = ok(db, "verify", "--seal").split("Seal: ", 1)[1].strip()
    position, fingerprint = sealed.split(":")
    assert int(position) == events(db) and len(fingerprint) == 64
    ok(db, "play", "TEX198804050")  # the log grows; the sealed part stays as it was
    assert f"up to event {position} is the one sealed" in ok(db, "verify", "--against", sealed)
    wrong = run(db, "verify", "--against", f"{position}:{'0' * 64}")
    assert wrong.exit_code == 1 and f"BROKEN: seal {position}: the log up to event" in wrong.output
    assert run(db, "verify", "--against", "not-a-seal").exit_code == 2


def test_a_worker_count_that_is_not_a_number_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = make_league(tmp_path, "1988-04-04,CAL,TEX\n", seed="3")
    ok(db, "play", "TEX198804040")
    monkeypatch.setenv("LEAGUE_AUDIT_WORKERS", "two")
    bad = run(db, "audit", "--all")
    assert bad.exit_code == 1 and "LEAGUE_AUDIT_WORKERS='two': expected a whole number" in bad.output
