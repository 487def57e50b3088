"""How an event's JSON is kept in the store: zstd, with a dictionary shipped in the package.

A season's events are thousands of small JSON documents that repeat the
same keys and phrases (a Pennant Race ``Completed`` is about 6 KB, a Strat
plate appearance 1 KB), so compressing each alone gains little -- zlib
about 3.5 times -- while zstd with a dictionary trained on such events
gains about 8 times on Pennant Race and 6 on Strat-O-Matic, at about 4 ms
per megabyte to compress and less to read.

What is stored is a standard zstd frame whose header names its dictionary
(``DICTIONARY_ID``); a reader finds the dictionary by that id in
``league/data/zstd/events-<id>.dict``.  Dictionary files are part of the
stored format and never change: a better one is added under a new id and
made current here, and the old ones stay to read what they wrote.

Events written before compression (plain JSON, starting with ``{``) are
read as they are, so older databases open, verify and audit unchanged, and
a log may hold both.  Everything above the stores -- the mapper, audit,
projections, seals -- sees the JSON only: compression lives in the
recorders (:mod:`league.adapters.sqlite_store`, :mod:`league.adapters.postgres_store`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from league.data import data_path
from league.domain.errors import LeagueError

if TYPE_CHECKING:
    import zstandard
    from eventsourcing.persistence import Notification, StoredEvent

DICTIONARY_ID = 1  # the dictionary new events are compressed with
LEVEL = 3  # zstd's default: level 9 saves another 12% at six times the cost
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


@functools.cache
def _dictionary(dict_id: int) -> "zstandard.ZstdCompressionDict":
    import zstandard

    path = data_path("zstd", f"events-{dict_id}.dict")
    if not path.exists():
        raise LeagueError(f"an event was compressed with dictionary {dict_id}, which this build does not have "
                          "(upgrade League to read this database)")
    return zstandard.ZstdCompressionDict(path.read_bytes())


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
    import zstandard

    try:
        dict_id = zstandard.get_frame_parameters(stored).dict_id
        return _decompressor(dict_id).decompress(stored)
    except zstandard.ZstdError:
        return stored


# eventsourcing is imported in the functions: the projection runner reads
# the log through decompress() alone, and a read command need not load it.
def compressed(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    from eventsourcing.persistence import StoredEvent

    return [StoredEvent(e.originator_id, e.originator_version, e.topic, compress(e.state)) for e in events]


def decompressed(events: Sequence[StoredEvent]) -> list[StoredEvent]:
    from eventsourcing.persistence import StoredEvent

    return [StoredEvent(e.originator_id, e.originator_version, e.topic, decompress(e.state)) for e in events]


class CompressingRecorder:
    """Mixin for an eventsourcing recorder: events stored compressed, read back as JSON."""

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        return super().insert_events(compressed(stored_events), **kwargs)  # type: ignore[misc,no-any-return]

    def select_events(self, originator_id: Any, **kwargs: Any) -> Sequence[StoredEvent]:
        return decompressed(super().select_events(originator_id, **kwargs))  # type: ignore[misc]


class CompressingApplicationRecorder(CompressingRecorder):
    """The same for the application sequence: notifications read back as JSON too."""

    def select_notifications(self, *args: Any, **kwargs: Any) -> Sequence[Notification]:
        from eventsourcing.persistence import Notification

        return [
            Notification(id=n.id, originator_id=n.originator_id, originator_version=n.originator_version,
                         topic=n.topic, state=decompress(n.state)) if n.state[:4] == ZSTD_MAGIC else n
            for n in super().select_notifications(*args, **kwargs)  # type: ignore[misc]
        ]
