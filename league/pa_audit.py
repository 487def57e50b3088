"""Audit of plate-appearance games: re-derive every play and the box from the rolls.

For each game, the cards are those of the league version its setup names;
every roll must be one the engine asked for, every recorded play must equal
the engine's, and a final game's box score must equal the fold's.  The first
difference is reported with its position (see :mod:`league.pa_replay`).
:func:`league.audit.audit` finds the games and spreads them over the cores.
"""

from __future__ import annotations

import weakref
from typing import Any, Sequence


from league import forked, ids
from league.pa_box import box_score
from league.pa_replay import ReplayMismatch, cards_for, fold, plain
from league.rules.strat.charts import RULESET_VERSION

MIN_PA_GAMES = 16  # fewer games: starting processes costs more than it saves


def audit_pa_games(app: Any, games: Sequence[Any]) -> tuple[int, int, str | None]:
    """Audit the games (aggregate ids) in order: games and events checked, the first problem."""
    here = forked.own_app(app)
    leagues = _leagues.setdefault(here, {})
    checked = events = 0
    for oid in games:
        g = here.repository.get(oid)
        checked += 1
        events += g.version
        problem = _audit_game(here, g, leagues)
        if problem:
            return checked, events, problem
    return checked, events, None


# League versions loaded, per application (a forked worker has its own).
_leagues: weakref.WeakKeyDictionary[Any, dict[int, Any]] = weakref.WeakKeyDictionary()


def _audit_game(app: Any, g: Any, leagues: dict[int, Any]) -> str | None:
    if g.ruleset_version != RULESET_VERSION:
        return (f"game {g.game} position 1: ruleset {g.ruleset} version "
                f"{g.ruleset_version} cannot be replayed by this build ({RULESET_VERSION})")
    if g.setup is None:
        return None
    version = g.setup["league_version"]
    if version not in leagues:
        leagues[version] = app.repository.get(ids.LEAGUE_ID, version=version)
    try:
        f = fold(g, cards_for(leagues[version].sheets, (g.visitor, g.home)), check=True)
    except ReplayMismatch as e:
        return str(e)
    if g.outcome is not None and plain(box_score(f.timeline, f.state)) != plain(g.outcome):
        return (f"game {g.game} position {g.completed_position}: the recorded box score "
                "differs from the one the plays give")
    return None


