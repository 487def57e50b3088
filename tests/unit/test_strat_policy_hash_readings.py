"""Super advanced revision 4: the auto-manager weighs the Super Advanced Fielding Chart's "#" readings
(20.61, 20.72, 23.84: SI2 to an infielder playing in or holding a runner) before it holds a runner on
first or brings the whole infield in (league/rules/strat/policy.py, hash_readings.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules.strat import hash_readings
from league.rules.strat.charts import load_charts
from league.rules.strat.cards import Fielding
from tests.unit.test_strat_helpers import card_set, with_cells
from tests.unit.test_strat_policy import fold, sets


def x_hitter(cards, position: str, columns: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """The leadoff batter V1 with every reading of ``columns`` a GROUNDBALL(position)X."""
    return with_cells(cards["V1"], {f"{c}-{r}": f"GROUNDBALL({position})X" for c in columns for r in range(2, 13)})


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    return card_set()


# -- holding the runner on first (23.84) ---------------------------------------------------------------


def test_revision_4_does_not_hold_a_marginal_base_stealer_against_a_batter_who_grounds_to_first(cards):  # type: ignore[no-untyped-def]
    # V8, an A stealer against an arm 0 catcher: 15 of 20 not held, 13 held (22.23).  The hold is worth
    # stopping a steal that gains 0.03 runs with none out; V1 hits an X groundball to first on a third of
    # his plate appearances, and the first baseman, range 3, range 4 while holding (23.83), has three "#"
    # rows, each an SI2 (23.84) worth 1.3 runs more than the groundout: 0.06 runs a plate appearance.
    cards["V8"] = replace(cards["V8"], stealing="A")
    cards["V1"] = x_hitter(cards, "1b", (1, 2))
    assert "held" not in sets(fold(cards, level="super+r4", bases=("V8", None, None)))
    # step: the same batter in revision 3 (no "#" on the advanced chart): held, as before
    assert sets(fold(cards, level="super+r3", bases=("V8", None, None)))["held"] == [1]


def test_revision_4_holds_the_same_runner_against_a_batter_who_never_grounds_to_a_holder(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], stealing="A")
    assert sets(fold(cards, level="super+r4", bases=("V8", None, None)))["held"] == [1]
    # step: grounding to third instead, where nobody holds a runner: held
    cards["V1"] = x_hitter(cards, "3b", (1, 2))
    assert sets(fold(cards, level="super+r4", bases=("V8", None, None)))["held"] == [1]


def test_revision_4_holds_a_faster_runner_whatever_the_batter(cards):  # type: ignore[no-untyped-def]
    # An AA stealer: 17 not held, 15 held.  The hold takes 0.11 - 0.03 = 0.08 runs off his steal, more
    # than the 0.06 the first baseman's "#" rows give away.
    cards["V8"] = replace(cards["V8"], stealing="AA")
    cards["V1"] = x_hitter(cards, "1b", (1, 2))
    assert sets(fold(cards, level="super+r4", bases=("V8", None, None)))["held"] == [1]


def test_a_better_first_baseman_has_fewer_hash_rows_to_give_away(cards):  # type: ignore[no-untyped-def]
    charts = load_charts()
    costs = [hash_readings.held_cost(charts, r, "1--", 0, "1b") for r in range(1, 6)]
    assert costs[0] == costs[2] > costs[3] > costs[4] > 0  # 4, 4, 4, 3, 2 "#" rows
    # The marginal A stealer again (the hold worth 0.030 runs), V1 grounding to first on a sixth of his
    # plate appearances: against the range 3 first baseman (4 while holding, three "#" rows) the hold
    # gives away 0.031 runs and is not made; a range 4 one (5 while holding, two rows) gives 0.020: held.
    cards["V8"] = replace(cards["V8"], stealing="A")
    cards["V1"] = x_hitter(cards, "1b", (1,))
    assert "held" not in sets(fold(cards, level="super+r4", bases=("V8", None, None)))
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", 4, None, 10),))
    assert sets(fold(cards, level="super+r4", bases=("V8", None, None)))["held"] == [1]


# -- the infield in with a runner on third (20.61) -----------------------------------------------------


def test_revision_4_brings_only_the_corners_in_when_the_middle_infielders_hash_rows_cost_more(cards):  # type: ignore[no-untyped-def]
    # First and third, none out, tied in the 7th: a range 3 shortstop playing in holds the runner on
    # third on 20.8's G1 and G2 rows (5 and 6, against 2 and 4 back) but gives a single on his four "#"
    # rows; by the run-expectancy table that is 0.018 runs an X-chance to him in the offense's favour.
    cards["V1"] = x_hitter(cards, "ss", (1,))
    state = dict(inning=7, bases=("V7", None, "V8"))
    made = sets(fold(cards, level="super+r4", **state))
    assert made.get("corners_in") is True and "infield_in" not in made
    # step: revision 3 reads no "#": the whole infield in, as before
    assert sets(fold(cards, level="super+r3", **state))["infield_in"] is True
    # step: a range 4 shortstop (three "#" rows) saves more than he gives: the whole infield in
    cards["H5"] = replace(cards["H5"], fielding=(Fielding("ss", 4, None, 10),))
    assert sets(fold(cards, level="super+r4", **state))["infield_in"] is True


def test_revision_4_keeps_the_infield_in_with_a_runner_on_third_alone(cards):  # type: ignore[no-untyped-def]
    # 20.8's G2 in holds him where back he scores: that saves more than any range's "#" rows give
    cards["V1"] = x_hitter(cards, "ss", (1, 2, 3))
    assert sets(fold(cards, level="super+r4", inning=7, bases=(None, None, "V8")))["infield_in"] is True
