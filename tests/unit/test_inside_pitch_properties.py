"""Properties of whole Inside Pitch games played by the auto-manager on the shipped card set.

Hypothesis picks the dice seed and the clubs; every game must keep the
invariants (outs, runs, the batting order, balanced box score lines) and,
rewound to any event -- inside an at bat included -- and replayed with the
same rolls, reproduce itself.
"""

from __future__ import annotations

from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.domain.dice import roll_from_text
from league.rules.inside_pitch.card_engine import ENGINE
from league.rules.inside_pitch.cards import parse_all
from league.rules.inside_pitch.charts import LATEST_LEVEL
from league.rules.inside_pitch.cardset import DATA
from league.rules.pa.box import box_score
from league.domain.dice import NeedRoll, Roll, SeededDice
from league.rules.pa.replay import Fold
from league.rules.pa.state import GameState, new_team

CARDS: dict[str, Any] = {c.id: c for p in sorted(DATA.glob("*.txt")) for c in parse_all(p.read_text(), p.name)}
TEAMS = sorted(p.stem for p in DATA.glob("*.txt"))


def lineup(code: str) -> Any:
    mine = [c for c in CARDS.values() if c.team == code and c.kind in ("batter", "pitcher")]
    batters = [c for c in mine if c.kind == "batter"]
    pitchers = [c for c in mine if c.kind == "pitcher"]
    fielders = {c.fielding[0].position: c.id for c in batters[:8]} | {"p": pitchers[0].id, "dh": batters[8].id}
    eligible = {c.id: tuple(f.position for f in c.fielding) for c in mine}
    return new_team(code, [c.id for c in batters[:9]], fielders, eligible, [c.id for c in batters[9:]],
                    [c.id for c in pitchers[5:]], True)


def new_fold(teams: tuple[str, str]) -> Fold:
    setup = {"visitor": {"resting": []}, "home": {"resting": []}, "level": LATEST_LEVEL, "dh": True}
    state = GameState(lineup(teams[0]), lineup(teams[1]))
    return Fold(setup, CARDS, ENGINE, LATEST_LEVEL, state, ENGINE.strategy(ENGINE.standing_orders))


def play(f: Fold, source: Callable[[NeedRoll], Roll], decisions: list[list[dict[str, Any]]],
         replay: bool = False) -> list[tuple[GameState, dict[str, Any]]]:
    """Play ``f`` to the end; each play with the state before it.

    The auto-manager's decisions before each play are appended to ``decisions``;
    with ``replay`` they are taken from it instead, as a rewound game replays the
    decisions it recorded (the manager's memory of the game, such as how its
    starter has done, is not in the state a rewind starts from).
    """
    plays: list[tuple[GameState, dict[str, Any]]] = []
    while not f.state.over:
        assert len(plays) < 800, "the game does not end"
        if replay:
            for d in decisions.pop(0):
                f.decide(d)
        else:
            decisions.append(ENGINE.manage(f))
        before = f.state
        out = ENGINE.play_pa(f.state, f.cards, source, f.strategy, f.level)
        plays.append((before, out[1]))
        f.settle(out)
    return plays


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), teams=st.permutations(TEAMS).map(lambda t: (t[0], t[1])),
       cut=st.floats(0, 1), inside=st.floats(0, 1))
def test_random_games_keep_the_invariants_and_replay_from_any_event(seed: int, teams: tuple[str, str], cut: float,
                                                                   inside: float) -> None:
    f = new_fold(teams)
    decisions: list[list[dict[str, Any]]] = []
    plays = play(f, SeededDice(f"ip-{seed}").roll, decisions)
    final = f.state

    # runs are runners crossing the plate, and the score
    runs = {"top": 0, "bottom": 0}
    for _, ev in plays:
        assert ev["runs"] == len(ev["scored"])
        runs[ev["before"]["half"]] += ev["runs"]
    assert (runs["top"], runs["bottom"]) == final.score and final.score[0] != final.score[1]

    # three outs a half-inning, but a walk-off
    outs: dict[tuple[int, str], int] = {}
    for _, ev in plays:
        key = (ev["before"]["inning"], ev["before"]["half"])
        outs[key] = outs.get(key, 0) + ev["outs_made"]
    last = (plays[-1][1]["before"]["inning"], plays[-1][1]["before"]["half"])
    assert all(n == 3 for key, n in outs.items() if key != last)
    assert outs[last] == 3 or plays[-1][1].get("walk_off")

    # the batting order never skips; an event inside an at bat keeps the batter up
    slots: dict[str, int] = {}
    completed: dict[str, bool] = {}
    for before, ev in plays:
        side = before.batting_side
        if side in slots:
            assert ev["slot"] == (slots[side] % 9 + 1 if completed[side] else slots[side])
        slots[side], completed[side] = ev["slot"], ev["completed"]

    # the box score balances: each side's batting runs and hits are the other's pitching runs and hits
    box = box_score(f.timeline, final)
    for side, other in (("visitor", "home"), ("home", "visitor")):
        bat = box[side]["batting"]
        assert sum(b["r"] for b in bat) == box[side]["runs"] == sum(p["r"] for p in box[other]["pitching"])
        assert sum(b["h"] for b in bat) == sum(p["h"] for p in box[other]["pitching"])
        assert sum(b["pa"] for b in bat) == sum(p["bf"] for p in box[other]["pitching"])
    assert sum(p["outs"] for p in box["home"]["pitching"]) == sum(n for (_, h), n in outs.items() if h == "top")

    # rewind to a roll inside play k and replay the same rolls: the same game
    k = min(int(cut * len(plays)), len(plays) - 1)
    before, ev = plays[k]
    rolls = [roll_from_text(r["roll"]) for _, e in plays[k:] for r in e["rolls"]]
    j = min(int(inside * len(ev["rolls"])), max(len(ev["rolls"]) - 1, 0))
    need = ENGINE.resolve_pa(before, CARDS, rolls[:j], ENGINE.strategy(ENGINE.standing_orders), LATEST_LEVEL)
    assert isinstance(need, NeedRoll) and need.purpose == ev["rolls"][j]["for"]
    again = new_fold(teams)
    again.state = before
    queue = list(rolls)
    # ``before`` already holds play k's decisions: the replay makes the later plays' ones
    replayed = play(again, lambda need: queue.pop(0), [[], *decisions[k + 1:]], replay=True)
    assert [e for _, e in replayed] == [e for _, e in plays[k:]] and not queue
    assert again.state == final
