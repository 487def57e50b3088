"""Small simulated seasons for the website tests: Pennant Race, Strat-O-Matic, Pine Tar, Inside Pitch.

A few clubs (four unless told) and a short schedule each, so a whole site
builds in about a second.  ``rewind_and_replay`` rewinds a played game (with a reason) and
plays it again, so its page must show the rewind where it happened.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from league.bootstrap import open_app
from league.data import data_path
from league.rules.strat.team_file import read_card_team
from league.rules.pennant_race.sheet import read_sheet
from league.adapters.schedule import balanced_schedule
from league.rules.strat.cardgen import format_cards, team_cards
from league.rules.inside_pitch.cardset import DATA as INSIDE_PITCH_CLUBS
from league.rules.inside_pitch.team_file import read_club
from league.rules.pine_tar.cardgen import OUT as PINE_TAR_CLUBS
from league.rules.pine_tar.team_file import read_team
from projections.migrate import upgrade

PR_CLUBS = ("TEX", "CAL", "OAK", "SEA")
STRAT_CLUBS = ("SAA", "SAB", "SAC", "SAD")
PINE_TAR_CODES = ("HBR", "PRD", "MSA", "CLF")  # the shipped card set's clubs
INSIDE_PITCH_CODES = ("HBR", "MIL", "RDG", "SLV")
REWIND_REASON = "home roll misread at the table"


def pennant_race_league(url: str, games_per_club: int = 12, through: dt.date | None = None,
                        clubs: int = 4) -> Any:
    """Shipped clubs, a balanced schedule from 1988-04-04, played through ``through`` (default: all)."""
    app = open_app(url)
    app.create_league(name="Site PR League", ruleset="pennant-race", seed="15", actor="test")
    upgrade(app.store)
    sheets = [data_path("teams", f"{c}.tsv") for c in PR_CLUBS[:clubs]]
    app.import_teams([(read_sheet(p, source=p.name), p.name) for p in sheets], actor="test")
    app.import_schedule(balanced_schedule(PR_CLUBS[:clubs], games_per_club, dt.date(1988, 4, 4), seed=1),
                        source="balanced", actor="test")
    app.simulate(through=through, actor="test")
    return app


def rewind_and_replay(app: Any, game: str, to: int = 2) -> None:
    """Rewind a played game to the event at ``to`` (with a reason), then play it again."""
    app.rewind(game, to, reason=REWIND_REASON, actor="commissioner")
    app.simulate(actor="test")


def last_game(app: Any) -> str:
    games = app.league().games
    return max(games, key=lambda g: (games[g]["date"], games[g]["number"], g))


def strat_league(url: str, folder: Path, games_per_club: int = 6, clubs: int = 4) -> Any:
    """Generated Strat-O-Matic clubs, a short balanced schedule from 2024-04-01, all played."""
    app = open_app(url)
    app.create_league(name="Site Strat League", ruleset="strat-o-matic", seed="15", actor="test")
    upgrade(app.store)
    files = []
    for code in STRAT_CLUBS[:clubs]:
        path = folder / f"{code}.txt"
        path.write_text(format_cards(team_cards(code), f"Club {code} ({code})"), encoding="utf-8")
        files.append(path)
    app.import_teams([(read_card_team(p), p.name) for p in files], actor="test")
    app.import_schedule(balanced_schedule(STRAT_CLUBS[:clubs], games_per_club, dt.date(2024, 4, 1), seed=1),
                        source="balanced", actor="test")
    app.simulate(actor="test")
    return app


def pine_tar_league(url: str, games_per_club: int = 4, clubs: int = 4) -> Any:
    """The shipped Pine Tar clubs, a short balanced schedule from 2024-04-01, all played."""
    app = open_app(url)
    app.create_league(name="Site Pine Tar League", ruleset="pine-tar", seed="15", actor="test")
    upgrade(app.store)
    paths = [PINE_TAR_CLUBS / f"{c.lower()}.txt" for c in PINE_TAR_CODES[:clubs]]
    app.import_teams([(read_team(p, source=p.name), p.name) for p in paths], actor="test")
    app.import_schedule(balanced_schedule(PINE_TAR_CODES[:clubs], games_per_club, dt.date(2024, 4, 1), seed=1),
                        source="balanced", actor="test")
    app.simulate(actor="test")
    return app


def inside_pitch_league(url: str, games_per_club: int = 4, clubs: int = 4) -> Any:
    """The shipped Inside Pitch clubs, a short balanced schedule from 2024-04-01, all played."""
    app = open_app(url)
    app.create_league(name="Site Inside Pitch League", ruleset="inside-pitch", seed="15", actor="test")
    upgrade(app.store)
    paths = [INSIDE_PITCH_CLUBS / f"{c}.txt" for c in INSIDE_PITCH_CODES[:clubs]]
    app.import_teams([(read_club(p), p.name) for p in paths], actor="test")
    app.import_schedule(balanced_schedule(INSIDE_PITCH_CODES[:clubs], games_per_club, dt.date(2024, 4, 1), seed=1),
                        source="balanced", actor="test")
    app.simulate(actor="test")
    return app


def event_count(app: Any) -> int:
    return int(app.recorder.max_notification_id() or 0)
