"""A commissioner settles an early dispute without losing the season.

Voiding (or correcting, or rewinding) the first game of a series with
--cascade: a --dry-run first lists the later games that would change, score
and decisions, storing nothing; the real command changes exactly those; undo
puts every standing back.  A correction that repeats the recorded roll is
refused.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e.cli import make_league, ok, run
from tests.e2e.test_disputes_cli import events

SERIES = "".join(f"1988-04-{d:02d},CAL,TEX\n" for d in range(4, 14))


def test_a_dry_run_lists_the_later_games_that_would_change_and_stores_nothing(tmp_path: Path) -> None:
    db = make_league(tmp_path, SERIES, seed="4")
    ok(db, "sim")
    standings = json.loads(ok(db, "standings", "--json"))
    stored = events(db)
    # step: the preview, in words and as JSON
    shown = ok(db, "void", "TEX198804040", "--cascade", "--dry-run", "--reason", "wrong roster")
    foretold = json.loads(ok(db, "void", "TEX198804040", "--cascade", "--dry-run", "--json", "--reason", "r"))
    # a rewind takes the game's pitchers out of later histories just as a void does
    rewound = json.loads(ok(db, "rewind", "TEX198804040", "--to", "2", "--cascade", "--dry-run", "--json",
                            "--reason", "r"))
    assert events(db) == stored
    assert json.loads(ok(db, "standings", "--json")) == standings
    changes = foretold["cascaded"]
    assert rewound["cascaded"] == changes and rewound["to"] == 2
    assert foretold["dry_run"] is True and changes, "voiding the opener shifts the rotations of both clubs"
    assert shown.startswith("Dry run, nothing stored.") and f"{len(changes)} later game(s) would change" in shown
    for c in changes:
        assert c["game"] in shown and c["before"]["score"] in shown
    # step: the real void changes exactly the foretold games, each keeping its recorded rolls
    done = json.loads(ok(db, "void", "TEX198804040", "--cascade", "--json", "--reason", "wrong roster"))
    assert done["cascaded"] == changes and done["dry_run"] is False
    history = json.loads(ok(db, "history", "--json"))
    assert [c["game"] for c in history[-1]["details"]["cascade"]] == [c["game"] for c in changes]
    assert f"{len(changes)} later game(s) re-resolved" in ok(db, "history", "--game", changes[-1]["game"])
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: undo, as JSON; the standings are the season's again
    undone = json.loads(ok(db, "undo", "--json", "--reason", "the roster was right"))
    assert undone["command"] == "void"
    assert json.loads(ok(db, "standings", "--json")) == standings


def test_without_cascade_a_dispute_with_later_games_is_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    db = make_league(tmp_path, SERIES, seed="4")
    ok(db, "sim")
    stored = events(db)
    r = run(db, "rewind", "TEX198804040", "--to", "2", "--reason", "x")
    assert r.exit_code == 1 and "--later stand" in r.output and "--cascade" in r.output and "TEX198804050" in r.output
    assert events(db) == stored


def test_a_correction_that_repeats_the_recorded_roll_is_refused(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-04-04,CAL,TEX\n", seed="3")
    ok(db, "play", "TEX198804040", "--dice", "-", input="556\n452\n")
    stored = events(db)
    r = run(db, "correct", "TEX198804040", "--position", "2", "--roll", "556", "--reason", "typo")
    assert r.exit_code == 1
    assert "position 2 of TEX198804040 already holds the roll 556; nothing to correct" in r.output
    assert events(db) == stored


def test_the_game_log_marks_the_rolls_a_cascade_drew_afresh(tmp_path: Path) -> None:
    import datetime as dt

    from league.bootstrap import open_app
    from league.rules.strat.team_file import read_card_team
    from league.adapters.schedule import balanced_schedule
    from league.rules.strat.roster import CARD_SET

    db = str(tmp_path / "strat.db")
    app = open_app(db)
    app.create_league("s", "strat-o-matic", "w1", actor="test")
    teams = ["ANV", "BRK"]
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in teams], actor="test")
    app.import_schedule(balanced_schedule(teams, 6, dt.date(2024, 4, 1), seed=3), "b", "test")
    app.simulate(actor="test")
    first = min(app.league().games, key=lambda g: (app.league().games[g]["date"], g))
    app.close()
    # step: voiding the opener shifts both rotations; the later games replay their own rolls
    done = json.loads(ok(db, "void", first, "--cascade", "--json", "--reason", "forfeit"))
    fresh = [c for c in done["cascaded"] if c["fresh_rolls"]]
    assert fresh, "a new starter means new plate appearances, so some rolls were never rolled"
    log = json.loads(ok(db, "game", "log", fresh[0]["game"], "--json"))
    marked = [e for e in log if e.get("fresh") and not e["superseded"]]
    assert len(marked) == fresh[0]["fresh_rolls"]
    assert all("[fresh roll, drawn in a cascade]" in e["summary"] for e in marked)
    assert "Audit passed" in ok(db, "audit", "--all")


def test_a_later_game_stopped_mid_way_is_sent_back_to_unplayed_when_its_setup_changes(tmp_path: Path) -> None:
    db = make_league(tmp_path, SERIES, seed="4")
    ok(db, "sim")
    ok(db, "rewind", "TEX198804130", "--to", "2", "--reason", "being replayed by hand")
    done = json.loads(ok(db, "void", "TEX198804040", "--cascade", "--json", "--reason", "wrong roster"))
    last = next(c for c in done["cascaded"] if c["game"] == "TEX198804130")
    assert last["status"] == "sent back to unplayed" and last["after"] is None
    assert json.loads(ok(db, "game", "show", "TEX198804130", "--json"))["status"] == "scheduled"
    ok(db, "undo", "--reason", "the roster was right")
    assert json.loads(ok(db, "game", "show", "TEX198804130", "--json"))["status"] == "in progress"
