"""JSON transcodings for snapshot state (events themselves hold only plain JSON)."""

from __future__ import annotations

import datetime
from typing import Any

from eventsourcing.persistence import Transcoding

from league.rules.pennant_race.usage import Appearance


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
