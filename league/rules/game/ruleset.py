"""The base of game-level rule systems: a :class:`Ruleset` whose games are ``Game`` aggregates.

A subclass writes five small things -- how to read its team file back from
the league (:meth:`team_from_dict`), one side's setup for a game
(:meth:`side`), the engine's input from a stored setup
(:meth:`engine_input`), the pure engine (:meth:`play_rolls`) and which rules
versions it can replay (:meth:`can_replay`) -- and gets the season player,
audit and dispute cascade of every other game-level rule system.

The season player and the audit (the ``Game`` aggregate, the event-sourcing
library's domain classes, multiprocessing) are imported by the methods that
use them, not by this module: a read command that only asks a rule system for
its calendar (``league pitchers``) does not pay for them.
"""

from __future__ import annotations

from abc import abstractmethod
from datetime import date
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence
from uuid import UUID

from league.rules.game.hooks import Played
from league.rules.ruleset import AuditResult, Ruleset

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication
    from league.domain.dice import NeedRoll
    from league.domain.league import League
    from league.domain.staff import Staff
    from league.rules.game.season import GameSeason


class GameRuleset(Ruleset):
    """A rule system that decides a whole game from a few rolls (``Game`` aggregates)."""

    def season(self, app: "LeagueApplication", league: "League", staffs: dict[str, "Staff"]) -> GameSeason:
        from league.rules.game.season import GameSeason

        return GameSeason(self, app, league, staffs)

    def audit_work(self, app: "LeagueApplication", only: set[UUID] | None) -> list[Any]:
        from league.rules.game import audit

        return audit.read_log(app, only)

    def audit_slice(self, app: "LeagueApplication", work: Sequence[Any]) -> AuditResult:
        from league.rules.game import audit

        return audit.audit_games(self, app, work)

    # --- what a game-level rule system writes ----------------------------------------------

    @abstractmethod
    def team_from_dict(self, stored: Mapping[str, Any]) -> Any:
        """A registered team (``TeamFile.to_dict()`` as stored) read back for the engine."""

    @abstractmethod
    def side(self, season: GameSeason, scheduled: Mapping[str, Any], side: str, day: date,
             named: str | None) -> dict[str, Any]:
        """One club's part of a new game's setup (plain JSON: it is stored in ``Game.Started``).

        ``season.team(code)`` and ``season.staffs[code]`` give the club's team file
        and pitcher usage; ``named`` is a starter the commissioner asked for.
        """

    @abstractmethod
    def engine_input(self, ruleset: str, version: str, setup: Mapping[str, Any], visitor: Any, home: Any) -> Any:
        """The engine's input from a stored setup and the two clubs' team files."""

    @abstractmethod
    def play_rolls(self, setup: Any, rolls: list[Any], source: Callable[[NeedRoll], Any]) -> Played:
        """Play the game: first the ``rolls`` already recorded, then new ones from ``source``."""

    @abstractmethod
    def can_replay(self, ruleset: str, version: str) -> bool:
        """Whether this build can re-derive games stored under ``version`` (audit)."""

    def appearances(self, outcome: Mapping[str, Any], team: str) -> list[dict[str, Any]]:
        """The club's pitchers in a final game, for its Staff (``pitching`` lines of the outcome)."""
        return [{"pitcher": p["pitcher"], "role": "start" if p["role"] == "SP" else "relief"}
                for p in outcome.get("pitching", ()) if p["team"] == team]


__all__ = ["GameRuleset", "Played"]
