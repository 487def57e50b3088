"""How events and snapshots become JSON: the library's format, written faster.

Events hold plain JSON plus their timestamp; snapshots also hold dates and
appearances.  The format is eventsourcing's own (``{"_type_": ...,
"_data_": ...}`` for the registered types), so stored events read back the
same either way; only the encoder (and, where it gives the same, the decoder) differs.
"""

from __future__ import annotations

import datetime
from typing import Any

import orjson
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, Transcoding

from league.domain.base import iso_datetime
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
    round-trip test guards it.)
    """

    def encode(self, obj: Any) -> bytes:
        # An event's timestamp (every event has one, at the top) is tagged here as the library's
        # transcoding would tag it, without orjson's call back into Python for it.
        if type(obj) is dict:
            timestamp = obj.get("timestamp")
            if type(timestamp) is datetime.datetime and type(self.types.get(datetime.datetime)) is DatetimeAsISO:
                obj = obj.copy()
                obj["timestamp"] = {"_type_": DatetimeAsISO.name, "_data_": iso_datetime(timestamp)}
        # Without OPT_NON_STR_KEYS first, as for chain links (league.domain.base.link_hash): the
        # same bytes when every key is a string, a third less of orjson's time on each dict.
        try:
            return orjson.dumps(obj, default=self._encode_obj, option=_STR_KEYS)
        except TypeError:
            return orjson.dumps(obj, default=self._encode_obj, option=_PASSTHROUGH)

    def decode(self, data: bytes) -> Any:
        """The library's reading, by orjson when the tagged values are all at the top.

        An event's only tagged value is usually its timestamp: orjson reads the
        rest, and the tags at the top level are decoded as the library's hook
        would.  Anything else -- a tag deeper down, the text ``"_type_"`` where
        it is not a tag, JSON orjson refuses (NaN from the standard encoder of
        older versions) -- is left to the library's decoder, so what comes back
        is always what it would give.  Profiling ``audit --all`` put the
        standard library's decoder first among its costs.
        """
        try:
            obj = orjson.loads(data)
        except orjson.JSONDecodeError:
            return super().decode(data)
        tags = data.count(_TAG)
        if not tags:
            return obj
        if type(obj) is dict:
            top = [k for k, v in obj.items() if type(v) is dict and "_type_" in v]
            if len(top) == tags:
                for k in top:
                    obj[k] = self._decode_obj(obj[k])
                return obj
        return super().decode(data)


# Dates and dataclasses (Appearance) go to the registered transcodings, as the
# standard encoder would send them; orjson would otherwise write its own forms.
# OPT_NON_STR_KEYS writes int keys as strings, as the standard encoder does.
_TAG = b'"_type_"'
_PASSTHROUGH = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_NON_STR_KEYS
_STR_KEYS = _PASSTHROUGH & ~orjson.OPT_NON_STR_KEYS
