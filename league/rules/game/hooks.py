"""What the season player and the audit ask of a game-level rule system, as a protocol.

:class:`league.rules.game.ruleset.GameRuleset` declares these hooks for a rule
system to write, and hands itself to the season player
(:mod:`league.rules.game.season`) and the audit (:mod:`league.rules.game.audit`).
They call it through this protocol, so neither imports the base class that
imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

if TYPE_CHECKING:
    from league.domain.dice import NeedRoll

# What the engine asked for and got, and the outcome (plain JSON, as ``Game.Completed`` stores it).
Played = tuple[list[tuple["NeedRoll", Any]], dict[str, Any]]


class GameHooks(Protocol):
    """Enough of a rule system to play or replay one game from its stored setup and rolls."""

    def team_from_dict(self, stored: Mapping[str, Any]) -> Any: ...

    def engine_input(self, ruleset: str, version: str, setup: Mapping[str, Any], visitor: Any,
                     home: Any) -> Any: ...

    def play_rolls(self, setup: Any, rolls: list[Any], source: Callable[[NeedRoll], Any]) -> Played: ...

    def can_replay(self, ruleset: str, version: str) -> bool: ...
