"""How events and snapshots become JSON: the library's format, written faster.

Events hold plain JSON plus their timestamp; snapshots also hold dates and
appearances.  The format is eventsourcing's own (``{"_type_": ...,
"_data_": ...}`` for the registered types), so stored events read back the
same either way; only the encoder differs.
"""

from __future__ import annotations

import datetime
from typing import Any

import orjson
from eventsourcing.persistence import JSONTranscoder, Transcoding

from league.domain.usage import Appearance


class DateAsISO(Transcoding):
    type = datetime.date
    name = "date_iso"

    def encode(self, obj: datetime.date) -> str:
        return obj.isoformat()

    def decode(self, data: str) -> datetime.date:
        return datetime.date.fromisoformat(data)


class AppearanceAsList(Transcoding):
    type = Appearance
    name = "league_appearance"

    def encode(self, obj: Appearance) -> list[Any]:
        return [obj.date.isoformat(), obj.game, obj.role]

    def decode(self, data: list[Any]) -> Appearance:
        return Appearance(date=datetime.date.fromisoformat(data[0]), game=data[1], role=data[2])


def snapshot_transcodings() -> list[Transcoding]:
    return [DateAsISO(), AppearanceAsList()]


class FastJSONTranscoder(JSONTranscoder):
    """eventsourcing's JSON transcoder with orjson (C) writing the bytes.

    Profiling a season's simulation put the standard library's encoder first
    among the costs of saving.  orjson writes the same compact UTF-8 JSON;
    datetimes, dates and dataclasses are passed through to the registered
    transcodings so they keep the library's tagged form.  (orjson would write a UUID as a
    plain string: no stored state holds one -- ids are columns -- and the
    round-trip test guards it.)  Decoding stays with the library.
    """

    def encode(self, obj: Any) -> bytes:
        return orjson.dumps(obj, default=self._encode_obj, option=_PASSTHROUGH)


# Dates and dataclasses (Appearance) go to the registered transcodings, as the
# standard encoder would send them; orjson would otherwise write its own forms.
# OPT_NON_STR_KEYS writes int keys as strings, as the standard encoder does.
_PASSTHROUGH = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_NON_STR_KEYS
