"""Pine Tar's and Inside Pitch's resting relievers, read from a Staff's date-ordered history.

Pine Tar (page 15): a reliever who pitched on each of the three days before
today rests.  Inside Pitch (the project's rule, docs/inside-pitch.md): one who
pitched today, or on each of the two days before, rests.  Both are read from
today back (issue #16); the answers must be those of the whole season's days.
"""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from league.domain.usage import Appearance, DateOrdered
from league.rules.inside_pitch.manager import resting_relievers as ip_resting
from league.rules.pine_tar.manager import RELIEF_DAYS_IN_A_ROW
from league.rules.pine_tar.manager import resting_relievers as pt_resting

TODAY = dt.date(2024, 6, 15)


def _history(offsets: list[int]) -> DateOrdered:
    """Appearances ``offsets`` days before TODAY (0 is today; negative ones are after it)."""
    days = sorted(TODAY - dt.timedelta(days=k) for k in offsets)
    return DateOrdered(Appearance(date=d, game=f"g{i}", role="relief") for i, d in enumerate(days))


def test_pine_tar_rests_a_reliever_after_three_days_in_a_row_not_after_a_day_off():
    usage = {"R1": _history([1, 2, 3]), "R2": _history([1, 2, 4]), "R3": _history([1, 1, 2, 3, 9])}
    rested = pt_resting(["R1", "R2", "R3"], usage, TODAY, {}, {})
    assert [r["pitcher"] for r in rested] == ["R1", "R3"]  # R3: a doubleheader on the day before
    assert rested[0]["reason"] == "pitched the last 3 days (page 15)"


def test_inside_pitch_rests_a_reliever_who_pitched_today_or_the_two_days_before():
    usage = {"R1": _history([0]), "R2": _history([1, 2]), "R3": _history([1, 3]), "R4": _history([-1, 2])}
    rested = ip_resting(["R1", "R2", "R3", "R4"], usage, TODAY, {}, {})
    assert [(r["pitcher"], r["reason"]) for r in rested] == [
        ("R1", "pitched today"), ("R2", "pitched on each of the two days before")]


@given(st.lists(st.integers(min_value=-3, max_value=12), max_size=30))
def test_both_read_the_days_as_the_whole_seasons_set_of_days(offsets: list[int]):
    history = _history(offsets)
    days = {a.date for a in history if a.date <= TODAY}
    before = [TODAY - dt.timedelta(days=k) for k in (1, 2, 3)]
    pine_tar = all(d in days for d in before[:RELIEF_DAYS_IN_A_ROW])
    assert bool(pt_resting(["R"], {"R": history}, TODAY, {}, {})) == pine_tar
    assert bool(pt_resting(["R"], {"R": list(history)}, TODAY, {}, {})) == pine_tar  # any order: read whole
    inside_pitch = TODAY in days or all(d in days for d in before[:2])
    assert bool(ip_resting(["R"], {"R": history}, TODAY, {}, {})) == inside_pitch
