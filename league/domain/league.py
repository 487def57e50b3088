"""The League aggregate: its settings, its clubs' roster sheets, its schedule."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from league.domain import ids, topics
from league.domain.base import LeagueAggregate


class League(LeagueAggregate):
    TOPIC = topics.LEAGUE

    class Created(LeagueAggregate.Created):
        TOPIC = topics.LEAGUE_CREATED

    @staticmethod
    def create_id() -> UUID:
        return ids.LEAGUE_ID  # one league per store

    @event("Started", topic=topics.LEAGUE_STARTED)
    def __init__(self, name: str, ruleset: str, seed: str, starters: str, actor: str,
                 options: dict[str, str] | None = None) -> None:
        self.name = name
        self.ruleset = ruleset
        # The rule system's league options chosen at init (``Ruleset.options``); leagues
        # created before options existed have none, which means every option's default.
        self.options: dict[str, str] = dict(options or {})
        self.seed = seed
        self.starters = starters  # "rotation" or "schedule"
        self.sheets: dict[str, dict[str, Any]] = {}  # team code -> sheet dict
        self.games: dict[str, dict[str, Any]] = {}  # game id -> scheduled game dict

    @event("TeamRegistered", topic=topics.LEAGUE_TEAM_REGISTERED)
    def register_team(self, sheet: dict[str, Any], source: str, actor: str) -> None:
        self.sheets[sheet["code"]] = sheet

    @event("GamesScheduled", topic=topics.LEAGUE_GAMES_SCHEDULED)
    def schedule_games(self, games: list[dict[str, Any]], source: str, actor: str) -> None:
        for g in games:
            self.games[g["game_id"]] = g

    @event("SheetsRestored", topic=topics.LEAGUE_SHEETS_RESTORED)
    def restore_sheets(self, sheets: dict[str, dict[str, Any] | None], reason: str, actor: str) -> None:
        """Undo of an import: each club gets back its earlier sheet, or leaves."""
        for code, sheet in sheets.items():
            if sheet is None:
                self.sheets.pop(code, None)
            else:
                self.sheets[code] = sheet

    @event("GamesUnscheduled", topic=topics.LEAGUE_GAMES_UNSCHEDULED)
    def unschedule_games(self, games: list[str], reason: str, actor: str) -> None:
        for gid in games:
            self.games.pop(gid, None)
