"""Super advanced revision 3 on scripted dice: the project's Super Advanced sacrifice and squeeze charts
(18.5), with 18.6's downgrade, no hit and run after a 1AND2 (18.8, 19.7), and the hit and run table (19.5).

The filler cards: the batter V1 runs 1-10; every fielder is rated 3 (a FIELD reading's fielder throws
the lead runner out on 1-8).  With runners on, the 29.1 d20 comes first ("d20": no wild pitch); the
colored dice ("22": 4) read the chart.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.strat.cards import Card, Fielding
from league.rules.strat.charts import load_charts
from league.rules.strat.strategy import Strategy, check_strategy
from tests.unit.test_strat_helpers import card_set, game, pa, step_note

R3, R2 = "super+r3", "super+r2"
SAC, SQUEEZE = Strategy(play="sacrifice"), Strategy(play="squeeze")


def _cards(bunting: str = "A") -> dict[str, Card]:
    cards = card_set()
    cards["V1"] = replace(cards["V1"], bunting=bunting)
    return cards


def test_the_chart_is_the_advanced_one_with_three_rows_changed() -> None:
    charts = load_charts()
    for table in ("sacrifice", "squeeze"):
        for grade in "ABCDE":
            new, old = charts.super_misc[table][grade], charts.strategy[table][grade]
            changed = {i + 2 for i, (a, b) in enumerate(zip(old, new)) if a != b}
            assert new[2] == "1AND2" and new[7].split("(")[0] in ("FIELD", "SQZ-FIELD")
            assert changed <= {4, 9, 10, 11} and len(new) == 11


def test_1and2_is_its_own_play_the_batter_stays_up_and_no_hit_and_run_follows() -> None:
    cards = _cards()
    start = game(cards, bases=("V8", None, None))
    state, ev = pa(start, cards, "d20", "22", level=R3, s=SAC)
    assert ev["type"] == "bunt_foul" and ev["completed"] is False
    assert state.offense.batter == "V1" and state.bases == ("V8", None, None) and state.outs == 0
    assert "18.8" in step_note(ev, "1 and 2")
    with pytest.raises(RulesError, match="18.8, 19.7"):
        check_strategy(state, Strategy(play="hit_and_run"), "super", 3)
    check_strategy(start, Strategy(play="hit_and_run"), "super", 3)  # before the foul bunt it was allowed
    # a second 1AND2 in the same plate appearance: bunted foul with two strikes
    state, ev = pa(state, cards, "d20", "13", level=R3, s=SAC)
    assert ev["completed"] is True and state.outs == 1 and ev["play"]["label"].startswith("STRIKEOUT")
    check_strategy(state, Strategy(play="hit_and_run"), "super", 3)  # the next batter may hit and run


def test_the_1and2_is_forgotten_when_the_plate_appearance_ends_another_way() -> None:
    cards = _cards()
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "d20", "22", level=R3, s=SAC)
    state, ev = pa(state, cards, "d20", "34", level=R3, s=SAC)  # 7: SAC
    assert ev["play"]["label"] == "SAC" and "strat:1and2" not in dict(state.extra)


@pytest.mark.parametrize("roll, batter, label", [("d5", "V1", "HIT"), ("d6", None, "SAC")])
def test_speed_the_bunter_beats_it_out_within_his_running_less_5(roll: str, batter: str | None, label: str) -> None:
    cards = _cards("A")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "46", roll, level=R3, s=SAC)  # 10: SPEED
    assert ev["play"]["label"] == label and ev["steps"][-1]["safe_through"] == 5
    assert state.bases == (batter, "V8", None)


@pytest.mark.parametrize("rating, top", [(1, 14), (3, 8), (5, 2)])
def test_field_the_charging_fielders_range_decides_the_force(rating: int, top: int) -> None:
    cards = _cards("B")
    cards["H4"] = replace(cards["H4"], fielding=(Fielding("3b", rating, None, 10),))  # the third baseman
    start = game(cards, bases=("V8", None, None))
    state, ev = pa(start, cards, "d20", "45", f"d{top}", level=R3, s=SAC)  # 9: FIELD(3b)
    assert ev["play"]["label"] == "FORCE" and state.bases == ("V1", None, None) and state.outs == 1
    state, ev = pa(start, cards, "d20", "45", f"d{top + 1}", level=R3, s=SAC)
    assert ev["play"]["label"] == "SAC" and state.bases == (None, "V8", None) and state.outs == 1


def test_the_d_and_e_bunters_are_fielded_by_the_first_baseman() -> None:
    cards = _cards("D")
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", 1, None, 10),))
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "45", "d14", level=R3, s=SAC)
    assert ev["play"]["label"] == "FORCE" and "H2" in step_note(ev, "range 1")


def test_squeeze_speed_and_field() -> None:
    cards = _cards("B")
    start = game(cards, bases=(None, None, "V8"))
    state, ev = pa(start, cards, "d20", "56", "d5", level=R3, s=SQUEEZE)  # 11: SQZ-SPEED, safe
    assert ev["play"]["label"] == "SQZ-HIT" and state.score == (1, 0) and state.bases == ("V1", None, None)
    state, ev = pa(start, cards, "d20", "45", "d8", level=R3, s=SQUEEZE)  # 9: SQZ-FIELD(3b), he throws home
    assert ev["play"]["label"] == "SQZ-OUT" and state.score == (0, 0) and state.outs == 1
    state, ev = pa(start, cards, "d20", "45", "d9", level=R3, s=SQUEEZE)
    assert ev["play"]["label"] == "SQZ" and state.score == (1, 0)


def test_18_6_the_corners_in_drop_the_bunter_a_column_first() -> None:
    cards = _cards("A")
    start = game(cards, bases=("V8", None, None))
    _, ev = pa(start, cards, "d20", "46", level=R3, s=replace(SAC, corners_in=True))  # 10 under B: SAC
    assert ev["play"]["label"] == "SAC" and ev["steps"][0]["column"] == "B"


def test_revision_2_reads_the_advanced_chart() -> None:
    cards = _cards("A")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "22", level=R2, s=SAC)
    assert ev["play"]["label"] == "SAC" and ev["completed"] is True


# --- 19.5: the project's Super Advanced Hit and Run table (row 3, a ball in the dirt) ---------------------

HIT_AND_RUN = Strategy(play="hit_and_run")


def test_19_5_the_hit_and_run_table_is_the_advanced_one_with_row_3_read_on_the_pitchers_card() -> None:
    charts = load_charts()
    for grade in "ABCD":
        new, old = charts.super_misc["hit_and_run"][grade], charts.strategy["hit_and_run"][grade]
        assert new[1] == "WILD?" and old[1] == "MISS" and new[:1] + new[2:] == old[:1] + old[2:]


def test_19_5_a_ball_in_the_dirt_within_the_pitchers_wild_pitch_rating_moves_the_runners_then_he_swings() -> None:
    cards = _cards()
    cards["HP"] = replace(cards["HP"], wild_pitch=5)
    start = game(cards, bases=("V8", None, None))
    state, ev = pa(start, cards, "d20", "12", "d5", "134", level=R3, s=HIT_AND_RUN)  # 3: WILD?, d5: wp5
    assert "wild_pitch" in ev and "forced_steal" not in ev and ev["result"] == "STRIKEOUT"
    assert state.bases == (None, "V8", None) and state.outs == 1 and "19.5" in step_note(ev, "wild pitch")


def test_19_5_above_the_rating_the_batter_misses_and_the_runners_must_steal() -> None:
    cards = _cards()
    cards["HP"] = replace(cards["HP"], wild_pitch=5)
    start = game(cards, bases=("V8", None, None))
    # d6: a miss; the steal (the advanced grade: d1 safe, d20 no throwing error), then the swing
    state, ev = pa(start, cards, "d20", "12", "d6", "d1", "d20", "134", level=R3, s=HIT_AND_RUN)
    assert "forced_steal" in ev and "wild_pitch" not in ev and state.bases == (None, "V8", None)


def test_19_5_revision_2_reads_the_advanced_table_a_miss_at_once() -> None:
    cards = _cards()
    cards["HP"] = replace(cards["HP"], wild_pitch=20)
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "12", "d1", "d20", "134", level=R2,
               s=HIT_AND_RUN)
    assert "forced_steal" in ev and "wild_pitch" not in ev
