"""Read-model commands (standings, pitchers, stats, ...): filled in by the projections work."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    pass
