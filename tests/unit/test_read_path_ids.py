"""The ids the read path writes out instead of deriving them (deriving loads hashlib) are the domain's."""

from __future__ import annotations

from league.domain import ids
from projections import club_views


def test_the_league_id_the_club_views_read_is_the_domains() -> None:
    assert club_views.LEAGUE_ID == ids.LEAGUE_ID
