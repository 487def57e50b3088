"""Reliever usage limits (ruleset version 2) and the version switch that keeps version 1."""

from __future__ import annotations

import datetime
from dataclasses import replace

import pytest

from league.domain.dice import NeedRoll, Pair, Roll, Triad
from league.rules.pennant_race import engine
from league.rules.pennant_race.bullpen import within_limits
from league.rules.pennant_race.usage import (Appearance, DateOrdered, UsageLimits, reliever_status)
from tests.unit.texas import CALIFORNIA, TEXAS, rested_bullpen

TODAY = datetime.date(1988, 8, 1)
CLOSER = TEXAS.pitchers[-1]  # the Texas sheet lists its closer last


def _history(days_before: list[int]) -> list[Appearance]:
    return [Appearance(TODAY - datetime.timedelta(days=d), f"g{d}", "relief") for d in sorted(days_before, reverse=True)]


def test_a_reliever_counts_his_appearances_in_each_window_before_today() -> None:
    # 1, 3, 5 days ago in the week; 20 and 29 in the month; 100 earlier this year; one last year;
    # one today and one tomorrow do not count.
    days = [1, 3, 5, 20, 29, 100, 300, -1]
    hist = _history(days) + [Appearance(TODAY, "today", "relief")]
    for history in (hist, DateOrdered(sorted(hist, key=lambda a: a.date))):
        s = reliever_status(CLOSER, 0, history, TODAY)
        assert (s.last_7_days, s.last_30_days, s.season_games) == (3, 5, 6)


@pytest.mark.parametrize(("field", "count", "window"), [
    ("last_7_days", 4, "7 days"), ("last_30_days", 14, "30 days"), ("season_games", 90, "this season")])
def test_a_reliever_at_a_limit_rests_and_one_below_may_pitch(field: str, count: int, window: str) -> None:
    fresh = reliever_status(CLOSER, 0, [], TODAY)
    limits = UsageLimits()
    assert limits.breach(replace(fresh, **{field: count - 1})) is None
    why = limits.breach(replace(fresh, **{field: count}))
    assert why is not None and window in why


def test_the_limits_take_only_the_overworked_off_the_bullpen() -> None:
    pen = rested_bullpen(TEXAS)
    busy = replace(pen[0], last_7_days=4)
    kept, resting = within_limits((busy,) + pen[1:], UsageLimits())
    assert [s.name for s in kept] == [s.name for s in pen[1:]]
    assert resting == [{"pitcher": busy.name, "reason": "4 appearances in 7 days (limit 4)"}]


def _setup(version: str | None, overworked: str) -> engine.GameSetup:
    pen = tuple(replace(s, last_7_days=4) if s.name == overworked else s for s in rested_bullpen(TEXAS))
    return engine.GameSetup(
        ruleset="pennant-race", version=version,
        visitor=engine.SideSetup(CALIFORNIA, CALIFORNIA.pitchers[0].name, bullpen=rested_bullpen(CALIFORNIA)),
        home=engine.SideSetup(TEXAS, TEXAS.pitchers[0].name, bullpen=pen),
    )


def _fixed(need: NeedRoll) -> Roll:
    return Pair(3, 4) if need.kind == "pair" else Triad(3, 4, 5)


def _relievers(outcome: engine.GameOutcome, team: str) -> list[str]:
    return [p.pitcher for p in outcome.pitching if p.team == team and p.role == "RP"]


def test_version_1_still_uses_an_overworked_reliever_and_version_2_rests_him() -> None:
    # A low triad for the visitors beats no CG rating: Texas needs relief; the same dice under both versions.
    rolls = [Triad(2, 3, 1), Triad(2, 3, 1)]

    def play(setup: engine.GameSetup) -> engine.GameOutcome:
        return engine.play(setup, rolls, _fixed)[1]

    old = play(_setup("1", ""))
    used = _relievers(old, TEXAS.code)
    assert used, "the dice must make Texas go to the bullpen"
    star = used[0]
    v1, v2 = play(_setup("1", star)), play(_setup("2", star))
    assert v1.ruleset_version == "1" and v2.ruleset_version == "2"
    assert star in _relievers(v1, TEXAS.code)
    assert star not in _relievers(v2, TEXAS.code)
    assert any(step["step"] == "usage limits" for step in v2.explanation)
    assert not any(step["step"] == "usage limits" for step in v1.explanation)


def test_a_game_of_a_version_this_build_does_not_know_is_refused() -> None:
    with pytest.raises(Exception, match="version 9"):
        engine.resolve(_setup("9", ""), [])
