"""Every row of every view, in primary-key order: what "rebuild equals incremental" compares."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from league.adapters.store import Store
from projections.db import engine_for
from projections.registry import BY_NAME, VIEWS


def snapshot(store: Store, views: list[str] | None = None) -> dict[str, list[tuple[Any, ...]]]:
    """``{table name: rows}`` for the named views (all by default)."""
    chosen = [BY_NAME[v] for v in views] if views else list(VIEWS)
    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine_for(store).connect() as conn:
        for view in chosen:
            for table in view.tables:
                q = select(table).order_by(*table.primary_key.columns)
                out[table.name] = [tuple(r) for r in conn.execute(q)]
    return out
