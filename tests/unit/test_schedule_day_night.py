"""A schedule keeps each game's time of day (Retrosheet's day/night field, the CSV's ``time`` column),
which Strat-O-Matic's weather (30.5) reads; a schedule without it leaves it unknown."""

from __future__ import annotations

import datetime

import pytest

from league.adapters.schedule import ScheduledGame, read_schedule_text, write_schedule_csv
from league.data import data_path
from league.domain.errors import InputError

RETRO = (
    '"19880404","0","Mon","MIL","AL",1,"BAL","AL",1,"D","",""\r\n'
    '"19880405","0","Tue","MIL","AL",2,"BAL","AL",2,"N","",""\r\n'
    '"19880406","0","Wed","MIL","AL",3,"BAL","AL",3,"E","Rain","19880407"\r\n'
    '"19880408","0","Fri","MIL","AL",4,"BAL","AL",4,"","",""\r\n'
)


def test_retrosheet_day_and_night_are_kept_on_each_game() -> None:
    games = read_schedule_text(RETRO, "sked.txt")
    assert [(g.date.day, g.time) for g in games] == [(4, "day"), (5, "night"), (7, "night"), (8, None)]


def test_the_time_survives_the_stored_dict_and_a_game_without_one_stores_none() -> None:
    day, unknown = read_schedule_text(RETRO, "sked.txt")[0], read_schedule_text(RETRO, "sked.txt")[3]
    assert day.to_dict()["time"] == "day" and ScheduledGame.from_dict(day.to_dict()) == day
    assert "time" not in unknown.to_dict()  # as every game stored before the field existed
    assert ScheduledGame.from_dict(unknown.to_dict()).time is None


def test_an_unknown_day_night_letter_names_the_line_and_field() -> None:
    with pytest.raises(InputError) as info:
        read_schedule_text(RETRO.replace('"N"', '"X"'), "sked.txt")
    assert (info.value.line, info.value.field) == (2, "day/night")


def test_the_csv_takes_an_optional_time_column_and_writes_it_back() -> None:
    text = "date,visitor,home,time\n1988-04-04,CAL,TEX,day\n1988-04-05,CAL,TEX,night\n1988-04-06,CAL,TEX,\n"
    games = read_schedule_text(text, "s.csv")
    assert [g.time for g in games] == ["day", "night", None]
    assert list(read_schedule_text(write_schedule_csv(games), "w.csv")) == list(games)
    with pytest.raises(InputError) as info:
        read_schedule_text("date,visitor,home,time\n1988-04-04,CAL,TEX,noon\n", "s.csv")
    assert (info.value.line, info.value.field) == (2, "time")


def test_the_real_1988_schedule_has_day_and_night_games() -> None:
    path = data_path("retrosheet", "1988SKED.TXT")
    if not path.exists():
        pytest.skip("1988SKED.TXT not available")
    games = read_schedule_text(path.read_text(encoding="utf-8"), str(path))
    times = {g.time for g in games}
    assert times == {"day", "night"}
    opener = next(g for g in games if g.game_id == "BAL198804040")
    assert opener.date == datetime.date(1988, 4, 4) and opener.time == "day"
