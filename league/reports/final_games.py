"""The league's final games, folded from the event log once for a report that reads them again and again.

``league report realism`` reads every final game three times (the clubs'
lines, the pitchers' outings, the players' lines); folding a Pennant Race
season's 2,098 games was two thirds of the report's time, each fold after the
first for nothing.  Kept per application and log position: a report that
runs after a change (a later sim, a correction) folds the games again.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from league.application.app import LeagueApp

_folded: weakref.WeakKeyDictionary[Any, tuple[int | None, list[tuple[str, Any]]]] = weakref.WeakKeyDictionary()


def final_games(app: "LeagueApp") -> list[tuple[str, Any]]:
    """Each final game as (game id, its ``Game`` aggregate), in game-id order, from the event log."""
    from league.domain.game import FINAL

    head = app.recorder.max_notification_id()
    kept = _folded.get(app)
    if kept is not None and kept[0] == head:
        return kept[1]
    status = app.game_statuses(app.league())
    games = [(gid, app.game(gid)) for gid in sorted(g for g, s in status.items() if s == FINAL)]
    _folded[app] = (head, games)
    return games
