"""How a new SQLite league stores its events: 16-byte aggregate ids and coded topics, read back unchanged."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from uuid import uuid4

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from league.adapters.sqlite_store import BINARY_IDS
from league.application.verify import verify
from league.bootstrap import open_app
from tests.integration.test_tamper_evidence import season


def raw_rows(db: str) -> list[tuple[str, str, str]]:
    with sqlite3.connect(db) as c:
        return c.execute("SELECT typeof(originator_id), topic, typeof(state) FROM stored_events").fetchall()


def test_a_new_league_keys_events_by_16_byte_ids_and_reads_back_the_same_uuids(tmp_path: Path) -> None:
    db = str(tmp_path / "new.db")
    app = season(db)
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == BINARY_IDS
        lengths = {n for (n,) in c.execute("SELECT DISTINCT length(originator_id) FROM stored_events")}
    rows = raw_rows(db)
    assert {kind for kind, _, _ in rows} == {"blob"} and lengths == {16}
    assert all(topic.startswith("~") for _, topic, _ in rows)
    ids = {n.originator_id for n in app.recorder.select_notifications(1, 100000)}
    assert all(not isinstance(i, bytes) for i in ids)
    # an aggregate read by its UUID finds its events: the league and its games load
    reopened = open_app(db)
    assert len(reopened.league().games) == len(app.league().games)
    assert verify(reopened).ok


def test_a_second_event_at_the_same_version_is_still_refused(tmp_path: Path) -> None:
    app = open_app(str(tmp_path / "new.db"))
    oid = uuid4()
    event = StoredEvent(oid, 1, "league:Journal.Started", b'{"chain":"x"}')
    app.recorder.insert_events([event])
    with pytest.raises(IntegrityError):
        app.recorder.insert_events([event])
    assert [e.originator_id for e in app.recorder.select_events(oid)] == [oid]
