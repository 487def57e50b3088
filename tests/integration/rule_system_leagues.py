"""A small league of every registered rule system, for the contract suite.

:func:`sample_team_files` finds a rule system's shipped sample team files the
way ``league demo`` does, without a database: it calls the rule system's own
:meth:`~league.rules.ruleset.Ruleset.demo` on a recorder that stands in for the
application, notes which team files it registers (and under which file name),
and which files it opened meanwhile (a ``sys.addaudithook`` hook, inert outside
the call).  Each registered team's file is the opened file of that name; it is
read back with the rule system's ``read_team`` and must give the very team the
demo registered, so a wrong guess fails loudly instead of testing another
league.  A rule system that ships a demo league (the four built-in ones, or a
plug-in's) needs nothing here; one that does not must have a row in
:data:`WITHOUT_A_DEMO` (today only the toy rule system of
tests/e2e/test_toy_ruleset.py), or the suite fails naming it.

:func:`write_schedule` writes a CSV of five days for four clubs, two games a
day, every club once a day: the three pairings of a round robin, then two of
them again at the other park.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, cast

from league import registry
from league.domain.errors import LeagueError

CLUBS = 4
DAYS = 5
MIDDLE_DAY = 3  # `sim --through` the third day: games before and after it


def _toy_team_files(where: Path) -> list[Path]:
    """The toy rule system's four clubs, as test_toy_ruleset writes them."""
    from tests.e2e.test_toy_ruleset import CLUBS as TOY_CLUBS

    files = []
    for code, (name, lg, div) in TOY_CLUBS.items():
        f = where / f"{code}.txt"
        f.write_text(f"code: {code}\nname: {name}\nleague: {lg}\ndivision: {div}\n")
        files.append(f)
    return files


# A rule system that ships no demo league: ruleset name -> a function writing its team files into a folder.
WITHOUT_A_DEMO: dict[str, Callable[[Path], list[Path]]] = {
    "toy-dice": _toy_team_files,
}

_opened: list[str] | None = None  # the files opened while a demo is recorded (None: not recording)
_hooked = False


def _note_open(event: str, args: tuple[Any, ...]) -> None:
    if _opened is not None and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        _opened.append(os.fsdecode(args[0]))


class _Recorder:
    """What a rule system's ``demo`` calls on the application, remembered instead of stored."""

    def __init__(self) -> None:
        self.teams: list[tuple[Any, str]] = []
        self.games: list[Any] = []

    def create_league(self, *args: Any, **kwargs: Any) -> None:
        pass

    def import_teams(self, teams: Any, *args: Any, **kwargs: Any) -> list[str]:
        self.teams += list(teams)
        return [t.code for t, _ in teams]

    def import_schedule(self, games: Any, *args: Any, **kwargs: Any) -> int:
        self.games += list(games)
        return len(games)

    def league(self) -> Any:
        return SimpleNamespace(sheets={t.code: t for t, _ in self.teams}, teams={t.code: t for t, _ in self.teams})


def has_demo(name: str) -> bool:
    return name not in WITHOUT_A_DEMO


def sample_team_files(name: str, where: Path) -> tuple[list[Path], dt.date]:
    """:data:`CLUBS` team files of ruleset ``name`` and the first day of its sample season."""
    global _opened, _hooked
    if name in WITHOUT_A_DEMO:
        return WITHOUT_A_DEMO[name](where)[:CLUBS], dt.date(2030, 4, 1)
    rules = registry.ruleset(name)
    if not _hooked:
        sys.addaudithook(_note_open)
        _hooked = True
    recorder = _Recorder()
    _opened = []
    try:
        rules.demo(cast(Any, recorder), name, "1", "contract-suite")
    except LeagueError as e:
        raise AssertionError(f"{name}: {e}; give it a row in WITHOUT_A_DEMO ({__name__})") from None
    finally:
        opened, _opened = _opened, None
    assert len(recorder.teams) >= CLUBS, f"{name}'s demo league has fewer than {CLUBS} clubs"
    files = []
    for team, source in recorder.teams[:CLUBS]:
        found = [Path(p) for p in dict.fromkeys(opened) if Path(p).name == Path(source).name]
        if not found and Path(source).is_file():
            found = [Path(source)]
        assert len(found) == 1, f"{name}: the demo's team file {source} is {found or 'not among the files it opened'}"
        path = found[0]
        assert rules.read_team(path, source).to_dict() == team.to_dict(), f"{path} is not the demo's {team.code}"
        files.append(path)
    start = min(g.date for g in recorder.games) if recorder.games else dt.date(2030, 4, 1)
    return files, start


def days(codes: list[str]) -> list[list[tuple[str, str]]]:
    """:data:`DAYS` days of (visitor, home) games of four clubs, each club once a day."""
    a, b, c, d = codes
    return [[(a, b), (c, d)], [(a, c), (b, d)], [(a, d), (b, c)], [(b, a), (d, c)], [(c, a), (d, b)]]


def write_schedule(path: Path, codes: list[str], start: dt.date) -> list[dt.date]:
    """The CSV schedule (date,visitor,home) of :func:`days`; the dates of the days."""
    dates = [start + dt.timedelta(days=n) for n in range(DAYS)]
    path.write_text("date,visitor,home\n" + "".join(
        f"{day.isoformat()},{v},{h}\n" for day, games in zip(dates, days(codes)) for v, h in games))
    return dates
