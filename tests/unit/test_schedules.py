"""Schedules: the real 1988 Retrosheet file, the plain CSV, the demo schedule."""

from __future__ import annotations

import collections
import datetime

import pytest

from league.data import data_path, shipped_team_paths
from league.domain.errors import InputError
from league.rules.pennant_race.sheet import read_sheet
from league.adapters.schedule import (
    ScheduledGame,
    balanced_schedule,
    read_schedule,
    read_schedule_text,
    write_schedule_csv,
)

SKED_1988 = data_path("retrosheet", "1988SKED.TXT")  # shipped with its Retrosheet notice
needs_1988 = pytest.mark.skipif(not SKED_1988.exists(), reason="1988SKED.TXT not available")

RETRO = (
    '"19880404","0","Mon","MIL","AL",1,"BAL","AL",1,"D","",""\r\n'
    '"19880405","0","Tue","MIL","AL",2,"BAL","AL",2,"N","Rain","19880406"\r\n'
    '"19880406","0","Wed","MIL","AL",3,"BAL","AL",3,"N","",""\r\n'
    '"19880407","0","Thu","MIL","AL",4,"BAL","AL",4,"N","Rain; No makeup played",""\r\n'
)


def error(text: str, known: set[str] | None = None) -> InputError:
    with pytest.raises(InputError) as info:
        read_schedule_text(text, "sked.txt", known)
    assert info.value.source == "sked.txt"
    return info.value


# --- the real 1988 file ------------------------------------------------------

@pytest.fixture(scope="module")
def season_1988():
    return read_schedule(SKED_1988)


@needs_1988
def test_1988_schedule_plays_2098_games_after_postponements(season_1988):
    assert season_1988.format == "retrosheet"
    assert len(season_1988) == 2098  # 2106 lines, 8 postponed games never made up
    assert len(season_1988.dropped) == 8
    assert season_1988.moved == 40


@needs_1988
def test_1988_schedule_has_no_duplicate_game_id(season_1988):
    ids = [g.game_id for g in season_1988]
    assert len(ids) == len(set(ids))


@needs_1988
def test_1988_schedule_gives_each_team_its_real_game_count(season_1988):
    counts = season_1988.games_per_team()
    assert len(counts) == 26
    assert collections.Counter(counts.values()) == {162: 13, 161: 10, 160: 3}
    assert counts["TEX"] == 161 and counts["BAL"] == 161 and counts["ATL"] == 160


@needs_1988
def test_1988_opening_day_game_ids_are_retrosheet_style(season_1988):
    first = season_1988[0]
    assert first.date == datetime.date(1988, 4, 4)
    assert "BAL198804040" in {g.game_id for g in season_1988 if g.date == first.date}


@needs_1988
def test_1988_postponed_game_is_played_on_its_makeup_date_as_game_two(season_1988):
    games = {g.game_id: g for g in season_1988}
    # MIN at TEX, rained out 1988-05-20, made up 1988-05-22 where MIN was already at TEX
    assert "TEX198805220" not in games
    assert games["TEX198805221"].postponed_to is None
    makeup = games["TEX198805222"]
    assert (makeup.visitor, makeup.date, makeup.postponed_to) == ("MIN", datetime.date(1988, 5, 22),
                                                                  datetime.date(1988, 5, 22))
    assert "1988-05-20" in makeup.note and "Rain" in makeup.note


@needs_1988
def test_1988_makeup_on_an_off_day_stays_a_single_game(season_1988):
    games = {g.game_id: g for g in season_1988}
    assert games["DET198804180"].visitor == "KCA"


@needs_1988
def test_1988_game_never_made_up_is_dropped(season_1988):
    dropped = {g.game_id for g in season_1988.dropped}
    assert "NYA198807200" in dropped
    assert all(g.game_id != "NYA198807200" for g in season_1988)


@needs_1988
def test_1988_schedule_is_in_date_order(season_1988):
    dates = [g.date for g in season_1988]
    assert dates == sorted(dates)


# --- Retrosheet text ---------------------------------------------------------

def test_retrosheet_text_with_dos_line_endings_is_read():
    games = read_schedule_text(RETRO, "sked.txt", {"MIL", "BAL"})
    assert [g.game_id for g in games] == ["BAL198804040", "BAL198804061", "BAL198804062"]
    assert len(games.dropped) == 1


def test_retrosheet_unknown_team_names_the_line():
    text = RETRO.replace('"MIL","AL",3', '"MLW","AL",3')
    err = error(text, {"MIL", "BAL"})
    assert (err.line, err.field) == (3, "visitor") and "MLW" in err.message


def test_retrosheet_bad_date_names_the_line():
    err = error(RETRO.replace('"19880406","0","Wed"', '"19880431","0","Wed"'))
    assert (err.line, err.field) == (3, "date")


def test_retrosheet_team_playing_itself_is_rejected():
    err = error(RETRO.replace('"MIL","AL",1', '"BAL","AL",1'))
    assert (err.line, err.field) == (1, "home") and "itself" in err.message


def test_retrosheet_duplicate_game_is_rejected_naming_the_second_line():
    text = RETRO + RETRO.splitlines()[0] + "\r\n"
    err = error(text)
    assert (err.line, err.field) == (5, "game") and "BAL198804040" in err.message


def test_retrosheet_short_line_is_rejected_as_malformed():
    err = error(RETRO + '"19880408","0","Fri","MIL"\r\n')
    assert err.line == 5 and "malformed" in err.message


