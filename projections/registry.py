"""Every view, in the order catch-up runs them."""

from __future__ import annotations

from projections.handlers import boxscores, injuries, journal, league
from projections.view import View

VIEWS: tuple[View, ...] = (league.VIEW, boxscores.VIEW, injuries.VIEW, journal.VIEW)
BY_NAME: dict[str, View] = {v.name: v for v in VIEWS}
