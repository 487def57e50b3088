"""Pine Tar Baseball as a plug-in: ``pine-tar`` (pitchers bat) and ``pine-tar-dh``.

Cards, charts, engine and auto-manager are this package's, handed to the
shared plate-appearance layer as one CardEngine (:mod:`.card_engine`).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from league.rules.pa.ruleset import CardRuleset
from league.rules.pine_tar.options import OPTIONAL_RULES
from league.rules.ruleset import Option

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication, LeagueRecords
    from pathlib import Path  # annotations only: pathlib imports urllib.parse and ipaddress

    from league.domain.league import League
    from league.domain.staff import Staff
    from league.domain.usage import Appearance
    from league.rules.pa.engine import CardEngine
    from league.rules.pa.season import PASeason


class PineTar(CardRuleset):
    family = "pine-tar"
    title = "Pine Tar Baseball"
    team_files = "cards"
    variants = {
        "pine-tar": "Pine Tar Baseball 2.1 main rules, pitchers bat (rules/pine-tar.txt)",
        "pine-tar-dh": "Pine Tar Baseball 2.1 main rules with a designated hitter",
    }
    team_format = "Pine Tar card file (docs/pine-tar.md)"
    consecutive_days = 3  # page 15: a reliever no more than 3 games in a row
    options = {name: Option(f"{text}: on or off", ("off", "on"), "off") for name, text in OPTIONAL_RULES.items()}

    def season(self, app: "LeagueApplication", league: "League", staffs: dict[str, "Staff"]) -> "PASeason":
        """The shared season player with the engine of this league's optional rules."""
        from league.rules.pa.season import PASeason
        from league.rules.pine_tar.card_engine import league_engine

        chosen = tuple(sorted(k for k, v in (league.options or {}).items() if v == "on" and k in OPTIONAL_RULES))
        return PASeason(app, league, staffs, league_engine(chosen))

    @property
    def engine(self) -> "CardEngine":
        from league.rules.pine_tar.card_engine import ENGINE

        return ENGINE

    # --- the rest calendar (league/rules/pine_tar/calendar.py) -------------------------------

    has_calendar = True

    def pitcher_calendar(self, app: "LeagueRecords", team: str, day: date, pitchers: Sequence[Mapping[str, Any]],
                         history: Mapping[str, Sequence["Appearance"]],
                         outs: Mapping[tuple[str, str], int] | None = None) -> dict[str, Any]:
        from league.rules.pine_tar.calendar import club_calendar

        return club_calendar(app, team, day)

    def calendar_tables(self, cal: dict[str, Any]) -> list[tuple[list[dict[str, Any]], list[tuple[str, str]], str]]:
        from league.rules.pine_tar.calendar import calendar_tables

        return calendar_tables(cal)

    def roster_rows(self, app: "LeagueRecords", team: str, day: date, calendar: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        from league.rules.pine_tar.calendar import roster_rows

        return roster_rows(app, team, day, calendar)

    def roster_table(self, team: Mapping[str, Any]) -> Any:
        from league.rules.pine_tar.calendar import roster_table

        return roster_table(team)

    def staff_calendar(self, app: "LeagueRecords", team: str, roster: Any, day: str) -> dict[str, Any] | None:
        from league.rules.pine_tar.calendar import staff_calendar

        return staff_calendar(app, team, roster, day)

    def read_team(self, path: Path, source: str) -> Any:
        from league.rules.pine_tar.team_file import read_team

        return read_team(path, source=source)

    def player_names(self, team: Mapping[str, Any]) -> dict[str, str]:
        from league.rules.pine_tar.cards import card_names

        return card_names(team.get("cards") or "", team.get("source", "<cards>"))

    def batters(self, team: Mapping[str, Any]) -> list[tuple[str, bool]]:
        from league.rules.pine_tar.cards import parse_cards

        cards = [c for c in parse_cards(team.get("cards") or "", team.get("source", "<cards>")) if c.kind == "batter"]
        return [(c.name, i < 9) for i, c in enumerate(cards)]

    def demo(self, app: "LeagueApplication", variant: str, seed: str, actor: str) -> dict[str, Any]:
        from league.rules.pine_tar.demo import build_demo

        return build_demo(app, seed=seed, actor=actor, ruleset=variant)

    # --- real seasons (league/rules/pine_tar/lahman/) ------------------------------------

    def generate_season(self, year: int, teams: Sequence[str] | None = None) -> list[Any]:
        from league.rules.pine_tar.lahman.generator import generate_season

        return list(generate_season(year, teams))

    def write_season(self, year: int, out_dir: Path, teams: Sequence[str] | None = None) -> list[Path]:
        from league.rules.pine_tar.lahman.generator import write_season

        return write_season(year, out_dir, teams)


RULESET = PineTar()

__all__ = ["PineTar", "RULESET"]
