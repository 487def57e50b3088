"""Which Strat-O-Matic relievers must rest today (27.61, 27.64 and the usage limits)."""

from __future__ import annotations

import datetime

from league.domain.usage import Appearance
from league.rules.strat.manager import resting_relievers

TODAY = datetime.date(2024, 6, 15)


def _apps(*days_before: int, role: str = "relief") -> list[Appearance]:
    return [Appearance(TODAY - datetime.timedelta(days=d), f"g{d}", role) for d in sorted(days_before, reverse=True)]


def _reasons(usage: dict[str, list[Appearance]], since: dict[str, int] | None = None,
             rest: dict[str, int] | None = None) -> dict[str, str]:
    out = resting_relievers(sorted(usage), usage, TODAY, since or {}, rest or {})
    return {r["pitcher"]: r["reason"] for r in out}


def test_two_straight_days_rest_him_today_and_one_day_or_a_gap_does_not() -> None:
    reasons = _reasons({"TWO": _apps(1, 2), "ONE": _apps(1), "GAP": _apps(1, 3), "FRESH": []})
    assert reasons == {"TWO": "pitched 2 days in a row (27.64)"}


def test_a_doubleheader_reliever_does_not_pitch_the_second_game() -> None:
    assert _reasons({"A": _apps(0)}) == {"A": "already pitched today"}


def test_a_starter_who_also_relieves_waits_out_his_rest_between_starts() -> None:
    reasons = _reasons({"SWING": [], "RESTED": []}, since={"SWING": 2, "RESTED": 4},
                       rest={"SWING": 4, "RESTED": 4})
    assert reasons == {"SWING": "started 2 game(s) ago, needs 4 (27.61)"}


def test_four_appearances_in_the_last_week_rest_him() -> None:
    assert _reasons({"BUSY": _apps(1, 3, 4, 6), "THREE": _apps(1, 3, 5)}) == \
        {"BUSY": "4 appearances in 7 days (limit 4)"}
