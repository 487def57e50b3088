"""Super advanced weather effects (30.5), revision 4, in a league created with ``--option weather=on``.

"The Weather Effects Chart may be used in place of the Ball Park Effects": before the first pitch one d20
is read down the grid of the home club's section for the game's month and time (day or night), giving
good, average or bad weather and, across, the d20 ranges of a homerun (30.3) and a single (30.4) that
replace the park's for the rest of the game (:mod:`.ballparks` reads them from the game state).

The chart is named by the manual but not printed: ``charts/weather.json`` is the project's own (clubs by
code in a climate group, a grid per group, month and day or night; a dome has one neutral band).  The
game's date and time reach the engine through the setup's ``extra`` (:func:`setup_extra`, written by the
season player) and the game state's ``extra``, where the weather rolled is kept too.
"""

from __future__ import annotations

import datetime
from typing import Any, Mapping, NamedTuple

from league.domain.errors import RulesError
from league.rules.pa.play import Play, hold
from league.rules.pa.state import GameState
from league.rules.strat.charts import Cell, load_charts
from league.rules.strat.context import Ctx
from league.rules.strat.levels import SUPER, revision, split_level
from league.rules.strat.levels import WEATHER as WEATHER_FLAG

DATE = "strat:date"  # GameState.extra keys from the game's setup: the date it is played ("1988-07-04")
TIME = "strat:time"  # and "day" or "night" when the schedule says
WEATHER = "strat:weather"  # GameState.extra key: the weather rolled (:class:`Weather` as a tuple)
RULE = "30.5"
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
TIMES = ("day", "night")


def chart() -> dict[str, Any]:
    """``charts/weather.json``, as the engine's charts hold it (:func:`.charts.load_charts`)."""
    return load_charts().weather


def setup_extra(day: str, time: str | None) -> dict[str, str]:
    """What a weather game's setup stores for the engine: its date, and its time when the schedule gives one."""
    return {DATE: day, **({TIME: time} if time else {})}


def plays_weather(level: str) -> bool:
    """Whether games at ``level`` roll the weather: super advanced revision 4 with the ``weather`` flag."""
    base, flags = split_level(level)
    return base == SUPER and WEATHER_FLAG in flags and revision(level) >= 4


def group(club: str, year: int, table: Mapping[str, Any] | None = None) -> tuple[str, str]:
    """The home club's climate group in ``year`` and why (its entry, or the default for a club not listed);
    ``table``: the weather chart read (the shipped one by default)."""
    c = chart() if table is None else table
    entry = c["clubs"].get(club)
    if entry is None:
        return c["default_group"], f"{club} is not on the chart: {c['default_group']} (the default)"
    if isinstance(entry, str):
        return entry, f"{club}: {entry}"
    found = entry[0][1]
    for first, name in entry:
        if year >= first:
            found = name
    return found, f"{club} in {year}: {found}"


def grid_month(month: int) -> int:
    """The chart's month for a game's: April-October as they are, earlier months April, later October."""
    return min(max(month, 4), 10)


class Weather(NamedTuple):
    """The weather rolled: its condition, the chart row read, and the ranges' tops (kept on the state)."""

    condition: str
    row: str
    l_homerun: int
    l_single: int
    r_homerun: int
    r_single: int

    def top(self, bats: str, kind: str) -> int:
        """The top of the d20 range of a ``kind`` ("homerun" or "single") for a batter batting ``bats``."""
        return int(self[2 + (0 if bats == "L" else 2) + (0 if kind == "homerun" else 1)])


def rolled(state: GameState) -> Weather | None:
    """The game's weather once rolled (None before, and in every game without the option)."""
    if not state.extra:
        return None
    found = dict(state.extra).get(WEATHER)
    return found if isinstance(found, Weather) else None


def roll(ctx: Ctx, state: GameState) -> tuple[Play, tuple[tuple[str, Any], ...], dict[str, Any]]:
    """30.5: the d20 down the home club's grid.  The play moves nobody (the batter is still up); the
    state's ``extra`` after it keeps the weather; the fact is what the event records."""
    facts = dict(state.extra)
    day = facts.get(DATE)
    if not isinstance(day, str):
        raise RulesError("a weather game's setup needs its date (30.5): set the game up again")
    date = datetime.date.fromisoformat(day)
    c = ctx.charts.weather
    time = facts.get(TIME)
    why_time = ""
    if time not in TIMES:
        time = c["default_time"]
        why_time = f"; the schedule gives no day or night: a {time} game (the project's default)"
    club = state.home.code
    name, why_group = group(club, date.year, c)
    month = MONTHS[grid_month(date.month) - 1]
    grids = c["grids"][name]
    key = f"{month} {time}"
    bands = grids.get(key) or grids["all"]
    row = f"{name} {key}" if key in grids else name
    moved = "" if grid_month(date.month) == date.month else f" ({MONTHS[date.month - 1]} reads {month})"
    d20 = ctx.d20(state, f"weather ({RULE})")
    band = next(b for b in bands if b["d20"][0] <= d20 <= b["d20"][1])
    weather = Weather(band["condition"], row, band["L"]["homerun"], band["L"]["single"],
                      band["R"]["homerun"], band["R"]["single"])
    ranges = _ranges(weather)
    ctx.chart(Cell("weather effects", row, f"d20 {_span(band['d20'])}", band["condition"]),
              f"{why_group}; {month}{moved} {time}{why_time}; d20 {d20}: {band['condition']} weather: {ranges} "
              f"for the rest of the game, in place of the park's ({RULE})", d20=d20, rule=RULE)
    label = f"{band['condition']} weather at {club} ({month} {time}): {ranges}"
    fact = {"condition": weather.condition, "row": row, "club": club, "month": month, "time": time,
            "L": dict(band["L"]), "R": dict(band["R"])}
    return Play(None, hold(state), label=label), tuple({**facts, WEATHER: weather}.items()), fact


def _span(d20: list[int]) -> str:
    lo, hi = d20
    return f"{lo}-{hi}" if lo != hi else str(lo)


def _ranges(w: Weather) -> str:
    def side(bats: str) -> str:
        return f"{bats} homerun {_top(w.top(bats, 'homerun'))}, single {_top(w.top(bats, 'single'))}"

    return f"{side('L')}; {side('R')}"


def _top(top: int) -> str:
    return f"1-{top}" if top else "never"


def park_entry(weather: Weather) -> tuple[str, Mapping[str, Any]]:
    """The weather's ranges as a park entry of the Ball Park Effect Chart reads (:mod:`.ballparks`)."""
    return weather.row, {"name": f"{weather.condition} weather ({weather.row})",
                         "L": {"homerun": weather.top("L", "homerun"), "single": weather.top("L", "single")},
                         "R": {"homerun": weather.top("R", "homerun"), "single": weather.top("R", "single")}}
