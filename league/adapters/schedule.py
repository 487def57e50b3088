"""Season schedules: Retrosheet schedule files and a plain CSV (see docs/formats.md).

``read_schedule`` tells the two apart by their first line.  Retrosheet games
that were postponed are moved to their makeup date or, with no makeup, left
out (listed in ``Schedule.dropped``).  ``balanced_schedule`` builds a
deterministic round-robin of three-game series for fictional leagues.
"""

from __future__ import annotations

import csv
import datetime
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from league.domain.errors import InputError
from league.adapters.textfile import read_text

_CODE = re.compile(r"[A-Z0-9]{2,4}")
CSV_COLUMNS = ("date", "visitor", "home", "game", "visitor_starter", "home_starter", "time")
RETRO_FIELDS = ("date", "game", "weekday", "visitor", "visitor league", "visitor game",
                "home", "home league", "home game", "day/night", "postponement", "makeup date")
# A game's time: Retrosheet's day/night letters (D day, N night, A afternoon, E evening) and the CSV's words.
TIMES = {"D": "day", "A": "day", "N": "night", "E": "night", "DAY": "day", "NIGHT": "night"}


@dataclass(frozen=True)
class ScheduledGame:
    game_id: str  # Retrosheet style: home + yyyymmdd + number, e.g. TEX198804040
    date: datetime.date  # the day it is played (the makeup date for a moved game)
    number: int  # 0 single game, 1/2 (3...) games of a doubleheader
    visitor: str
    home: str
    visitor_starter: str | None = None
    home_starter: str | None = None
    postponed_to: datetime.date | None = None  # set on a game moved to its makeup date
    note: str = ""  # e.g. "Rain; postponed from 1988-04-07"
    time: str | None = None  # "day" or "night" when the schedule says (Strat's weather, 30.5, reads it)
    # The file line it was read from (messages only: not stored, not compared).
    line: int | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id, "date": self.date.isoformat(), "number": self.number,
            "visitor": self.visitor, "home": self.home,
            "visitor_starter": self.visitor_starter, "home_starter": self.home_starter,
            "postponed_to": self.postponed_to.isoformat() if self.postponed_to else None,
            "note": self.note,
            **({"time": self.time} if self.time else {}),  # only when known: games stored before read alike
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ScheduledGame":
        postponed = d.get("postponed_to")
        return cls(
            game_id=d["game_id"], date=datetime.date.fromisoformat(d["date"]), number=d["number"],
            visitor=d["visitor"], home=d["home"],
            visitor_starter=d.get("visitor_starter"), home_starter=d.get("home_starter"),
            postponed_to=datetime.date.fromisoformat(postponed) if postponed else None,
            note=d.get("note", ""), time=d.get("time"),
        )


def game_id(home: str, date: datetime.date, number: int) -> str:
    return f"{home}{date:%Y%m%d}{number}"


