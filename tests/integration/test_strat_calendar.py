"""Strat-O-Matic's rest calendar on a day: what it counts and what it shows (league/rules/strat/calendar.py)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from league.adapters.schedule import ScheduledGame
from league.application.app import LeagueApp
from league.domain import ids
from league.rules.strat.calendar import calendar_tables, club_calendar
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team

DAY = dt.date(2024, 4, 1)


def card_league(days: int) -> Any:
    """ANV at BRK once a day for ``days`` days, on an in-memory store; nothing played."""
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("calendar", "strat-o-matic", "calendar")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in ("ANV", "BRK")], actor="t")
    app.import_schedule([ScheduledGame(f"BRK{DAY + dt.timedelta(days=d):%Y%m%d}0", DAY + dt.timedelta(days=d), 0,
                                       "ANV", "BRK") for d in range(days)], "s", "t")
    return app


def on(d: int) -> dt.date:
    return DAY + dt.timedelta(days=d)


def test_a_past_day_counts_only_the_games_up_to_it_and_names_the_starter_the_sim_then_chose() -> None:
    app = card_league(8)
    app.simulate(actor="t")
    for d in range(8):
        # the calendar as of a game's morning counts the games before it, whatever was played after
        cal = club_calendar(app, "ANV", on(d), counted={f"BRK{on(k):%Y%m%d}0" for k in range(d)})
        game = app.game(f"BRK{on(d):%Y%m%d}0")
        assert cal["games_counted"] == d
        assert cal["next_starter"] == game.setup["visitor"]["starter"]
        assert all(r["last_start"] is None or r["last_start"] < on(d).isoformat() for r in cal["starters"])
        assert {r["pitcher"]: r["reason"] for r in cal["relievers"] if r["pitcher"] in game.setup["visitor"]["bullpen"]
                and not r["available"]} == {r["pitcher"]: r["reason"] for r in game.setup["visitor"]["resting"]}
    # Five starters of four games' rest: the one who started on day 4 may start again on day 9's game.
    cal = club_calendar(app, "ANV", on(7))
    [fresh] = [r for r in cal["starters"] if r["last_start"] == on(7).isoformat()]
    assert (fresh["games_since_start"], fresh["may_start"], fresh["starts_in"]) == (0, False, 4)
    assert fresh["status"] == "needs 4 more game(s)" and fresh["rested_on"] is None  # the schedule ends first


def test_an_injured_pitcher_is_out_of_the_calendar_as_he_is_out_of_the_next_game() -> None:
    app = card_league(6)
    app.simulate(through=on(2), actor="t")
    before = club_calendar(app, "ANV", on(3))
    starter = before["next_starter"]
    reliever = next(r["pitcher"] for r in before["relievers"] if r["available"] and not r["starter"])
    staff = app.repository.get(ids.staff_id("ANV"))
    staff.record_injuries(game=f"BRK{on(2):%Y%m%d}0", injuries=[{"player": starter, "games": 2},
                                                                  {"player": reliever, "games": 1}])
    app.save(staff)

    cal = club_calendar(app, "ANV", on(3))
    row = next(r for r in cal["starters"] if r["pitcher"] == starter)
    assert not row["may_start"] and row["starts_in"] >= 2 and row["status"].startswith("injured 2024-04-03")
    assert cal["next_starter"] != starter
    hurt = next(r for r in cal["relievers"] if r["pitcher"] == reliever)
    assert not hurt["available"] and hurt["status"].startswith("out: injured 2024-04-03")
    # The season player agrees: another starter, and the hurt reliever out of the bullpen.
    app.simulate(through=on(3), actor="t")
    setup = app.game(f"BRK{on(3):%Y%m%d}0").setup["visitor"]
    assert setup["starter"] == cal["next_starter"] and reliever not in setup["bullpen"]
    # One game later the reliever is back; the starter still misses one more.
    after = club_calendar(app, "ANV", on(4))
    assert next(r for r in after["relievers"] if r["pitcher"] == reliever)["injured"] is None
    assert next(r for r in after["starters"] if r["pitcher"] == starter)["injured"] is not None


def test_the_tables_name_the_pitchers_and_show_each_relievers_outs_where_known() -> None:
    app = card_league(3)
    app.simulate(actor="t")
    game = app.game(f"BRK{on(2):%Y%m%d}0")
    used = [(p["pitcher"], p["outs"]) for p in game.outcome["visitor"]["pitching"]]
    cal = club_calendar(app, "ANV", on(2), outs={(p, game.game): outs for p, outs in used})
    starters, bullpen = calendar_tables(cal)
    assert [r["name"] for r in starters[0]] == [r["name"] for r in cal["starters"]]
    assert "Lou Abernath" in {r["name"] for r in starters[0]}
    for pitcher, outs in used[1:]:
        row = next(r for r in bullpen[0] if r["pitcher"] == pitcher)
        assert f"04-03: {outs}" in row["recent_outings"] and row["status"] == "rests: already pitched today"
    # Without the box rows (the website's calendar from the Staff alone) the outs are unknown.
    bare = calendar_tables(club_calendar(app, "ANV", on(2)))[1][0]
    assert all("?" in r["recent_outings"] for r in bare if r["pitcher"] in dict(used[1:]))
