"""A sim is journaled a part per saved batch, so a killed sim stays undoable."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

import league.application.app as application
from commands.cli import cli
from league.bootstrap import open_app
from league.data import data_path
from league.rules.pennant_race.sheet import read_sheet
from league.adapters.schedule import read_schedule
from league.domain.lifecycle import FINAL

TEAMS = ("BOS", "CAL", "DET", "NYA", "OAK", "SEA", "TEX", "TOR")


def _league(url: str) -> Any:
    app = open_app(url)
    app.create_league(name="demo", ruleset="pennant-race", seed="7", actor="t")
    app.import_teams([(read_sheet(data_path("teams", f"{t}.tsv")), f"{t}.tsv") for t in TEAMS], actor="t")
    sked = read_schedule(data_path("schedules", "demo.csv"), known_teams=set(TEAMS))
    app.import_schedule(sked, source="demo.csv", actor="t")
    return app


def _first_days(app: Any, n: int) -> Any:
    import datetime as dt

    return dt.date.fromisoformat(sorted({g["date"] for g in app.league().games.values()})[n - 1])


def _final(app: Any) -> set[str]:
    return {g for g, s in app.game_statuses().items() if s == FINAL}


def test_a_sim_journals_each_saved_batch_and_undo_takes_back_the_whole_run(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(application, "SIM_BATCH_GAMES", 8)  # two days of the demo schedule a part
    app = _league(db_url)
    played = app.simulate(through=_first_days(app, 6), actor="t")
    parts = [e for e in app.journal().entries if e["command"] == "sim"]
    assert len(parts) == 3 and sum(len(p["details"]["games"]) for p in parts) == played == 24
    assert len(_final(app)) == played
    # `league history` says which batch of which sim each entry is
    listed = json.loads(CliRunner().invoke(cli, ["--db", db_url, "history", "--json"]).output)
    assert [h["what"] for h in listed if h["command"] == "sim"] == [
        f"8 game(s), batch {k} of the sim begun at #{parts[0]['entry']}" for k in (1, 2, 3)]
    app.undo(reason="wrong seed", actor="t")
    assert _final(app) == set()
    undone = app.journal().undone()
    assert all(p["entry"] in undone for p in parts)
    # the next undo goes to the command before the sim
    assert app.undo(reason="wrong schedule", actor="t")["command"] == "schedule import"
    app.close()


def test_a_sim_killed_after_its_first_batch_leaves_that_batch_journaled_and_undoable(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(application, "SIM_BATCH_GAMES", 8)
    app = _league(db_url)
    commit = application.LeagueApp.save_command
    sims = []

    def killed_on_the_second_batch(self: Any, journal: Any, command: str, *args: Any, **kw: Any) -> int:
        if command == "sim":
            sims.append(command)
            if len(sims) == 2:
                raise KeyboardInterrupt  # the process dies before the second batch is saved
        return commit(self, journal, command, *args, **kw)

    monkeypatch.setattr(application.LeagueApp, "save_command", killed_on_the_second_batch)
    with pytest.raises(KeyboardInterrupt):
        app.simulate(through=_first_days(app, 6), actor="t")
    monkeypatch.setattr(application.LeagueApp, "save_command", commit)
    app.close()
    app = open_app(db_url)
    [part] = [e for e in app.journal().entries if e["command"] == "sim"]
    assert set(part["details"]["games"]) == _final(app) and len(part["details"]["games"]) == 8
    assert app.undo(reason="the sim was stopped", actor="t")["command"] == "sim"
    assert _final(app) == set()
    app.close()
