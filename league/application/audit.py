"""Re-derive every recorded outcome from its rolls: the log is the final word.

For each game, every roll must be one the engine asked for (same kind, same
team, same purpose) and every outcome must equal what the engine gives for
the setup and the rolls then in force, under the ruleset version the game
started with.  The first difference is reported with its position.

How a game is re-derived is its rule system's (``Ruleset.audit_work`` and
``audit_slice``; the shared layers :mod:`league.rules.game.audit` and
:mod:`league.rules.pa.audit` do it for most).  Games are independent, so a
season's are replayed on every core (:mod:`league.adapters.forked`;
``LEAGUE_AUDIT_WORKERS`` sets how many processes, ``1`` none forked).  The
first difference reported is the first in log order either way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from league import registry
from league.adapters import forked
from league.domain import ids
from league.domain.errors import NotFoundError

if TYPE_CHECKING:
    from league.application.app import LeagueApp


@dataclass
class AuditReport:
    games: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


AUDIT_SLICES = 24  # per worker


def audit(
    app: "LeagueApp", games: Iterable[str] | None = None, progress: Callable[[int, int], None] | None = None
) -> AuditReport:
    """Re-derive the games (all of them by default); stop at the first problem.

    ``progress(k, total)`` is called as games are checked: ``k`` more of ``total``.
    """
    report = AuditReport()
    only = {ids.game_id(g) for g in games} if games is not None else None
    try:
        rules = registry.ruleset(app.league().ruleset)
    except NotFoundError:  # no league, so no games
        return report
    work = rules.audit_work(app, only)
    done = None if progress is None else (lambda k: progress(k, len(work)))
    workers = forked.workers_for(len(work), rules.min_audit_games, forked.AUDIT_WORKERS)
    # Smaller slices than the default, shrinking toward the end: the workers' last ones end
    # together (with slices of an eighth of a worker's games, a Strat-O-Matic season's last ones kept
    # one worker busy while the others waited).
    results = forked.map_slices(lambda s: rules.audit_slice(app, s), work, workers,
                                until=lambda r: r[2] is not None, done=done, slices=AUDIT_SLICES, taper=True)
    for checked, events, problem in results:
        report.games += checked
        report.events += events
        if problem:
            report.problems.append(problem)
            return report
    return report


__all__ = ["AuditReport", "audit"]
