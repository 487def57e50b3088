"""The standing order ``send_at``: a runner tries for the extra base or tags up only when his
chance, worked out by the engine when the try arises, reaches the threshold for the try and
the outs (the auto-manager's table, league/rules/strat/policy.py).  Scripted dice, one try of
the table each; a manager's ``go`` or ``stop`` still wins; and a setup without ``send_at`` (every
game stored before it) plays exactly as it did before it."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any, cast

import pytest

from league.domain.errors import RulesError
from league.domain.dice import NeedRoll, SeededDice
from league.rules.pa.replay import Fold, standing_orders
from league.rules.pa.state import GameState
from league.rules.pa.words import strategy_words
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import Fielding
from league.rules.strat.engine import play_pa, play_steal, resolve_pa
from league.rules.strat.manager import ORDERS
from league.rules.strat.policy import SEND_AT
from league.rules.strat.roster import starting_team
from league.rules.strat.strategy import (TRIES, Strategy, check_orders, check_sacrifice_with_third,
                                         check_strategy)
from tests.unit.test_strat_helpers import card_set, game, pa, roll, with_cells
from tests.unit.test_strat_properties import CARDS, TEAMS, _pick, manage

# The simulator's standing orders before send_at: every game stored before it has these.
OLD_ORDERS = {"send": True, "tag_up": True, "tag_from_second": True}


@pytest.fixture
def cards():  # type: ignore[no-untyped-def]
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE", "1-8": "DOUBLE", "1-9": "fly(cf)B?", "1-10": "SINGLE(rf)"})
    return cards


def strategy(orders: dict[str, Any]) -> Strategy:
    """The card engine's strategy from orders as a setup or a decision gives them."""
    return cast(Strategy, ENGINE.strategy(orders))


STANDING = strategy(ORDERS)  # what every game set up from now on starts each play with


def test_the_standing_orders_carry_the_policys_table():  # type: ignore[no-untyped-def]
    assert dict(STANDING.send_at) == SEND_AT and set(SEND_AT) == set(TRIES)
    assert STANDING.send and STANDING.tag_up and STANDING.tag_from_second


# try, the reading (white 1, colored dice 7 single, 8 double, 9 fly()B?), the bases, the outs, the
# level, what the chance adds to the running number (2.22 two out, 13.1 arm 0, 13.2 not held +1,
# 14.2 +2), the d20 the try asks for, and the bases after a hold.
TRY_CASES = [
    ("second_home", "134", (None, "V8", None), 1, "advanced", 1, "extra base for V8", ("V1", None, "V8")),
    ("second_home", "134", (None, "V8", None), 0, "basic", 0, "extra base for V8", ("V1", None, "V8")),
    ("first_third", "134", ("V8", None, None), 0, "advanced", 1, "extra base for V8", ("V1", "V8", None)),
    ("first_third", "134", ("V8", None, None), 2, "basic", 2, "extra base for V8", ("V1", "V8", None)),
    ("first_home", "135", ("V8", None, None), 2, "advanced", 3, "extra base for V8", (None, "V1", "V8")),
    ("first_home", "135", ("V8", None, None), 1, "basic", 0, "extra base for V8", (None, "V1", "V8")),
    ("third_tag", "136", (None, None, "V8"), 0, "advanced", 2, "V8 tags up", (None, None, "V8")),
    ("third_tag", "136", (None, None, "V8"), 1, "advanced", 2, "V8 tags up", (None, None, "V8")),
]


@pytest.mark.parametrize("attempt,reading,bases,outs,level,bonus,purpose,held_bases", TRY_CASES)
def test_a_runner_tries_when_his_chance_reaches_the_threshold_and_holds_below_it(  # type: ignore[no-untyped-def]
        cards, attempt, reading, bases, outs, level, bonus, purpose, held_bases):
    need = SEND_AT[attempt][outs]
    start = game(cards, bases=bases, outs=outs)
    cards["V8"] = replace(cards["V8"], running=need - bonus)  # his chance: exactly the threshold
    asks = resolve_pa(start, cards, None, [roll(reading)], STANDING, level)
    assert isinstance(asks, NeedRoll) and asks.purpose == purpose
    cards["V8"] = replace(cards["V8"], running=need - bonus - 1)  # one short of it
    state, ev = pa(start, cards, reading, level=level, s=STANDING)
    assert len(ev["rolls"]) == 1 and state.bases == held_bases and state.score == (0, 0)
    note = ev["steps"][-1]
    assert "V8 holds" in note["note"] and f"= 1-{need - 1}, below the 1-{need} the standing orders ask" \
        in note["note"] and "(send_at" in note["note"]
    assert (note["safe_through"], note["send_at"]) == (need - 1, need)
    # step: without send_at (a game set up before it) he tries all the same
    assert isinstance(resolve_pa(start, cards, None, [roll(reading)], replace(STANDING, send_at=()), level), NeedRoll)


