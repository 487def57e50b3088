"""Stable aggregate ids: the same name always maps to the same UUID."""

from __future__ import annotations

from uuid import UUID, uuid5

_NAMESPACE = UUID("8a3f6d0e-4c61-4f57-9a4e-2b7c1d9e5f10")

LEAGUE_ID = uuid5(_NAMESPACE, "league")


def game_id(game: str) -> UUID:
    return uuid5(_NAMESPACE, f"game:{game}")


def staff_id(team: str) -> UUID:
    return uuid5(_NAMESPACE, f"staff:{team}")

JOURNAL_ID = uuid5(_NAMESPACE, "journal")
