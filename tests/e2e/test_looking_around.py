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
    r = run(db, "schedule", "list", "--team", "XYZ")
    assert r.exit_code == 1 and "--team: no team 'XYZ'" in r.output and len(r.output.strip().splitlines()) == 1


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
    hurt = {r["player"] for r in as_json(db, "injuries", "--team", "ANV", "--active", "--as-of", roster["as_of"])}
    assert hurt == {i for i, p in by_id.items() if p["status"] == "injured"}
    table = ok(db, "roster", "ANV")
    assert "Orval Ormsby" in table and "ANV01" in table
    # The pitchers screen of a card league is its rest calendar, the same judgement as the roster's:
    # the starters not yet rested are the roster's resting (or injured) starters.
    cal = as_json(db, "pitchers", "--team", "ANV")
    assert cal["kind"] == "cards" and cal["as_of"] == roster["as_of"]
    not_rested = {r["pitcher"] for r in cal["starters"] if not r["rested"]}
    assert setup["visitor"]["starter"] in not_rested
    assert not_rested <= {i for i, p in by_id.items() if p["status"] in ("resting", "injured")}


def test_strat_screens_name_the_players_and_json_keeps_the_card_ids(tmp_path: Path) -> None:
    db = strat_league(str(tmp_path / "s.db"), tmp_path)
    ok(db, "play", "BRK202404010")
    batting = ok(db, "stats", "batting", "--team", "ANV")
    assert "Orval Ormsby" in batting and "ANV01" not in batting
    [ormsby] = [r for r in as_json(db, "stats", "batting") if r["player"] == "ANV01"]
    assert ormsby["player_name"] == "Orval Ormsby"
    pitching = ok(db, "stats", "pitching")
    starters = as_json(db, "game", "log", "BRK202404010")[0]["setup"]
    assert starters["visitor"]["starter"] not in pitching
    leaders = ok(db, "leaders", "--category", "avg", "--min-pa", "1")
    assert not [w for w in leaders.split() if w[:3] in ("ANV", "BRK") and w[3:].isdigit()]
    box = ok(db, "game", "show", "BRK202404010")
    assert "O. Ormsby c" in box and "ANV01" not in box
    box_json = as_json(db, "game", "show", "BRK202404010")
    first = box_json["visitor"]["batting"][0]
    assert (first["player"], first["player_name"]) == ("ANV01", "Orval Ormsby")
    log = ok(db, "game", "log", "BRK202404010")
    assert "Orval Ormsby bats" in log and "(ANV01" not in log
    for hurt in as_json(db, "injuries"):
        assert hurt["player_name"] and hurt["player_name"] in ok(db, "injuries")


def test_strat_standings_and_leaders_carry_a_heading(tmp_path: Path) -> None:
    db = strat_league(str(tmp_path / "s.db"), tmp_path)
    ok(db, "sim", "--quiet")
    # Card clubs have no league or division: the one table is headed by the league's name.
    assert ok(db, "standings").splitlines()[0].strip() == "cards"
    assert ok(db, "leaders", "--category", "w").splitlines()[0].strip() == "cards leaders"


def test_leaders_rank_each_league_apart_unless_combined(tmp_path: Path) -> None:
    nl = tmp_path / "NL.tsv"  # the Angels' sheet as a National League club
    nl.write_text(data_path("teams", "CAL.tsv").read_text().replace("TEAM\tCAL\tCalifornia Angels\tAL\tWest",
                                                                     "TEAM\tCAL\tCalifornia Angels\tNL\tWest"))
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home\n" + "".join(f"1988-04-{d:02d},TEX,CAL\n" for d in range(4, 10)))
    db = str(tmp_path / "l.db")
    ok(db, "init", "--name", "two leagues", "--seed", "3")
    ok(db, "teams", "import", str(data_path("teams", "TEX.tsv")), str(nl))
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--quiet")
    split = as_json(db, "leaders", "--category", "w", "--limit", "1")
    assert {(r["league"], r["team"]) for r in split} >= {("AL", "TEX"), ("NL", "CAL")}
    assert all(r["rank"] == 1 for r in split)
    table = ok(db, "leaders", "--category", "w", "--limit", "1")
    assert "AL leaders" in table and "NL leaders" in table
    combined = as_json(db, "leaders", "--category", "w", "--limit", "1", "--combined")
    assert {r["league"] for r in combined} == {""} and combined[0]["value"] == max(r["value"] for r in split)


