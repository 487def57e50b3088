"""A schedule never has a club playing two games at once, in either format, nor against games already stored."""

from __future__ import annotations

import collections
import datetime

import pytest

from league.data import data_path
from league.domain.errors import InputError
from league.adapters.schedule import ScheduledGame, check_one_game_at_a_time, read_schedule, read_schedule_text

SKED_1988 = data_path("retrosheet", "1988SKED.TXT")
needs_1988 = pytest.mark.skipif(not SKED_1988.exists(), reason="1988SKED.TXT not available")


def refused(text: str, source: str = "s.csv") -> InputError:
    with pytest.raises(InputError) as e:
        read_schedule_text(text, source)
    return e.value


def retro(date: str, number: int, visitor: str, home: str, note: str = "", makeup: str = "") -> str:
    return f'"{date}","{number}","Mon","{visitor}","AL",1,"{home}","AL",1,"D","{note}","{makeup}"'


def test_a_club_at_home_and_away_on_one_date_is_refused_naming_line_and_field() -> None:
    e = refused("date,visitor,home\n1988-04-05,SEA,TEX\n1988-04-05,TEX,OAK\n")
    assert (e.source, e.line, e.field) == ("s.csv", 3, "visitor")
    assert "TEX" in e.message and "1988-04-05" in e.message and "line 2" in e.message


def test_a_club_visiting_two_parks_on_one_date_is_refused() -> None:
    e = refused("date,visitor,home\n1988-04-05,TEX,SEA\n1988-04-05,TEX,OAK\n")
    assert (e.line, e.field) == (3, "visitor")


def test_two_doubleheader_games_with_the_same_number_for_one_club_are_refused() -> None:
    e = refused("date,visitor,home,game\n1988-04-05,TEX,SEA,1\n1988-04-05,OAK,TEX,1\n")
    assert (e.line, e.field) == (3, "home") and "both numbered 1" in e.message


def test_a_single_game_beside_a_doubleheader_game_is_refused() -> None:
    e = refused("date,visitor,home,game\n1988-04-05,TEX,SEA,0\n1988-04-05,TEX,SEA,2\n")
    assert (e.line, e.field) == (3, "visitor") and "single game" in e.message


def test_a_doubleheader_numbered_1_and_2_is_accepted() -> None:
    games = read_schedule_text("date,visitor,home,game\n1988-04-05,TEX,SEA,1\n1988-04-05,TEX,SEA,2\n"
                               "1988-04-06,TEX,SEA,0\n", "s.csv")
    assert [g.game_id for g in games] == ["SEA198804051", "SEA198804052", "SEA198804060"]


def test_a_retrosheet_line_with_a_club_already_playing_that_day_is_refused() -> None:
    text = "\n".join([retro("19880405", 0, "TEX", "SEA"), retro("19880405", 0, "OAK", "TEX")])
    e = refused(text, "1988SKED.TXT")
    assert (e.source, e.line, e.field) == ("1988SKED.TXT", 2, "home")


def test_a_retrosheet_makeup_on_a_day_the_visitor_plays_elsewhere_names_the_makeup_date() -> None:
    text = "\n".join([retro("19880405", 0, "TEX", "SEA", "Rain", "19880407"),
                      retro("19880407", 0, "TEX", "OAK")])
    e = refused(text, "1988SKED.TXT")
    assert (e.line, e.field) == (1, "makeup date") and "1988-04-07" in e.message


def test_a_retrosheet_makeup_against_the_same_club_becomes_a_doubleheader() -> None:
    text = "\n".join([retro("19880405", 0, "TEX", "SEA", "Rain", "19880407"),
                      retro("19880407", 0, "TEX", "SEA")])
    assert [g.game_id for g in read_schedule_text(text, "s")] == ["SEA198804071", "SEA198804072"]


def stored(gid: str, date: str, number: int, visitor: str, home: str) -> dict[str, object]:
    return {"game_id": gid, "date": date, "number": number, "visitor": visitor, "home": home}


def test_a_new_game_clashing_with_a_stored_one_is_refused_naming_its_line() -> None:
    new = ScheduledGame("OAK198804050", datetime.date(1988, 4, 5), 0, "TEX", "OAK", line=7)
    with pytest.raises(InputError) as e:
        check_one_game_at_a_time("more.csv", [new], [stored("SEA198804050", "1988-04-05", 0, "TEX", "SEA")])
    assert (e.value.source, e.value.line, e.value.field) == ("more.csv", 7, "visitor")
    assert "SEA198804050, already scheduled" in e.value.message


def test_stored_games_are_not_checked_against_each_other() -> None:
    # A league stored before the rule may hold a clash; adding an unrelated game still works.
    old = [stored("SEA198804050", "1988-04-05", 0, "TEX", "SEA"), stored("OAK198804050", "1988-04-05", 0, "TEX", "OAK")]
    new = ScheduledGame("BOS198804060", datetime.date(1988, 4, 6), 0, "TEX", "BOS", line=2)
    check_one_game_at_a_time("more.csv", [new], old)


@needs_1988
def test_the_real_1988_schedule_has_no_club_in_two_games_at_once() -> None:
    # Checked directly on what was read, not through the check itself.
    per_day: dict[tuple[str, datetime.date], list[int]] = collections.defaultdict(list)
    games = read_schedule(SKED_1988)
    for g in games:
        for club in (g.visitor, g.home):
            per_day[club, g.date].append(g.number)
    doubleheaders = [n for n in per_day.values() if len(n) > 1]
    assert len(games) == 2098 and doubleheaders
    assert all(sorted(n) == list(range(1, len(n) + 1)) for n in doubleheaders)
    assert all(n == [0] or len(n) > 1 or n[0] in (1, 2) for n in per_day.values())
