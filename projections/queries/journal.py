"""The commissioner's journal from the "journal" view: what ``league history`` lists."""

from __future__ import annotations

import json
from typing import Any

from league.adapters.store import Store
from projections.rows import rows_of


def journal_entries(store: Store) -> list[dict[str, Any]]:
    """Every entry, first to last, as the Journal aggregate holds them (``entries``)."""
    with rows_of(store) as conn:
        rows = conn.all("SELECT entry, command, actor, reason, at, details, undoes FROM rm_journal ORDER BY entry")
    return [{"entry": int(r.entry), "command": r.command, "actor": r.actor, "reason": r.reason, "at": r.at,
             "details": json.loads(r.details), "undoes": None if r.undoes is None else int(r.undoes)}
            for r in rows]
