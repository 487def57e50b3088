"""The Inside Pitch auto-manager's pitching changes (league/rules/inside_pitch/manager.py).

Each test puts a game in a chosen state -- inning, score, the starter's
batters faced -- on the shipped card set and asks the manager what it does
before the next play: a starter's outing follows how he pitches, and the
closer comes in for a save.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from league.rules.inside_pitch import manager
from league.rules.inside_pitch.card_engine import ENGINE
from league.rules.inside_pitch.charts import LATEST_LEVEL
from league.rules.pa.replay import Fold
from league.rules.pa.state import GameState, Team, evolve
from tests.unit.test_inside_pitch_properties import CARDS, lineup

HOME, AWAY = "AUR", "HBR"


def fold(*, inning: int, score: tuple[int, int], batters: int, outs: int = 0, bases: Any = (None, None, None),
         resting: tuple[str, ...] = ()) -> Fold:
    """AUR in the field (top half) with its starter, who has faced ``batters``; HBR batting."""
    home = lineup(HOME)
    stint = evolve(home.stint, batters=batters, outs=3 * (inning - 1))
    home = evolve(home, pitchers=(stint,))
    state = GameState(lineup(AWAY), home, inning=inning, half="top", outs=outs, bases=tuple(bases), score=score)
    setup = {"visitor": {"resting": []}, "home": {"resting": [{"pitcher": p, "reason": "test"} for p in resting]},
             "level": LATEST_LEVEL, "dh": True}
    return Fold(setup, CARDS, ENGINE, LATEST_LEVEL, state, ENGINE.strategy(ENGINE.standing_orders))


def start(team: Team) -> int:
    rating = CARDS[team.stint.pitcher].starter
    assert rating is not None
    return int(rating)


def changes(f: Fold) -> list[str]:
    return [d["in"] for d in manager.manage(f) if d["type"] == "pitching_change"]


def starter_rating() -> int:
    return start(lineup(HOME))


def test_a_fresh_starter_stays_in() -> None:
    assert changes(fold(inning=3, score=(1, 0), batters=10)) == []


def test_a_starter_is_knocked_out_by_five_runs_before_he_tires() -> None:
    assert changes(fold(inning=5, score=(4, 0), batters=18)) == []
    assert len(changes(fold(inning=5, score=(5, 0), batters=18))) == 1


def test_four_runs_knock_him_out_before_the_fifth() -> None:
    assert len(changes(fold(inning=4, score=(4, 0), batters=16))) == 1
    assert changes(fold(inning=4, score=(3, 0), batters=16)) == []


def test_a_tired_starter_going_badly_leaves_after_his_grace() -> None:
    n = starter_rating()
    grace = max(1, round(n * manager.TIRED_GRACE))
    # three runs, a one-run lead: not going well
    assert changes(fold(inning=7, score=(3, 4), batters=n + grace - 1)) == []
    assert len(changes(fold(inning=7, score=(3, 4), batters=n + grace))) == 1


def test_a_tired_starter_going_well_goes_on_to_his_extra_length() -> None:
    n = starter_rating()
    grace = max(1, round(n * manager.TIRED_GRACE))
    extra = round(n * manager.DOMINATING_EXTRA)
    assert changes(fold(inning=8, score=(2, 3), batters=n + grace)) == []  # two runs: going well
    assert changes(fold(inning=8, score=(3, 7), batters=n + grace)) == []  # three, with a four-run lead
    assert changes(fold(inning=8, score=(0, 0), batters=n + extra - 1)) == []  # a shutout in progress
    assert len(changes(fold(inning=8, score=(0, 0), batters=n + extra))) == 1  # past his extra length


def test_the_closer_saves_a_tired_starters_lead_in_the_ninth() -> None:
    n = starter_rating()
    closer = lineup(HOME).bullpen[0]
    assert changes(fold(inning=9, score=(2, 4), batters=n + 1)) == [closer]
    # not at the start of the inning, not a save situation, not tired: the starter stays
    assert changes(fold(inning=9, score=(2, 4), batters=n + 1, outs=1)) == []
    assert changes(fold(inning=9, score=(2, 6), batters=n + 1)) == []
    assert changes(fold(inning=9, score=(2, 4), batters=n - 1)) == []
    # a shutout in progress is his to finish
    assert changes(fold(inning=9, score=(0, 2), batters=n + 1)) == []
    # a resting closer does not come in
    assert changes(fold(inning=9, score=(2, 4), batters=n + 1, resting=(closer,))) == []


def test_the_reliever_coming_in_early_is_the_long_man_late_the_closer_only_for_a_save() -> None:
    pen = lineup(HOME).bullpen
    closer, others = pen[0], pen[1:]
    longest = max(others, key=lambda p: (CARDS[p].relief or 0, -others.index(p)))
    assert longest != others[0]  # the shipped set: the long man is not the first setup man
    assert changes(fold(inning=3, score=(5, 0), batters=15)) == [longest]
    assert changes(fold(inning=8, score=(5, 6), batters=40)) == [closer]
    assert changes(fold(inning=8, score=(5, 2), batters=40)) == [others[0]]
    assert changes(fold(inning=8, score=(5, 6), batters=40, resting=(closer,))) == [others[0]]


@pytest.mark.parametrize("inning", [9, 10])
def test_the_closer_replaces_a_setup_man_starting_a_save_inning(inning: int) -> None:
    f = fold(inning=inning, score=(2, 3), batters=30)
    setup_man = lineup(HOME).bullpen[1]
    f.decide({"type": "pitching_change", "team": "home", "in": setup_man})
    assert changes(f) == [lineup(HOME).bullpen[0]]


def test_a_starters_extra_length_grows_with_his_complete_games() -> None:
    card = CARDS[lineup(HOME).pitcher]
    assert "cg" not in card.ratings and manager.extra_length(card) == manager.DOMINATING_EXTRA
    base, per, most = manager.CG_EXTRA
    rated = [evolve_ratings(card, cg) for cg in (1, 15, 82)]
    assert [manager.extra_length(c) for c in rated] == [pytest.approx(base + per), pytest.approx(base + 15 * per),
                                                         most]


def test_a_workhorse_goes_further_than_a_modern_starter() -> None:
    n = starter_rating()
    f = fold(inning=8, score=(0, 1), batters=n + round(n * 0.3))
    home = lineup(HOME).pitcher
    f.cards = {**f.cards, home: evolve_ratings(CARDS[home], 1)}  # 2019: hardly a complete game
    assert len(changes(f)) == 1
    f = fold(inning=8, score=(0, 1), batters=n + round(n * 0.3))
    f.cards = {**f.cards, home: evolve_ratings(CARDS[home], 44)}  # Hershiser 1988
    assert changes(f) == []


def evolve_ratings(card: Any, cg: int) -> Any:
    return dataclasses.replace(card, ratings={**card.ratings, "cg": str(cg)})
