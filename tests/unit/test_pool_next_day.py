"""The pool's look-ahead: the next day's games are set up once their clubs' games today are recorded, set
up once only, and a game that cannot be set up ahead raises on its own day, not a day early."""

from __future__ import annotations

from typing import Any

import pytest

from league.domain.errors import RulesError
from league.rules.pa.pool import PAPool


class _Done:
    def __init__(self, g: Any) -> None:
        self.g = g

    def get(self) -> tuple[Any, bool]:
        return self.g, True


class _InlinePool:
    """Stands in for the forked workers: the game is "played" when it is sent."""

    def apply_async(self, fn: Any, args: tuple[Any, ...]) -> _Done:
        g, _seed, _actor = args[0]
        return _Done(g)

    def result(self, pending: _Done) -> Any:
        return pending.get()


class _Season:
    def __init__(self, refuse: frozenset[str] = frozenset()) -> None:
        self.log: list[tuple[str, str]] = []
        self.refuse = refuse

    def seed_for(self, game: str, existing: Any) -> str:
        return game

    def begin(self, scheduled: dict[str, Any], existing: Any, actor: str, label: str) -> dict[str, Any]:
        self.log.append(("set up", scheduled["game_id"]))
        if scheduled["game_id"] in self.refuse:
            raise RulesError(f"{scheduled['visitor']} has no rested starter")
        return {"game": scheduled["game_id"]}

    def record_usage(self, g: dict[str, Any]) -> None:
        self.log.append(("recorded", g["game"]))


def _spec(game: str, visitor: str, home: str) -> tuple[dict[str, Any], None]:
    return {"game_id": game, "visitor": visitor, "home": home}, None


def _pool(season: _Season) -> PAPool:
    pool = PAPool(season, workers=2)
    pool.pool = _InlinePool()  # not entered: no processes
    return pool


def test_the_next_days_games_are_set_up_once_their_clubs_are_recorded_and_only_once() -> None:
    season = _Season()
    pool = _pool(season)
    today = [_spec("g1", "ANV", "BRK"), _spec("g2", "CDR", "DUN")]
    tomorrow = [_spec("g3", "ANV", "CDR"), _spec("g4", "BRK", "ELM")]
    played = pool.play_day(today, "t", tomorrow)
    assert [g["game"] for g in played] == ["g1", "g2"]
    # g4 (BRK, ELM) waits for g1 only; g3 (ANV, CDR) for g1 and g2
    assert season.log == [("set up", "g1"), ("set up", "g2"), ("recorded", "g1"), ("set up", "g4"),
                          ("recorded", "g2"), ("set up", "g3")]
    season.log.clear()
    assert [g["game"] for g in pool.play_day(tomorrow, "t", [])] == ["g3", "g4"]
    assert season.log == [("recorded", "g3"), ("recorded", "g4")]  # not set up again


def test_a_game_that_cannot_be_set_up_ahead_raises_on_its_own_day() -> None:
    season = _Season(refuse=frozenset({"g3"}))
    pool = _pool(season)
    today = [_spec("g1", "ANV", "BRK")]
    tomorrow = [_spec("g3", "ANV", "CDR")]
    assert [g["game"] for g in pool.play_day(today, "t", tomorrow)] == ["g1"]  # today's day is played and kept
    with pytest.raises(RulesError, match="no rested starter"):
        pool.play_day(tomorrow, "t", [])
