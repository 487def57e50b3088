"""The games as stored, read for the website: each game's aggregate and its events.

A whole build reads the log once, in order, and folds each game's events
into its aggregate (the repository would read every game's stream with a
query of its own, thousands of round trips for a season).  An incremental
build reads only the games whose streams grew since the last build.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator
from uuid import UUID

from league import ids
from league.scorebook import game_log

BATCH = 10000


@dataclass
class GameRecord:
    """One game as the site shows it: the aggregate (outcome) and its log, as ``league game log --json``."""

    game: str
    aggregate: Any
    log: list[dict[str, Any]]
    last_position: int  # the log position of the game's latest event


def notifications(app: Any, start: int = 1) -> Iterator[Any]:
    """Every stored event from log position ``start`` on, in order."""
    while True:
        batch = app.recorder.select_notifications(start, BATCH)
        yield from batch
        if len(batch) < BATCH:
            return
        start = batch[-1].id + 1


def head(app: Any) -> int:
    """The log position of the last stored event (0 for an empty log)."""
    return int(app.recorder.max_notification_id() or 0)


def changed_games(app: Any, game_ids: Iterable[str], after: int) -> set[str]:
    """The games among ``game_ids`` with an event stored after log position ``after``."""
    by_uuid = {ids.game_id(g): g for g in game_ids}
    return {by_uuid[n.originator_id] for n in notifications(app, after + 1) if n.originator_id in by_uuid}


def load_games(app: Any, game_ids: Iterable[str], everything: bool) -> dict[str, GameRecord]:
    """The named games that have been played: one pass over the log, or one read per game."""
    by_uuid: dict[UUID, str] = {ids.game_id(g): g for g in game_ids}
    events: dict[str, list[Any]] = {}
    positions: dict[str, int] = {}
    if everything:
        for n in notifications(app):
            game = by_uuid.get(n.originator_id)
            if game is None:
                continue
            events.setdefault(game, []).append(app.mapper.to_domain_event(n))
            positions[game] = n.id
    else:
        for uuid, game in by_uuid.items():
            stream = list(app.events.get(uuid))
            if stream:
                events[game] = stream
        positions = _last_positions(app, set(events))
    out: dict[str, GameRecord] = {}
    for game, stream in events.items():
        aggregate: Any = None
        for e in stream:
            aggregate = e.mutate(aggregate)
        out[game] = GameRecord(game, aggregate, game_log(aggregate, stream), positions.get(game, 0))
    return out


def _last_positions(app: Any, games: set[str]) -> dict[str, int]:
    """Each game's latest log position (an incremental build reads only a few games)."""
    if not games:
        return {}
    wanted = {ids.game_id(g): g for g in games}
    out: dict[str, int] = {}
    for n in notifications(app):
        game = wanted.get(n.originator_id)
        if game is not None:
            out[game] = n.id
    return out
