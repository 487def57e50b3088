"""The managers' choices for one plate appearance, and the rules that limit them.

Decisions are given up front, conditional ones included (``send``: "if a hit
without asterisk comes, take the extra base"), so a plate appearance resolves
from its dice alone and the event can record exactly what was decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league.errors import RulesError
from league.rules.pa.state import GameState

PLAYS = ("swing", "ibb", "sacrifice", "squeeze", "hit_and_run")


@dataclass(frozen=True)
class Strategy:
    play: str = "swing"  # offense (or "ibb", the defense's intentional walk)
    infield_in: bool = False  # defense (9.1)
    held: tuple[int, ...] = ()  # defense: bases (1, 2) whose runner is held (8.2)
    send: bool = False  # offense: try for the extra base on hits without asterisk (2.2)
    cut_off: bool = False  # defense: cut off the throw home (13.3, advanced)
    tag_up: bool = False  # offense: runner on third tries to score on fly()B? (14.2)
    tag_from_second: bool = False  # offense: runner on second tries for third on fly(rf)B (14.3)

    def fact(self) -> dict[str, Any]:
        # Every field is a scalar but ``held``: a shallow copy is the whole
        # record (asdict's recursion cost 7% of a simulated season).
        d = dict(vars(self))
        d["held"] = list(self.held)
        return d


def check_strategy(state: GameState, s: Strategy) -> None:
    """Raise RulesError for a choice the manual forbids in this situation."""
    first, second, third = (b is not None for b in state.bases)
    if s.play not in PLAYS:
        raise RulesError(f"unknown play {s.play!r}; one of {', '.join(PLAYS)}")
    if s.play in ("sacrifice", "squeeze") and state.outs == 2:
        raise RulesError("no sacrifice or squeeze with two out (7.2)")
    if s.play == "sacrifice" and not (first or second):
        raise RulesError("a sacrifice needs a runner to move up")
    if s.play == "squeeze" and not third:
        raise RulesError("the squeeze needs a runner on third (7.2)")
    if s.play == "hit_and_run" and (third or not (first or second)):
        raise RulesError("the hit and run needs runners, none on third (7.3)")
    if s.infield_in and not (third and state.outs < 2):
        raise RulesError("the infield comes in only with a runner on third and fewer than two out (9.1)")
    for base in s.held:
        if base not in (1, 2) or state.bases[base - 1] is None:
            raise RulesError(f"no runner to hold on base {base}")
    if s.held and s.infield_in:
        raise RulesError("no holding runners with the infield in (8.23, 9.14)")


def check_sacrifice_with_third(state: GameState, s: Strategy, level: str) -> None:
    """7.2: no sacrifice with a runner on third, except first-and-third in advanced (18.4)."""
    if s.play == "sacrifice" and state.bases[2] is not None:
        if level != "advanced" or state.bases[0] is None or state.bases[1] is not None:
            raise RulesError("no sacrifice with a runner on third (7.2; 18.4 allows first and third in advanced)")
