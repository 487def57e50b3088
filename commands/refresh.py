"""Bring the read models up to date after a command (embedded default)."""

from __future__ import annotations

from typing import Any


def refresh_views(ctx: Any, migrate: bool = False) -> None:
    """Catch the projections up with the log; the CLI does this after each command."""
    try:
        from projections import migrate as migrations
        from projections.runner import catch_up
    except ImportError:  # read models not installed in this build
        return
    if migrate:
        migrations.upgrade(ctx.app.store)
    catch_up(ctx.app)