def test_game_log_shows_the_deciding_chart_rows_for_people(tmp_path: Path) -> None:
    pr = pennant_league(str(tmp_path / "p.db"), tmp_path)
    ok(pr, "play", "CAL198804040")
    steps = as_json(pr, "game", "log", "CAL198804040")[-1]["explanation"]
    text = ok(pr, "game", "log", "CAL198804040")
    innings = next(s for s in steps if s["step"] == "innings pitched")
    assert f"innings pitched (row {innings['row']}, column {innings['column']})" in text
    assert "earned runs (rule 2.3)" in text
    strat = strat_league(str(tmp_path / "s.db"), tmp_path)
    ok(strat, "play", "BRK202404010")
    play = next(e["play"] for e in as_json(strat, "game", "log", "BRK202404010") if e["type"] == "PlayResolved")
    assert f"card vs {play['side']} {play['reading']}: {play['cell']}" in ok(strat, "game", "log", "BRK202404010")


def test_pitchers_print_yes_and_no_not_python_booleans(tmp_path: Path) -> None:
    db = pennant_league(str(tmp_path / "l.db"), tmp_path)
    ok(db, "play", "CAL198804040")
    text = ok(db, "pitchers", "--team", "TEX", "--as-of", "1988-04-05")
    assert "True" not in text and "False" not in text and " no " in text


def test_play_sim_audit_and_verify_answer_in_json(db_url: str, tmp_path: Path) -> None:
    db = pennant_league(db_url, tmp_path)
    [played] = as_json(db, "play", "CAL198804040")
    box = as_json(db, "game", "show", "CAL198804040")
    assert (played["game"], played["visitor_runs"], played["home_runs"]) == (
        "CAL198804040", box["visitor"]["runs"], box["home"]["runs"])
    assert as_json(db, "sim", "--quiet")["simulated"] == 2
    audit = as_json(db, "audit", "--all")
    assert audit == {"ok": True, "games": 3, "events": audit["events"], "problems": []} and audit["events"] > 3
    verified = as_json(db, "verify", "--seal")
    assert verified["ok"] and verified["problems"] == [] and verified["seal"].startswith(f"{verified['events']}:")


def test_standings_and_stats_as_csv_for_a_spreadsheet(tmp_path: Path) -> None:
    db = pennant_league(str(tmp_path / "l.db"), tmp_path)
    ok(db, "sim", "--quiet")
    table = {r["Team"]: r for r in csv.DictReader(io.StringIO(ok(db, "standings", "--csv")))}
    for row in as_json(db, "standings"):
        assert (table[row["team"]]["W"], table[row["team"]]["L"], table[row["team"]]["League"]) == (
            str(row["w"]), str(row["l"]), "AL")
    pitching = list(csv.DictReader(io.StringIO(ok(db, "stats", "pitching", "--csv"))))
    assert [(r["Pitcher"], r["IP"]) for r in pitching] == [(r["pitcher"], r["ip"])
                                                         for r in as_json(db, "stats", "pitching")]


def test_setting_up_answers_in_json(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    assert as_json(db, "init", "--name", "j", "--seed", "9")["seed"] == "9"
    teams = as_json(db, "teams", "import", str(data_path("teams", "TEX.tsv")), str(data_path("teams", "CAL.tsv")))
    assert teams == {"imported": ["TEX", "CAL"]}
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home\n1988-04-04,TEX,CAL\n")
    assert as_json(db, "schedule", "import", str(sched))["scheduled"] == 1
    assert [g["game"] for g in as_json(db, "schedule", "list")] == ["CAL198804040"]
    newest = sorted((Path(__file__).parents[2] / "migrations" / "versions").glob("0*.py"))[-1].name[:4]
    assert as_json(db, "db", "upgrade") == {"revision": newest}


def test_schedule_list_follows_a_game_started_by_hand_and_a_voided_one(tmp_path: Path) -> None:
    db = strat_league(str(tmp_path / "s.db"), tmp_path)
    ok(db, "game", "start", "BRK202404010")
    [started] = as_json(db, "schedule", "list", "--date", "2024-04-01")
    assert started["status"] == "in-progress" and started["visitor_runs"] is None
    assert "BRK202404010" in [g["game"] for g in as_json(db, "schedule", "list", "--status", "unplayed")]
    ok(db, "play", "BRK202404020")
    ok(db, "void", "BRK202404020", "--reason", "wrong cards")
    [voided] = as_json(db, "schedule", "list", "--status", "voided")
    assert (voided["game"], voided["visitor_runs"]) == ("BRK202404020", None)
    assert as_json(db, "schedule", "list", "--status", "played") == []


def test_demo_json_is_the_standings_alone_on_stdout(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from commands.cli import cli

    db = str(tmp_path / "d.db")
    r = CliRunner().invoke(cli, ["--db", db, "demo", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    assert len(rows) == 8 and sum(row["w"] for row in rows) == sum(row["l"] for row in rows) > 0
    assert "Demo league: 8 teams" in r.stderr
    assert rows == as_json(db, "standings")
