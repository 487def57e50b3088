"""Events are stored zstd-compressed with a shipped dictionary, and read back as the same JSON."""

from __future__ import annotations

import hashlib
import json

import pytest
import zstandard
from eventsourcing.persistence import StoredEvent

from league.adapters import event_bytes
from league.data import data_path
from league.domain.errors import LeagueError
from league.adapters.event_bytes import (
    DICTIONARY_ID,
    TOPICS,
    ZSTD_MAGIC,
    compress,
    compressed,
    decompress,
    decompressed,
    read_topic,
    stored_topic,
    stored_topics,
)

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


@pytest.mark.parametrize("single_segment", [True, False])
def test_the_dictionary_is_found_from_the_frame_header_whatever_its_layout(single_segment: bool) -> None:
    # A frame larger than its window has a window byte before the dictionary id.
    params = zstandard.ZstdCompressionParameters.from_level(
        3, window_log=10 if not single_segment else 0, write_dict_id=True, write_content_size=True)
    event = EVENT if single_segment else EVENT * 8
    stored = zstandard.ZstdCompressor(dict_data=event_bytes._dictionary(DICTIONARY_ID),
                                      compression_params=params).compress(event)
    assert bool(stored[4] & 0x20) == single_segment
    assert decompress(stored) == decompress(stored) == event  # the second from the id read in the header


def test_a_damaged_frame_of_a_known_dictionary_is_handed_on_as_it_is() -> None:
    assert decompress(compress(EVENT)) == EVENT  # its decompressor is known now
    damaged = bytearray(compress(EVENT))
    damaged[-3:] = b"\x00\x00\x00"
    assert decompress(bytes(damaged)) == bytes(damaged)
    assert decompress(ZSTD_MAGIC + b"\x21") == ZSTD_MAGIC + b"\x21"  # a header cut short


def test_an_event_from_a_dictionary_this_build_lacks_is_refused_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = zstandard.train_dictionary(4096, [EVENT * k for k in range(1, 40)], dict_id=999, level=3)
    stored = zstandard.ZstdCompressor(dict_data=raw, write_dict_id=True).compress(EVENT)
    with pytest.raises(LeagueError, match="dictionary 999, which this build does not have"):
        decompress(stored)


# -- what is stored forever: dictionaries and topic codes ---------------------------------------

# Every dictionary a released League wrote events with, by id.  A changed or missing file leaves
# the events it compressed unreadable, so this list only grows.
SHIPPED_DICTIONARIES = {
    1: "b836f9c5fe42c64a1870519091710648ef5965ab7439a01c695994fb413f956a",
    2: "449247081830ca60022d06e3cff7aad76c67dae2904b1335e833d76cb13efcb1",
    3: "2f1c899419e87f375d964acf868a962f2cd597d1983580a7e95688aeacdb7b7c",
}


@pytest.mark.parametrize("dict_id", sorted(SHIPPED_DICTIONARIES))
def test_a_shipped_dictionary_never_changes(dict_id: int) -> None:
    path = data_path("zstd", f"events-{dict_id}.dict")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == SHIPPED_DICTIONARIES[dict_id]
    assert zstandard.ZstdCompressionDict(path.read_bytes()).dict_id() == dict_id


def test_an_event_compressed_with_an_older_dictionary_reads_back() -> None:
    old = zstandard.ZstdCompressionDict(data_path("zstd", "events-1.dict").read_bytes())
    stored = zstandard.ZstdCompressor(level=3, dict_data=old, write_dict_id=True).compress(EVENT)
    assert zstandard.get_frame_parameters(stored).dict_id == 1 != DICTIONARY_ID
    assert decompress(stored) == EVENT


# The codes published so far: a topic's code is its place here, so this only grows at the end.
PUBLISHED_TOPICS = (
    "league:PAGame.PlayResolved", "league:PAGame.DecisionMade", "league:PAGame.Rolled",
    "league:PAGame.Started", "league:PAGame.Completed", "league:PAGame.Rewound", "league:PAGame.Restarted",
    "league:PAGame.Reinstated", "league:PAGame.Voided", "league:PAGame.Created",
    "league:Game.DiceRolled", "league:Game.Started", "league:Game.Completed", "league:Game.PlayerInjured",
    "league:Game.Rewound", "league:Game.Restarted", "league:Game.Reinstated", "league:Game.Voided",
    "league:Game.Created",
    "league:Staff.PitchersUsed", "league:Staff.PlayersInjured", "league:Staff.UsageRevoked",
    "league:Staff.Started", "league:Staff.Created",
    "league:League.TeamRegistered", "league:League.GamesScheduled", "league:League.GamesUnscheduled",
    "league:League.SheetsRestored", "league:League.Started", "league:League.Created",
    "league:Journal.CommandRecorded", "league:Journal.Started", "league:Journal.Created",
    "league:PAGame", "league:Game", "league:Staff", "league:League", "league:Journal",
)


def test_topic_codes_already_published_keep_their_meaning() -> None:
    assert TOPICS[:len(PUBLISHED_TOPICS)] == PUBLISHED_TOPICS
    assert len(set(TOPICS)) == len(TOPICS)
    assert stored_topic("league:PAGame.PlayResolved") == "~0"
    assert read_topic("~12") == "league:Game.Completed"


def test_an_event_is_stored_under_a_short_topic_code_and_read_back_under_its_topic() -> None:
    event = StoredEvent("a", 1, "league:PAGame.PlayResolved", EVENT)
    [stored] = compressed([event])
    assert stored.topic == "~0" and stored.state[:4] == ZSTD_MAGIC
    assert decompressed([stored]) == [event]


def test_a_topic_stored_in_full_or_without_a_code_reads_as_it_is() -> None:
    assert read_topic("league:Game.Completed") == "league:Game.Completed"  # written before the codes
    assert stored_topic("league:Newcomer.Happened") == "league:Newcomer.Happened"  # not in the table
    assert read_topic(stored_topic("league:Newcomer.Happened")) == "league:Newcomer.Happened"


def test_a_filter_on_topics_matches_them_stored_in_full_and_coded() -> None:
    assert set(stored_topics(["league:Game.Completed", "league:Newcomer.Happened"])) == {
        "league:Game.Completed", "~12", "league:Newcomer.Happened"}


def test_a_topic_code_this_build_does_not_know_is_refused_with_a_message() -> None:
    with pytest.raises(LeagueError, match="topic code '~999', which this build does not know"):
        read_topic("~999")
