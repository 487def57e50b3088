"""The auto-manager's pitcher usage (issue #12, realism): a starter is pulled past his expected
length unless he is dominating, and the rested closer starts the 9th of a save situation."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from league.rules.pa.replay import Fold
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import Card
from league.rules.strat.manager import ORDERS, manage, starter_length, workload
from tests.unit.test_strat_helpers import card_set, game


@pytest.fixture
def cards() -> dict[str, Card]:
    out = card_set()
    out["HP"] = replace(out["HP"], starter=4)  # expected length: 4 + 2 = 6 innings, 18 outs
    return out


def fold(cards: dict[str, Card], outs: int, hits: int, resting: tuple[str, ...] = (), limits: bool = True,
         pitcher: str = "HP", **state: Any) -> Fold:
    """The home club in the field, its pitcher with ``outs`` outs and ``hits`` hits/walks so far."""
    st = game(cards, half="top", **state)
    role = "starter" if pitcher == "HP" else "relief"
    log = replace(st.home.stint, pitcher=pitcher, role=role, outs=outs,
                  counted=tuple((1, 0) for _ in range(hits)))
    fielders = tuple((pos, pitcher if pos == "p" else p) for pos, p in st.home.fielders)
    bullpen = tuple(p for p in st.home.bullpen if p != pitcher)
    st = replace(st, home=replace(st.home, pitchers=(log,), fielders=fielders, bullpen=bullpen))
    home: dict[str, Any] = {"closer": "HR1"}
    if limits:  # a setup made with the usage limits lists who rests today
        home["resting"] = [{"pitcher": p, "reason": "pitched 2 days in a row (27.64)"} for p in resting]
    setup = {"level": "advanced", "dh": True, "orders": ORDERS, "visitor": {}, "home": home}
    return Fold(setup, cards, ENGINE, "advanced", st, ENGINE.strategy(ORDERS))


def changes(f: Fold) -> list[str]:
    return [d["in"] for d in manage(f) if d["type"] == "pitching_change"]


def test_the_expected_length_is_the_pow_plus_two_innings(cards: dict[str, Card]) -> None:
    assert starter_length(cards["HP"]) == 18
    assert starter_length(replace(cards["HP"], starter=None)) == 18  # 27.53: POW 4 for a non-starter


def test_a_starter_past_his_length_is_pulled_for_a_middle_reliever(cards: dict[str, Card]) -> None:
    # seven hits and walks in six innings, two runs in: not dominating
    assert changes(fold(cards, outs=18, hits=7, inning=7, score=(2, 3))) == ["HR2"]
    assert changes(fold(cards, outs=15, hits=7, inning=6, score=(2, 3))) == []  # not yet


def test_a_dominating_starter_goes_up_to_three_innings_more(cards: dict[str, Card]) -> None:
    # a shutout in progress, many hits or not
    assert changes(fold(cards, outs=18, hits=9, inning=7, score=(0, 3))) == []
    # one hit or walk an inning at most, a run in
    assert changes(fold(cards, outs=21, hits=7, inning=8, score=(1, 5))) == []
    assert changes(fold(cards, outs=27, hits=2, inning=10, score=(0, 0))) == ["HR2"]  # three past: out


def test_a_game_set_up_before_the_usage_limits_keeps_the_old_policy(cards: dict[str, Card]) -> None:
    # no "resting" list in the setup: the starter stays until fatigued or 33 outs, as such games did
    assert changes(fold(cards, outs=18, hits=7, inning=7, score=(2, 3), limits=False)) == []
    assert changes(fold(cards, outs=24, hits=2, inning=9, score=(2, 3), limits=False)) == []


def test_the_closer_starts_the_ninth_with_a_lead_of_one_to_three(cards: dict[str, Card]) -> None:
    # the starter is dominating and within his extra innings: the closer comes in anyway
    assert changes(fold(cards, outs=24, hits=1, inning=9, score=(2, 5))) == ["HR1"]
    # ... unless the starter has a shutout going: he finishes it
    assert changes(fold(cards, outs=24, hits=1, inning=9, score=(0, 1))) == []
    # whoever is pitching: a middle reliever too
    assert changes(fold(cards, outs=3, hits=0, inning=9, score=(2, 4), pitcher="HR2")) == ["HR1"]
    # extra innings count
    assert changes(fold(cards, outs=3, hits=0, inning=11, score=(3, 4), pitcher="HR2")) == ["HR1"]


def test_no_closer_outside_a_save_situation_or_when_he_must_rest(cards: dict[str, Card]) -> None:
    assert changes(fold(cards, outs=3, hits=0, inning=9, score=(2, 6), pitcher="HR2")) == []  # lead 4
    assert changes(fold(cards, outs=3, hits=0, inning=9, score=(4, 4), pitcher="HR2")) == []  # tied
    assert changes(fold(cards, outs=3, hits=0, inning=8, score=(2, 4), pitcher="HR2")) == []  # the 8th
    # not in the middle of the inning
    assert changes(fold(cards, outs=3, hits=0, inning=9, score=(2, 4), pitcher="HR2",
                        bases=("V1", None, None))) == []
    assert changes(fold(cards, outs=3, hits=0, inning=9, score=(2, 4), pitcher="HR2", resting=("HR1",))) == []


def with_era(cards: dict[str, Card], pow_: int) -> dict[str, Card]:
    """The home club's starter rated ``pow_`` and carrying the real season's outs (an ``actual:`` line)."""
    return {**cards, "HP": replace(cards["HP"], starter=pow_, actual_outs=600)}


def test_a_clubs_workload_is_its_starters_real_innings_per_start(cards: dict[str, Card]) -> None:
    assert workload(cards, "H") is None  # no actual: line, no figures: the policy for every era
    assert workload(with_era(cards, 3), "H") == 5.0
    assert workload(with_era(cards, 5), "H") == 7.0
    assert workload(with_era(cards, 5), "V") is None


def test_a_modern_clubs_starter_goes_no_further_than_his_length(cards: dict[str, Card]) -> None:
    modern = with_era(cards, 3)  # five innings a start, as 2019's starters went
    # a shutout in progress after five innings: without the figures he goes on, with them he is pulled
    assert changes(fold(replace_pow(cards, 3), outs=15, hits=2, inning=6, score=(0, 3))) == []
    assert changes(fold(modern, outs=15, hits=2, inning=6, score=(0, 3))) == ["HR2"]
    assert changes(fold(modern, outs=12, hits=6, inning=5, score=(2, 3))) == []  # within his length


def test_a_club_of_six_innings_a_start_or_more_is_managed_as_before(cards: dict[str, Card]) -> None:
    old = with_era(cards, 5)  # seven innings a start, as 1968's starters went
    assert changes(fold(old, outs=21, hits=9, inning=8, score=(2, 3))) == ["HR2"]  # not dominating
    assert changes(fold(old, outs=24, hits=7, inning=8, score=(1, 5))) == []  # dominating: three more
    assert changes(fold(old, outs=24, hits=1, inning=9, score=(2, 5))) == ["HR1"]  # the closer's 9th
    assert changes(fold(old, outs=24, hits=1, inning=9, score=(0, 1))) == []  # his shutout


def replace_pow(cards: dict[str, Card], pow_: int) -> dict[str, Card]:
    return {**cards, "HP": replace(cards["HP"], starter=pow_)}


def test_no_starter_of_a_modern_club_goes_more_than_two_innings_past_its_workload(
        cards: dict[str, Card]) -> None:
    # the club's rotation: a starter(3) with the most real outs and four more; the odd starter(7) (nine
    # innings a start, from a few long starts) is expected to go 5.8 + 2 innings, not nine
    rotation = {f"HS{i}": replace(cards["HP"], id=f"HS{i}", starter=3, actual_outs=500 - i) for i in range(4)}
    club = {**cards, **rotation, "HP": replace(cards["HP"], starter=7, actual_outs=600)}
    assert workload(club, "H") == 5.8
    assert changes(fold(club, outs=23, hits=2, inning=8, score=(0, 3))) == ["HR2"]
    assert changes(fold(club, outs=22, hits=8, inning=8, score=(2, 3))) == []
    assert changes(fold(replace_pow(cards, 7), outs=23, hits=8, inning=8, score=(2, 3))) == []  # no figures
