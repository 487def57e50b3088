"""Game show, the schedule and the website say how each game was played and show a hold; the log and the
website say who made each entry.  On SQLite and PostgreSQL alike.

A small Strat-O-Matic league: the first day simulated, alice plays one game of the second day by hand to
its end and begins the other, which ``sim --finish-in-progress`` finishes.  Voiding the first day's game
of alice's clubs with ``--cascade`` holds her game for review (her rolls no longer stand), and the
commissioner settles it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from commands.cli import cli
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import ok
from tests.e2e.test_hand_play_cli import SCHEDULE  # two days of the four clubs' games, and one more

SIMMED, OTHER_SIMMED = "BRK202404010", "DUN202404010"
HAND, BOTH, UNPLAYED = "BRK202404020", "CDR202404020", "CDR202404030"


def as_json(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def schedule(db: str) -> dict[str, dict[str, Any]]:
    return {g["game"]: g for g in as_json(db, "schedule", "list")}


@pytest.fixture
def league(db_url: str, tmp_path: Path) -> str:
    db = db_url
    ok(db, "init", "--name", "S", "--ruleset", "strat-o-matic", "--seed", "1")
    ok(db, "teams", "import", *(str(CARD_SET / f"{t}.txt") for t in ("ANV", "BRK", "CDR", "DUN")))
    sched = tmp_path / "s.csv"
    sched.write_text(SCHEDULE)
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--through", "2024-04-01")
    # step: alice plays one game by hand to its end and begins the other
    ok(db, "game", "start", HAND, "--actor", "alice")
    ok(db, "game", "roll", HAND, "--to", "half", "--actor", "alice")
    ok(db, "game", "roll", HAND, "--to", "game", "--actor", "alice")
    ok(db, "game", "start", BOTH, "--actor", "alice")
    ok(db, "game", "roll", BOTH, "--to", "half", "--actor", "alice")
    return db


def test_show_log_and_schedule_say_who_played_and_what_is_held(league: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    db = league
    games = schedule(db)
    assert {g: (r["status"], r["played_by"], r["held"]) for g, r in games.items()} == {
        SIMMED: ("played", "computer", None), OTHER_SIMMED: ("played", "computer", None),
        HAND: ("played", "hand", None), BOTH: ("in-progress", "hand", None),
        UNPLAYED: ("scheduled", None, None)}
    # step: the computer finishes the game alice began
    ok(db, "sim", "--through", "2024-04-02", "--finish-in-progress")
    assert schedule(db)[BOTH]["played_by"] == "both"
    shown = ok(db, "game", "show", BOTH)
    assert "Played by: both (alice, then the auto-manager)" in shown.splitlines()[1]
    assert "Held for review" not in shown
    log = as_json(db, "game", "log", BOTH)
    makers = [e["by"] for e in log if e["type"] in ("Rolled", "PlayResolved")]
    handed = makers.index("auto-manager")
    assert handed > 0 and set(makers[:handed]) == {"alice"} and set(makers[handed:]) == {"auto-manager"}
    [change] = [e for e in log if e["type"] == "HandsChanged"]
    assert change["summary"] == "from here: the auto-manager" and change["hands"] == "auto-manager"
    decisions = [e for e in log if e["type"] == "DecisionMade"]
    assert decisions and all(e["by"] == e["actor"] for e in decisions)
    assert all("by" not in e for e in log if e["type"] in ("Started", "Completed", "HandsChanged"))
    assert ok(db, "game", "show", SIMMED).splitlines()[1] == "Played by: computer"

    # step: voiding the first day's game holds alice's game for review (her rolls no longer stand)
    ok(db, "void", SIMMED, "--reason", "x", "--cascade")
    games = schedule(db)
    held = games[HAND]["held"]
    assert held is not None and held["position"] > 1 and "alice" in held["reason"]
    assert (games[HAND]["status"], games[HAND]["played_by"]) == ("played", "hand")
    assert (games[SIMMED]["status"], games[SIMMED]["played_by"], games[SIMMED]["held"]) == ("voided", "computer", None)
    assert games[BOTH]["held"] is None
    table = ok(db, "schedule", "list")
    assert "Played" in table.splitlines()[1]
    row = next(line for line in table.splitlines() if line.startswith(HAND))
    assert "played, held" in row and "hand" in row
    unplayed = next(line for line in table.splitlines() if line.startswith(UNPLAYED))
    assert "scheduled" in unplayed and not any(w in unplayed for w in ("hand", "computer", "both"))

    shown = ok(db, "game", "show", HAND).splitlines()
    assert shown[1] == "Played by: hand (alice)"
    assert shown[2] == (f"Held for review: {held['reason']} (stops at position {held['position']}); "
                        "settle with 'league review'")
    box = as_json(db, "game", "show", HAND)
    assert (box["played_by"], box["hands"], box["held"]) == ("hand", [[1, "alice"]], held)
    log = as_json(db, "game", "log", HAND)
    assert {e["by"] for e in log if e["type"] in ("Rolled", "PlayResolved", "DecisionMade")} == {"alice"}
    assert log[-1]["type"] == "Held" and log[-1]["summary"].startswith(f"held for review: {held['reason']}")
    text = ok(db, "game", "log", HAND)
    assert " by " in text.splitlines()[1] and "held for review:" in text

    # step: the fast read (events straight from the store) and the aggregate say the same
    for args in (["game", "show", HAND], ["game", "show", HAND, "--json"], ["game", "log", HAND],
                 ["game", "show", BOTH, "--json"], ["game", "log", BOTH, "--json"]):
        said = []
        for fast in ("1", "0"):
            monkeypatch.setenv("LEAGUE_FAST_READS", fast)
            r = CliRunner().invoke(cli, ["--db", db, *args])
            assert r.exit_code == 0, (args, r.output)
            said.append(r.output)
        assert said[0] == said[1], args
    monkeypatch.delenv("LEAGUE_FAST_READS")

    # step: the view says what each game says of itself, and a rebuild says it again
    before = schedule(db)
    for gid, r in before.items():
        if r["played_by"] is not None:
            assert as_json(db, "game", "show", gid)["played_by"] == r["played_by"], gid
    ok(db, "projections", "rebuild")
    assert schedule(db) == before

    # step: the website shows how each game was played, and the hold
    site = tmp_path / "site"
    ok(db, "site", "build", str(site))
    page = (site / "games" / f"{HAND}.html").read_text()
    assert '<p class="playedby">Played by hand (alice).</p>' in page
    assert "Held for the commissioner's review" in page and f"position {held['position']}" in page
    assert "<th scope=\"col\">By</th>" in page and "<td>alice</td>" in page
    assert "Played by both (alice, then the auto-manager)." in (site / "games" / f"{BOTH}.html").read_text()
    assert "held for review" in (site / "schedule.html").read_text()
    assert "held for review" in (site / "clubs" / "brk.html").read_text()

    # step: the commissioner settles the hold; the log, the schedule and the website say so
    ok(db, "review", "accept", HAND, "--reason", "both managers agree", "--actor", "carol")
    assert as_json(db, "game", "log", HAND)[-1]["summary"] == "hold settled: accepted by carol (both managers agree)"
    assert schedule(db)[HAND]["held"] is None and schedule(db)[HAND]["status"] == "played"
    assert "Held for review" not in ok(db, "game", "show", HAND)
    ok(db, "site", "build", str(site))
    assert "held for review" not in (site / "schedule.html").read_text()
    page = (site / "games" / f"{HAND}.html").read_text()
    assert "Held for the commissioner" not in page and "hold settled: accepted by carol" in page
    # step: undoing the settling holds the game again, in the view as in the game
    ok(db, "undo", "--reason", "not yet")
    assert schedule(db)[HAND]["held"] == held