def test_the_chance_uses_the_arm_of_the_fielder_the_hit_goes_to(cards):  # type: ignore[no-untyped-def]
    """13.1 at the moment of the try: a single to right against a -2 arm, not the centre fielder's 0."""
    need = SEND_AT["second_home"][1]
    cards["H8"] = replace(cards["H8"], fielding=(Fielding("rf", 2, -2, 3),))
    cards["V8"] = replace(cards["V8"], running=need)  # +1 not held: need - 1 to right, need + 1 to centre
    start = game(cards, bases=(None, "V8", None), outs=1)
    state, ev = pa(start, cards, "146", level="advanced", s=STANDING)  # 1-10: SINGLE(rf)
    assert len(ev["rolls"]) == 1 and f"-2 arm (13.1) +1 not held (13.2) = 1-{need - 1}, below" in ev["steps"][-1]["note"]
    assert isinstance(resolve_pa(start, cards, None, [roll("134")], STANDING, "advanced"), NeedRoll)  # to centre


def test_the_hold_counts_in_the_chance(cards):  # type: ignore[no-untyped-def]
    need = SEND_AT["second_home"][1]
    cards["V8"] = replace(cards["V8"], running=need - 1)  # +1 not held reaches it, -1 held does not
    start = game(cards, bases=(None, "V8", None), outs=1)
    assert isinstance(resolve_pa(start, cards, None, [roll("134")], STANDING, "advanced"), NeedRoll)
    _, ev = pa(start, cards, "134", level="advanced", s=replace(STANDING, held=(2,)))
    assert f"-1 held (13.2) = 1-{need - 2}, below the 1-{need}" in ev["steps"][-1]["note"]


@pytest.mark.parametrize("attempt,reading,bases,outs,level,bonus,purpose,held_bases", TRY_CASES)
def test_a_managers_go_sends_a_runner_the_standing_order_holds(  # type: ignore[no-untyped-def]
        cards, attempt, reading, bases, outs, level, bonus, purpose, held_bases):
    cards["V8"] = replace(cards["V8"], running=1)  # below every threshold
    start = game(cards, bases=bases, outs=outs)
    base = bases.index("V8") + 1
    asks = resolve_pa(start, cards, None, [roll(reading)], replace(STANDING, go=(base,)), level)
    assert isinstance(asks, NeedRoll) and asks.purpose == purpose


def test_a_managers_stop_holds_a_runner_the_standing_order_sends(cards):  # type: ignore[no-untyped-def]
    cards["V8"] = replace(cards["V8"], running=20)
    start = game(cards, bases=(None, "V8", None), outs=2)
    state, ev = pa(start, cards, "134", level="advanced", s=replace(STANDING, stop=(2,)))
    assert state.bases == ("V1", None, "V8") and "V8 is stopped" in ev["steps"][-1]["note"]


def test_a_runner_the_defense_cuts_off_always_goes(cards):  # type: ignore[no-untyped-def]
    """13.32: cut off, the runner from second scores whatever his chance, so the standing order sends him."""
    cards["V8"] = replace(cards["V8"], running=1)  # below every threshold
    start = game(cards, bases=("V7", "V8", None))
    state, ev = pa(start, cards, "134", level="advanced", s=replace(STANDING, cut_off=True))
    assert state.score == (1, 0) and state.bases == ("V1", "V7", None) and "(13.32)" in ev["steps"][-1]["note"]
    state, ev = pa(start, cards, "134", level="advanced", s=STANDING)  # not cut off: he holds, no throw
    assert state.bases == ("V1", "V7", "V8") and "V8 holds" in ev["steps"][-1]["note"]


def test_the_14_3_tag_from_second_is_always_tried(cards):  # type: ignore[no-untyped-def]
    cards["V1"] = with_cells(cards["V1"], {"1-10": "fly(rf)B"})
    cards["V8"] = replace(cards["V8"], running=1)
    asks = resolve_pa(game(cards, bases=(None, "V8", None)), cards, None, [roll("146")], STANDING, "advanced")
    assert isinstance(asks, NeedRoll) and asks.purpose == "V8 tags for third"


# -- stored once, in the setup ------------------------------------------------------------------------


def test_send_at_is_in_the_setup_not_in_each_play(cards):  # type: ignore[no-untyped-def]
    """The fold starts each play from the setup's orders; a decision keeps send_at; a play's record leaves it out."""
    cards["V8"] = replace(cards["V8"], running=1)  # below every threshold
    setup = {"level": "advanced", "dh": True, "orders": ORDERS, "visitor": {}, "home": {}}
    f = Fold(setup, cards, ENGINE, "advanced", game(cards, bases=(None, "V8", None)), standing_orders(setup, ENGINE))
    f.decide({"type": "strategy", "set": {"held": [2]}})
    assert cast(Strategy, f.strategy).send_at == STANDING.send_at and f.strategy.fact()["send_at"] == ORDERS["send_at"]
    out = f.resolve([roll("134")])
    assert isinstance(out, tuple) and "send_at" not in out[1]["strategy"] and "V8 holds" in out[1]["steps"][-1]["note"]
    f.settle(out)
    assert f.strategy == STANDING
    assert json.loads(json.dumps(STANDING.fact())) == {**OLD_ORDERS, **ORDERS, "play": "swing", "infield_in": False,
                                                       "held": [], "cut_off": False}


