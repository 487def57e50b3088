"""Starter rest, reliever streaks and the rotation (2.6)."""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules.pennant_race.ratings import Pitcher, TeamSheet
from league.rules.pennant_race.usage import (Appearance, choose_starter, reliever_status,
                                             staff_status, starter_status)
from tests.unit.texas import CALIFORNIA, TEXAS

D = datetime.date(1988, 6, 10)


def _pitcher(sheet: TeamSheet, name: str) -> Pitcher:
    p = sheet.pitcher(name)
    assert p is not None
    return p


GUZMAN = _pitcher(TEXAS, "JOSE GUZMAN")  # REST 4
PETRY = _pitcher(CALIFORNIA, "DAN PETRY")  # ST and REL, asterisk FAT, REST 5
MCMURTRY = _pitcher(TEXAS, "CRAIG MCMURTRY")


def _on(days_ago: int, role: str = "start") -> Appearance:
    return Appearance(D - datetime.timedelta(days=days_ago), f"g-{days_ago}", role)  # type: ignore[arg-type]


def test_days_of_rest_are_the_full_days_between_games() -> None:
    s = starter_status(GUZMAN, [_on(5)], D)
    assert s.days_of_rest == 4 and s.fully_rested and s.eligible


def test_one_day_short_is_allowed_as_short_rest() -> None:
    s = starter_status(GUZMAN, [_on(4)], D)
    assert s.days_of_rest == 3 and not s.fully_rested and s.short_rest_ok and s.eligible


def test_two_days_short_is_not_eligible() -> None:
    s = starter_status(GUZMAN, [_on(3)], D)
    assert not s.eligible and "needs 4" in s.reason


def test_never_started_counts_as_fully_rested() -> None:
    s = starter_status(GUZMAN, [], D)
    assert s.days_of_rest is None and s.fully_rested


def test_a_pitcher_who_pitched_today_cannot_pitch_the_second_game() -> None:
    assert not starter_status(GUZMAN, [_on(6), _on(0, "relief")], D).eligible
    assert reliever_status(MCMURTRY, 10, [_on(0, "relief")], D).used_today


def test_dual_role_pitcher_starts_again_only_three_days_after_a_relief() -> None:
    assert not starter_status(PETRY, [_on(9), _on(3, "relief")], D).eligible
    assert starter_status(PETRY, [_on(9), _on(4, "relief")], D).fully_rested


def test_consecutive_days_end_yesterday_and_ignore_future_games() -> None:
    history = [_on(1, "relief"), _on(2, "relief"), _on(4, "relief"), _on(-1, "relief")]
    s = reliever_status(MCMURTRY, 10, history, D)
    assert s.consecutive_days == 2 and not s.used_today and s.days_since_start is None


def test_reliever_status_counts_days_since_the_last_start() -> None:
    s = reliever_status(PETRY, 4, [_on(4)], D)
    assert s.days_since_start == 3 and s.dual_role and s.asterisk


def test_staff_status_lists_starters_and_relievers_in_roster_order() -> None:
    starters, relievers = staff_status(CALIFORNIA, {}, D)
    assert [s.name for s in starters][-1] == "DAN PETRY"
    assert relievers[0].name == "DAN PETRY" and relievers[0].roster_order == 4


def test_rotation_picks_the_most_rested_then_roster_order() -> None:
    usage = {"CHARLIE HOUGH": [_on(5)], "PAUL KILGUS": [_on(6)]}
    others = {p.name: [_on(1)] for p in TEXAS.pitchers[2:6]}
    assert choose_starter(TEXAS, {**others, **usage}, D) == ("PAUL KILGUS", False)
    assert choose_starter(TEXAS, {}, D) == ("CHARLIE HOUGH", False)


def test_rotation_falls_back_to_short_rest() -> None:
    usage = {p.name: [_on(2)] for p in TEXAS.pitchers[:6]}
    usage["CHARLIE HOUGH"] = [_on(4)]  # 3 days of rest, needs 4
    usage["BOBBY WITT"] = [_on(5)]  # 4 days of rest, needs 5: the more rested
    assert choose_starter(TEXAS, usage, D) == ("BOBBY WITT", True)


FIVE_MAN = TeamSheet(
    code="SAN", name="Sane", league="AL", division="East", bat_value=25,
    unearned=(0,) * 8, xhr_grid=(111, 141, 245, 666),
    pitchers=tuple(Pitcher(f"STARTER {i}", st=3.0, end=7, rest=4, cg=600, sho=650)
                   for i in range(5)),
    lineup=(),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 1, 1, 2]), min_size=20, max_size=60))
def test_a_five_man_rotation_never_needs_an_emergency_starter(games_per_day: list[int]) -> None:
    # A sane schedule: one game a day, a doubleheader only after an off day.
    usage: dict[str, list[Appearance]] = {}
    day = datetime.date(1988, 4, 4)
    previous = 1
    for n in games_per_day:
        n = 1 if n == 2 and previous != 0 else n
        for g in range(n):
            name, _short = choose_starter(FIVE_MAN, usage, day)
            status = starter_status(_pitcher(FIVE_MAN, name), usage.get(name, []), day)
            assert status.eligible, status.reason
            usage.setdefault(name, []).append(Appearance(day, f"{day}-{g}", "start"))
        previous = n
        day += datetime.timedelta(days=1)
