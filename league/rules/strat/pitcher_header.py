"""A pitcher's card as a rest calendar reads it: id, name and endurance.

Its own module, apart from the header reader (:mod:`.card_headers`), whose
patterns are compiled as it loads: on current views ``league pitchers``
builds these from the league view's rows (``rm_card_pitchers``) and reads no
card text.
"""

from __future__ import annotations


class PitcherHeader:
    """A pitcher's card as a rest calendar reads it: what :class:`.cards.Card` says of these fields."""

    __slots__ = ("id", "name", "starter", "relief")
    kind = "pitcher"

    def __init__(self, id: str, name: str, starter: int | None, relief: int | None) -> None:
        self.id, self.name, self.starter, self.relief = id, name, starter, relief

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PitcherHeader) and (self.id, self.name, self.starter, self.relief) == (
            other.id, other.name, other.starter, other.relief)

    def __hash__(self) -> int:
        return hash((self.id, self.name, self.starter, self.relief))

    def __repr__(self) -> str:
        return f"PitcherHeader({self.id!r}, {self.name!r}, {self.starter!r}, {self.relief!r})"


__all__ = ["PitcherHeader"]
