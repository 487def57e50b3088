"""The base of plate-appearance rule systems: a :class:`Ruleset` played card by card.

A card game (Strat-O-Matic, Pine Tar, Inside Pitch) subclasses
:class:`CardRuleset` and gives its :class:`~league.rules.pa.engine.CardEngine`
as ``engine``; the season player (:class:`~league.rules.pa.season.PASeason`),
hand play, the day pool and the audit of recorded rolls are this layer's.
This module stays light (the registry imports every rule system at start-up):
the engine and the machinery are imported when a game is played.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, Mapping, Sequence
from uuid import UUID

from league.domain import boxes
from league.domain.errors import LeagueError
from league.rules.ruleset import AuditResult, Ruleset

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication
    from league.domain.league import League
    from league.domain.staff import Staff
    from league.rules.pa.engine import CardEngine
    from league.rules.pa.season import PASeason


class CardRuleset(Ruleset):
    """A rule system whose games are played plate appearance by plate appearance (``PAGame``)."""

    hand_play = True
    box_kind = boxes.PLAYS  # box scores counted from the plays (league.rules.pa.box)
    min_audit_games = 16  # a plate-appearance game is long: forking pays off sooner

    @property
    @abstractmethod
    def engine(self) -> "CardEngine":
        """The card game's engine (import it here, not at module level: start-up stays quick)."""

    def version(self, variant: str) -> str:
        return self.engine.version

    def season(self, app: "LeagueApplication", league: "League", staffs: dict[str, "Staff"]) -> "PASeason":
        from league.rules.pa.season import PASeason

        return PASeason(app, league, staffs, self.engine)

    def appearances(self, outcome: Mapping[str, Any], team: str) -> list[dict[str, Any]]:
        from league.rules.pa.box import appearances

        return appearances(outcome, team)

    def audit_work(self, app: "LeagueApplication", only: set[UUID] | None) -> list[Any]:
        from league.rules.pa.audit import started_games

        # The cards read once, before the workers fork; not for a few games (a disputed one, say),
        # which are checked here and read only their own clubs' cards.
        few = only is not None and len(only) < self.min_audit_games
        return started_games(app, only, None if few else self.engine)

    def audit_slice(self, app: "LeagueApplication", work: Sequence[Any]) -> AuditResult:
        from league.rules.pa.audit import audit_pa_games

        return audit_pa_games(app, work, self.engine)


def card_engine(rules: Ruleset) -> "CardEngine":
    """The card engine of a plate-appearance rule system (exports, tools); refused for any other."""
    if not isinstance(rules, CardRuleset):
        raise LeagueError(f"{rules.family} games are not played card by card: they have no play-by-play")
    return rules.engine


__all__ = ["CardRuleset", "card_engine"]
