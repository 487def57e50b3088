"""Views fed hand-built notifications: box rows, rewinds, injuries, exactly-once."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from projections import queries
from projections.db import engine_for
from projections.migrate import upgrade
from projections.runner import catch_up, rebuild, status
from projections.snapshot import snapshot
from projections.tables import box_team, games
from tests.unit.projection_fakes import FakeApp, fake_app, outcome, play, sheet


@pytest.fixture
def app(tmp_path) -> FakeApp:  # type: ignore[no-untyped-def]
    a = fake_app(str(tmp_path / "views.db"))
    upgrade(a.store)
    log = a.recorder
    log.append("league", "league:League.Started", name="L", ruleset="pennant-race", seed="1", starters="rotation",
               actor="t")
    for code, div in (("TEX", "West"), ("CAL", "West"), ("NYA", "East")):
        log.append("league", "league:League.TeamRegistered", sheet=sheet(code, division=div), source="x", actor="t")
        log.append(f"staff:{code}", "league:Staff.Started", team=code)
    sched = [
        {"game_id": f"G{i}", "date": f"1988-04-{i + 1:02d}", "number": 0, "visitor": v, "home": h}
        for i, (v, h) in enumerate([("CAL", "TEX"), ("TEX", "CAL"), ("CAL", "TEX"), ("NYA", "TEX"),
                                    ("TEX", "NYA"), ("CAL", "TEX"), ("TEX", "CAL")], start=1)
    ]
    log.append("league", "league:League.GamesScheduled", games=sched, source="x", actor="t")
    return a


def _count(a: FakeApp, table) -> int:  # type: ignore[no-untyped-def]
    with engine_for(a.store).connect() as c:
        return int(c.execute(select(func.count()).select_from(table)).scalar_one())


def test_a_completed_game_writes_one_box_row_per_team_and_line(app: FakeApp) -> None:
    play(app.recorder, "G1", "1988-04-02", "CAL", "TEX", 3, 5)
    applied = catch_up(app)
    assert applied["boxscores"] == 2  # Started + Completed; DiceRolled never reaches the handler
    assert _count(app, box_team) == 2
    rows = queries.pitching_stats(app.store, "TEX")
    assert [(r["pitcher"], r["w"], r["sv"], r["ip"]) for r in rows] == [("TEX ACE", 1, 0, "8.0"),
                                                                         ("TEX CLOSER", 0, 1, "1.0")]
    assert queries.batting_stats(app.store, "TEX") == [
        {"team": "TEX", "player": "TEX SLUGGER", "hr": 1, "bat": 3, "pow": 12, "spd": 0, "fld": 0}
    ]


def test_catching_up_twice_applies_nothing_the_second_time(app: FakeApp) -> None:
    play(app.recorder, "G1", "1988-04-02", "CAL", "TEX", 3, 5)
    catch_up(app)
    assert catch_up(app) == {"league": 0, "boxscores": 0, "injuries": 0, "journal": 0}
    assert all(s["lag"] == 0 for s in status(app))


def test_rewound_game_drops_out_until_completed_again(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 3, 5)
    catch_up(app)
    log.append("G1", "league:Game.Rewound", to=2, reason="dispute", actor="t")
    catch_up(app)
    assert _count(app, box_team) == 0
    assert [r["w"] for r in queries.standings(app.store)] == [0, 0, 0]
    log.append("G1", "league:Game.Completed", outcome=outcome("CAL", "TEX", 6, 1))
    catch_up(app)
    cal = next(r for r in queries.standings(app.store) if r["team"] == "CAL")
    assert (cal["w"], cal["l"], cal["rf"], cal["ra"]) == (1, 0, 6, 1)


def test_a_voided_game_leaves_the_standings_and_the_rest_calendar(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 3, 5)
    play(log, "G2", "1988-04-03", "TEX", "CAL", 1, 2)
    catch_up(app)
    starts = {r["pitcher"]: r["last_start"] for r in queries.pitcher_calendar(app, "TEX", "1988-04-04")["starters"]}
    assert starts["TEX ACE"] == "1988-04-03"
    log.append("G2", "league:Game.Voided", reason="rain", actor="t")
    catch_up(app)
    assert _count(app, box_team) == 2  # G1's rows stand
    with engine_for(app.store).connect() as c:
        assert dict(c.execute(select(games.c.game_id, games.c.status)).all()) == {"G1": "final", "G2": "void"}
    starts = {r["pitcher"]: r["last_start"] for r in queries.pitcher_calendar(app, "TEX", "1988-04-04")["starters"]}
    assert starts["TEX ACE"] == "1988-04-02"


def test_a_second_registration_replaces_the_sheet(app: FakeApp) -> None:
    app.recorder.append("league", "league:League.TeamRegistered",
                        sheet=sheet("TEX", division="East", name="Rangers"), source="y", actor="t")
    catch_up(app)
    tex = next(r for r in queries.standings(app.store) if r["team"] == "TEX")
    assert (tex["division"], tex["name"]) == ("East", "Rangers")


def test_standings_break_ties_head_to_head_first(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 2, 1)  # CAL wins the only meeting
    play(log, "G2", "1988-04-03", "TEX", "NYA", 10, 0)  # TEX's big win: the better differential
    play(log, "G3", "1988-04-04", "CAL", "NYA", 0, 1)
    catch_up(app)
    west = [r for r in queries.standings(app.store) if r["division"] == "West"]
    assert [(r["team"], r["pct"], r["gb"], r["diff"]) for r in west] == [("CAL", ".500", "-", 0),
                                                                          ("TEX", ".500", "-", 9)]


def test_standings_break_an_even_season_series_by_run_differential(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 2, 1)
    play(log, "G2", "1988-04-03", "TEX", "CAL", 10, 0)  # series 1-1; TEX +9, CAL -9
    catch_up(app)
    west = [r for r in queries.standings(app.store) if r["division"] == "West"]
    assert [r["team"] for r in west] == ["TEX", "CAL"]
    assert (west[0]["streak"], west[0]["last10"], west[0]["home"], west[0]["road"]) == ("W1", "1-1", "0-1", "1-0")


def test_games_behind_and_pct_format(app: FakeApp) -> None:
    log = app.recorder
    for i in range(1, 4):
        play(log, f"G{i}", f"1988-04-0{i + 1}", "CAL", "TEX", 5, 1)
    play(log, "G4", "1988-04-05", "NYA", "TEX", 5, 1)
    catch_up(app)
    rows = {r["team"]: r for r in queries.standings(app.store)}
    assert (rows["CAL"]["pct"], rows["CAL"]["gb"]) == ("1.000", "-")
    assert (rows["TEX"]["pct"], rows["TEX"]["gb"]) == (".000", "3.5")  # (3 + 4) / 2
    as_of = {r["team"]: r for r in queries.standings(app.store, "1988-04-03")}
    assert (as_of["TEX"]["l"], as_of["TEX"]["gb"]) == (2, "2.0")


def test_injury_counts_team_games_missed_and_knows_the_return_date(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 3, 5)
    log.append("G1", "league:Game.PlayerInjured", team="TEX", player="TEX SLUGGER", date="1988-04-02",
               games=2, game="G1")
    play(log, "G2", "1988-04-03", "TEX", "CAL", 4, 5)
    catch_up(app)
    [hurt] = queries.injury_list(app.store)
    # Out for G2 and G3; back for G4 on 04-05.
    assert (hurt["missed"], hurt["remaining"], hurt["return_date"], hurt["status"]) == (1, 1, "1988-04-05", "out")
    play(log, "G3", "1988-04-04", "CAL", "TEX", 1, 0)
    catch_up(app)
    assert queries.injury_list(app.store)[0]["status"] == "back"
    assert queries.injury_list(app.store, active_only=True) == []


def test_voiding_the_game_drops_its_injury(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 3, 5)
    log.append("G1", "league:Game.PlayerInjured", team="TEX", player="X", date="1988-04-02", games=5, game="G1")
    log.append("G1", "league:Game.Voided", reason="r", actor="t")
    catch_up(app)
    assert queries.injury_list(app.store) == []


def test_undoing_a_rewind_puts_the_injury_back_as_it_was(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 3, 5)  # G1 versions 1-3
    hurt = log.append("G1", "league:Game.PlayerInjured", team="TEX", player="X", date="1988-04-02", games=5,
                      game="G1")
    catch_up(app)
    before = queries.injury_list(app.store)
    assert [r["player"] for r in before] == ["X"]
    log.append("G1", "league:PAGame.Rewound", to=2, to_start=False, reason="dispute", actor="t")
    catch_up(app)
    assert queries.injury_list(app.store) == []
    injury = {"position": hurt.originator_version, "team": "TEX", "player": "X", "date": "1988-04-02",
              "games": 5, "game": "G1"}
    log.append("G1", "league:PAGame.Reinstated", state={"status": "in progress", "outcome": None, "injuries": [injury]}, reason="undo",
               actor="t")
    catch_up(app)
    assert queries.injury_list(app.store) == before
    # An undo recorded before games kept their injuries leaves the list alone.
    log.append("G1", "league:PAGame.Reinstated", state={"status": "in progress", "outcome": None}, reason="undo", actor="t")
    catch_up(app)
    assert queries.injury_list(app.store) == before


def test_rebuild_equals_the_incremental_views(app: FakeApp) -> None:
    log = app.recorder
    for i, (v, h, vr, hr) in enumerate([("CAL", "TEX", 3, 5), ("TEX", "CAL", 1, 0), ("CAL", "TEX", 7, 2)], 1):
        play(log, f"G{i}", f"1988-04-0{i + 1}", v, h, vr, hr)
        catch_up(app)  # incremental: one game at a time
    log.append("G2", "league:Game.Rewound", to=2, reason="r", actor="t")
    catch_up(app)
    before = snapshot(app.store)
    rebuild(app)
    assert snapshot(app.store) == before


def test_calendar_uses_the_engine_rules(app: FakeApp) -> None:
    log = app.recorder
    play(log, "G1", "1988-04-02", "CAL", "TEX", 3, 5)
    play(log, "G2", "1988-04-03", "TEX", "CAL", 4, 3)
    catch_up(app)
    cal = queries.pitcher_calendar(app, "TEX", "1988-04-04")
    ace = cal["starters"][0]
    assert (ace["last_start"], ace["days_of_rest"], ace["fully_rested"]) == ("1988-04-03", 0, False)
    assert ace["fully_rested_on"] == "1988-04-08"  # REST 4: four full days after the 3rd
    closer = next(r for r in cal["relievers"] if r["pitcher"] == "TEX CLOSER")
    assert (closer["days_in_a_row"], closer["fatigue"], closer["effective_rel"]) == (2, 8, 4)
