"""A chain link is the hash of one canonical writing, however it is computed: stored chains never change."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta, timezone
from typing import Any
from uuid import UUID

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.base import GENESIS, _default, iso_datetime, link_hash

# What every stored chain link was computed from: sorted keys, datetimes and UUIDs by _default,
# keys that are not strings written as strings.
_CANONICAL = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS


def _canonical(prev: str, topic: str, state: dict[Any, Any]) -> str:
    body = {k: v for k, v in state.items() if k != "chain"}
    return hashlib.sha256(orjson.dumps([prev, topic, body], option=_CANONICAL, default=_default)).hexdigest()


_leaves = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8),
                    st.floats(allow_nan=False, allow_infinity=False))
_values = st.recursive(_leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.text(max_size=6), inner, max_size=4),
    st.dictionaries(st.integers(0, 99), inner, max_size=3)), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(state=st.dictionaries(st.text(max_size=8), _values, max_size=6))
def test_a_link_is_the_hash_of_the_canonical_writing_whatever_the_keys(state: dict[str, Any]) -> None:
    assert link_hash(GENESIS, "league:Game.Rolled", state) == _canonical(GENESIS, "league:Game.Rolled", state)


def test_an_event_with_a_timestamp_an_id_and_numbered_keys_links_as_it_always_did() -> None:
    state = {"originator_id": UUID(int=7), "originator_version": 3, "chain": "ignored",
             "timestamp": datetime(2026, 11, 27, 20, 41, 12, 123456, tzinfo=timezone.utc),
             "innings": {1: [0, 2], 2: [1, 0]}, "batter": "SAA-03"}
    assert link_hash("a" * 64, "league:PAGame.PlayResolved", state) == _canonical("a" * 64, "league:PAGame.PlayResolved", state)


@settings(max_examples=500, deadline=None)
@given(moment=st.datetimes(timezones=st.sampled_from([timezone.utc, timezone(timedelta(hours=9, minutes=30)), None])))
def test_a_timestamp_is_written_as_isoformat_writes_it_in_every_zone(moment: datetime) -> None:
    # Every stored link and every stored timestamp holds isoformat's text; the fast writing must too.
    assert iso_datetime(moment) == moment.isoformat()
    state = {"originator_id": UUID(int=1), "timestamp": moment}
    assert link_hash(GENESIS, "league:Game.Rolled", state) == _canonical(GENESIS, "league:Game.Rolled", state)
