"""The games as stored, read for the website: each game's aggregate and its events.

Each game's stream is read on its own (a build spreads the games over
forked workers, each with its own connection) and folded into the
aggregate; the entries are ``league game log --json``'s, from the same
function, so a game page lists exactly what the CLI does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from league.domain import ids
from league.application.scorebook import game_log
from league.application.verify import notifications

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication


@dataclass
class GameRecord:
    """One played game: the aggregate (status, outcome) and its log entries."""

    game: str
    aggregate: Any
    log: list[dict[str, Any]]


def head(app: "LeagueApplication") -> int:
    """The log position of the last stored event (0 for an empty log)."""
    return int(app.recorder.max_notification_id() or 0)


def stored_since(app: "LeagueApplication", after: int) -> list[Any]:
    """The events stored after log position ``after``, in order: read once per build, for the games
    changed, whether the league itself changed, and the seal extended over them."""
    return list(notifications(app, after + 1))


def changed_games(game_ids: Iterable[str], originators: set[Any]) -> set[str]:
    """The games among ``game_ids`` with an event among ``originators`` (the aggregates of the events
    :func:`stored_since` gives)."""
    by_uuid = {ids.game_id(g): g for g in game_ids}
    return {by_uuid[o] for o in originators if o in by_uuid}


def load_games(app: "LeagueApplication", game_ids: Iterable[str]) -> dict[str, GameRecord]:
    """The named games that have been played (a game with no events yet is left out)."""
    out: dict[str, GameRecord] = {}
    for game in game_ids:
        stream = list(app.events.get(ids.game_id(game)))
        if not stream:
            continue
        aggregate: Any = None
        for e in stream:
            aggregate = e.mutate(aggregate)
        out[game] = GameRecord(game, aggregate, game_log(aggregate, stream))
    return out
