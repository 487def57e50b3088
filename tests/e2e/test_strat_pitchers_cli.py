"""`league pitchers --team` in a simulated Strat-O-Matic demo league: rest in games, the bullpen's rest."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from tests.e2e.cli import ok, run


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> str:
    db = str(tmp_path_factory.mktemp("strat-pitchers") / "demo.db")
    ok(db, "demo", "--ruleset", "strat-o-matic", "--seed", "5", "--json")
    return db


def as_json(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def test_a_day_of_the_season_shows_who_just_started_who_starts_next_and_who_pitched(demo: str) -> None:
    games = [g for g in as_json(demo, "schedule", "list", "--team", "ANV") if g["status"] == "played"]
    today, tomorrow = games[10], games[11]
    side = "visitor" if today["visitor"] == "ANV" else "home"
    box = as_json(demo, "game", "show", today["game"])[side]["pitching"]
    cal = as_json(demo, "pitchers", "--team", "ANV", "--as-of", today["date"])
    assert (cal["kind"], cal["team"], cal["as_of"], cal["games_counted"]) == ("cards", "ANV", today["date"], 11)
    starters = {r["pitcher"]: r for r in cal["starters"]}
    # The day's starter has had no game of rest: four more club games (26.1) before he may start.
    just = starters[box[0]["pitcher"]]
    assert (just["games_since_start"], just["may_start"], just["starts_in"]) == (0, False, just["rest"])
    assert just["status"] == f"needs {just['rest']} more game(s)" and just["last_start"] == today["date"]
    # The next game's starter is the one the calendar names, and he may start.
    next_side = "visitor" if tomorrow["visitor"] == "ANV" else "home"
    setup = as_json(demo, "game", "log", tomorrow["game"])[0]["setup"][next_side]
    assert cal["next_starter"] == setup["starter"] and starters[setup["starter"]]["may_start"]
    # The relievers who pitched that day rest, with the outs each got in the box score.
    relievers = {r["pitcher"]: r for r in cal["relievers"]}
    for line in box[1:]:
        row = relievers[line["pitcher"]]
        assert row["status"] == "rests: already pitched today" and not row["available"]
        assert row["recent"][0] == {"date": today["date"], "game": today["game"], "role": "relief",
                                    "outs": line["outs"]}


def test_a_reliever_who_pitched_the_two_days_before_rests_by_27_64(demo: str) -> None:
    days = sorted({g["date"] for g in as_json(demo, "schedule", "list", "--team", "ANV") if g["status"] == "played"})
    for day in days[2:]:
        cal = as_json(demo, "pitchers", "--team", "ANV", "--as-of", day)
        tired = [r for r in cal["relievers"] if r["reason"] == "pitched 2 days in a row (27.64)"]
        if tired:
            break
    else:
        pytest.fail("no reliever of the season pitched two days in a row")
    before = {(dt.date.fromisoformat(day) - dt.timedelta(days=k)).isoformat() for k in (1, 2)}
    for r in tired:  # the box scores' outings say so too
        assert {a["date"] for a in r["recent"]} >= before
        assert r["days_in_a_row"] == 2 and not r["pitched_today"] and r["status"].startswith("rests: pitched 2 days")
        assert all(a["outs"] is not None for a in r["recent"])


def test_the_tables_read_like_the_calendar(demo: str) -> None:
    games = [g for g in as_json(demo, "schedule", "list", "--team", "BRK") if g["status"] == "played"]
    day = games[20]["date"]
    cal = as_json(demo, "pitchers", "--team", "BRK", "--as-of", day)
    text = ok(demo, "pitchers", "--team", "BRK", "--as-of", day)
    assert f"BRK starters as of {day}" in text and f"BRK bullpen as of {day}" in text
    for heading in ("Needs", "Games since", "May start", "Rested on", "Last 7 days (date: outs)", "In a row"):
        assert heading in text
    for r in cal["starters"] + cal["relievers"]:
        assert r["name"] in text and r["pitcher"] in text
    assert "needs 4 more game(s)" in text and "True" not in text and "False" not in text
    # Without --as-of: the club's next game day, after the season the day after its last game.
    assert as_json(demo, "pitchers", "--team", "BRK")["games_counted"] == len(
        [g for g in as_json(demo, "schedule", "list", "--team", "BRK") if g["status"] == "played"])


def test_an_unknown_club_is_refused(demo: str) -> None:
    r = run(demo, "pitchers", "--team", "XYZ")
    assert r.exit_code == 1 and "no team 'XYZ'" in r.output


def test_the_roster_rests_whom_the_calendar_rests(demo: str) -> None:
    day = [g for g in as_json(demo, "schedule", "list", "--team", "ANV") if g["status"] == "played"][15]["date"]
    cal = as_json(demo, "pitchers", "--team", "ANV", "--as-of", day)
    status = {p["id"]: p["status"] for p in as_json(demo, "roster", "ANV", "--as-of", day)["players"]}
    starters = {r["pitcher"] for r in cal["starters"]}
    resting = {r["pitcher"] for r in cal["starters"] if not r["rested"]} | \
        {r["pitcher"] for r in cal["relievers"] if r["pitcher"] not in starters and not r["available"]}
    assert resting  # the day's starter at least
    # the injury list (the read model's) is laid over the roster after the calendar
    assert {p for p in starters | {r["pitcher"] for r in cal["relievers"]} if status[p] == "resting"} == \
        {p for p in resting if status[p] != "injured"}