@pytest.mark.parametrize("bad,msg", [
    ({"second_hom": [19, 15, 8]}, "unknown try 'second_hom'"),
    ({"second_home": [19, 15, 8, 1]}, "one to three thresholds"),
    ({"second_home": [0]}, "each 1 to 20"),
    ([19, 15, 8], "must map a try"),
])
def test_a_malformed_send_at_is_refused(bad, msg):  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=msg):
        ENGINE.strategy({**ORDERS, "send_at": bad})


# -- a setup without send_at plays as before ---------------------------------------------------------


def _choices(state: GameState, seed: int, level: str) -> dict[str, Any]:
    """A deterministic manager's choices over the standing orders: stops, gos, holds, cut-offs."""
    sets: dict[str, Any] = {}
    runners = [b for b in (1, 2, 3) if state.bases[b - 1]]
    stop = [b for b in runners if _pick(seed, state, f"stop{b}", 3) == 0]
    go = [b for b in runners if b not in stop and _pick(seed, state, f"go{b}", 3) == 0]
    if level != "advanced" or state.outs == 2:
        stop, go = [b for b in stop if b != 3], [b for b in go if b != 3]
    if stop:
        sets["stop"] = stop
    if go:
        sets["go"] = go
    if state.bases[0] and _pick(seed, state, "held", 2):
        sets["held"] = [1]
    if level == "advanced" and state.bases[0] and state.bases[1] and _pick(seed, state, "cut", 2):
        sets["cut_off"] = True
    if _pick(seed, state, "play", 12) == 0:
        sets["play"] = "hit_and_run"
    return sets


def _play(seed: int, level: str, dh: bool, teams: tuple[str, str], orders: dict[str, Any]) -> list[Any]:
    cards = dict(CARDS)
    state = GameState(starting_team(cards, teams[0], dh, seed), starting_team(cards, teams[1], dh, seed + 1))
    source = SeededDice(f"send-at-{seed}").roll
    events: list[Any] = []
    while not state.over:
        assert len(events) < 800, "the game does not end"
        state, subs = manage(state, cards, seed, level, 2)
        events.extend(subs)
        s = strategy({**orders, **_choices(state, seed, level)})
        for attempt in (s, replace(s, play="swing"), replace(s, play="swing", held=())):
            try:
                check_strategy(state, attempt, level)
                check_sacrifice_with_third(state, attempt, level)
                check_orders(state, attempt, level)
                break
            except Exception:
                continue
        else:
            attempt = strategy(orders)
        if state.bases[0] and not state.bases[1] and _pick(seed, state, "steal", 25) == 0:
            state, ev = play_steal(state, cards, source, (1,), attempt, level)
        else:
            state, ev = play_pa(state, cards, source, attempt, level)
        events.append(ev)
    return events


def _digest(orders: dict[str, Any]) -> str:
    h = hashlib.sha256()
    for seed in range(40):
        level = ("basic", "advanced")[seed % 2]
        teams = (TEAMS[seed % len(TEAMS)], TEAMS[(seed + 3) % len(TEAMS)])
        for ev in _play(seed, level, seed % 3 != 0, teams, orders):
            h.update(json.dumps(ev, sort_keys=True).encode())
    return h.hexdigest()


# sha256 of the events of forty whole games (basic and advanced, with stops, gos, holds, cut-offs,
# hit and runs and steals) played by the code before send_at (commit 50068d1) from OLD_ORDERS.
BEFORE_SEND_AT = "b810eff8e4f66e2f68e4fe21b1aa3b064232c359c0370d4f283959f7f33ddce5"


def test_a_setup_without_send_at_plays_exactly_as_before_it():  # type: ignore[no-untyped-def]
    assert _digest(OLD_ORDERS) == BEFORE_SEND_AT


# -- in words ---------------------------------------------------------------------------------------


def test_go_stop_and_send_at_read_in_words():  # type: ignore[no-untyped-def]
    """league game state and log show a runner's order and the standing thresholds in words, not lists."""
    assert strategy_words({"stop": [1, 2]}) == ["holds the runner on first at his base",
                                                "holds the runner on second at his base"]
    assert strategy_words({"go": [3], "stop": []}) == ["sends the runner on third", "no runner stopped"]
    words = strategy_words({"send_at": {"second_home": [19, 15, 8], "first_third": [15, 15, 18],
                                        "first_home": [18, 16, 9], "third_tag": [15, 7]}})
    assert words == ["a runner tries only when his chance (of 20) reaches, with none/one/two out: second to home "
                     "on a single 19/15/8; first to third on a single 15/15/18; first to home on a double 18/16/9; "
                     "third to home on a fly ball 15/7"]
    assert strategy_words({"send_at": {}}) == ["every runner sent tries, whatever his chance"]
