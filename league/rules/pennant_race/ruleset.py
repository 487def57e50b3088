"""Pennant Race as a plug-in: the ``pennant-race`` and ``relief-defense`` variants.

Game setup (the starter by rotation or schedule, the bullpen as it stands),
the engine, the sheet format and the Lahman generator are this package's;
the season player and the audit of recorded rolls come from
:mod:`league.rules.game`.

The engine is imported by the methods that play or replay games, not by this
module: ``league pitchers`` needs only the calendar (usage and bullpen rules).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from league.domain import boxes
from league.domain.errors import RulesError
from league.domain.usage import Appearance
from league.rules.game.ruleset import GameRuleset, Played
from league.rules.pennant_race.ratings import TeamSheet
from league.rules.pennant_race.usage import RelieverStatus, choose_starter, staff_status, starter_status

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication, LeagueRecords
    from pathlib import Path  # annotations only: pathlib imports urllib.parse and ipaddress

    from league.domain.dice import NeedRoll
    from league.rules.game.season import GameSeason
    from league.rules.pennant_race import engine


class StarterChoice:
    """The starter a side's setup names, and why.  Never stored (the setup keeps its fields); a plain
    class, as a dataclass or a NamedTuple is built at import, which every read command would pay for."""

    __slots__ = ("name", "short_rest", "reason")

    def __init__(self, name: str, short_rest: bool, reason: str) -> None:
        self.name = name
        self.short_rest = short_rest
        self.reason = reason


class PennantRace(GameRuleset):
    family = "pennant-race"
    title = "Pennant Race"
    team_files = "roster sheets"
    variants = {
        "pennant-race": "Pennant Race: one three-dice roll per team per game (rules/pennant-race.md)",
        "relief-defense": "Pennant Race with the older relief/defense rule (relief-defense-variant.txt)",
    }
    team_format = "roster sheet (tab-separated, as printed in the manual; docs/formats.md)"
    consecutive_days = 3
    has_calendar = True
    box_kind = boxes.POINTS  # runs, pitching lines, batting and fielding points

    def version(self, variant: str) -> str:
        from league.rules.pennant_race import engine

        return engine.RULESET_VERSION[variant]

    def can_replay(self, ruleset: str, version: str) -> bool:
        from league.rules.pennant_race import engine

        return ruleset in engine.RULESET_VERSION and version in engine.USAGE_LIMITS

    def read_team(self, path: Path, source: str) -> TeamSheet:
        from league.rules.pennant_race.sheet import read_sheet

        return read_sheet(path, source=source)

    def write_team(self, team: Any, path: Path) -> None:
        from league.rules.pennant_race.sheet import write_sheet

        path.write_text(write_sheet(team))

    def team_from_dict(self, stored: Mapping[str, Any]) -> TeamSheet:
        return TeamSheet.from_dict(dict(stored))

    def batters(self, team: Mapping[str, Any]) -> list[tuple[str, bool]]:
        sheet = self.team_from_dict(team)
        lineup = {b.name for b in sheet.lineup}
        return [(b.name, b.name in lineup) for b in sheet.batters]

    # --- a game ----------------------------------------------------------------------------

    def side(self, season: GameSeason, scheduled: Mapping[str, Any], side: str, day: date,
             named: str | None) -> dict[str, Any]:
        team = scheduled[side]
        sheet = season.team(team)
        usage = season.staffs[team].usage
        starters, bullpen = staff_status(sheet, usage, day)
        choice = _starter(season, sheet, usage, day, named, scheduled.get(f"{side}_starter"), starters)
        return {
            "team": team,
            "starter": choice.name,
            "short_rest": choice.short_rest,
            "starter_reason": choice.reason,
            # RelieverStatus holds only scalars, so its fields in order are the full dict
            # (dataclasses.asdict deep-copies and costs more than the game itself).
            "bullpen": [s.to_dict() for s in bullpen],
        }

    def engine_input(self, ruleset: str, version: str, setup: Mapping[str, Any], visitor: TeamSheet,
                     home: TeamSheet) -> engine.GameSetup:
        return setup_from_record(ruleset, setup, visitor, home, version)

    def play_rolls(self, setup: engine.GameSetup, rolls: list[Any], source: Callable[[NeedRoll], Any]) -> Played:
        from league.rules.pennant_race import engine

        asked, answer = engine.play(setup, rolls, source)
        return asked, answer.to_dict()

    # --- for people ------------------------------------------------------------------------

    def pitcher_calendar(self, app: "LeagueRecords", team: str, day: date, pitchers: Sequence[Mapping[str, Any]],
                         history: Mapping[str, Sequence[Appearance]],
                         outs: Mapping[tuple[str, str], int] | None = None) -> dict[str, Any]:
        from league.rules.pennant_race.calendar import calendar

        return calendar(team, day, pitchers, history)

    def calendar_tables(self, cal: dict[str, Any]) -> list[tuple[list[dict[str, Any]], list[tuple[str, str]], str]]:
        from league.rules.pennant_race.calendar import calendar_tables

        return calendar_tables(cal)

    def roster_rows(self, app: "LeagueRecords", team: str, day: date, calendar: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        from league.rules.pennant_race.calendar import roster_rows

        assert calendar is not None  # this rule system keeps one
        return roster_rows(app, team, day, calendar)

    def roster_table(self, team: Mapping[str, Any]) -> Any:
        from league.rules.pennant_race.roster_table import roster_table

        return roster_table(team)

    def demo(self, app: "LeagueApplication", variant: str, seed: str, actor: str) -> dict[str, Any]:
        from league.rules.pennant_race.demo import build_demo

        return build_demo(app, variant, seed, actor)

    def generate_season(self, year: int, teams: Sequence[str] | None = None) -> list[Any]:
        from league.rules.pennant_race.lahman.generator import generate_season

        return generate_season(year, teams)

    def write_season(self, year: int, out_dir: Path, teams: Sequence[str] | None = None) -> list[Path]:
        from league.rules.pennant_race.lahman.generator import write_season

        return write_season(year, out_dir, teams)


def _starter(season: GameSeason, sheet: TeamSheet, usage: Any, day: date, named: str | None,
             scheduled_name: str | None, starters: Any) -> StarterChoice:
    if named:
        p = sheet.pitcher(named)
        if p is None or not p.is_starter:
            raise RulesError(f"{named} is not a starter on the {sheet.code} roster")
        st = starter_status(p, usage.get(p.name, ()), day)
        if st.fully_rested:
            return StarterChoice(p.name, False, "named by the commissioner")
        if st.short_rest_ok:
            return StarterChoice(p.name, True, "named by the commissioner, one day short of rest")
        raise RulesError(f"{p.name} ({sheet.code}) cannot start on {day}: {st.reason}")
    if season.league.starters == "schedule" and scheduled_name:
        p = sheet.pitcher(scheduled_name)
        if p is not None and p.is_starter:
            return StarterChoice(p.name, False, "real starter named in the schedule")
        # Not on the roster: the manual says pick any fully rested starter.
    name, short = choose_starter(sheet, usage, day, starters)
    return StarterChoice(name, short, "rotation: most rested" + (" (one day short)" if short else ""))


def setup_from_record(
    ruleset: str, setup: Mapping[str, Any], visitor: TeamSheet, home: TeamSheet, version: str | None = None
) -> engine.GameSetup:
    """Rebuild the engine's input from a Game.Started record (also used by audit)."""
    from league.rules.pennant_race import engine

    def side(d: Mapping[str, Any], sheet: TeamSheet) -> engine.SideSetup:
        return engine.SideSetup(
            sheet=sheet,
            starter=d["starter"],
            short_rest=d["short_rest"],
            bullpen=tuple(RelieverStatus(**s) for s in d["bullpen"]),
        )

    return engine.GameSetup(ruleset=ruleset, visitor=side(setup["visitor"], visitor), home=side(setup["home"], home),
                            version=version)


RULESET = PennantRace()

__all__ = ["PennantRace", "RULESET", "setup_from_record"]
