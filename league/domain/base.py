"""The base of every League aggregate: stable topics and a hash chain.

Each stored event carries ``chain``: the SHA-256 of the event's content
(aggregate id, version, topic, timestamp, fields) and the previous event's
``chain``.  ``league verify`` recomputes the links, so an edited, deleted,
reordered or foreign event breaks the chain where it happened.
"""

from __future__ import annotations

import hashlib

import orjson
from datetime import date, datetime
from typing import Any, Mapping, Sequence
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

GENESIS = "0" * 64
_SKIP = frozenset({"chain"})


def _default(o: Any) -> Any:
    if isinstance(o, UUID):
        return o.hex
    if isinstance(o, (datetime, date)):
        return o.isoformat()
    raise TypeError(f"not JSON-able: {type(o).__name__}")


def link_hash(prev: str, topic: str, state: Mapping[str, Any]) -> str:
    """The chain value of one event given the previous one.

    The content is canonical JSON (sorted keys, UUIDs as hex, datetimes in
    ISO form) written by orjson, which is several times faster than the
    standard library here and this runs once per event written or verified.
    """
    body = {k: v for k, v in state.items() if k not in _SKIP}
    # Written without OPT_NON_STR_KEYS first: it costs orjson a third more on every dict, and for
    # keys that are all strings (nearly every event) the bytes are the same.  A key that is not a
    # string makes orjson refuse (a TypeError), and then the option writes it as it always has.
    try:
        payload = orjson.dumps([prev, topic, body], option=_SORTED, default=_default)
    except TypeError:
        payload = orjson.dumps([prev, topic, body], option=_SORTED | orjson.OPT_NON_STR_KEYS, default=_default)
    return hashlib.sha256(payload).hexdigest()


_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME


class LeagueAggregate(Aggregate):
    """Aggregate whose events are chained by hash when they are collected."""

    class Event(Aggregate.Event):
        def apply(self, aggregate: Any) -> None:
            chain = self.__dict__.get("chain")
            if chain is not None:
                aggregate._chain_head = chain

    class Created(Event, Aggregate.Created):
        pass

    _chain_head: str = GENESIS

    def collect_events(self) -> Sequence[Any]:
        # Events a worker process already chained and encoded (league.adapters.sealed) come first.
        sealed = self.__dict__.pop("_sealed", ())
        events = super().collect_events()
        head = self._chain_head
        for e in events:
            head = link_hash(head, get_topic(type(e)), vars(e))
            object.__setattr__(e, "chain", head)
        self._chain_head = head
        return [*sealed, *events] if sealed else events
