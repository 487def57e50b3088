"""Box scores of plate-appearance games: who is charged with a run (rule 9.16(g))."""

from __future__ import annotations

from typing import Any

from league.rules.pa.box import box_score
from league.rules.pa import subs
from league.rules.pa.play import HOME, OUT, Play, apply_play
from league.rules.pa.state import GameState, new_team


def _team(code: str) -> Any:
    order = [f"{code}{i}" for i in range(1, 10)]
    fielders = dict(zip(("c", "1b", "2b", "ss", "3b", "lf", "cf", "rf", "dh"), order)) | {"p": f"{code}P"}
    return new_team(code, order, fielders, {}, [], [f"{code}R"], True)


class _Game:
    """A half-inning written play by play, as the engine's fold records it."""

    def __init__(self) -> None:
        self.state = GameState(_team("V"), _team("H"))
        self.timeline: list[tuple[str, dict[str, Any], GameState]] = []

    def play(self, label: str, batter: int, *runners: int | None) -> None:
        before = self.state
        dests = (tuple(runners) + (None, None, None))[:3]
        self.state, facts = apply_play(before, Play(batter, dests, label=label))  # type: ignore[arg-type]
        ev = {"type": "plate_appearance", "batter": before.offense.batter, "completed": True,
              "play": {"label": label, "batter": batter, "runners": list(dests)},
              **{k: facts[k] for k in ("outs_made", "scored", "runs")}}
        self.timeline.append(("play", ev, before))

    def relieve(self) -> None:
        before = self.state
        self.state, ev = subs.change_pitcher(before, "home", "HR")
        self.timeline.append(("sub", ev, before))

    def runs(self) -> dict[str, tuple[int, int]]:
        box = box_score(self.timeline, self.state)
        return {p["pitcher"]: (p["r"], p["er"]) for p in box["home"]["pitching"]}


def test_the_batter_who_reaches_on_a_fielders_choice_replaces_the_inherited_runner_put_out() -> None:
    g = _Game()
    g.play("WALK", 1)  # V1 walks off the starter
    g.relieve()
    g.play("SINGLE(cf)", 1, 2)  # V2 singles off the reliever: V1 to second
    g.play("GROUNDBALL(3b)", 1, 2, OUT)  # V1 forced at third, V2 to second, V3 safe at first
    g.play("SINGLE(lf)", 1, 3, HOME)  # V2 scores, V3 to third
    # The starter left one runner on; that runner was put out on a fielder's
    # choice, so the first run scored after it is the starter's, not the reliever's.
    assert g.runs() == {"HP": (1, 1), "HR": (0, 0)}
    g.play("DOUBLE(rf)", 2, HOME, None, HOME)  # V3, who reached on the choice, and V4 score
    assert g.runs() == {"HP": (1, 1), "HR": (2, 2)}


def test_without_a_fielders_choice_each_runner_is_charged_to_the_pitcher_who_put_him_on() -> None:
    g = _Game()
    g.play("WALK", 1)
    g.relieve()
    g.play("SINGLE(cf)", 1, 2)  # the reliever's runner on first, the starter's on second
    g.play("SINGLE(lf)", 1, HOME, 3)  # the reliever's runner scores first
    assert g.runs() == {"HP": (0, 0), "HR": (1, 1)}


def test_an_inherited_runner_caught_stealing_is_not_replaced() -> None:
    g = _Game()
    g.play("WALK", 1)
    g.relieve()
    before = g.state
    g.state, facts = apply_play(before, Play(None, (OUT, None, None), label="steal"))
    g.timeline.append(("play", {"type": "steal", "runners": [1], "play": {"label": "steal", "batter": None,
                                                                          "runners": [0, None, None]},
                                **{k: facts[k] for k in ("outs_made", "scored", "runs")}}, before))
    g.play("HOMERUN", HOME)
    assert g.runs() == {"HP": (0, 0), "HR": (1, 1)}
