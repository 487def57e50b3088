"""`league injuries` on an Inside Pitch league: durations in games and in days (13).

The injury chart gives days ("Game", "Game + 1d6", "15 day"); the project
counts them as club games (one a day), and the list shows both: the club
games he misses and the days from the day he was hurt to the last of them
(an off day in between counts), 0 for "Game" (the rest of that game only).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from league.adapters.schedule import balanced_schedule
from league.bootstrap import open_app
from league.rules.inside_pitch.cardset import DATA
from league.rules.inside_pitch.team_file import read_club
from tests.e2e.cli import ok

TEAMS = sorted(p.stem for p in DATA.glob("*.txt"))
SEED = "a1"  # hurts two men on 2024-04-05: one for the rest of the game, one for two games


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    db = str(tmp_path_factory.mktemp("ip-injuries") / "league.db")
    app = open_app(db)
    app.create_league("T", "inside-pitch", SEED, actor="test")
    app.import_teams([(read_club(DATA / f"{t}.txt"), t) for t in TEAMS], actor="test")
    app.import_schedule(balanced_schedule(TEAMS, 10, dt.date(2024, 4, 1), seed=3), "b", "test")
    app.simulate(actor="test")
    schedule = sorted((g["date"], g.get("number", 0) or 0, g["visitor"], g["home"])
                      for g in app.league().games.values())
    app.close()
    yield db, schedule


def test_the_list_gives_each_injury_in_games_and_in_days(season: tuple[str, Any]) -> None:
    db, schedule = season
    rows = json.loads(ok(db, "injuries", "--json"))
    assert len(rows) >= 2 and any(r["games"] == 0 for r in rows) and any(r["games"] > 0 for r in rows)
    for r in rows:
        club = [(d, n) for d, n, v, h in schedule if r["team"] in (v, h)]
        hurt_in = next(i for i, (d, _) in enumerate(club) if d == r["date"])
        missed = club[hurt_in + 1: hurt_in + 1 + r["games"]]
        if r["games"] == 0:
            assert r["days"] == 0, r
        elif len(missed) == r["games"]:
            last = dt.date.fromisoformat(missed[-1][0])
            assert r["days"] == (last - dt.date.fromisoformat(r["date"])).days >= r["games"], r
        else:  # his last game to miss is past the schedule's end
            assert r["days"] is None, r


def test_the_table_has_a_days_column(season: tuple[str, Any]) -> None:
    db, _ = season
    out = ok(db, "injuries")
    header = next(line for line in out.splitlines() if "Player" in line)
    assert [c.strip() for c in header.split("┃")] == ["Player", "Team", "Injured", "Games", "Missed", "Returns",
                                                       "Days", "Status"]
    two_games = next(r for r in json.loads(ok(db, "injuries", "--json")) if r["games"] == 2)
    line = next(line for line in out.splitlines() if line.startswith(two_games["player_name"]))
    assert [c.strip() for c in line.split("│")][3:7] == ["2", "2", two_games["return_date"], str(two_games["days"])]
