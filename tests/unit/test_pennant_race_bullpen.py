"""Relief choice and fatigue: the manual's 1988 Texas examples (2.1.d, 2.1.e, 2.6)."""

from __future__ import annotations

import datetime
from dataclasses import replace

from league.rules.pennant_race.bullpen import (choose_relievers, effective_rel,
                                               fatigue_points)
from league.rules.pennant_race.usage import Appearance, RelieverStatus, staff_status
from tests.unit.texas import CALIFORNIA, TEXAS, rested_bullpen, tired

DAY1 = datetime.date(1988, 6, 1)


def _names(chosen: list[tuple[RelieverStatus, int]]) -> list[tuple[str, int]]:
    return [(s.name.split()[-1], rel) for s, rel in chosen]


def _bullpen_after(days: dict[str, list[int]], today: int) -> tuple[RelieverStatus, ...]:
    """Texas relievers' statuses on day ``today`` given the days each pitched."""
    usage = {}
    for p in TEXAS.pitchers:
        last = p.name.split()[-1]
        usage[p.name] = [Appearance(DAY1 + datetime.timedelta(days=d - 1), f"g{d}", "relief")
                         for d in days.get(last, [])]
    return tuple(staff_status(TEXAS, usage, DAY1 + datetime.timedelta(days=today - 1))[1])


def test_day_one_two_needed_mcmurtry_and_williams_vande_berg_held_by_his_asterisk() -> None:
    chosen = choose_relievers(_bullpen_after({}, 1), 2)
    assert _names(chosen) == [("MCMURTRY", -4), ("WILLIAMS", 3)]
    assert sum(rel for _, rel in chosen) == -1


def test_day_one_three_needed_vande_berg_comes_in_instead_of_mohorcic() -> None:
    chosen = choose_relievers(_bullpen_after({}, 1), 3)
    assert _names(chosen) == [("MCMURTRY", -4), ("BERG", 2), ("WILLIAMS", 3)]


def test_day_two_mcmurtry_at_0_and_mohorcic_wins_the_tie_with_williams_on_fatigue() -> None:
    pen = _bullpen_after({"MCMURTRY": [1], "WILLIAMS": [1]}, 2)
    by = {s.name.split()[-1]: s for s in pen}
    assert effective_rel(by["MCMURTRY"]) == 0 and effective_rel(by["WILLIAMS"]) == 4
    assert fatigue_points(by["WILLIAMS"]) == 1 and fatigue_points(by["MOHORCIC"]) == 0
    assert _names(choose_relievers(pen, 2)) == [("MCMURTRY", 0), ("MOHORCIC", 4)]


def test_day_three_follows_the_rule_text_not_the_manuals_pick() -> None:
    # McMurtry pitched days 1-2 (third day: FAT doubled, -4 + 8 = +4), Williams
    # day 1 only (+3), Mohorcic day 2 (+4 + 3 = +7).  The manual picks Van de
    # Berg, Williams and Mohorcic, forgetting Mohorcic's own fatigue; by the
    # rule text the third is Cecena (+4, no fatigue) over McMurtry (+4, 8 points).
    pen = _bullpen_after({"MCMURTRY": [1, 2], "WILLIAMS": [1], "MOHORCIC": [2]}, 3)
    by = {s.name.split()[-1]: s for s in pen}
    assert effective_rel(by["MCMURTRY"]) == 4 and fatigue_points(by["MCMURTRY"]) == 8
    assert effective_rel(by["WILLIAMS"]) == 3
    assert effective_rel(by["MOHORCIC"]) == 7
    assert _names(choose_relievers(pen, 3)) == [("BERG", 2), ("WILLIAMS", 3), ("CECENA", 4)]


def test_three_straight_days_two_needed_vande_berg_and_mohorcic() -> None:
    pen = tired(rested_bullpen(TEXAS), williams=3, mcmurtry=3)
    assert _names(choose_relievers(pen, 2)) == [("BERG", 2), ("MOHORCIC", 4)]


def test_three_straight_days_three_needed_vande_berg_cecena_and_mohorcic() -> None:
    pen = tired(rested_bullpen(TEXAS), williams=3, mcmurtry=3)
    chosen = {name for name, _ in _names(choose_relievers(pen, 3))}
    assert chosen == {"BERG", "CECENA", "MOHORCIC"}


def test_a_numeric_reliever_rests_after_three_consecutive_days() -> None:
    (mcmurtry,) = [s for s in tired(rested_bullpen(TEXAS), mcmurtry=3)
                   if s.name == "CRAIG MCMURTRY"]
    assert effective_rel(mcmurtry) is None


def test_asterisk_relievers_never_pitch_on_consecutive_days() -> None:
    pen = tired(rested_bullpen(TEXAS), berg=1)
    assert "ED VANDE BERG" not in [s.name for s, _ in choose_relievers(pen, 3)]


def test_asterisk_relievers_may_work_an_extra_inning_once_two_pitchers_are_used() -> None:
    only_stars = tuple(s for s in rested_bullpen(TEXAS) if s.asterisk)
    assert choose_relievers(only_stars, 1, extra_inning=True, pitchers_used=1) == []
    assert _names(choose_relievers(only_stars, 1, extra_inning=True, pitchers_used=2)) == [
        ("BERG", 2)]


def test_nobody_pitches_twice_in_a_day() -> None:
    pen = tuple(replace(s, used_today=True) for s in rested_bullpen(TEXAS))
    assert choose_relievers(pen, 3) == []


def test_excluded_pitchers_are_skipped_and_fewer_are_returned_when_short() -> None:
    pen = rested_bullpen(TEXAS)
    chosen = choose_relievers(pen, 2, exclude={"CRAIG MCMURTRY", "MITCH WILLIAMS"})
    assert _names(chosen) == [("MOHORCIC", 4)]


def _petry(days_since_start: int | None, needed: int, **kw: object) -> list[str]:
    pen = tuple(s for s in rested_bullpen(CALIFORNIA) if s.name == "DAN PETRY")
    pen = tuple(replace(s, days_since_start=days_since_start) for s in pen)
    return [s.name for s, _ in choose_relievers(pen, needed, **kw)]  # type: ignore[arg-type]


def test_dual_role_asterisk_pitcher_relieves_three_days_after_a_start_when_three_are_needed() -> None:
    assert _petry(3, 3) == ["DAN PETRY"]
    assert _petry(2, 3) == []
    assert _petry(3, 2) == []
    assert _petry(3, 1, extra_inning=True, pitchers_used=2) == ["DAN PETRY"]


def test_dual_role_numeric_pitcher_may_be_the_first_reliever() -> None:
    swing = RelieverStatus("SWING MAN", 1, 2, False, True, 0, 0, False, 4)
    assert _names(choose_relievers((swing,), 1)) == [("MAN", 1)]
    assert choose_relievers((replace(swing, days_since_start=1),), 1) == []
