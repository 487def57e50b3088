"""The league's name, rule system and kind of box score, and its players' names, as the league view holds them."""

from __future__ import annotations

from typing import Any

from league.adapters.store import Store
from league.domain import boxes
from projections.rows import rows_of


def league_facts(store: Store) -> dict[str, Any] | None:
    """``{"name", "ruleset", "box"}`` of the league; None before its Started event reached the view."""
    with rows_of(store) as conn:
        row = conn.first("SELECT name, ruleset, box FROM rm_league WHERE id = 1")
    return None if row is None else {"name": row.name, "ruleset": row.ruleset, "box": row.box}


def league_box(store: Store) -> str:
    """The kind of box score the league's games make (league.domain.boxes), as its rule system
    declares it; before the league's Started event reached the view, the kind most rule systems make."""
    with rows_of(store) as conn:
        row = conn.first("SELECT box FROM rm_league WHERE id = 1")
    return str(row.box) if row is not None and row.box else boxes.POINTS


def player_names(store: Store) -> dict[str, str]:
    """Player id -> name for every club, as ``commands.names.player_names`` reads the League aggregate."""
    with rows_of(store) as conn:  # every player of the league: (id, name) pairs, no named rows
        return dict(conn.tuples("SELECT player, name FROM rm_players ORDER BY team_order, seq"))
