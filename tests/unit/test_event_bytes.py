"""Events are stored zstd-compressed with a shipped dictionary, and read back as the same JSON."""

from __future__ import annotations

import json

import pytest
import zstandard
from eventsourcing.persistence import StoredEvent

from league.adapters import event_bytes
from league.domain.errors import LeagueError
from league.adapters.event_bytes import DICTIONARY_ID, ZSTD_MAGIC, compress, compressed, decompress, decompressed

# A Pennant Race outcome's shape: the keys and phrases the dictionary knows.
EVENT = json.dumps({
    "originator_topic": "league:Game", "timestamp": {"_type_": "datetime_iso", "_data_": "1988-04-04T19:05:00"},
    "outcome": {side: {"team": team, "runs": runs, "pitching": [
        {"pitcher": "CHARLIE HOUGH", "role": "start", "ip": "7.0", "er": 2, "ur": 0, "decision": "W"},
        {"pitcher": "MITCH WILLIAMS", "role": "relief", "ip": "2.0", "er": 0, "ur": 0, "save": True}],
        "explanation": [{"chart": "Runs", "row": "645", "column": "BAT 52", "result": runs}]}
        for side, team, runs in (("visitor", "TEX", 5), ("home", "CAL", 2))},
}, separators=(",", ":")).encode()


def test_an_event_reads_back_byte_for_byte() -> None:
    stored = compress(EVENT)
    assert stored[:4] == ZSTD_MAGIC
    assert decompress(stored) == EVENT


def test_the_dictionary_that_wrote_an_event_is_named_in_it() -> None:
    assert zstandard.get_frame_parameters(compress(EVENT)).dict_id == DICTIONARY_ID


def test_the_dictionary_makes_a_small_event_several_times_smaller() -> None:
    plain = len(zstandard.ZstdCompressor(level=event_bytes.LEVEL).compress(EVENT))
    assert len(compress(EVENT)) * 3 < len(EVENT)
    assert len(compress(EVENT)) < plain


def test_json_written_before_compression_passes_through_unchanged() -> None:
    assert decompress(EVENT) == EVENT
    old = [StoredEvent("a", 1, "league:Game.Started", EVENT)]
    assert decompressed(old) == old
    assert decompressed(compressed(old)) == old


def test_a_damaged_frame_is_handed_on_as_it_is_for_verify_to_report() -> None:
    damaged = bytearray(compress(EVENT))
    damaged[-3:] = b"\x00\x00\x00"
    assert decompress(bytes(damaged)) == bytes(damaged)


def test_an_event_from_a_dictionary_this_build_lacks_is_refused_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = zstandard.train_dictionary(4096, [EVENT * k for k in range(1, 40)], dict_id=999, level=3)
    stored = zstandard.ZstdCompressor(dict_data=raw, write_dict_id=True).compress(EVENT)
    with pytest.raises(LeagueError, match="dictionary 999, which this build does not have"):
        decompress(stored)
