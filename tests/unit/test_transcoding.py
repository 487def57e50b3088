"""Events and snapshots round-trip through the store's JSON exactly."""

from __future__ import annotations

import datetime as dt
import json

from eventsourcing.persistence import JSONTranscoder

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
