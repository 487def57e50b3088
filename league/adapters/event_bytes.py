"""How an event is kept in the store: its JSON zstd-compressed with a shipped dictionary, its topic coded.

A season's events are thousands of small JSON documents that repeat the
same keys and phrases (a Pennant Race ``Completed`` is about 7 KB, a Strat
plate appearance 1 KB), so compressing each alone gains little -- zlib
about 3.5 times -- while zstd with a dictionary trained on such events
gains about 8 times on Pennant Race and 7 on Strat-O-Matic.

What is stored is a standard zstd frame whose header names its dictionary;
a reader finds the dictionary by that id in
``league/data/zstd/events-<id>.dict``.  Dictionary files are part of the
stored format and never change: a better one is added under a new id and
made current here (``DICTIONARY_ID``), and the old ones stay to read what
they wrote.  Dictionary 1 (112 KB) was trained on early demo leagues;
dictionary 2 (256 KB) on a 2,430-game Strat-O-Matic season and the 1988
Pennant Race season, and stores a Strat plate appearance in about 140 bytes
(130 at level 5, the level used for a while) where dictionary 1 took 170;
dictionary 3 (256 KB) on full seasons of all four games, and halves a Pine
Tar season's stored events (76 MB to 39 MB) where dictionary 2, which had
seen no Pine Tar event, gained little on them
(``ops/storage_breakdown.py`` shows where a database's bytes go).

A topic is stored as a short code from ``TOPICS`` (below).

Events written before compression (plain JSON, starting with ``{``) and
topics written in full are read as they are, so older databases open,
verify and audit unchanged, and a log may hold every form.  Everything
above the stores -- the mapper, audit, projections, seals -- sees the JSON
and the full topic only: the seal hashes what is read back, so it does not
change with the stored form.  The coding lives in the recorders
(:mod:`league.adapters.sqlite_store`, :mod:`league.adapters.postgres_store`)
and in the projection runner's direct read of SQLite (``projections.eventlog``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from league.data import data_file
from league.domain import topics
from league.domain.errors import LeagueError

if TYPE_CHECKING:
    import zstandard
    from eventsourcing.persistence import Notification, StoredEvent

DICTIONARY_ID = 3  # the dictionary new events are compressed with
# zstd's default level 3.  Level 5 stored a Strat plate appearance in 9% fewer bytes but compressed
# every event more slowly, a cost a whole season's simulation felt; both seasons stay well inside
# their storage targets at 3.  The level is not part of the stored
# format: any level's frames read the same.
LEVEL = 3
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


@functools.cache
def _dictionary(dict_id: int) -> "zstandard.ZstdCompressionDict":
    import zstandard

    path = data_file("zstd", f"events-{dict_id}.dict")
    if not os.path.exists(path):
        raise LeagueError(f"an event was compressed with dictionary {dict_id}, which this build does not have "
                          "(upgrade League to read this database)")
    with open(path, "rb") as f:
        return zstandard.ZstdCompressionDict(f.read())


@functools.cache
def _compressor() -> "zstandard.ZstdCompressor":
    import zstandard

    return zstandard.ZstdCompressor(level=LEVEL, dict_data=_dictionary(DICTIONARY_ID), write_checksum=False,
                                    write_content_size=True, write_dict_id=True)


@functools.cache
def _decompressor(dict_id: int) -> "zstandard.ZstdDecompressor":
    import zstandard

    return zstandard.ZstdDecompressor(dict_data=_dictionary(dict_id) if dict_id else None)


def compress(state: bytes) -> bytes:
    """The stored form of an event's JSON."""
    return _compressor().compress(state)


def decompress(stored: bytes) -> bytes:
    """An event's JSON from its stored form (plain JSON from older versions passes through).

    A frame that cannot be read (a row edited by hand) is returned as it is,
    so the reader above fails to decode it and ``verify`` reports the row.
    """
    if stored[:4] != ZSTD_MAGIC:
        return stored
    # Every event read passes here (an audit of a season: 240,000), and asking zstandard for the
    # frame's parameters, then the cache for its decompressor, cost half as much again as the
    # decompression itself.  A frame naming its dictionary in one byte (every id so far) is read
    # from its header (RFC 8878, 3.1.1.1): the descriptor's low two bits give the id's size, and
    # the id follows the descriptor, after the window byte unless the frame is a single segment.
    fhd = stored[4] if len(stored) > 6 else 0  # a header cut short: zstandard refuses it below
    known = _BY_ID.get(stored[5 if fhd & 0x20 else 6]) if fhd & 3 == 1 else None
    if known is not None:
        try:
            return known.decompress(stored)
        except Exception as error:  # zstandard is imported only here: the import is a cost per event too
            import zstandard

            if isinstance(error, zstandard.ZstdError):
                return stored
            raise
    import zstandard

    try:
        dict_id = zstandard.get_frame_parameters(stored).dict_id
        decompressor = _decompressor(dict_id)
        if dict_id < 256:
            _BY_ID[dict_id] = decompressor
        return decompressor.decompress(stored)
    except zstandard.ZstdError:
        return stored


# The decompressor of each dictionary id that fits a frame header's one byte, once it was used.
_BY_ID: dict[int, "zstandard.ZstdDecompressor"] = {}


