"""Looking around a league from the command line: the schedule, the clubs, a roster."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from league.data import data_path
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import ok, run


def pennant_league(db: str, tmp_path: Path) -> str:
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home\n1988-04-04,TEX,CAL\n1988-04-05,TEX,CAL\n1988-04-06,CAL,TEX\n")
    ok(db, "init", "--name", "look", "--seed", "1")
    ok(db, "teams", "import", str(data_path("teams", "TEX.tsv")), str(data_path("teams", "CAL.tsv")))
    ok(db, "schedule", "import", str(sched))
    return db


def strat_league(db: str, tmp_path: Path) -> str:
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home,game\n2024-04-01,ANV,BRK,0\n2024-04-02,ANV,BRK,0\n2024-04-03,BRK,ANV,0\n")
    ok(db, "init", "--name", "cards", "--ruleset", "strat-o-matic", "--seed", "1")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    ok(db, "schedule", "import", str(sched))
    return db


def as_json(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def test_schedule_list_finds_a_clubs_game_on_a_date_and_shows_it_played(db_url: str, tmp_path: Path) -> None:
    db = pennant_league(db_url, tmp_path)
    [game] = as_json(db, "schedule", "list", "--date", "1988-04-04", "--team", "TEX")
    assert (game["game"], game["visitor"], game["home"], game["status"]) == ("CAL198804040", "TEX", "CAL", "scheduled")
    assert len(as_json(db, "schedule", "list", "--team", "TEX")) == 3
    assert as_json(db, "schedule", "list", "--date", "1988-04-07") == []

    ok(db, "play", game["game"])
    [after] = as_json(db, "schedule", "list", "--date", "1988-04-04")
    box = as_json(db, "game", "show", game["game"])
    assert after["status"] == "played"
    assert (after["visitor_runs"], after["home_runs"]) == (box["visitor"]["runs"], box["home"]["runs"])
    assert [g["game"] for g in as_json(db, "schedule", "list", "--status", "unplayed")] == [
        "CAL198804050", "TEX198804060"]
    assert [g["game"] for g in as_json(db, "schedule", "list", "--status", "played")] == ["CAL198804040"]
    table = ok(db, "schedule", "list", "--team", "CAL")
    assert "CAL198804040" in table and "played" in table and f"{after['visitor_runs']}-{after['home_runs']}" in table


def test_schedule_list_refuses_an_unknown_status(tmp_path: Path) -> None:
    db = pennant_league(str(tmp_path / "l.db"), tmp_path)
    r = run(db, "schedule", "list", "--status", "postponed")
    assert r.exit_code == 2 and "--status" in r.output


def test_teams_list_shows_each_club_with_its_record(tmp_path: Path) -> None:
    db = pennant_league(str(tmp_path / "l.db"), tmp_path)
    ok(db, "play", "CAL198804040")
    clubs = {t["team"]: t for t in as_json(db, "teams", "list")}
    assert set(clubs) == {"TEX", "CAL"}
    assert clubs["TEX"]["name"] == "Texas Rangers" and clubs["TEX"]["league"] == "AL"
    assert clubs["TEX"]["division"] == "West"
    assert (clubs["TEX"]["scheduled"], clubs["TEX"]["played"]) == (3, 1)
    assert clubs["TEX"]["w"] + clubs["CAL"]["w"] == 1 and clubs["TEX"]["w"] == clubs["CAL"]["l"]
    rows = list(csv.DictReader(io.StringIO(ok(db, "teams", "list", "--csv"))))
    assert [r["Team"] for r in rows] == ["CAL", "TEX"] and rows[1]["Name"] == "Texas Rangers"


def test_roster_rests_the_starter_who_just_pitched(db_url: str, tmp_path: Path) -> None:
    db = pennant_league(db_url, tmp_path)
    ok(db, "play", "CAL198804040")
    starter = next(p["pitcher"] for p in as_json(db, "game", "show", "CAL198804040")["pitching"]
                   if p["team"] == "TEX" and p["role"] == "SP")
    roster = as_json(db, "roster", "TEX", "--as-of", "1988-04-05")
    players = {p["player"]: p for p in roster["players"]}
    assert players[starter]["status"] == "resting" and "needs" in players[starter]["note"]
    assert players["PETE O'BRIEN"]["rating"]["bat"] == 4 and players["PETE O'BRIEN"]["status"] == "active"
    # Ten days on, every starter has had his rest.
    later = as_json(db, "roster", "TEX", "--as-of", "1988-04-20")
    assert {p["status"] for p in later["players"]} == {"active"}
    table = ok(db, "roster", "TEX", "--as-of", "1988-04-05")
    assert starter in table and "resting" in table and "BAT 4" in table


def test_roster_of_an_unknown_club_is_refused(tmp_path: Path) -> None:
    db = pennant_league(str(tmp_path / "l.db"), tmp_path)
    r = run(db, "roster", "XYZ")
    assert r.exit_code == 1 and "XYZ" in r.output


def test_a_strat_roster_names_the_cards_and_rests_the_starter(tmp_path: Path) -> None:
    db = strat_league(str(tmp_path / "s.db"), tmp_path)
    ok(db, "play", "BRK202404010")
    setup = as_json(db, "game", "log", "BRK202404010")[0]["setup"]
    roster = as_json(db, "roster", "ANV")
    by_id = {p["id"]: p for p in roster["players"]}
    assert by_id["ANV01"]["player"] == "Orval Ormsby" and by_id["ANV01"]["role"] == "batter"
    assert by_id[setup["visitor"]["starter"]]["status"] == "resting"
    table = ok(db, "roster", "ANV")
    assert "Orval Ormsby" in table and "ANV01" in table
