"""A Pennant Race game's setup: the engine's input besides the dice.

Each club's sheet, starter and bullpen as they stood when the game started,
and the rules version it is played under.  The engine plays it
(:mod:`league.rules.pennant_race.engine`) and the pitching lines read it
(:mod:`league.rules.pennant_race.stats`).
"""

from __future__ import annotations

from dataclasses import dataclass

from league.rules.pennant_race.ratings import TeamSheet
from league.rules.pennant_race.usage import RelieverStatus
from league.rules.pennant_race.versions import RULESET_VERSION


@dataclass(frozen=True)
class SideSetup:
    sheet: TeamSheet
    starter: str
    short_rest: bool = False
    bullpen: tuple[RelieverStatus, ...] = ()  # today's statuses, from usage.staff_status


@dataclass(frozen=True)
class GameSetup:
    ruleset: str  # "pennant-race" | "relief-defense"
    visitor: SideSetup
    home: SideSetup
    version: str | None = None  # the ruleset version the game is played under; None: this build's

    @property
    def rules_version(self) -> str:
        return self.version or RULESET_VERSION[self.ruleset]

    def side(self, which: str) -> SideSetup:
        return self.visitor if which == "visitor" else self.home
