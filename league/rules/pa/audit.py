"""Audit of plate-appearance games: re-derive every play and the box from the rolls.

For each game, the cards are those of the league version its setup names,
read by the card game's engine (its ruleset passes it); every roll must be
one the engine asked for, every recorded play must equal the engine's, and a
final game's box score must equal the fold's.  The first difference is
reported with its position (see :mod:`league.rules.pa.replay`).
:func:`league.application.audit.audit` spreads them over the cores.
"""

from __future__ import annotations

import weakref
from typing import Any, Sequence
from uuid import UUID

from league.adapters import forked
from league.domain import ids
from league.rules.pa.box import box_score
from league.rules.pa.engine import CardEngine
from league.rules.pa.replay import ReplayMismatch, cards_for, fold, plain

STARTED = ("league:PAGame.Started",)


def started_games(app: Any, only: set[UUID] | None) -> list[UUID]:
    """The plate-appearance games (their ids) in the order they started, in one pass over the log."""
    out: list[UUID] = []
    start = 1
    while True:
        batch = app.recorder.select_notifications(start, 20000, topics=STARTED)
        out.extend(n.originator_id for n in batch if only is None or n.originator_id in only)
        if len(batch) < 20000:
            return out
        start = batch[-1].id + 1


def audit_pa_games(app: Any, games: Sequence[Any], engine: CardEngine) -> tuple[int, int, str | None]:
    """Audit the games (aggregate ids) in order with ``engine``: games and events checked, the first problem."""
    here = forked.own_app(app)
    leagues = _leagues.setdefault(here, {})
    checked = events = 0
    for oid in games:
        g = here.repository.get(oid)
        checked += 1
        events += g.version
        problem = _audit_game(here, g, leagues, engine)
        if problem:
            return checked, events, problem
    return checked, events, None


# League versions loaded, per application (a forked worker has its own).
_leagues: weakref.WeakKeyDictionary[Any, dict[int, Any]] = weakref.WeakKeyDictionary()


def _audit_game(app: Any, g: Any, leagues: dict[int, Any], engine: CardEngine) -> str | None:
    if not engine.can_replay(g.ruleset_version):
        return (f"game {g.game} position 1: ruleset {g.ruleset} version "
                f"{g.ruleset_version} cannot be replayed by this build ({engine.version})")
    if g.setup is None:
        return None
    version = g.setup["league_version"]
    if version not in leagues:
        leagues[version] = app.repository.get(ids.LEAGUE_ID, version=version)
    try:
        f = fold(g, cards_for(leagues[version].sheets, (g.visitor, g.home), engine), engine, check=True)
    except ReplayMismatch as e:
        return str(e)
    if g.outcome is not None and plain(box_score(f.timeline, f.state)) != plain(g.outcome):
        return (f"game {g.game} position {g.completed_position}: the recorded box score "
                "differs from the one the plays give")
    return None


