"""23.31 on scripted dice (super advanced revision 4): the catcher holds the ball on a steal.

The runner on first (V8) rated ``8-10/- (19-14)``; the 29.2 d20 (20: neither pickoff nor balk) and the
lead dice (4+4: a good lead) are rolled as for any steal; the catcher's choice, declared before the steal's
d20, takes the d20 away: the runner steals without a throw, and with no throw there is no 23.31 T check.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.strat.cards import Card
from league.rules.strat.strategy import Strategy, check_orders
from league.rules.strat.supplementary import parse_lead
from tests.unit.test_strat_helpers import card_set, game, steal

HOLD = Strategy(hold_ball=True)


def _cards() -> dict[str, Card]:
    cards = card_set()
    cards["V8"] = replace(cards["V8"], lead=parse_lead("8-10/- (19-14)"))
    return cards


def test_23_31_the_catcher_holds_the_ball_and_the_runner_steals_second_without_a_throw() -> None:
    cards = _cards()
    state, ev = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d20", "44",
                      level="super+r4", s=HOLD)
    assert state.bases == (None, "V8", None) and state.outs == 0
    assert len(ev["rolls"]) == 2  # the 29.2 d20 and the lead: no steal d20, no T check
    assert "23.31" in " ".join(s.get("note", "") for s in ev["steps"])


def test_in_revision_3_the_choice_is_the_delayed_steals_alone_and_the_steal_is_thrown_at() -> None:
    cards = _cards()
    with pytest.raises(RulesError, match="first and third"):
        check_orders(game(cards, bases=("V8", None, None)), HOLD, "super", 3)
    # a roll of 1 is safe and calls for the T check (23.31): the catcher threw
    state, ev = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d20", "44", "d1", "d20",
                      level="super+r3", s=HOLD)
    assert state.bases[1] == "V8" and len(ev["rolls"]) == 4


def test_23_31_needs_a_runner_who_may_steal() -> None:
    cards = _cards()
    check_orders(game(cards, bases=("V8", None, None)), HOLD, "super", 4)
    check_orders(game(cards, bases=(None, "V8", None)), HOLD, "super", 4)
    with pytest.raises(RulesError):
        check_orders(game(cards, bases=(None, None, "V8")), HOLD, "super", 4)
    with pytest.raises(RulesError):
        check_orders(game(cards), HOLD, "super", 4)
