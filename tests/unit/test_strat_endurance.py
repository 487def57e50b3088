"""27.0-27.4: point of weakness, through the manual's examples."""

from __future__ import annotations

from dataclasses import replace

from league.rules.pa.state import PitcherLog
from league.rules.strat.endurance import fatigued
from tests.unit.test_strat_helpers import card_set, game, pa, with_cells


def _starter(counted: list[tuple[int, int]], pow_: int = 6) -> bool:
    card = replace(card_set()["HP"], starter=pow_)
    return fatigued(PitcherLog("HP", "starter", 1, counted=tuple(counted)), card)[0]


def test_27_3_a_three_hits_or_walks_in_the_pow_inning():
    assert not _starter([(6, 0), (6, 1)])
    assert _starter([(6, 0), (6, 1), (6, 1)])


def test_27_3_hits_before_the_pow_inning_do_not_count():
    assert not _starter([(5, 0), (5, 0), (5, 0), (5, 1), (6, 2)])


def test_27_3_b_two_walks_in_the_7th_and_two_hits_in_the_8th():
    # "he retires the side in order in the 6th, but becomes fatigued by yielding
    # two walks in the 7th inning and two hits in the 8th"
    assert not _starter([(7, 0), (7, 1), (8, 0)])
    assert _starter([(7, 0), (7, 1), (8, 0), (8, 1)])


def _reliever(counted: list[int], pow_: int = 2) -> bool:
    card = replace(card_set()["HR1"], relief=pow_)
    log = PitcherLog("HR1", "relief", 6, counted=tuple((0, o) for o in counted))
    return fatigued(log, card)[0]


def test_27_4_relief_pow_2_example():
    # enters with one out in the 6th; vulnerable after one out in the 7th (3 outs);
    # walks two after the second out of the 7th (his 4th out), then a single to
    # the leadoff batter of the 8th (after his 5th out): fatigued.
    assert not _reliever([4, 4])
    assert _reliever([4, 4, 5])


def test_27_4_hits_before_he_is_vulnerable_do_not_count():
    assert not _reliever([0, 1, 2])
    assert _reliever([0, 0, 0], pow_=1)  # POW (1): three without an out


def test_27_4_three_outs_apart_is_not_one_period():
    assert not _reliever([3, 4, 6])


def test_27_1_tired_pitcher_dot_readings_become_single_2star():
    cards = card_set()
    cards["HP"] = with_cells(replace(cards["HP"], starter=1), {"4-7": "GROUNDBALL(ss)A •"})
    state = game(cards, bases=("V8", None, None))
    fresh, ev = pa(state, cards, "434", level="advanced")
    assert ev["result"] == "GROUNDBALL(ss)A •" and fresh.outs == 2
    team = state.defense
    tired_team = replace(team, pitchers=(replace(team.stint, counted=((1, 0), (1, 0), (1, 0))),))
    tired, ev = pa(state.with_team("home", tired_team), cards, "434", level="advanced")
    assert ev["fatigued"] and ev["result"] == "SINGLE**" and tired.bases == ("V1", None, "V8")


def test_the_game_logs_hits_and_walks_not_hit_batsmen_or_intentional_walks():
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {"1-2": "WALK", "1-3": "HBP", "1-4": "SINGLE"})
    state = game(cards)
    from league.rules.strat.strategy import Strategy
    for r in ("111", "112", "113"):
        state, _ = pa(replace(state, visitor=replace(state.visitor, up=0)), cards, r)
    state, _ = pa(state, cards, s=Strategy(play="ibb"))
    assert [o for _, o in state.home.stint.counted] == [0, 0]
    assert state.home.stint.batters == 4
