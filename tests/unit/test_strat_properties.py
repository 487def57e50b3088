"""Properties of whole games played by a trivial deterministic auto-manager.

Hypothesis picks the dice seed, the level, the DH and how adventurous the
manager is; every game must keep the invariants and replay exactly from its
recorded rolls.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.domain.errors import RulesError
from league.rules.pa import subs
from league.domain.dice import NeedRoll, Roll, SeededDice, roll_from_text
from league.rules.pa.state import GameState
from league.rules.strat.cards import Card
from league.rules.strat.endurance import fatigued
from league.rules.strat.engine import play_pa, play_steal, resolve_pa, resolve_steal
from league.rules.strat.roster import load_set, starting_team
from league.rules.strat.strategy import Strategy, check_sacrifice_with_third, check_strategy

CARDS = load_set()
TEAMS = sorted({c.team for c in CARDS.values()} - {"PIT", "ANY"})


def _pick(seed: int, state: GameState, salt: str, n: int) -> int:
    """A deterministic 'coin' from the state: the manager is a pure function."""
    h = hashlib.sha256(f"{seed}:{state.plays}:{salt}".encode()).digest()
    return h[0] % n


def manage(state: GameState, cards: dict[str, Card], seed: int, level: str,
           bold: int) -> tuple[GameState, list[dict[str, Any]]]:
    """Substitutions before the next play: injuries, tired pitchers, pinch hitters."""
    events: list[dict[str, Any]] = []

    def do(result: tuple[GameState, dict[str, Any]]) -> None:
        nonlocal state
        state, ev = result
        events.append(ev)

    for side in ("visitor", "home"):
        team = state.team(side)
        for hurt in [p for p in team.injured if team.in_game(p)]:
            team = state.team(side)
            pos = team.position_of(hurt)
            try:
                if pos == "p":
                    pen = [p for p in team.bullpen if team.available(p)]
                    do(subs.change_pitcher(state, side, pen[0]) if pen else
                       subs.emergency_pitcher(state, side, team.bench[0]))
                elif hurt in state.bases and side == state.batting_side:
                    do(subs.pinch_run(state, state.bases.index(hurt) + 1, team.bench[0]))
                elif pos is not None:
                    rated = [p for p in team.bench if pos in team.rated(p)] or list(team.bench)
                    do(subs.replace_player(state, side, hurt, rated[0], pos))
                else:
                    do(subs.pinch_hit(state, team.bench[0]))
            except (RulesError, IndexError):
                pass  # nobody left: he plays on (10.1)
    defense = state.defense
    side = state.fielding_side
    if defense.pitcher != defense.stint.pitcher or (
            level == "advanced" and fatigued(defense.stint, cards[defense.pitcher]
                                             if defense.stint.role != "emergency" else cards["EMERGENCY"])[0]):
        pen = [p for p in defense.bullpen if defense.available(p)]
        if pen:
            do(subs.change_pitcher(state, side, pen[0]))
        elif defense.pitcher != defense.stint.pitcher and defense.bench:
            do(subs.emergency_pitcher(state, side, defense.bench[0]))
    for pos, player in state.defense.fielders:
        team = state.defense
        if pos not in ("p", "dh") and pos not in team.rated(player):
            free = [p for p in team.bench if team.available(p) and pos in team.rated(p)]
            if free:
                do(subs.replace_player(state, side, player, free[0], pos))
    offense = state.offense
    if offense.bench and offense.bullpen and _pick(seed, state, "ph", 40) < bold:
        try:
            do(subs.pinch_hit(state, offense.bench[0]))
        except RulesError:
            pass
    return state, events


def choose(state: GameState, seed: int, level: str, bold: int) -> Strategy | tuple[int, ...]:
    """The next decision: a steal (runners) or a strategy for the plate appearance."""
    if state.bases[0] and not state.bases[1] and _pick(seed, state, "steal", 30) < bold:
        return (1,)
    plays = ["swing"] * 8 + ["sacrifice", "squeeze", "hit_and_run", "ibb"]
    s = Strategy(play=plays[_pick(seed, state, "play", len(plays))] if _pick(seed, state, "p?", 10) < bold else "swing",
                 infield_in=_pick(seed, state, "in", 2) == 0, held=(1,) if _pick(seed, state, "held", 2) else (),
                 send=_pick(seed, state, "send", 2) == 0, cut_off=_pick(seed, state, "cut", 2) == 0,
                 tag_up=_pick(seed, state, "tag", 2) == 0, tag_from_second=True)
    for attempt in (s, replace(s, infield_in=False), replace(s, held=()),
                    replace(s, infield_in=False, held=()), replace(s, play="swing", infield_in=False, held=())):
        try:
            check_strategy(state, attempt)
            check_sacrifice_with_third(state, attempt, level)
            return attempt
        except RulesError:
            continue
    raise AssertionError("swinging away is always legal")


def play_game(seed: int, level: str, dh: bool, bold: int, teams: tuple[str, str]):  # type: ignore[no-untyped-def]
    cards = dict(CARDS)
    state = GameState(starting_team(cards, teams[0], dh, seed), starting_team(cards, teams[1], dh, seed + 1))
    source = SeededDice(f"game-{seed}").roll
    log: list[tuple[str, Any, dict[str, Any], GameState]] = []
    while not state.over:
        assert len(log) < 600, "the game does not end"
        state, sub_events = manage(state, cards, seed, level, bold)
        for ev in sub_events:
            log.append(("sub", None, ev, state))
        decision = choose(state, seed, level, bold)
        before = state
        if isinstance(decision, tuple):
            state, ev = play_steal(state, cards, source, decision, level=level)
        else:
            state, ev = play_pa(state, cards, source, decision, level)
        log.append(("steal" if isinstance(decision, tuple) else "pa", decision, ev, before))
    return state, log


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), level=st.sampled_from(["basic", "advanced"]), dh=st.booleans(),
       bold=st.integers(0, 10), teams=st.permutations(TEAMS).map(lambda t: (t[0], t[1])))
def test_random_games_keep_the_invariants_and_replay(seed, level, dh, bold, teams):  # type: ignore[no-untyped-def]
    final, log = play_game(seed, level, dh, bold, teams)
    plays = [(kind, d, ev, before) for kind, d, ev, before in log if kind != "sub"]

    # runs = runners crossing the plate
    runs = {"top": 0, "bottom": 0}
    for _, _, ev, _ in plays:
        assert ev["runs"] == len(ev["scored"])
        runs[ev["before"]["half"]] += ev["runs"]
    assert (runs["top"], runs["bottom"]) == final.score
    assert final.score[0] != final.score[1]

    # three outs per half-inning, except a walk-off (or the unplayed bottom of the last inning)
    outs: dict[tuple[int, str], int] = {}
    for _, _, ev, _ in plays:
        key = (ev["before"]["inning"], ev["before"]["half"])
        outs[key] = outs.get(key, 0) + ev["outs_made"]
    last = (plays[-1][2]["before"]["inning"], plays[-1][2]["before"]["half"])
    for key, n in outs.items():
        if key != last:
            assert n == 3, key
    if outs[last] != 3:
        assert last[1] == "bottom" and plays[-1][2].get("walk_off")

    # the batting order never skips: each completed appearance is the next slot
    slots: dict[str, int] = {}
    for kind, _, ev, before in plays:
        if kind == "pa" and ev.get("completed", True) and "slot" in ev:
            side = before.batting_side
            if side in slots:
                assert ev["slot"] == slots[side] % 9 + 1
            slots[side] = ev["slot"]

    # no player re-enters after removal
    for _, _, _, before in log:
        for team in (before.visitor, before.home):
            in_game = set(team.order) | {p for _, p in team.fielders}
            assert not in_game & set(team.removed)
            assert len(set(team.removed)) == len(team.removed)

    # replaying the recorded rolls reproduces every event exactly
    for kind, decision, ev, before in plays:
        rolls: list[Roll] = [roll_from_text(r["roll"]) for r in ev["rolls"]]
        again = (resolve_steal(before, CARDS, None, rolls, decision, level=level) if kind == "steal"
                 else resolve_pa(before, CARDS, None, rolls, decision, level))
        assert not isinstance(again, NeedRoll)
        assert again[1] == ev
