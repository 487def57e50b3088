"""PostgreSQL stores a save's events as four binary column arrays and reads back exactly what was saved.

The recorder inserts ``unnest`` of one array per column instead of an
array of a composite type (league/adapters/postgres_store.py says why);
these tests hold the rows, their order, their notification ids and the
refusal of a taken version to what the composite insert did.
"""

from __future__ import annotations

import uuid

import pytest

from league.bootstrap import parse_db_url

pytestmark = pytest.mark.postgres


def _factory(pg_url: str):  # type: ignore[no-untyped-def]
    from eventsourcing.utils import Environment

    from league.adapters.postgres_store import Factory

    return Factory(Environment("league", parse_db_url(pg_url).env))


def test_interleaved_aggregates_get_ids_in_save_order_and_read_back_byte_for_byte(pg_url: str) -> None:
    from eventsourcing.persistence import StoredEvent

    recorder = _factory(pg_url).application_recorder()
    game, staff = uuid.uuid4(), uuid.uuid4()
    first = [StoredEvent(game, 1, "league:PAGame.Created", b'{"a":1}'),
             StoredEvent(staff, 1, "league:Staff.Created", b'{"b":"\\u00e9 \\\\ \\" {}"}')]
    # a topic without a code, an odd byte string, a version past 32 bits, and the id as text
    second = [StoredEvent(game, 2, "league:PAGame.Rolled", bytes(range(256)) * 3),
              StoredEvent(str(staff), 2, "somewhere.else:Thing", b"{}"),
              StoredEvent(game, 3_000_000_000, "league:PAGame.Completed", b'{"z":[1,2,3]}')]
    ids = [*recorder.insert_events(first), *recorder.insert_events(second)]

    assert ids == sorted(ids) and len(set(ids)) == 5
    notes = recorder.select_notifications(None, 10)
    assert [n.id for n in notes] == ids
    saved = [*first, *second]
    assert [(n.originator_id, n.originator_version, n.topic, n.state) for n in notes] == [
        (uuid.UUID(str(e.originator_id)), e.originator_version, e.topic, e.state) for e in saved]
    assert [e.state for e in recorder.select_events(game)] == [first[0].state, second[0].state,
                                                               second[2].state]


def test_a_save_with_one_taken_version_stores_none_of_its_events(pg_url: str) -> None:
    from eventsourcing.persistence import IntegrityError, StoredEvent

    recorder = _factory(pg_url).application_recorder()
    game, other = uuid.uuid4(), uuid.uuid4()
    before = recorder.insert_events([StoredEvent(game, 1, "league:Game.Created", b"{}")])
    with pytest.raises(IntegrityError):
        recorder.insert_events([StoredEvent(other, 1, "league:Game.Created", b"{}"),
                                StoredEvent(game, 1, "league:Game.Created", b"{}")])
    assert recorder.select_events(other) == []
    after = recorder.insert_events([StoredEvent(other, 1, "league:Game.Created", b"{}")])
    assert after[0] > before[0]
    assert recorder.max_notification_id() == after[0]


def test_snapshots_are_stored_and_read_back_too(pg_url: str) -> None:
    from eventsourcing.persistence import StoredEvent

    snapshots = _factory(pg_url).aggregate_recorder("snapshots")
    staff = uuid.uuid4()
    snapshots.insert_events([StoredEvent(staff, 40, "league:Staff", b'{"rest":[1,2]}'),
                             StoredEvent(staff, 80, "league:Staff", b'{"rest":[3]}')])
    newest = snapshots.select_events(staff, desc=True, limit=1)
    assert [(e.originator_version, e.topic, e.state) for e in newest] == [(80, "league:Staff", b'{"rest":[3]}')]
