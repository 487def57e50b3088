"""Who made an entry of a game: a person, the auto-manager, or a re-resolution of a recorded one.

Every roll and decision a game keeps is attributed: a decision event carries
its ``actor``; rolls are attributed by the game's hands (``HandsChanged``:
from that position on, entries are made by ...), which start with the game's
dice source -- a person's (``people``, a ``script:`` of physical dice) or the
computer's (seeded dice and the auto-manager).  A dispute that re-resolves a
person's game re-applies that person's entries and says so:
``"alice (re-resolved)"``.  A person's entry is never replaced by the
computer (docs/disputes.md).
"""

from __future__ import annotations

AUTO_MANAGER = "auto-manager"
"""The computer: seeded dice and the rule system's auto-manager."""

_RERESOLVED = " (re-resolved)"

HAND, COMPUTER, BOTH = "hand", "computer", "both"
"""How a game was played: every entry a person's, none, or some of each."""


def by_hand(dice_source: str) -> bool:
    """Whether a game started (or restarted) with this dice source is played by a person."""
    return dice_source == "people" or dice_source.startswith("script:")


def first_hands(dice_source: str, actor: str) -> str:
    """Who makes a game's first entries, from its Started (or Restarted) event."""
    return actor if by_hand(dice_source) else AUTO_MANAGER


def is_person(by: str) -> bool:
    return person(by) != AUTO_MANAGER


def person(by: str) -> str:
    """The person (or the auto-manager) behind an actor, re-resolutions included."""
    return by[: -len(_RERESOLVED)] if by.endswith(_RERESOLVED) else by


def reresolution_of(by: str) -> str:
    """The actor of an entry a dispute re-applied on behalf of ``by``."""
    return by if by.endswith(_RERESOLVED) else by + _RERESOLVED


def how_played(entries_by: list[str]) -> str:
    """``hand``, ``computer`` or ``both`` for the makers of a game's entries (none: computer)."""
    people = {is_person(b) for b in entries_by}
    if people == {True}:
        return HAND
    if people == {True, False}:
        return BOTH
    return COMPUTER


__all__ = ["AUTO_MANAGER", "BOTH", "COMPUTER", "HAND", "by_hand", "first_hands", "how_played", "is_person",
           "person", "reresolution_of"]
