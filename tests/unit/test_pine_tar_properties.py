"""Properties of whole Pine Tar games played by the auto-manager on random dice.

Hypothesis picks the dice seed, the clubs, the DH and the optional rules; every game must keep
the invariants and replay exactly from its recorded rolls (what rewind and
audit rely on).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.domain.dice import NeedRoll, SeededDice
from league.rules.pa.box import box_score
from league.domain.dice import NeedRoll, Roll, roll_from_text
from league.rules.pa.replay import Fold
from league.rules.pa.state import GameState, new_team
from league.rules.pine_tar import engine, manager
from league.rules.pine_tar.card_engine import ENGINE
from league.rules.pine_tar.cardgen import CLUBS, OUT
from league.rules.pine_tar.cards import Card, parse_cards
from league.rules.pine_tar.options import OPTIONAL_RULES

CODES = [c for c, _, _ in CLUBS]


def _club(code: str, dh: bool) -> tuple[Any, dict[str, Card]]:
    path = OUT / f"{code.lower()}.txt"
    cs = parse_cards(path.read_text(), path.name)
    batters = [c for c in cs if c.kind == "batter"]
    pitchers = [c for c in cs if c.kind == "pitcher"]
    fielders = {c.fielding[0].position: c.id for c in batters[:8]}
    fielders["p"] = pitchers[0].id
    order = [c.id for c in batters[:8]]
    if dh:
        fielders["dh"] = batters[8].id
        order.append(batters[8].id)
    else:
        order.append(pitchers[0].id)
    eligible = {c.id: tuple(f.position for f in c.fielding) for c in cs}
    bench = [c.id for c in batters[9 if dh else 8:]]
    team = new_team(code, order, fielders, eligible, bench, [c.id for c in pitchers[1:]], dh)
    return team, {c.id: c for c in cs}


def play_game(seed: int, visitor: str, home: str, dh: bool, options: tuple[str, ...] = ()
              ) -> tuple[Fold, list[tuple[GameState, dict[str, Any]]]]:
    v, vc = _club(visitor, dh)
    h, hc = _club(home, dh)
    cards = {**vc, **hc}
    orders = {**manager.ORDERS, "options": list(options)}
    f = Fold({"orders": orders}, cards, ENGINE, "main", GameState(v, h), ENGINE.strategy(orders))
    dice = SeededDice(str(seed))

    def source(need: NeedRoll) -> Roll:
        roll = dice.roll(NeedRoll(need.kind, need.team, need.purpose))
        return roll  # type: ignore[return-value]

    plays: list[tuple[GameState, dict[str, Any]]] = []
    while not f.state.over:
        assert f.state.plays < 2000, "the game never ends"
        ENGINE.manage(f)
        before = f.state
        if f.steal is not None:
            out = ENGINE.play_steal(f.state, cards, source, f.steal, f.strategy, "main")
        else:
            out = ENGINE.play_pa(f.state, cards, source, f.strategy, "main")
        plays.append((before, out[1]))
        f.settle(out)
    return f, plays


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), pair=st.permutations(CODES).map(lambda p: (p[0], p[1])), dh=st.booleans(),
       options=st.sets(st.sampled_from(sorted(OPTIONAL_RULES))).map(lambda s: tuple(sorted(s))))
def test_random_games_keep_the_invariants_and_replay(seed: int, pair: tuple[str, str], dh: bool,
                                                     options: tuple[str, ...]) -> None:
    f, plays = play_game(seed, pair[0], pair[1], dh, options)
    final = f.state
    # runs = runners across, and every half but a walk-off ends on its third out
    assert sum(final.score) == sum(len(ev["scored"]) for _, ev in plays)
    halves: dict[tuple[int, str], int] = {}
    for before, ev in plays:
        key = (before.inning, before.half)
        halves[key] = halves.get(key, 0) + ev["outs_made"]
        # no runner on third scores when a GDP, FC or PO-3 makes the third out
        label = ev["play"]["label"]
        if before.outs + ev["outs_made"] == 3 and any(k in label for k in ("GDP", "FC", "PO-3")):
            assert ev["runs"] == 0, label
    last = plays[-1][1]
    for key, outs in halves.items():
        if key == (plays[-1][0].inning, plays[-1][0].half) and last.get("walk_off"):
            assert outs < 3
        else:
            assert outs == 3, key
    # the batting order never skips: each side's completed plate appearances go round the slots
    for side in ("visitor", "home"):
        slots = [ev["slot"] for before, ev in plays
                 if ev["type"] == "plate_appearance" and ev["completed"] and before.batting_side == side]
        assert all(b == a % 9 + 1 for a, b in zip(slots, slots[1:])), slots
    # batting and pitching lines balance
    box = box_score(f.timeline, final)
    for side, other in (("visitor", "home"), ("home", "visitor")):
        runs = box[side]["runs"]
        assert sum(b["r"] for b in box[side]["batting"]) == runs == sum(box[side]["line"])
        assert sum(p["r"] for p in box[other]["pitching"]) == runs
        assert sum(b["h"] for b in box[side]["batting"]) == sum(p["h"] for p in box[other]["pitching"])
        assert sum(b["so"] for b in box[side]["batting"]) == sum(p["so"] for p in box[other]["pitching"])
    # rewind to any roll and replay of the same rolls reproduces the game
    for before, ev in plays:
        rolls = [roll_from_text(r["roll"]) for r in ev["rolls"]]
        orders = ev.get("orders") or {"options": list(options)}
        if ev["type"] == "steal":
            again = engine.resolve_steal(before, f.cards, rolls, tuple(ev["runners"]), engine.orders(orders))
        else:
            again = engine.resolve_pa(before, f.cards, rolls, engine.orders(orders))
        assert isinstance(again, tuple) and again[1] == ev
        if rolls:  # one roll short: the engine asks for exactly the roll that was recorded
            need = engine.resolve_pa(before, f.cards, rolls[:-1], engine.orders(orders)) \
                if ev["type"] != "steal" else engine.resolve_steal(before, f.cards, rolls[:-1], tuple(ev["runners"]),
                                                                   engine.orders(orders))
            assert isinstance(need, NeedRoll) and need.purpose == ev["rolls"][-1]["for"]


def test_a_pitcher_past_his_maximum_innings_never_faces_a_batter_while_relievers_are_left() -> None:
    for seed in range(6):
        _, plays = play_game(seed, "HBR", "PRD", False)
        for before, ev in plays:
            team = before.defense
            if engine.relief_left(team):
                assert not engine.over_limit(before, {**_club("HBR", False)[1], **_club("PRD", False)[1]}, team)