# Topics are stored as a short code, "~" and the topic's index here: a
# Strat-O-Matic season's 250,000 topics of about 25 bytes were 6 MB of a
# 73 MB file.  Like a dictionary, this table is part of the stored format:
# a topic is only ever appended (never reordered, renamed or removed).  A
# topic not listed is stored as it is, and a stored full topic (every event
# written before the codes) reads as it is, so a log may hold both.
TOPICS: tuple[str, ...] = (
    topics.PA_GAME_PLAY_RESOLVED, topics.PA_GAME_DECISION_MADE, topics.PA_GAME_ROLLED,
    topics.PA_GAME_STARTED, topics.PA_GAME_COMPLETED, topics.PA_GAME_REWOUND, topics.PA_GAME_RESTARTED,
    topics.PA_GAME_REINSTATED, topics.PA_GAME_VOIDED, topics.PA_GAME_CREATED,
    topics.GAME_DICE_ROLLED, topics.GAME_STARTED, topics.GAME_COMPLETED, topics.GAME_PLAYER_INJURED,
    topics.GAME_REWOUND, topics.GAME_RESTARTED, topics.GAME_REINSTATED, topics.GAME_VOIDED,
    topics.GAME_CREATED,
    topics.STAFF_PITCHERS_USED, topics.STAFF_PLAYERS_INJURED, topics.STAFF_USAGE_REVOKED,
    topics.STAFF_STARTED, topics.STAFF_CREATED,
    topics.LEAGUE_TEAM_REGISTERED, topics.LEAGUE_GAMES_SCHEDULED, topics.LEAGUE_GAMES_UNSCHEDULED,
    topics.LEAGUE_SHEETS_RESTORED, topics.LEAGUE_STARTED, topics.LEAGUE_CREATED,
    topics.JOURNAL_COMMAND_RECORDED, topics.JOURNAL_STARTED, topics.JOURNAL_CREATED,
    # snapshots are stored under their aggregate's topic
    topics.PA_GAME, topics.GAME, topics.STAFF, topics.LEAGUE, topics.JOURNAL,
    # who makes a game's entries, and a dispute's holds (appended: a code never changes its topic)
    topics.PA_GAME_HANDS_CHANGED, topics.PA_GAME_HELD, topics.PA_GAME_HOLD_RELEASED,
    topics.GAME_HANDS_CHANGED, topics.GAME_HELD, topics.GAME_HOLD_RELEASED,
)
TOPIC_MARK = "~"  # no topic starts with it: a topic is "module:Class"
_CODES = {topic: f"{TOPIC_MARK}{i}" for i, topic in enumerate(TOPICS)}
TOPIC_OF = {code: topic for topic, code in _CODES.items()}  # every row read asks: one lookup


def stored_topic(topic: str) -> str:
    """How ``topic`` is stored: its code when it has one."""
    return _CODES.get(topic, topic)


def read_topic(stored: str) -> str:
    """The topic a stored one stands for (a full topic reads as it is)."""
    topic = TOPIC_OF.get(stored)
    if topic is not None:
        return topic
    if stored[:1] != TOPIC_MARK:
        return stored
    raise LeagueError(f"an event is stored under topic code {stored!r}, which this build does not know "
                      "(upgrade League to read this database)")


def stored_topics(topics: Sequence[str]) -> list[str]:
    """What a filter on ``topics`` must match in the store: each topic and its code (logs hold both)."""
    return [*topics, *(_CODES[t] for t in topics if t in _CODES)]


def stored_state(state: bytes) -> bytes:
    """How an event's JSON is stored; a state already in that form (sealed by a sim
    worker, :mod:`league.adapters.sealed`) is kept as it is."""
    return state if state[:4] == ZSTD_MAGIC else compress(state)


# eventsourcing is imported in the functions: the projection runner reads
# the log through decompress() alone, and a read command need not load it.
def compressed(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    from eventsourcing.persistence import StoredEvent

    return [StoredEvent(e.originator_id, e.originator_version, stored_topic(e.topic), stored_state(e.state))
            for e in events]


def decompressed(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    from eventsourcing.persistence import StoredEvent

    return [StoredEvent(e.originator_id, e.originator_version, read_topic(e.topic), decompress(e.state))
            for e in events]


class CompressingRecorder:
    """Mixin for an eventsourcing recorder: events stored compressed, read back as JSON."""

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        return super().insert_events(compressed(stored_events), **kwargs)  # type: ignore[misc,no-any-return]

    def select_events(self, originator_id: Any, **kwargs: Any) -> Sequence[StoredEvent]:
        return decompressed(super().select_events(originator_id, **kwargs))  # type: ignore[misc]


class CompressingApplicationRecorder(CompressingRecorder):
    """The same for the application sequence: notifications read back as JSON too."""

    def select_notifications(self, start: int | None, limit: int, stop: int | None = None,
                             topics: Sequence[str] = (), **kwargs: Any) -> Sequence[Notification]:
        from eventsourcing.persistence import Notification

        return [
            Notification(id=n.id, originator_id=n.originator_id, originator_version=n.originator_version,
                         topic=read_topic(n.topic), state=decompress(n.state))
            if n.state[:4] == ZSTD_MAGIC or n.topic[:1] == TOPIC_MARK else n
            for n in super().select_notifications(  # type: ignore[misc]
                start, limit, stop, stored_topics(topics), **kwargs)
        ]
