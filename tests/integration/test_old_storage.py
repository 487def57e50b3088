"""Databases stored in an earlier compressed form keep working after each storage change.

tests/fixtures/old_db/dictionary-1 holds the old-database scenarios as
written by the commit before dictionary 2 and topic codes, and
dictionary-2 as written by the last commit that compressed with dictionary 2
(README.md in each).  Today's code must read them as that code did (same
seal, audit figures and views), play on in them (appending events in the new
form beside the old), and still verify them against the seal published then.
The plain-JSON set from before compression is checked by test_old_database.py.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import zstandard

from league.adapters.event_bytes import DICTIONARY_ID, TOPIC_MARK, ZSTD_MAGIC
from tests.integration.test_old_database import (
    assert_kept,
    assert_only_appended,
    audit_passes,
    finish_in_progress_by_hand,
    league,
    league_json,
    make,
    rewind_and_replay_pennant_race,
    stored_log,
)

OLD_DB = Path(__file__).resolve().parent.parent / "fixtures" / "old_db"
PR, STRAT = make.PENNANT_RACE_DB, make.STRAT_DB
# Each set as written: the dictionary its frames name, whether its topics are coded, its ids' column type.
# dictionary-3 is today's stored form written by the code before games kept their hands and holds: it
# holds old events' meaning steady (dictionary-3/README.md), not an old form.
SETS = {"dictionary-1": (1, False, "text"), "dictionary-2": (2, True, "blob"), "dictionary-3": (3, True, "blob")}
TODAYS_FORM = {"dictionary-3"}
FIXTURES = [(folder, name) for folder in SETS for name in (PR, STRAT)]
OLD_GAME = {PR: "BOS198804040", STRAT: "BRK202404010"}  # finished games no test disputes


def old_copy(tmp_path: Path, folder: str, name: str) -> str:
    shutil.copy(OLD_DB / folder / name, tmp_path / name)
    return str(tmp_path / name)


def expected(folder: str, name: str) -> dict[str, Any]:
    return json.loads((OLD_DB / folder / name.replace(".db", ".expected.json")).read_text())


def stored_forms(db: str, committed: bool = False) -> tuple[set[int], set[bool]]:
    """The dictionaries the stored frames name, and whether topics are stored coded (True) or in full.

    A ``committed`` fixture is opened read-only and immutable: one missing from a checkout (a *.db the
    ignore rules kept out) fails as missing rather than being created empty, and one in WAL mode gets
    no -wal or -shm beside it.  A copy a test played on is read with its write-ahead log.
    """
    with sqlite3.connect(f"file:{db}?mode=ro{'&immutable=1' if committed else ''}", uri=True) as c:
        rows = c.execute("SELECT topic, state FROM stored_events").fetchall()
    dictionaries = {zstandard.get_frame_parameters(bytes(s)).dict_id for _, s in rows if bytes(s)[:4] == ZSTD_MAGIC}
    return dictionaries, {t.startswith(TOPIC_MARK) for t, _ in rows}


@pytest.mark.parametrize("folder,name", FIXTURES)
def test_the_fixture_holds_the_old_stored_form(folder: str, name: str) -> None:
    dict_id, coded, _ = SETS[folder]
    # an old form, today's code writes another (or, for a set that holds old meaning, today's)
    assert (dict_id == DICTIONARY_ID) == (folder in TODAYS_FORM)
    assert stored_forms(str(OLD_DB / folder / name), committed=True) == ({dict_id}, {coded})


@pytest.mark.parametrize("folder,name", FIXTURES)
def test_the_log_verifies_with_the_seal_published_then_and_audits_clean(tmp_path: Path, folder: str,
                                                                         name: str) -> None:
    db, old = old_copy(tmp_path, folder, name), expected(folder, name)
    before = stored_log(db)
    assert make.seal_of(league(db, "verify", "--seal")) == old["seal"]
    figures = re.search(r"\d+ events in \d+ game\(s\)", old["audit"])
    assert figures is not None and figures.group(0) in audit_passes(db)
    assert stored_log(db) == before


@pytest.mark.parametrize("folder,name", FIXTURES)
def test_the_league_shows_what_it_showed_then(tmp_path: Path, folder: str, name: str) -> None:
    db, old = old_copy(tmp_path, folder, name), expected(folder, name)
    for view, args in make.LEAGUE_VIEWS[name].items():
        assert_kept(old[view], league_json(db, *args), view)


@pytest.mark.parametrize("folder,name", FIXTURES)
def test_playing_on_appends_the_new_form_beside_the_old_and_the_old_seal_holds(tmp_path: Path, folder: str,
                                                                               name: str) -> None:
    db, old = old_copy(tmp_path, folder, name), expected(folder, name)
    dict_id, coded, ids = SETS[folder]
    before = stored_log(db)
    untouched = OLD_GAME[name]
    old_log = league_json(db, "game", "log", untouched, "--json")
    if name == PR:
        rewind_and_replay_pennant_race(db)
    else:
        finish_in_progress_by_hand(db)
    assert "is the one sealed" in league(db, "verify", "--against", old["seal"])
    assert_only_appended(before, db)
    assert stored_forms(db) == ({dict_id, DICTIONARY_ID}, {coded, True})
    with sqlite3.connect(db) as c:  # an old database keeps its ids' form: one form per aggregate
        assert {k for (k,) in c.execute("SELECT DISTINCT typeof(originator_id) FROM stored_events")} == {ids}
    assert league_json(db, "game", "log", untouched, "--json") == old_log
    # the game played on, partly in the new form, explains every roll in its log
    replayed = make.STRAT_IN_PROGRESS if name == STRAT else make.PR_LAST_PLAYED
    log = [e for e in league_json(db, "game", "log", replayed, "--json") if not e["superseded"]]
    # (a Strat game explains each plate appearance; a Pennant Race game its whole outcome)
    explained = {"PlayResolved": "play"} if name == STRAT else {"Completed": "explanation"}
    assert any(entry["type"] in explained for entry in log)
    for entry in log:
        if entry["type"] in explained:
            assert entry[explained[entry["type"]]], entry
    assert log[-1]["type"] == "Completed"
