"""30.5 (super advanced revision 4, league option weather=on): one d20 before the first pitch on the
project's Weather Effects Chart gives good, average or bad weather and the homerun and single ranges that
replace the park's for the rest of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.domain.dice import NeedRoll
from league.rules.pa.state import GameState
from league.rules.strat.engine import resolve_pa
from league.rules.strat.strategy import Strategy
from league.rules.strat.weather import DATE, TIME, chart, group, rolled
from tests.unit.test_strat_helpers import game, pa, roll, v1_reads

WEATHER = "super+r4+weather"


def _weather_game(cards: dict, home: str = "H", day: str = "1988-04-12", time: str | None = "day") -> GameState:
    """A weather game at ``home`` on ``day`` as the season player sets it up (its date and time in the state)."""
    state = game(cards)
    extra = ((DATE, day),) + (((TIME, time),) if time else ())
    return replace(state, home=replace(state.home, code=home), extra=extra)


def _first_need(state: GameState, cards: dict, level: str) -> NeedRoll:
    need = resolve_pa(state, cards, None, [], level=level)
    assert isinstance(need, NeedRoll)
    return need


# A club off the chart is temperate; an April day game there reads good 1-5, average 6-15, bad 16-20.
@pytest.mark.parametrize("d20, condition, homerun, single", [
    ("d1", "good", 12, 11), ("d5", "good", 12, 11), ("d6", "average", 10, 10), ("d15", "average", 10, 10),
    ("d16", "bad", 7, 9), ("d20", "bad", 7, 9)])
def test_each_band_of_the_grid_gives_its_condition_and_ranges(d20: str, condition: str, homerun: int,
                                                              single: int) -> None:
    cards = v1_reads("<> HOMERUN")
    state, ev = pa(_weather_game(cards), cards, d20, level=WEATHER)
    assert ev["type"] == "weather" and ev["completed"] is False
    assert ev["weather"]["condition"] == condition and ev["weather"]["row"] == "temperate April day"
    assert ev["weather"]["R"] == {"homerun": homerun, "single": single} == ev["weather"]["L"]
    assert ev["play"]["label"].startswith(f"{condition} weather at H (April day)")
    step = ev["steps"][0]
    assert (step["chart"], step["value"], step["rule"]) == ("weather effects", condition, "30.5")
    # nobody moved: the leadoff man is still up, nothing is counted
    assert state.offense.batter == "V1" and state.outs == 0 and ev["runs"] == 0 and state.plays == 1
    assert rolled(state) is not None and rolled(state).condition == condition


def test_the_weather_is_rolled_once_a_game() -> None:
    cards = v1_reads("STRIKEOUT")
    state, _ = pa(_weather_game(cards), cards, "d3", level=WEATHER)
    state, ev = pa(state, cards, "134", level=WEATHER)  # the first pitch: the card, no second weather roll
    assert ev["type"] == "plate_appearance" and [r["for"] for r in ev["rolls"]] == ["V1 bats"]


@pytest.mark.parametrize("d20, label", [("d12", "HOMERUN"), ("d13", "FLYBALL(lf)B")])
def test_good_weather_replaces_the_parks_homerun_range(d20: str, label: str) -> None:
    # FOX's Riverside Grounds gives a right-handed batter a homerun on 1-7; FOX is temperate, and good
    # weather on an April day gives 1-12 in its place for the rest of the game
    cards = v1_reads("<> HOMERUN")
    state, _ = pa(_weather_game(cards, home="FOX"), cards, "d2", level=WEATHER)
    _, ev = pa(state, cards, "134", d20, level=WEATHER)
    assert ev["play"]["label"] == label
    step = next(s for s in ev["steps"] if s.get("rule") == "30.3" and "chart" in s)
    assert (step["chart"], step["row"], step["value"]) == ("weather effects", "temperate April day", "1-12")


def test_bad_weather_shortens_the_single_range() -> None:
    cards = v1_reads("v SINGLE")
    state, _ = pa(_weather_game(cards), cards, "d18", level=WEATHER)  # bad: a single on 1-9
    _, ev = pa(state, cards, "134", "d10", level=WEATHER)
    assert ev["play"]["label"] == "LINEOUT(ss)"
    _, ev = pa(state, cards, "134", "d9", level=WEATHER)
    assert ev["play"]["label"] == "SINGLE*"


def test_a_play_called_before_the_weather_roll_is_refused_not_lost() -> None:
    cards = v1_reads("STRIKEOUT")
    with pytest.raises(RulesError, match="weather is rolled before the first pitch"):
        resolve_pa(_weather_game(cards), cards, None, [], Strategy(play="ibb"), WEATHER)
    state, _ = pa(_weather_game(cards), cards, "d3", level=WEATHER)
    _, ev = pa(state, cards, level=WEATHER, s=Strategy(play="ibb"))  # after it, the walk is played
    assert ev["play"]["label"] == "intentional walk"


def test_the_same_reading_without_the_option_reads_the_park() -> None:
    cards = v1_reads("<> HOMERUN")
    state = _weather_game(cards, home="FOX")
    assert _first_need(state, cards, "super+r4").kind == "triad"  # no weather roll
    _, ev = pa(state, cards, "134", "d12", level="super+r4")
    assert ev["play"]["label"] == "FLYBALL(lf)B"
    assert any(s.get("chart") == "ball park effects" and s["row"] == "FOX" for s in ev["steps"])


@pytest.mark.parametrize("level", ["super+r3+weather", "super+r2+weather", "super+weather", "advanced+weather",
                                   "basic+weather", "super+r3", "advanced"])
def test_games_before_revision_4_ask_no_weather_roll(level: str) -> None:
    cards = v1_reads("<> HOMERUN")
    assert _first_need(_weather_game(cards), cards, level).kind == "triad"


def test_a_dome_has_one_band_the_neutral_ranges() -> None:
    cards = v1_reads("<> HOMERUN")
    for d20 in ("d1", "d20"):
        state, ev = pa(_weather_game(cards, home="DUN", day="1988-07-04"), cards, d20, level=WEATHER)
        assert ev["weather"]["condition"] == "average" and ev["weather"]["row"] == "dome"
        assert ev["weather"]["R"] == {"homerun": 10, "single": 10}


def test_a_club_that_moved_into_a_dome_reads_its_seasons_group() -> None:
    assert group("HOU", 1964)[0] == "warm" and group("HOU", 1965)[0] == "dome"
    assert group("MIN", 1981)[0] == "cold" and group("MIN", 1988)[0] == "dome" and group("MIN", 2010)[0] == "cold"
    assert group("TOR", 1988)[0] == "cold" and group("TOR", 1989)[0] == "dome"
    assert group("XYZ", 1988) == ("temperate", "XYZ is not on the chart: temperate (the default)")


def test_months_outside_the_season_read_the_nearest_and_no_time_is_a_night_game() -> None:
    cards = v1_reads("<> HOMERUN")
    _, ev = pa(_weather_game(cards, day="1988-03-30", time=None), cards, "d1", level=WEATHER)
    assert ev["weather"]["row"] == "temperate April night" and ev["weather"]["time"] == "night"
    assert "March reads April" in ev["steps"][0]["note"] and "no day or night" in ev["steps"][0]["note"]
    _, ev = pa(_weather_game(cards, day="1988-11-01"), cards, "d1", level=WEATHER)
    assert ev["weather"]["row"] == "temperate October day"


def test_warm_summer_days_bring_more_good_weather_than_cold_april_nights() -> None:
    def good(grid: str, key: str) -> int:
        band = next(b for b in chart()["grids"][grid][key] if b["condition"] == "good")
        return int(band["d20"][1] - band["d20"][0] + 1)

    assert good("warm", "July day") > good("temperate", "July day") > good("cold", "April night")


def test_every_grid_covers_the_d20_once() -> None:
    for name, grids in chart()["grids"].items():
        for key, bands in grids.items():
            faces = [n for b in bands for n in range(b["d20"][0], b["d20"][1] + 1)]
            assert faces == list(range(1, 21)), (name, key)
    for entry in chart()["clubs"].values():  # every club's group has grids
        for name in [entry] if isinstance(entry, str) else [g for _, g in entry]:
            assert name in chart()["grids"]


def test_a_weather_game_without_its_date_is_refused_clearly() -> None:
    cards = v1_reads("<> HOMERUN")
    with pytest.raises(RulesError, match="needs its date"):
        resolve_pa(game(cards), cards, None, [roll("d3")], level=WEATHER)
