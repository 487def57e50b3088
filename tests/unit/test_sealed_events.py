"""The mapper's short way to an event's stored form gives what the library's ``Mapper.to_stored_event`` gives:
the same id, version, topic and bytes, for events stored by the saving process and for events a worker seals."""

from __future__ import annotations

import datetime as dt
from typing import Any, Iterator

import orjson
import pytest
from eventsourcing.domain import event
from eventsourcing.persistence import Mapper

from league.adapters.event_bytes import compressed, decompressed
from league.adapters.sealed import SealedEvent, SealingMapper, seal
from league.bootstrap import open_app
from league.domain.base import LeagueAggregate
from league.rules.pa.game import PAGame
from league.domain.staff import Staff

WHEN = dt.datetime(2024, 4, 1, 12, 0, 5, 250, tzinfo=dt.timezone.utc)


@pytest.fixture()
def mapper(tmp_path: Any) -> Iterator[SealingMapper]:
    app = open_app(str(tmp_path / "l.db"))
    try:
        assert isinstance(app.mapper, SealingMapper)
        yield app.mapper
    finally:
        app.close()


def _game() -> PAGame:
    g = PAGame(game="SAA202404010", date="2024-04-01", number=0, visitor="SAA", home="SAB",
               ruleset="strat-o-matic", ruleset_version="strat-3", setup={"level": "basic", "order": [3, 1]},
               dice_source="seeded", actor="t")
    g.trigger(g.Rolled, timestamp=WHEN, team="visitor", kind="triad", purpose="SAA01 bats", dice="123")
    g.trigger(g.PlayResolved, team="visitor", kind="triad", purpose="SAA01 bats", dice="456",
              play={"type": "plate_appearance", "after": {"outs": 1}, "by_inning": {1: 0}})
    g.trigger(g.DecisionMade, team="home", decision={"type": "strategy", "set": {"held": [1]}}, actor="auto")
    return g


def _staff() -> Staff:
    s = Staff(team="SAA")  # type: ignore[call-arg]
    s.trigger(s.PitchersUsed, game="SAA202404010", date="2024-04-01",
              appearances=[{"pitcher": "SAA14", "role": "start"}])
    return s


def _library(mapper: SealingMapper, e: Any) -> Any:
    return Mapper.to_stored_event(mapper, e)


@pytest.mark.parametrize("make", [_game, _staff])
def test_an_event_is_stored_as_the_library_would_store_it(make: Any, mapper: SealingMapper) -> None:
    events = make().collect_events()
    assert len(events) > 1
    for e in events:
        ours, theirs = mapper.to_stored_event(e), _library(mapper, e)
        assert ours == theirs
        assert ours.state == theirs.state  # byte for byte: key order and the timestamp's text


@pytest.mark.parametrize("make", [_game, _staff])
def test_a_sealed_event_is_what_the_recorder_would_have_stored(make: Any, mapper: SealingMapper) -> None:
    aggregate = make()
    expected = compressed([_library(mapper, e) for e in make().collect_events()])
    seal(aggregate, mapper)
    sealed = aggregate.collect_events()
    assert all(type(s) is SealedEvent for s in sealed)
    assert [s.originator_version for s in sealed] == [x.originator_version for x in expected]
    assert [s.topic for s in sealed] == [x.topic for x in expected]
    # The same JSON once read back (timestamps aside: each aggregate was made at its own moment).
    for s, x in zip(decompressed([mapper.to_stored_event(s) for s in sealed]), decompressed(expected)):
        ours, theirs = mapper.to_domain_event(s), mapper.to_domain_event(x)
        assert {k: v for k, v in vars(ours).items() if k not in ("timestamp", "chain", "originator_id")} == \
            {k: v for k, v in vars(theirs).items() if k not in ("timestamp", "chain", "originator_id")}


class _Versioned(LeagueAggregate):
    class Renamed(LeagueAggregate.Event):
        class_version = 2
        name: str

    @event(Renamed)
    def rename(self, name: str) -> None:
        self.name = name


def test_an_event_with_a_class_version_goes_the_librarys_way(mapper: SealingMapper) -> None:
    a = _Versioned()
    a.rename("x")
    renamed = a.collect_events()[-1]
    assert mapper.stored_parts(renamed) is None
    stored = mapper.to_stored_event(renamed)
    assert stored == _library(mapper, renamed)
    assert orjson.loads(stored.state)["class_version"] == 2
