"""Audit of plate-appearance games: re-derive every play and the box from the rolls.

For each game, the cards are those of the league version its setup names;
every roll must be one the engine asked for, every recorded play must equal
the engine's, and a final game's box score must equal the fold's.  The first
difference is reported with its position (see :mod:`league.pa_replay`).
"""

from __future__ import annotations

import json
from typing import Any, Iterable

from league import ids
from league.pa_box import box_score
from league.pa_replay import ReplayMismatch, cards_for, fold
from league.rules.strat.charts import RULESET_VERSION

STARTED = ("league:PAGame.Started",)


def audit_pa(app: Any, games: Iterable[str] | None, report: Any) -> None:
    """Append the first problem found to ``report`` (an AuditReport); count games and events."""
    wanted = {ids.game_id(g) for g in games} if games is not None else None
    seen: list[Any] = []
    start = 1
    while True:
        batch = app.recorder.select_notifications(start, 5000, topics=STARTED)
        seen.extend(n.originator_id for n in batch if wanted is None or n.originator_id in wanted)
        if len(batch) < 5000:
            break
        start = batch[-1].id + 1
    leagues: dict[int, Any] = {}
    for oid in seen:
        g = app.repository.get(oid)
        report.games += 1
        report.events += g.version
        if g.ruleset_version != RULESET_VERSION:
            report.problems.append(f"game {g.game} position 1: ruleset {g.ruleset} version "
                                   f"{g.ruleset_version} cannot be replayed by this build ({RULESET_VERSION})")
            return
        if g.setup is None:
            continue
        version = g.setup["league_version"]
        if version not in leagues:
            leagues[version] = app.repository.get(ids.LEAGUE_ID, version=version)
        try:
            f = fold(g, cards_for(leagues[version].sheets, (g.visitor, g.home)), check=True)
        except ReplayMismatch as e:
            report.problems.append(str(e))
            return
        if g.outcome is not None and _plain(box_score(f.timeline, f.state)) != _plain(g.outcome):
            report.problems.append(f"game {g.game} position {g.completed_position}: the recorded box score "
                                   "differs from the one the plays give")
            return


def _plain(d: Any) -> Any:
    return json.loads(json.dumps(d, sort_keys=True))
