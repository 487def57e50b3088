"""Events chained and encoded in the process that made them, stored as they are.

A simulated plate-appearance game is played out in a forked worker
(:mod:`league.rules.pa.pool`) and makes a few hundred events (an Inside Pitch
game about 250: every pitch-level happening is one).  Chaining each event
(:func:`league.domain.base.link_hash`), encoding it to JSON and compressing
it (:mod:`league.adapters.event_bytes`) is most of what writing an event costs;
done in the one process that saves, that was most of a season's time,
while the workers waited.  So a worker seals its game before sending it
back: the pending events are chained exactly as a save would chain them,
and turned into their stored form with the application's own mapper (the
same transcoder, topic codes and compression dictionary).  The saving
process then only inserts the rows, in the same transaction and the same
order as before, so the log, its hash chain and every read of it are what
they would have been -- only where the work is done has changed.

The sealed events ride on the aggregate (``LeagueAggregate.collect_events``
hands them out first, then any event made after sealing, chained on), and
:class:`SealingMapper` passes them through to the recorder untouched; the
recorders leave a state that is already a zstd frame as it is
(:func:`league.adapters.event_bytes.compressed`).
"""

from __future__ import annotations

from typing import Any, NamedTuple
from uuid import UUID

from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from league.adapters.event_bytes import stored_state, stored_topic


class SealedEvent(NamedTuple):
    """One event in its stored form (a tuple: cheap to send back from a worker)."""

    originator_id: UUID | str
    originator_version: int
    topic: str  # as stored: the topic's code
    state: bytes  # as stored: the compressed JSON


def seal(aggregate: Any, mapper: Mapper[Any]) -> None:
    """Chain and encode ``aggregate``'s pending events now; its next save stores them as they are."""
    events = aggregate.collect_events()  # chained, as a save would chain them
    if not events:
        return
    parts = mapper.stored_parts if isinstance(mapper, SealingMapper) else None
    sealed = []
    for e in events:
        if type(e) is not SealedEvent:  # one sealed before is in its stored form already
            found = parts(e) if parts is not None else None
            if found is None:
                s = mapper.to_stored_event(e)
                found = (s.originator_id, s.originator_version, s.topic, s.state)
            # what the recorder's compressed() would store, made here without a StoredEvent
            e = SealedEvent(found[0], found[1], stored_topic(found[2]), stored_state(found[3]))
        sealed.append(e)
    aggregate._sealed = sealed


class SealingMapper(Mapper[Any]):
    """The application's mapper: sealed events are already in their stored form."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        if type(domain_event) is SealedEvent:
            # Passed on as it is: it has a StoredEvent's four fields, by name, which is all the library and
            # the recorders read of one (and they keep a topic and a state already stored-form as they
            # are).  Rebuilding it as a StoredEvent, a frozen dataclass set field by field, would be work
            # for the saving process, which every worker waits on, on each of a season's sealed events.
            return domain_event  # type: ignore[return-value]
        found = self.stored_parts(domain_event)
        if found is None:
            return super().to_stored_event(domain_event)
        return StoredEvent(*found)

    def stored_parts(self, domain_event: Any) -> tuple[Any, int, str, bytes] | None:
        """The library's :meth:`Mapper.to_stored_event` as a tuple (id, version, topic, JSON), or None where
        its other steps apply: a class version above 1, the mapper's own compression or encryption.

        Every event of a season passes here (250,000 of a Strat-O-Matic one, sealed in the workers), and
        the library's generic steps -- a dict built from ``vars``, the lookups of those steps, a frozen
        StoredEvent set field by field -- cost as much as the encoding itself.
        ``tests/unit/test_sealed_events.py`` holds the two equal.
        """
        cls = type(domain_event)
        if self.compressor is not None or self.cipher is not None or getattr(cls, "class_version", 1) > 1:
            return None
        state = domain_event.__dict__.copy()
        originator_id = state.pop("originator_id")
        originator_version = state.pop("originator_version")
        return originator_id, originator_version, get_topic(cls), self.transcoder.encode(state)
