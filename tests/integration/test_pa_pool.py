"""A Strat season played out on several processes stores what one process stores.

The workers also chain and encode their games' events (league.adapters.sealed):
the hash chain they write must verify like the one a single process writes.
"""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

import orjson
import pytest

from league.application.verify import verify
from league.bootstrap import open_app
from league.rules.strat.team_file import read_card_team
from league.adapters.schedule import ScheduledGame, balanced_schedule
from league.adapters.forked import WorkerEnded
from league.domain.game import FINAL
from league.rules.pa import pool
from league.rules.pa.pool import startable
from league.rules.strat.roster import CARD_SET
from projections.db import dispose_all

TEAMS = ("ANV", "BRK", "CDR", "DUN")
# Facts that differ from run to run however the games are played: when, and the file's place.
_VARYING = ("timestamp", "chain", "at", "source")


def _schedule() -> list[ScheduledGame]:
    games = balanced_schedule(list(TEAMS), 6, dt.date(2024, 4, 1), seed=3)
    day = max(g.date for g in games) + dt.timedelta(days=1)
    # a doubleheader: BRK's second game is set up from the first one's usage
    return [*games, ScheduledGame(f"DUN{day:%Y%m%d}0", day, 0, "CDR", "DUN"),
            *(ScheduledGame(f"BRK{day:%Y%m%d}{n}", day, n, "ANV", "BRK") for n in (1, 2))]


def _season(url: str, workers: int, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    monkeypatch.setenv("LEAGUE_SIM_WORKERS", str(workers))
    app = open_app(url)
    app.create_league("T", "strat-o-matic", "pool", actor="t")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in TEAMS], actor="t")
    app.import_schedule(_schedule(), "b", "t")
    assert app.simulate(actor="t") == 15
    report = verify(app)
    assert report.ok, report.problems
    out = []
    for n in app.recorder.select_notifications(1, 100_000):
        state = {k: v for k, v in orjson.loads(n.state).items() if k not in _VARYING}
        out.append((n.originator_id, n.originator_version, n.topic, state))
    app.close()
    dispose_all()
    return out


def test_two_worker_processes_store_the_events_one_process_stores(
    db_url: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The workers are forked with the store open (SQLite or PostgreSQL); the
    # one-process season is played on SQLite: what is stored does not depend on the store.
    assert _season(db_url, 2, monkeypatch) == _season(str(tmp_path / "one.db"), 1, monkeypatch)


def test_a_clubs_second_game_of_the_day_waits_for_its_first() -> None:
    day = [("CDR", "DUN"), ("ANV", "BRK"), ("ANV", "BRK"), ("ELM", "FOX")]
    assert startable(day, [False] * 4) == [0, 1, 3]
    assert startable(day, [False, True, False, False]) == [0, 2, 3]


def test_the_next_days_game_waits_for_both_its_clubs_games_today() -> None:
    today_and_next = [("CDR", "DUN"), ("ANV", "BRK"), ("DUN", "ANV"), ("CDR", "BRK")]
    assert startable(today_and_next, [False] * 4) == [0, 1]
    assert startable(today_and_next, [True, False, False, False]) == [1]  # DUN is done, ANV plays on
    assert startable(today_and_next, [True, True, False, False]) == [2, 3]


_PLAY_OUT = pool._play_out
_DOOMED = ""  # the game whose worker ends itself (the forked workers inherit the value)


def _play_out_or_die(task: tuple[Any, str, str]) -> Any:
    if task[0].game == _DOOMED:
        os._exit(9)  # as a worker the system killed for memory would: no answer, ever
    return _PLAY_OUT(task)


def test_a_sim_whose_worker_dies_stops_with_a_message_and_the_next_sim_finishes_the_season(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LEAGUE_SIM_WORKERS", "2")
    schedule = _schedule()
    app = open_app(str(tmp_path / "dies.db"))
    app.create_league("T", "strat-o-matic", "pool", actor="t")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in TEAMS], actor="t")
    app.import_schedule(schedule, "b", "t")
    monkeypatch.setattr("league.application.app.SIM_BATCH_GAMES", 4)  # parts of a few games each
    monkeypatch.setattr(pool, "_play_out", _play_out_or_die)
    monkeypatch.setitem(globals(), "_DOOMED", schedule[-1].game_id)
    with pytest.raises(WorkerEnded, match="exit status 9"):
        app.simulate(actor="t")  # it hung here, waiting for the dead worker's game
    played = sum(s == FINAL for s in app.game_statuses(app.league()).values())
    assert 0 < played < 15  # the parts saved before the worker died stay
    assert verify(app).ok
    monkeypatch.setattr(pool, "_play_out", _PLAY_OUT)
    assert app.simulate(actor="t") == 15 - played
    assert verify(app).ok
    app.close()
    dispose_all()
