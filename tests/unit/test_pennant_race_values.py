"""Pennant Race's sheet values and reliever status behave as the frozen dataclasses they replaced.

``Pitcher``, ``Batter``, ``TeamSheet`` and ``RelieverStatus`` became written-out
classes so that ``league pitchers`` need not build dataclasses at import (issue
#16).  A stored sheet (``League.TeamRegistered``) and a stored bullpen
(``Game.Started``) must be, byte for byte, what the dataclasses gave, and read
back as before; equality, hash, repr, ``dataclasses.replace``/``asdict`` and
pickling must not change.  The old definitions are copied here to compare with.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import pytest

from league.rules.pennant_race.ratings import Batter, Pitcher, TeamSheet
from league.rules.pennant_race.usage import RelieverStatus
from tests.unit.texas import CALIFORNIA, TEXAS


@dataclass(frozen=True)
class OldPitcher:  # the definitions before: league/rules/pennant_race/ratings.py and usage.py until issue #16
    name: str
    st: float | None = None
    end: int | None = None
    rest: int | None = None
    cg: int | None = None
    sho: int | None = None
    rel: int | None = None
    fat: int | None = None
    fat_asterisk: bool = False


@dataclass(frozen=True)
class OldBatter:
    slot: str
    name: str
    pos: str
    bat: int
    pow: int
    spd: int
    xhr: int | None = None
    fld: int | None = None
    ei: tuple[int, int] | None = None
    dice: int | None = None


@dataclass(frozen=True)
class OldTeamSheet:
    code: str
    name: str
    league: str
    division: str
    bat_value: int
    unearned: tuple[int, ...]
    xhr_grid: tuple[int, int, int, int]
    pitchers: tuple[OldPitcher, ...]
    lineup: tuple[OldBatter, ...]
    bench: tuple[OldBatter, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class OldRelieverStatus:
    name: str
    rel: int
    fat: int | None
    asterisk: bool
    dual_role: bool
    roster_order: int
    consecutive_days: int
    used_today: bool
    days_since_start: int | None
    last_7_days: int = 0
    last_30_days: int = 0
    season_games: int = 0


def _old(sheet: TeamSheet) -> OldTeamSheet:
    def bat(b: Batter) -> OldBatter:
        return OldBatter(b.slot, b.name, b.pos, b.bat, b.pow, b.spd, b.xhr, b.fld, b.ei, b.dice)

    return OldTeamSheet(sheet.code, sheet.name, sheet.league, sheet.division, sheet.bat_value, sheet.unearned,
                        sheet.xhr_grid, tuple(OldPitcher(*(getattr(p, f.name) for f in dataclasses.fields(OldPitcher)))
                                              for p in sheet.pitchers),
                        tuple(map(bat, sheet.lineup)), tuple(map(bat, sheet.bench)))


def _no_old(text: str) -> str:
    return text.replace("OldPitcher(", "Pitcher(").replace("OldBatter(", "Batter(").replace(
        "OldTeamSheet(", "TeamSheet(").replace("OldRelieverStatus(", "RelieverStatus(")


@pytest.mark.parametrize("sheet", [TEXAS, CALIFORNIA], ids=["texas", "california"])
def test_a_sheet_is_stored_as_the_dataclass_stored_it_and_reads_back(sheet: TeamSheet) -> None:
    old = _old(sheet)
    stored = sheet.to_dict()
    assert stored == asdict(old)
    assert json.dumps(stored) == json.dumps(asdict(old))  # the event's bytes: same keys, same order
    assert repr(stored) == repr(asdict(old))  # tuples stay tuples, as asdict left them
    back = TeamSheet.from_dict(json.loads(json.dumps(stored)))
    assert back == sheet and hash(back) == hash(sheet) == hash(old)
    assert repr(sheet) == _no_old(repr(old))
    assert asdict(sheet) == stored  # dataclasses.asdict still reads it


def test_sheet_values_compare_hash_and_refuse_changes_as_before() -> None:
    p = TEXAS.pitchers[0]
    assert p == Pitcher("CHARLIE HOUGH", st=4.5, end=8, rest=4, cg=522, sho=666)
    assert p != OldPitcher("CHARLIE HOUGH", 4.5, 8, 4, 522, 666)  # equal only within the class, as before
    assert hash(p) == hash(OldPitcher("CHARLIE HOUGH", 4.5, 8, 4, 522, 666))
    assert len({p, Pitcher("CHARLIE HOUGH", 4.5, 8, 4, 522, 666), TEXAS.pitchers[1]}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.st = 5.0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del TEXAS.lineup[0].bat
    with pytest.raises(TypeError):
        Batter("1", "X", "C", 1, 2)  # type: ignore[call-arg]  # spd is required
    match p:
        case Pitcher(name, st):
            assert (name, st) == ("CHARLIE HOUGH", 4.5)
        case _:
            pytest.fail("positional match")


def test_replace_asdict_fields_pickle_and_copy_work_as_on_the_dataclasses() -> None:
    assert dataclasses.is_dataclass(TEXAS) and dataclasses.is_dataclass(RelieverStatus)
    assert [f.name for f in dataclasses.fields(Batter)] == [f.name for f in dataclasses.fields(OldBatter)]
    assert [f.name for f in dataclasses.fields(TEXAS)] == [f.name for f in dataclasses.fields(OldTeamSheet)]
    short = replace(TEXAS, bench=())
    assert short.bench == () and short.lineup == TEXAS.lineup and type(short) is TeamSheet
    swapped = replace(TEXAS.lineup[3], xhr=7)
    assert swapped.xhr == 7 and swapped.name == TEXAS.lineup[3].name
    assert asdict(swapped) == asdict(replace(_old(TEXAS).lineup[3], xhr=7))
    with pytest.raises(TypeError):
        replace(TEXAS.pitchers[0], era=3.1)
    for twin in (pickle.loads(pickle.dumps(TEXAS)), copy.copy(TEXAS), copy.deepcopy(TEXAS)):
        assert twin == TEXAS and type(twin.pitchers[0]) is Pitcher


def _status(**more: Any) -> tuple[RelieverStatus, OldRelieverStatus]:
    args = ("MITCH WILLIAMS", -3, 2, False, False, 7, 1, False, None)
    return RelieverStatus(*args, **more), OldRelieverStatus(*args, **more)


def test_a_bullpen_is_stored_as_the_dataclass_stored_it_and_reads_back() -> None:
    for more in ({}, {"last_7_days": 2, "last_30_days": 9, "season_games": 40}):
        now, old = _status(**more)
        assert json.dumps(now.to_dict()) == json.dumps(asdict(old))
        assert now.to_dict() == dict(vars(old))  # what the setup stored before
        assert RelieverStatus(**json.loads(json.dumps(now.to_dict()))) == now
        assert hash(now) == hash(old) and repr(now) == _no_old(repr(old))
    # A setup stored before usage limits (ruleset version 1) lacks the counts: they read as 0.
    stored = {k: v for k, v in asdict(_status()[1]).items() if k not in ("last_7_days", "last_30_days", "season_games")}
    assert RelieverStatus(**stored) == _status()[0]
    tired = replace(_status()[0], consecutive_days=3)
    assert tired.consecutive_days == 3 and tired.roster_order == 7
