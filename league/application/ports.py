"""What the dispute and review use cases need of the application: the records they load and the season player.

The corrections, the cascade and the reviews are parts of the application
(:class:`league.application.app.LeagueApp`); they name it by this port, so
the application module is the only one that assembles them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from league.domain.journal import Journal
    from league.domain.league import League
    from league.domain.staff import Staff
    from league.rules.ruleset import SeasonPlayer


class Records(Protocol):
    """The league's aggregates as the application loads them, and its rule system's season player."""

    repository: Any

    def league(self) -> "League": ...

    def journal(self) -> "Journal": ...

    def game(self, game: str) -> Any: ...

    def find_game(self, game: str) -> Any: ...

    def staff(self, team: str) -> "Staff": ...

    def season_player(self, league: "League", staffs: dict[str, "Staff"]) -> "SeasonPlayer": ...

    def save_command(self, journal: "Journal | None", command: str, actor: str, reason: str,
                     details: dict[str, Any], *aggregates: Any, undoes: int | None = None) -> int: ...


__all__ = ["Records"]
