"""Inside Pitch as a plug-in: ``inside-pitch`` (pitcher, batter and ballpark cards; the DH bats).

Cards, charts, the engine and the auto-manager are this package's, handed to
the shared plate-appearance layer as one
:class:`~league.rules.pa.engine.CardEngine` (:mod:`.card_engine`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from league.rules.pa.ruleset import CardRuleset
from league.rules.ruleset import Option

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication, LeagueRecords
    from pathlib import Path  # annotations only: pathlib imports urllib.parse and ipaddress

    from league.domain.league import League
    from league.domain.staff import Staff
    from league.rules.pa.engine import CardEngine
    from league.rules.pa.season import PASeason

ON_OFF = ("off", "on")


class InsidePitch(CardRuleset):
    family = "inside-pitch"
    title = "Inside Pitch"
    team_files = "cards"
    variants = {"inside-pitch": "Inside Pitch: pitcher, batter and ballpark cards, the DH (rules/inside-pitch.txt)"}
    team_format = "club card file (docs/inside-pitch.md)"
    consecutive_days = 2
    options = {
        "exhausted": Option("12.3: a tired pitcher who gets (??), (S1) or K(W) is exhausted and is replaced "
                            "before the next batter", ON_OFF, "off"),
        "pull": Option("12.2: the auto-manager pulls a pitcher once his runs, hits and walks exceed his pull "
                       "rating", ON_OFF, "off"),
        "strategy-each-change": Option("11, the house rule: a new strategy roll whenever the bases change "
                                       "within a plate appearance", ON_OFF, "off"),
    }

    @property
    def engine(self) -> "CardEngine":
        from league.rules.inside_pitch.card_engine import ENGINE

        return ENGINE

    def season(self, app: "LeagueApplication", league: "League", staffs: dict[str, "Staff"]) -> "PASeason":
        """The season player with the league's options as the engine's standing orders."""
        from league.rules.inside_pitch.card_engine import with_options
        from league.rules.pa.season import PASeason

        return PASeason(app, league, staffs, with_options(tuple(sorted(league.options.items()))))

    def read_team(self, path: Path, source: str) -> Any:
        from league.rules.inside_pitch.team_file import read_club

        return read_club(path, source=source)

    def roster_rows(self, app: "LeagueRecords", team: str, day: Any,
                    calendar: Mapping[str, Any] | None) -> list[dict[str, Any]]:
        from league.rules.inside_pitch.roster_table import roster_rows, starts

        return roster_rows(app.league().sheets[team], starts(app, team))

    def roster_table(self, team: Mapping[str, Any]) -> Any:
        from league.rules.inside_pitch.roster_table import roster_table

        return roster_table(team)

    def player_names(self, team: Mapping[str, Any]) -> dict[str, str]:
        from league.rules.inside_pitch.cards import card_names

        return card_names(team.get("cards") or "")

    def batters(self, team: Mapping[str, Any]) -> list[tuple[str, bool]]:
        from league.rules.inside_pitch.cards import parse_cards

        cards = [c for c in parse_cards(team.get("cards") or "", team.get("source", "<cards>")) if c.kind == "batter"]
        return [(c.name, i < 9) for i, c in enumerate(cards)]

    def generate_season(self, year: int, teams: Sequence[str] | None = None) -> list[Any]:
        from league.rules.inside_pitch.lahman.generator import generate_season

        return list(generate_season(year, teams))

    def write_season(self, year: int, out_dir: Path, teams: Sequence[str] | None = None) -> list[Path]:
        from league.rules.inside_pitch.lahman.generator import write_season

        return write_season(year, out_dir, teams)

    def demo(self, app: "LeagueApplication", variant: str, seed: str, actor: str) -> dict[str, Any]:
        from league.rules.inside_pitch.demo import build_demo

        return build_demo(app, seed=seed, actor=actor, ruleset=variant)


RULESET = InsidePitch()

__all__ = ["InsidePitch", "RULESET"]
