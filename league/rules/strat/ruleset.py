"""Strat-O-Matic as a plug-in: ``strat-o-matic`` (advanced rules, DH), ``strat-o-matic-basic`` and
``strat-o-matic-super`` (super advanced, DH).

Cards, charts, the engine, the auto-manager and the card generator are
this package's, handed to the shared plate-appearance layer as one
:class:`~league.rules.pa.engine.CardEngine` (:mod:`.card_engine`); the
machinery (season player, fold, box, hand play, day pool, audit) is
:mod:`league.rules.pa`, which this ruleset's base
(:class:`~league.rules.pa.ruleset.CardRuleset`) plugs the engine into.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from league.domain.errors import LeagueError
from league.rules.pa.ruleset import CardRuleset
from league.rules.ruleset import Option

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication, LeagueRecords
    from pathlib import Path  # annotations only: pathlib imports urllib.parse and ipaddress

    from league.domain.usage import Appearance
    from league.rules.pa.engine import CardEngine


class StratOMatic(CardRuleset):
    family = "strat-o-matic"
    title = "Strat-O-Matic"
    team_files = "cards"
    variants = {
        "strat-o-matic": "Strat-O-Matic advanced rules with the DH (rules/strat-o-matic.txt)",
        "strat-o-matic-basic": "Strat-O-Matic basic rules, pitchers bat",
        "strat-o-matic-super": "Strat-O-Matic super advanced rules with the DH (docs/strat-o-matic.md: which ones)",
    }
    team_format = "card file (docs/strat-o-matic.md)"
    consecutive_days = 2
    options = {
        "asterisks": Option("on: the 2.2 option, asterisks move runners and runners try for extra bases; "
                            "off: the 2.1 mode, runners move 1, 2, 3 bases on singles, doubles, triples",
                            ("on", "off"), "on"),
        "usage": Option("free: players play whatever their at-bats and innings (as every earlier league); "
                        "real: 10.1-10.2, each batter and pitcher kept within his card's actual at-bats and "
                        "innings over the season (docs/strat-o-matic.md, \"Real-usage limits (10.x)\")",
                        ("free", "real"), "free"),
        "solitaire-rest": Option("on: 26.2, the solitaire rest charts rest healthy starters by a d6 and a d20 on "
                                 "their card's actual at-bats and walks (strat-o-matic-super only; "
                                 "docs/strat-o-matic.md, \"Solitaire rest (26.2)\"); off: nobody rests",
                                 ("on", "off"), "off"),
        "weather": Option("on: 30.5, before each game a d20 on the project's Weather Effects Chart (the home "
                          "club's climate, the month, day or night) gives the homerun and single ranges in place "
                          "of the park's (strat-o-matic-super only; docs/strat-o-matic.md, \"Ball park effects, "
                          "weather and clutch (30)\"); off: the park's ranges", ("on", "off"), "off"),
    }

    def check_options(self, given: Mapping[str, str], source: str = "--option",
                      variant: str | None = None) -> dict[str, str]:
        """Only the options given: a league created without any stores none, as before options existed
        (the defaults are the rules every earlier league plays)."""
        super().check_options(given, source)
        if given.get("solitaire-rest") == "on" and variant is not None and variant != "strat-o-matic-super":
            raise LeagueError(f"{source}: option solitaire-rest is a super advanced rule (26.2): it needs "
                              f"--ruleset strat-o-matic-super, not {variant}")
        if given.get("weather") == "on" and variant is not None and variant != "strat-o-matic-super":
            raise LeagueError(f"{source}: option weather is a super advanced rule (30.5): it needs "
                              f"--ruleset strat-o-matic-super, not {variant}")
        return dict(given)

    def season(self, app: "LeagueApplication", league: Any, staffs: dict[str, Any]) -> Any:
        """The card layer's season player with super advanced starter rest (:mod:`.season_rest`), its games
        set up at the level the league's options make."""
        from league.rules.strat.levels import NO_ASTERISKS, SUPER, WEATHER, revision, split_level, with_flag
        from league.rules.strat.season_rest import StratSeason

        player = StratSeason(app, league, staffs, self.engine)
        if league.options.get("asterisks") == "off":
            player.level = with_flag(player.level, NO_ASTERISKS)
        if league.options.get("weather") == "on" and split_level(player.level)[0] == SUPER \
                and revision(player.level) >= 4:  # 30.5 replaces the park chart, a revision 4 rule
            player.level = with_flag(player.level, WEATHER)
        return player

    @property
    def engine(self) -> "CardEngine":
        """The cards, charts, engine and auto-manager (:data:`league.rules.strat.card_engine.ENGINE`)."""
        from league.rules.strat.card_engine import ENGINE

        return ENGINE

    def read_team(self, path: Path, source: str) -> Any:
        from league.rules.strat.team_file import read_card_team

        return read_card_team(path, source=source)

    # --- the rest calendar (league/rules/strat/calendar.py) ----------------------------------

    has_calendar = True  # starters' rest in club games (26.1; 27.51-27.52 super r4), relievers' (27.61, 27.64, limits)

    def pitcher_calendar(self, app: "LeagueRecords", team: str, day: date, pitchers: Sequence[Mapping[str, Any]],
                         history: Mapping[str, Sequence["Appearance"]],
                         outs: Mapping[tuple[str, str], int] | None = None) -> dict[str, Any]:
        """From the club's cards and its Staff, counting the games ``history`` holds (``pitchers`` is
        empty: a card file's pitchers are cards)."""
        from league.rules.strat.calendar import club_calendar

        counted = {a.game for appearances in history.values() for a in appearances}
        return club_calendar(app, team, day, counted, outs)

    def calendar_tables(self, cal: dict[str, Any]) -> list[tuple[list[dict[str, Any]], list[tuple[str, str]], str]]:
        from league.rules.strat.calendar import calendar_tables

        return calendar_tables(cal)

    def roster_rows(self, app: "LeagueRecords", team: str, day: date, calendar: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        from league.rules.strat.calendar import roster_rows

        return roster_rows(app, team, day, calendar)

    def roster_table(self, team: Mapping[str, Any]) -> Any:
        from league.rules.strat.roster_table import roster_table

        return roster_table(team)

    def staff_calendar(self, app: "LeagueRecords", team: str, roster: Any, day: str) -> dict[str, Any] | None:
        from league.rules.strat.roster_table import staff_calendar

        return staff_calendar(app, team, roster, day)

    def player_names(self, team: Mapping[str, Any]) -> dict[str, str]:
        from league.rules.strat.cards import card_names

        return card_names(team.get("cards") or "")

    def pitcher_headers(self, team: Mapping[str, Any]) -> list[tuple[str, str, int | None, int | None]] | None:
        from league.rules.strat.card_headers import pitcher_headers

        found = pitcher_headers(team.get("cards") or "")
        return None if found is None else [(h.id, h.name, h.starter, h.relief) for h in found]

    def demo(self, app: "LeagueApplication", variant: str, seed: str, actor: str) -> dict[str, Any]:
        from league.rules.strat.demo import build_demo

        return build_demo(app, seed=seed, actor=actor, ruleset=variant)

    # --- real seasons (league/rules/strat/lahman/) ---------------------------------------

    def batters(self, team: Mapping[str, Any]) -> list[tuple[str, bool]]:
        """Each batter card's name; the first nine (eight fielders and the DH) are the lineup."""
        from league.rules.strat.cards import parse_cards

        cards = [c for c in parse_cards(team.get("cards") or "", team.get("source", "<cards>")) if c.kind == "batter"]
        return [(c.name, i < 9) for i, c in enumerate(cards)]

    def generate_season(self, year: int, teams: Sequence[str] | None = None,
                        variant: str = "strat-o-matic") -> list[Any]:
        """The card files of ``year`` for ``variant``: advanced and basic cards are the same; super advanced
        cards add 16.3's e ratings and 30.0's symbols (docs/real-seasons.md)."""
        from league.rules.strat.lahman.generator import generate_season

        return list(generate_season(year, teams, variant=variant))

    def write_season(self, year: int, out_dir: Path, teams: Sequence[str] | None = None,
                     variant: str = "strat-o-matic") -> list[Path]:
        from league.rules.strat.lahman.generator import write_season

        return write_season(year, out_dir, teams, variant=variant)

    def generate_variant(self, variant: str, year: int, teams: Sequence[str] | None = None) -> list[Any]:
        return self.generate_season(year, teams, variant=variant)

    def write_variant(self, variant: str, year: int, out_dir: Path, teams: Sequence[str] | None = None) -> list[Path]:
        return self.write_season(year, out_dir, teams, variant=variant)


RULESET = StratOMatic()

__all__ = ["RULESET", "StratOMatic"]