class Schedule(list):
    """The games to play, in date order, plus what reading the file found.

    ``dropped`` holds the postponed games with no makeup date (not played);
    ``moved`` counts the games moved to their makeup date.
    """

    def __init__(self, games: Iterable[ScheduledGame] = (), dropped: Iterable[ScheduledGame] = (),
                 moved: int = 0, source: str = "", format: str = ""):
        super().__init__(games)
        self.dropped: list[ScheduledGame] = list(dropped)
        self.moved = moved
        self.source = source
        self.format = format

    def teams(self) -> set[str]:
        return {g.visitor for g in self} | {g.home for g in self}

    def games_per_team(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for g in self:
            for team in (g.visitor, g.home):
                counts[team] = counts.get(team, 0) + 1
        return dict(sorted(counts.items()))


def read_schedule(path: str | Path, known_teams: set[str] | None = None) -> Schedule:
    """Read a Retrosheet schedule file or a plain CSV schedule."""
    path = Path(path)
    return read_schedule_text(read_text(path, "schedule"), str(path), known_teams)


def read_schedule_text(text: str, source: str, known_teams: set[str] | None = None) -> Schedule:
    """Parse schedule text; ``source`` names it in error messages."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if not lines:
        raise InputError(source, None, None, "the schedule is empty")
    first_number, first = lines[0]
    first_cells = _split(first)
    if re.fullmatch(r"\d{8}", first_cells[0]) and first.startswith('"'):
        rows = [_retro_row(source, n, line, known_teams) for n, line in lines]
        return _retro_schedule(source, rows)
    if "date" in [c.strip().lower() for c in first_cells]:
        return _csv_schedule(source, lines, known_teams)
    raise InputError(source, first_number, None,
                     "unrecognised schedule: expected a Retrosheet line (\"19880404\",\"0\",...) "
                     "or a CSV header (date,visitor,home)")


# --- Retrosheet -------------------------------------------------------------

@dataclass
class _RetroRow:
    line: int
    date: datetime.date
    number: int
    visitor: str
    home: str
    note: str
    makeup: datetime.date | None
    played: bool
    time: str | None = None


def _split(line: str) -> list[str]:
    return next(csv.reader([line]))


def _retro_row(source: str, n: int, line: str, known: set[str] | None) -> _RetroRow:
    cells = [c.strip() for c in _split(line)]
    if not 10 <= len(cells) <= 12:
        raise InputError(source, n, None, f"malformed line: {len(cells)} fields, a Retrosheet schedule line has 12")
    cells += [""] * (12 - len(cells))
    date = _date(source, n, "date", cells[0])
    number = _number(source, n, cells[1])
    visitor = _team(source, n, "visitor", cells[3], known)
    home = _team(source, n, "home", cells[6], known)
    _check_two_teams(source, n, visitor, home)
    note, makeup_text = cells[10], cells[11]
    makeup = None
    if re.fullmatch(r"\d{8}", makeup_text):
        makeup = _date(source, n, "makeup date", makeup_text)
        if makeup <= date:
            raise InputError(source, n, "makeup date", f"makeup {makeup_text} is not after the game's date")
    played = not note and makeup is None
    time = _time(source, n, "day/night", cells[9])
    return _RetroRow(n, date, number, visitor, home, note, makeup, played, time)


def _retro_schedule(source: str, rows: list[_RetroRow]) -> Schedule:
    _check_unique_ids(source, [(r.line, r.home, r.date, r.number) for r in rows])
    kept = [r for r in rows if r.played or r.makeup is not None]
    dropped = [
        ScheduledGame(game_id(r.home, r.date, r.number), r.date, r.number, r.visitor, r.home, note=r.note)
        for r in rows if not (r.played or r.makeup is not None)
    ]
    # A moved game is played on its makeup date.  Where that gives a home team
    # more than one game on a day, the day's games become a doubleheader
    # numbered 1, 2, ...: games already on that date first (by their number),
    # then the moved ones in the order they were first scheduled.
    by_day: dict[tuple[str, datetime.date], list[_RetroRow]] = {}
    for r in kept:
        by_day.setdefault((r.home, r.makeup or r.date), []).append(r)
    games: list[tuple[datetime.date, int, ScheduledGame]] = []
    for (home, day), day_rows in by_day.items():
        day_rows.sort(key=lambda r: (r.makeup is not None, r.date, r.number, r.line))
        renumber = len(day_rows) > 1 and any(r.makeup for r in day_rows)
        for i, r in enumerate(day_rows, start=1):
            number = i if renumber else r.number
            note = r.note
            if r.makeup:
                note = f"{r.note}; postponed from {r.date.isoformat()}" if r.note else f"postponed from {r.date.isoformat()}"
            game = ScheduledGame(game_id(home, day, number), day, number, r.visitor, home,
                                 postponed_to=r.makeup, note=note, time=r.time, line=r.line)
            games.append((day, r.line, game))
    # Games on their own date first, makeups after: a clash is blamed on the game moved onto the day.
    check_one_game_at_a_time(source, sorted((g for _, _, g in games),
                                            key=lambda g: (g.postponed_to is not None, g.line or 0)))
    games.sort(key=lambda t: (t[0], t[2].home, t[2].number))
    moved = sum(1 for r in kept if r.makeup)
    return Schedule((g for _, _, g in games), dropped, moved, source, "retrosheet")


# --- plain CSV --------------------------------------------------------------

def _csv_schedule(source: str, lines: list[tuple[int, str]], known: set[str] | None) -> Schedule:
    header_line, header_text = lines[0]
    header = [c.strip().lower() for c in _split(header_text)]
    for column in header:
        if column not in CSV_COLUMNS:
            raise InputError(source, header_line, column, f"unknown column {column!r}; columns are "
                             + ", ".join(CSV_COLUMNS))
        if header.count(column) > 1:
            raise InputError(source, header_line, column, f"column {column!r} appears twice")
    for column in CSV_COLUMNS[:3]:
        if column not in header:
            raise InputError(source, header_line, column, f"missing column {column!r}")
    games = []
    for n, line in lines[1:]:
        cells = [c.strip() for c in _split(line)]
        if len(cells) != len(header):
            raise InputError(source, n, None, f"malformed line: {len(cells)} fields, the header has {len(header)}")
        row = dict(zip(header, cells))
        date = _date(source, n, "date", row["date"])
        number = _number(source, n, row.get("game") or "0")
        visitor = _team(source, n, "visitor", row["visitor"], known)
        home = _team(source, n, "home", row["home"], known)
        _check_two_teams(source, n, visitor, home)
        named = [row.get(k) or None for k in ("visitor_starter", "home_starter")]
        starters = [None if s is None or s == "-" else " ".join(s.split()) for s in named]
        time = _time(source, n, "time", row.get("time") or "")
        games.append((n, ScheduledGame(game_id(home, date, number), date, number, visitor, home,
                                       starters[0], starters[1], time=time, line=n)))
    _check_unique_ids(source, [(n, g.home, g.date, g.number) for n, g in games])
    check_one_game_at_a_time(source, [g for _, g in games])
    ordered = sorted((g for _, g in games), key=lambda g: g.date)
    return Schedule(ordered, source=source, format="csv")


def write_schedule_csv(games: Iterable[ScheduledGame], starters: bool = False) -> str:
    """Games as the plain CSV format (``date,visitor,home,game``[,starters][,time]: a time column when
    some game has one)."""
    games = list(games)
    timed = any(g.time for g in games)
    columns = list(CSV_COLUMNS[:4]) + (list(CSV_COLUMNS[4:6]) if starters else []) + (["time"] if timed else [])
    lines = [",".join(columns)]
    for g in games:
        cells = [g.date.isoformat(), g.visitor, g.home, str(g.number)]
        if starters:
            cells += [g.visitor_starter or "", g.home_starter or ""]
        if timed:
            cells.append(g.time or "")
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n"


# --- checks -----------------------------------------------------------------

def _date(source: str, n: int, field: str, text: str) -> datetime.date:
    try:
        if re.fullmatch(r"\d{8}", text):
            return datetime.date(int(text[:4]), int(text[4:6]), int(text[6:]))
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            return datetime.date.fromisoformat(text)
    except ValueError:
        pass
    raise InputError(source, n, field, f"{text!r} is not a date (YYYY-MM-DD or YYYYMMDD)")


def _time(source: str, n: int, field: str, text: str) -> str | None:
    """A game's time, "day" or "night"; None when the schedule leaves it empty."""
    if not text:
        return None
    if text.upper() not in TIMES:
        raise InputError(source, n, field, f"{text!r} is not a time of day (D or N, day or night; "
                         "Retrosheet's A afternoon and E evening read as day and night)")
    return TIMES[text.upper()]


def _number(source: str, n: int, text: str) -> int:
    if not re.fullmatch(r"[0-2]", text):
        raise InputError(source, n, "game", f"{text!r} is not a game number (0 single game, 1 or 2 doubleheader)")
    return int(text)


def _team(source: str, n: int, field: str, code: str, known: set[str] | None) -> str:
    if not _CODE.fullmatch(code):
        raise InputError(source, n, field, f"{code!r} is not a team code (2-4 capital letters or digits)")
    if known is not None and code not in known:
        raise InputError(source, n, field, f"unknown team {code!r}")
    return code


def _check_two_teams(source: str, n: int, visitor: str, home: str) -> None:
    if visitor == home:
        raise InputError(source, n, "home", f"{home} cannot play itself")


def _check_unique_ids(source: str, keys: list[tuple[int, str, datetime.date, int]]) -> None:
    seen: dict[str, int] = {}
    for n, home, date, number in keys:
        gid = game_id(home, date, number)
        if gid in seen:
            raise InputError(source, n, "game", f"duplicate game {gid} (first on line {seen[gid]})")
        seen[gid] = n


def check_one_game_at_a_time(source: str, games: Iterable[ScheduledGame],
                             stored: Iterable[Mapping[str, Any]] = ()) -> None:
    """Refuse a game that has a club playing two games at once; name its line and the club's field.

    On one date a club plays one single game (number 0) or the games of a
    doubleheader, numbered apart (1, 2).  ``games`` are checked in order against
    ``stored`` (the schedule already imported, as stored dicts) and the games
    before them; the stored ones are never checked against each other, so a
    league imported before this rule keeps working.
    """
    busy: dict[tuple[str, str], list[tuple[int, str]]] = {}  # (club, date) -> (number, where)

    def book(club: str, day: str, number: int, where: str) -> None:
        busy.setdefault((club, day), []).append((number, where))

    for d in stored:
        where = f"game {d['game_id']}, already scheduled"
        for club in (d["visitor"], d["home"]):
            book(club, d["date"], int(d["number"]), where)
    for g in games:
        day = g.date.isoformat()
        for role, club in (("visitor", g.visitor), ("home", g.home)):
            for number, where in busy.get((club, day), []):
                if number == g.number or 0 in (number, g.number):
                    kind = ("both single games" if number == g.number == 0
                            else f"both numbered {number}" if number == g.number
                            else "a single game beside a doubleheader game")
                    raise InputError(source, g.line, "makeup date" if g.postponed_to else role,
                                     f"{club} would play two games at once on {day}: {g.visitor} at {g.home} "
                                     f"and {where} ({kind}; a doubleheader is numbered 1, 2)")
        here = f"{g.visitor} at {g.home} on line {g.line}" if g.line else f"game {g.game_id}"
        for club in (g.visitor, g.home):
            book(club, day, g.number, here)


# --- balanced schedules for fictional leagues --------------------------------

def balanced_schedule(teams: Iterable[str], games_per_team: int, start_date: datetime.date,
                      seed: int = 0) -> list[ScheduledGame]:
    """A deterministic round-robin of three-game series.

    Every team meets every other in turn (circle method), parks alternate from
    one round-robin to the next, all teams rest after every two series (one
    off day a week).  With ``games_per_team`` a multiple of 6 x (teams - 1)
    every pair meets equally often, half at each park.  An odd number of teams
    gives each team a bye in turn, so ``games_per_team`` is then an upper bound.
    """
    codes = sorted(set(teams))
    if len(codes) < 2:
        raise ValueError("a schedule needs at least two teams")
    rng = random.Random(seed)
    rng.shuffle(codes)
    slots: list[str | None] = list(codes) + ([None] if len(codes) % 2 else [])
    n = len(slots)
    rounds: list[list[tuple[str, str]]] = []  # one round: a series for every team (home first)
    for r in range(n - 1):
        rotated = [slots[0]] + slots[1:][-r:] + slots[1:][:-r] if r else list(slots)
        pairs = []
        for i in range(n // 2):
            a, b = rotated[i], rotated[n - 1 - i]
            if a is None or b is None:
                continue
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
    order = list(range(n - 1))
    rng.shuffle(order)
    games: list[ScheduledGame] = []
    played = {c: 0 for c in codes}
    day = start_date
    cycle = series_count = 0
    while min(played.values()) < games_per_team:
        before = len(games)
        for r in order:
            length = min(3, games_per_team - min(played.values()))
            if length <= 0:
                break
            for offset in range(length):
                date = day + datetime.timedelta(days=offset)
                for home, visitor in rounds[r]:
                    if cycle % 2:
                        home, visitor = visitor, home
                    if played[home] >= games_per_team or played[visitor] >= games_per_team:
                        continue
                    played[home] += 1
                    played[visitor] += 1
                    games.append(ScheduledGame(game_id(home, date, 0), date, 0, visitor, home))
            day += datetime.timedelta(days=length)
            series_count += 1
            if series_count % 2 == 0:
                day += datetime.timedelta(days=1)  # the weekly off day
        cycle += 1
        if len(games) == before:  # only teams whose opponents are done are short
            break
    games.sort(key=lambda g: (g.date, g.home))
    return games