def test_unrecognised_file_is_rejected():
    err = error("hello,world\n")
    assert err.line == 1 and "unrecognised" in err.message


# --- plain CSV ---------------------------------------------------------------

def test_csv_with_starters_and_doubleheader_is_read():
    text = (
        "date,visitor,home,game,visitor_starter,home_starter\n"
        "1988-04-04,CAL,TEX,0,MIKE WITT,CHARLIE HOUGH\n"
        "19880405,CAL,TEX,1,,JOSE GUZMAN\n"
        "1988-04-05,CAL,TEX,2,-,\n"
    )
    games = read_schedule_text(text, "s.csv", {"CAL", "TEX"})
    assert games.format == "csv"
    assert [g.game_id for g in games] == ["TEX198804040", "TEX198804051", "TEX198804052"]
    assert (games[0].visitor_starter, games[0].home_starter) == ("MIKE WITT", "CHARLIE HOUGH")
    assert (games[1].visitor_starter, games[1].home_starter) == (None, "JOSE GUZMAN")
    assert (games[2].visitor_starter, games[2].home_starter) == (None, None)


def test_csv_without_game_column_makes_single_games():
    games = read_schedule_text("date,visitor,home\n1988-04-04,CAL,TEX\n", "s.csv", None)
    assert games[0].number == 0 and games[0].game_id == "TEX198804040"


def test_csv_unknown_team_names_the_line():
    text = "date,visitor,home\n1988-04-04,CAL,TEX\n\n1988-04-05,CAL,TEXAS\n"
    err = error(text, {"CAL", "TEX"})
    assert (err.line, err.field) == (4, "home")


def test_csv_unknown_column_is_rejected_naming_the_header():
    err = error("date,visitor,home,umpire\n1988-04-04,CAL,TEX,JOE\n")
    assert (err.line, err.field) == (1, "umpire")


def test_csv_missing_home_column_is_rejected():
    err = error("date,visitor\n1988-04-04,CAL\n")
    assert (err.line, err.field) == (1, "home")


def test_csv_bad_game_number_is_rejected():
    err = error("date,visitor,home,game\n1988-04-04,CAL,TEX,3\n")
    assert (err.line, err.field) == (2, "game")


def test_csv_duplicate_game_id_is_rejected():
    err = error("date,visitor,home\n1988-04-04,CAL,TEX\n1988-04-04,OAK,TEX\n")
    assert (err.line, err.field) == (3, "game") and "duplicate" in err.message


def test_csv_row_with_too_few_fields_is_rejected_as_malformed():
    err = error("date,visitor,home\n1988-04-04,CAL\n")
    assert err.line == 2 and "malformed" in err.message


def test_scheduled_game_round_trips_through_dict():
    game = ScheduledGame("TEX198805222", datetime.date(1988, 5, 22), 2, "MIN", "TEX", None, "JOSE GUZMAN",
                         datetime.date(1988, 5, 22), "Rain; postponed from 1988-05-20")
    assert ScheduledGame.from_dict(game.to_dict()) == game


def test_written_csv_reads_back_the_same_games():
    games = balanced_schedule(["A1", "B1", "C1", "D1"], 12, datetime.date(1988, 4, 4), seed=3)
    assert list(read_schedule_text(write_schedule_csv(games), "w.csv")) == sorted(games, key=lambda g: g.date)


# --- the demo schedule and balanced schedules --------------------------------

def test_demo_schedule_is_balanced_for_the_shipped_teams():
    teams = {read_sheet(p).code for p in shipped_team_paths()}
    games = read_schedule(data_path("schedules", "demo.csv"), teams)
    assert games.teams() == teams
    assert set(games.games_per_team().values()) == {126}
    pairs = collections.Counter((g.home, g.visitor) for g in games)
    assert set(pairs.values()) == {9}  # every pair, 9 games at each park
    assert all(g.date.year == 1988 for g in games)


def test_demo_schedule_is_what_balanced_schedule_writes():
    teams = ["TEX", "CAL", "OAK", "SEA", "NYA", "BOS", "DET", "TOR"]
    games = balanced_schedule(teams, 126, datetime.date(1988, 4, 4), seed=1988)
    shipped = data_path("schedules", "demo.csv").read_text(encoding="utf-8")
    assert shipped.split("\n", 1)[1] == write_schedule_csv(games)


def test_balanced_schedule_is_deterministic_and_rests_one_day_a_week():
    teams = ["A1", "B1", "C1", "D1", "E1", "F1"]
    a = balanced_schedule(teams, 60, datetime.date(1988, 4, 4), seed=7)
    assert a == balanced_schedule(teams, 60, datetime.date(1988, 4, 4), seed=7)
    days = sorted({g.date for g in a})
    span = (days[-1] - days[0]).days + 1
    assert span - len(days) == pytest.approx(span / 7, abs=1)


@pytest.mark.parametrize("n", [2, 5, 7, 8, 9])
def test_balanced_schedule_gives_every_team_the_same_games_and_one_game_a_day(n):
    teams = [f"T{i}" for i in range(n)]
    games = balanced_schedule(teams, 36, datetime.date(1988, 4, 4), seed=1)
    counts = collections.Counter()
    per_day = collections.Counter()
    for g in games:
        counts.update((g.home, g.visitor))
        per_day.update(((g.home, g.date), (g.visitor, g.date)))
    assert set(counts.values()) == {36}
    assert set(per_day.values()) == {1}
    assert len({g.game_id for g in games}) == len(games)
