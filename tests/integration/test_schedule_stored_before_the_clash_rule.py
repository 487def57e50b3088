"""A league stored before schedules were checked for clashes still plays, audits and takes new games.

Its schedule is written straight to the League aggregate, as an import did
before the rule, with TEX in two games on one date; nothing about the stored
league is re-checked, only games imported from now on.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from league.application.audit import audit
from league.bootstrap import open_app
from league.data import data_path
from league.domain.errors import InputError
from league.rules.pennant_race.sheet import read_sheet
from league.adapters.schedule import ScheduledGame, read_schedule_text

TEAMS = ("TEX", "CAL", "SEA", "OAK")


def old_league(url: str) -> Any:
    app = open_app(url)
    app.create_league(name="old", ruleset="pennant-race", seed="3", actor="t")
    app.import_teams([(read_sheet(data_path("teams", f"{t}.tsv")), f"{t}.tsv") for t in TEAMS], actor="t")
    day = dt.date(1988, 4, 4)
    clash = [ScheduledGame("TEX198804040", day, 0, "CAL", "TEX"), ScheduledGame("SEA198804040", day, 0, "TEX", "SEA")]
    league = app.league()
    league.schedule_games(games=[g.to_dict() for g in clash], source="old.csv", actor="t")
    app.save_command(None, "schedule import", "t", "", {"source": "old.csv", "games": [g.game_id for g in clash]}, league)
    return app


def test_a_stored_clash_still_plays_and_audits_and_new_games_import_beside_it(db_url: str) -> None:
    app = old_league(db_url)
    assert app.simulate(actor="t") == 2
    assert audit(app).ok
    # step: a new file without clashes imports; one clashing with a stored game is refused
    more = read_schedule_text("date,visitor,home\n1988-04-05,OAK,TEX\n", "more.csv")
    assert app.import_schedule(more, source="more.csv", actor="t") == 1
    before = app.recorder.max_notification_id()
    with pytest.raises(InputError, match="more2.csv, line 2, field home"):
        app.import_schedule(read_schedule_text("date,visitor,home\n1988-04-04,OAK,TEX\n", "more2.csv"),
                            source="more2.csv", actor="t")
    assert app.recorder.max_notification_id() == before
