"""The base of every League aggregate: stable topics and a hash chain.

Each stored event carries ``chain``: the SHA-256 of the event's content
(aggregate id, version, topic, timestamp, fields) and the previous event's
``chain``.  ``league verify`` recomputes the links, so an edited, deleted,
reordered or foreign event breaks the chain where it happened.
"""

from __future__ import annotations

import dataclasses
import hashlib

import orjson
from datetime import date, datetime, timezone
from typing import Any, Mapping, Sequence
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

GENESIS = "0" * 64


def _default(o: Any) -> Any:
    if isinstance(o, UUID):
        return o.hex
    if isinstance(o, (datetime, date)):
        return o.isoformat()
    raise TypeError(f"not JSON-able: {type(o).__name__}")


def link_hash(prev: str, topic: str, state: Mapping[str, Any]) -> str:
    """The chain value of one event given the previous one.

    The content is canonical JSON (sorted keys, UUIDs as orjson writes them, with hyphens, datetimes in
    ISO form) written by orjson, which is several times faster than the
    standard library here and this runs once per event written or verified.
    """
    body = dict(state)  # a copy without the link itself (a copy and a pop: a third of a comprehension's time)
    body.pop("chain", None)
    # Every event's timestamp, written here as _default would, without orjson's call back into Python.
    # (orjson writes a UUID itself, with its hyphens: that is what every stored link holds.)
    timestamp = body.get("timestamp")
    if type(timestamp) is datetime:
        body["timestamp"] = iso_datetime(timestamp)
    # Written without OPT_NON_STR_KEYS first: it costs orjson a third more on every dict, and for
    # keys that are all strings (nearly every event) the bytes are the same.  A key that is not a
    # string makes orjson refuse (a TypeError), and then the option writes it as it always has.
    try:
        payload = orjson.dumps([prev, topic, body], option=_SORTED, default=_default)
    except TypeError:
        payload = orjson.dumps([prev, topic, body], option=_SORTED | orjson.OPT_NON_STR_KEYS, default=_default)
    return hashlib.sha256(payload).hexdigest()


_SORTED = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME


def iso_datetime(moment: datetime) -> str:
    """``moment.isoformat()``.

    Every event's timestamp is written twice (its chain link, its stored JSON) and read once by
    ``verify``; for a timestamp in UTC -- what the library stamps every event with -- orjson writes the
    same RFC 3339 text in a third of ``isoformat``'s time (``tests/unit/test_chain_link.py`` holds them
    equal).  Any other zone is left to ``isoformat``.
    """
    if moment.tzinfo is timezone.utc:
        return orjson.dumps(moment)[1:-1].decode()
    return moment.isoformat()


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

    def trigger(self, event_class: type[Any], **fields: Any) -> None:
        """``trigger_event(event_class, **fields)``: the same event, made without the library's generic steps.

        The library copies the arguments twice, checks the topic, and builds the event through its frozen
        dataclass's __init__, which sets each field by a call of object.__setattr__: steps that add up
        where a season's simulation makes hundreds of thousands of events of the few kinds that use
        this.  Here the fields are set as one dict in the dataclass's order, defaults
        included -- what that __init__ leaves -- then checked by the event's __post_init__ and applied
        as the library's ``mutate`` applies it.  ``tests/unit/test_fast_trigger.py`` holds the two equal.
        """
        rest = _LAYOUTS.get(event_class)
        if rest is None:
            rest = _fields_after_base(event_class, type(self))
        timestamp = fields.pop("timestamp", None)
        state = {"originator_id": self.id, "originator_version": self.version + 1,
                 "timestamp": event_class.create_timestamp() if timestamp is None else timestamp}
        for name, default in rest:
            value = fields.pop(name, default)
            if value is dataclasses.MISSING:
                raise TypeError(f"Can't construct event {event_class}: missing {name!r}")
            state[name] = value
        if fields:
            raise TypeError(f"Can't construct event {event_class}: unexpected {', '.join(map(repr, fields))}")
        e = _new(event_class)
        _set(e, "__dict__", state)
        e.__post_init__()
        if event_class.mutate is _LIBRARY_MUTATE:
            # The library's mutate less its checks that the event is this aggregate's next: it was made so.
            e.apply(self)
            self.version = state["originator_version"]
            self.modified_on = state["timestamp"]
        else:
            e.mutate(self)
        self._pending_events.append(e)

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


_new, _set = object.__new__, object.__setattr__
_LIBRARY_MUTATE = Aggregate.Event.mutate
_BASE_FIELDS = ("originator_id", "originator_version", "timestamp")
_LAYOUTS: dict[type[Any], tuple[tuple[str, Any], ...]] = {}  # see _fields_after_base


def _fields_after_base(event_class: type[Any], aggregate_class: type[Any]) -> tuple[tuple[str, Any], ...]:
    """An event class's own fields after the three every event has, each with its default (MISSING
    for none), in the dataclass's order; the library's check of the class's topic, made once (an
    event class belongs to one aggregate class)."""
    if getattr(aggregate_class, "TOPIC", None):
        from eventsourcing.domain import _check_explicit_topic_is_registered

        _check_explicit_topic_is_registered(event_class)
    out = []
    for f in dataclasses.fields(event_class):
        if f.name in _BASE_FIELDS:
            continue
        if f.default_factory is not dataclasses.MISSING:  # not used by these events: left to the library
            raise TypeError(f"{event_class.__name__}.{f.name} has a default factory: use trigger_event")
        out.append((f.name, f.default))
    assert [f.name for f in dataclasses.fields(event_class)][:3] == list(_BASE_FIELDS)
    _LAYOUTS[event_class] = tuple(out)
    return _LAYOUTS[event_class]
