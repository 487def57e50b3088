"""Events and snapshots round-trip through the store's JSON exactly."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from eventsourcing.persistence import JSONTranscoder, TranscodingNotRegisteredError
from hypothesis import given, settings
from hypothesis import strategies as st

from league.application.app import LeagueApp
from league.domain.usage import Appearance


def test_the_fast_encoder_writes_what_the_library_would_and_reads_back_the_same() -> None:
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    fast = app.mapper.transcoder
    plain = JSONTranscoder()
    app.register_transcodings(plain)
    state = {
        "timestamp": dt.datetime(1988, 4, 4, 19, 5, tzinfo=dt.timezone.utc),
        "usage": {"CHARLIE HOUGH": [Appearance(dt.date(1988, 4, 4), "TEX198804040", "start")]},
        "outcome": {"runs": 4, "st": 3.5, "name": "Pete O'Brien \\u00e9", "none": None, "list": [1, 2], "by_inning": {1: 0, 10: 1}},
    }
    assert json.loads(fast.encode(state)) == json.loads(plain.encode(state))
    assert fast.decode(fast.encode(state)) == plain.decode(plain.encode(state))


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["_type_", "_data_", '"_type_"']),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=6) | st.sampled_from(["_type_", "_data_"]), inner, max_size=4),
    max_leaves=20,
)
_TAGGED = st.dates() | st.datetimes(timezones=st.just(dt.timezone.utc)) | st.builds(
    Appearance, st.dates(), st.text(max_size=5), st.sampled_from(["start", "relief"]))


@settings(max_examples=300)
@given(state=st.dictionaries(st.text(max_size=6), _JSON | _TAGGED | st.lists(_TAGGED, max_size=2), max_size=5))
def test_the_fast_decoder_reads_whatever_the_library_reads_the_same(state: dict[str, object]) -> None:
    # Tags at the top (a timestamp), tags nested deeper, and the tag's name as
    # plain text all read back as the library's decoder reads them.
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    fast = app.mapper.transcoder
    plain = JSONTranscoder()
    app.register_transcodings(plain)
    data = plain.encode(state)
    try:
        expected = plain.decode(data)
    except (TranscodingNotRegisteredError, TypeError) as refused:  # a plain dict shaped like a tag
        with pytest.raises(type(refused)):
            fast.decode(data)
        return
    assert fast.decode(data) == expected
    assert fast.decode(b'{"x": NaN}') == plain.decode(b'{"x": NaN}')  # the standard encoder's NaN


@settings(max_examples=200)
@given(state=st.dictionaries(st.text(max_size=6), _JSON | _TAGGED | st.dictionaries(
    st.integers(0, 20), _JSON | _TAGGED, max_size=3), max_size=5))
def test_the_fast_encoder_writes_the_bytes_it_always_wrote_with_or_without_numbered_keys(
        state: dict[str, object]) -> None:
    # It tries orjson without the non-string-key option first; the bytes must be those written with it.
    import orjson

    from league.domain.transcodings import _PASSTHROUGH, FastJSONTranscoder

    fast = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}).mapper.transcoder
    assert isinstance(fast, FastJSONTranscoder)
    assert fast.encode(state) == orjson.dumps(state, default=fast._encode_obj, option=_PASSTHROUGH)


_ZONES = st.sampled_from([dt.timezone.utc, dt.timezone(dt.timedelta(hours=-5)), None])


@settings(max_examples=200)
@given(moment=st.datetimes(timezones=_ZONES), rest=st.dictionaries(st.text(max_size=6), _JSON, max_size=3))
def test_an_events_timestamp_is_written_in_the_bytes_the_library_would_tag_it_with(
        moment: dt.datetime, rest: dict[str, object]) -> None:
    # The timestamp at the top is tagged without orjson's call back; the bytes and the key order stay.
    import orjson

    from league.domain.transcodings import _PASSTHROUGH

    fast = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}).mapper.transcoder
    state = {"timestamp": moment, **{k: v for k, v in rest.items() if k != "timestamp"}, "after": 1}
    assert fast.encode(state) == orjson.dumps(state, default=fast._encode_obj, option=_PASSTHROUGH)
    assert type(state["timestamp"]) is dt.datetime  # the caller's dict is left as it was
    assert fast.decode(fast.encode({"timestamp": moment, "after": 1}))["timestamp"] == moment
