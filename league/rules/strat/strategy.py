"""The managers' choices for one plate appearance, and the rules that limit them.

Decisions are given up front, conditional ones included (``send``: "if a hit
without asterisk comes, take the extra base"), so a plate appearance resolves
from its dice alone and the event can record exactly what was decided.  The
standing orders of a game (its setup) come first; ``send_at`` among them,
thresholds rather than a yes or no, is applied by the engine when a runner's
try arises, and stays in the setup (a play's event does not repeat it).

Two kinds of check: :func:`check_strategy` refuses what the manual forbids
(it runs before every play), :func:`check_orders` refuses, when a manager
makes it, a conditional choice that cannot arise in this situation (a cut-off
with nobody to cut off, a stop for an empty base).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from league.domain.errors import RulesError
from league.rules.pa.state import GameState
from league.rules.strat.levels import ADVANCED, SUPER

PLAYS = ("swing", "ibb", "sacrifice", "squeeze", "hit_and_run")
_BASE = {1: "first", 2: "second", 3: "third"}


@dataclass(frozen=True)
class Strategy:
    play: str = "swing"  # offense (or "ibb", the defense's intentional walk)
    infield_in: bool = False  # defense (9.1; 20.12 against a bunt)
    held: tuple[int, ...] = ()  # defense: bases (1, 2) whose runner is held (8.2)
    send: bool = False  # offense: try for the extra base on hits without asterisk (2.2)
    cut_off: bool = False  # defense: cut off the throw home (13.3, advanced)
    tag_up: bool = False  # offense: runner on third tries to score on fly()B? (14.2)
    tag_from_second: bool = False  # offense: runner on second tries for third on fly(rf)B (14.3)
    # Offense, one runner at a time (by his base when the play starts), over the
    # three standing choices above: ``go`` sends him on the coming play's
    # extra-base or tag-up attempt, ``stop`` holds him (2.2, 14.2, 14.3).
    go: tuple[int, ...] = ()
    stop: tuple[int, ...] = ()
    # Offense, a standing order over ``send`` and ``tag_up``: the runner tries only
    # when his chance, worked out when the try arises, reaches the threshold for
    # the try and the outs (:data:`TRIES`: try -> thresholds with none, one, two
    # out).  Empty: every runner the standing orders send tries.  ``go`` and
    # ``stop`` still decide for their runner.
    send_at: tuple[tuple[str, tuple[int, ...]], ...] = ()
    # Defense, super advanced only: the outfield in against the winning run on third (21.x);
    # recorded only when set, so plays of the other levels read as before.
    outfield_in: bool = False
    # Defense, super advanced revision 2: the corners (first and third basemen) in, the middle
    # infielders back (20.7); recorded only when set, like ``outfield_in``.
    corners_in: bool = False
    # Defense, super advanced revision 2: concede third to a runner from first trying for it on a single
    # without asterisk, holding the batter at first (13.5); recorded only when set.
    concede_third: bool = False
    # Super advanced revision 3, the super advanced cut-off (13.6-13.623, 14.4-14.432), when the throw goes
    # home (or, 13.611, to third): the offense holds its trail runners (13.622, 14.431) instead of sending
    # them for the extra base; the defense, if they are sent, cuts the throw off for the lead trail runner
    # (13.623 B, 14.432 B) instead of letting it go through (A).  ``cut_off`` concedes the run (13.61,
    # 14.41).  Recorded only when set.
    hold_trail: bool = False
    cut_trail: bool = False
    # Super advanced revision 3, the delayed steal of home (23.9), with runners on first and third: the
    # offense's next steal is one (``delayed_steal``; the runner on third goes home when the steal names
    # him); the defense's catcher holds the ball (``hold_ball``, 23.91 B) or, throwing to second, cuts the
    # throw off and throws home if the runner on third goes (``cut_home``, D).  Recorded only when set.
    delayed_steal: bool = False
    hold_ball: bool = False
    cut_home: bool = False
    # Super advanced revision 4 (27.52, 27.61): (pitcher, why) for each pitcher of the game fatigued for
    # all of his outing, as the season player set the game up (.season_rest); a standing fact of the
    # game's setup like ``send_at``, not recorded with each play.
    fatigued: tuple[tuple[str, str], ...] = ()

    def fact(self) -> dict[str, Any]:
        """Every choice as plain JSON (a decision merges into it; ``game state`` shows it)."""
        d = self.recorded()
        if self.send_at:
            d["send_at"] = {k: list(v) for k, v in self.send_at}
        if self.fatigued:
            d["fatigued"] = dict(self.fatigued)
        return d

    def recorded(self) -> dict[str, Any]:
        """What a play's event records: every choice but ``send_at``, a standing order the game's
        setup holds (the explanation names it whenever it holds a runner)."""
        # Worked out once per Strategy (a game's standing orders serve most of its plays) and
        # kept by its identity, outside it (reading an instance's __dict__ slows every read of its
        # fields after: see league.rules.pa.state.PitcherLog); each event gets its own copy.
        hit = _RECORDED.get(id(self))
        if hit is None:
            if len(_RECORDED) > 4096:
                _RECORDED.clear()
            hit = _RECORDED[id(self)] = (self, self._recorded())  # keeps the strategy alive: see _RECORDED
        memo = hit[1]
        # Fresh lists for the event: "held" is always recorded, "go" and "stop" only when set (an
        # existing key keeps its place in the dict when it is set again).
        d = dict(memo)
        d["held"] = list(self.held)
        if self.go:
            d["go"] = list(self.go)
        if self.stop:
            d["stop"] = list(self.stop)
        return d

    def _recorded(self) -> dict[str, Any]:
        # Every field is a scalar but the tuples: a shallow copy is the whole
        # record (asdict's recursion cost 7% of a simulated season).  ``go`` and
        # ``stop`` came later: recorded only when set, so plays stored before
        # them read exactly as they were recorded.
        d = {f.name: getattr(self, f.name) for f in fields(self)}  # not vars(self): see recorded
        d["held"] = list(self.held)
        del d["send_at"]
        del d["fatigued"]
        for key in ("go", "stop"):
            if d[key]:
                d[key] = list(d[key])
            else:
                del d[key]
        if not self.outfield_in:
            del d["outfield_in"]
        for key in ("corners_in", "concede_third", "hold_trail", "cut_trail", "delayed_steal", "hold_ball",
                    "cut_home"):
            if not d[key]:
                del d[key]
        return d

    def attempts(self, base: int, standing: bool) -> bool:
        """Whether the runner on ``base`` tries: his own order (``go``/``stop``), else ``standing``."""
        if base in self.go:
            return True
        return standing and base not in self.stop

    def threshold(self, base: int, attempt: str, outs: int) -> int | None:
        """The chance (highest safe d20) the runner on ``base`` needs for ``attempt`` under
        ``send_at``; None when nothing holds him back (no such standing order, or his own ``go``)."""
        if not self.send_at or base in self.go:
            return None
        for name, need in self.send_at:
            if name == attempt:
                return need[outs] if outs < len(need) else None
        return None


FOUL_BUNT = "strat:1and2"  # GameState.extra key (revision 3): the plate appearance (inning, half, slot) of a 1AND2


def bunted_foul(state: GameState) -> bool:
    """Whether the batter up bunted foul (18.5's 1AND2) earlier in this plate appearance (18.8, 19.7)."""
    return bool(state.extra) and dict(state.extra).get(FOUL_BUNT) == (state.inning, state.half, state.offense.up)


def record_foul_bunt(after: GameState, foul: bool, completed: bool) -> GameState:
    """``after`` with the 1AND2 kept until the plate appearance is over (``foul``: one came now)."""
    if not foul and not after.extra:
        return after
    extra = dict(after.extra)
    if foul and not completed:
        extra[FOUL_BUNT] = (after.inning, after.half, after.offense.up)
    elif completed and FOUL_BUNT in extra:
        del extra[FOUL_BUNT]
    else:
        return after
    return replace(after, extra=tuple(extra.items()))


# send_at's tries (the thresholds' table is league.rules.strat.policy.SEND_AT).
TRIES = {"second_home": "second to home on a single", "first_third": "first to third on a single",
         "first_home": "first to home on a double", "third_tag": "third to home on fly()B?",
         "second_third": "second to third on an F2 (16.7)"}


def send_at(value: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """``send_at`` as stored (``{"second_home": [19, 15, 8], ...}``) read into the Strategy's form."""
    if isinstance(value, tuple):
        return value
    if not isinstance(value, Mapping):
        raise RulesError(f"send_at must map a try to its thresholds by outs, not {value!r}")
    out = []
    for name, need in value.items():
        if name not in TRIES:
            raise RulesError(f"send_at: unknown try {name!r}; one of {', '.join(TRIES)}")
        if not isinstance(need, (list, tuple)) or not 1 <= len(need) <= 3 \
                or not all(isinstance(n, int) and 1 <= n <= 20 for n in need):
            raise RulesError(f"send_at: {name} needs one to three thresholds (none, one, two out), "
                             f"each 1 to 20, not {need!r}")
        out.append((name, tuple(need)))
    return tuple(out)


# Strategy.recorded's record of each strategy, by its identity: the entry keeps the strategy alive, so
# an id found is always that very strategy's (it is frozen: its record never changes).
_RECORDED: dict[int, tuple[Strategy, dict[str, Any]]] = {}


def check_strategy(state: GameState, s: Strategy, level: str = "basic", revision: int = 1) -> None:
    """Raise RulesError for a choice the manual forbids in this situation (``revision``: of the super
    advanced rules, levels.revision)."""
    play = s.play
    if play not in PLAYS:
        raise RulesError(f"unknown play {play!r}; one of {', '.join(PLAYS)}")
    if play != "swing" and play != "ibb":  # it runs before every play: swinging away needs no runners read
        first, second, third = (b is not None for b in state.bases)
        if play in ("sacrifice", "squeeze") and state.outs == 2:
            raise RulesError("no sacrifice or squeeze with two out (7.2)")
        if play == "sacrifice" and not (first or second):
            raise RulesError("a sacrifice needs a runner to move up")
        if play == "squeeze" and not third:
            raise RulesError("the squeeze needs a runner on third (7.2)")
        if play == "hit_and_run" and (third or not (first or second)):
            raise RulesError("the hit and run needs runners, none on third (7.3)")
        if play == "hit_and_run" and bunted_foul(state):
            raise RulesError("no hit and run after a bunt attempt's 1AND2 in this plate appearance (18.8, 19.7)")
    corners = level == SUPER and revision >= 2  # 20.2: back, in, or the corners in
    if s.corners_in:
        check_corners_in(state, s, corners)
    if s.infield_in and corners and not (state.bases[2] is not None and state.outs < 2):
        raise RulesError("super advanced: the infield comes in only with a runner on third and fewer than "
                         "two out (20.3, 9.1); against a bunt bring the corners in (20.7)")
    if s.infield_in and not infield_in_allowed(state, level):
        raise RulesError("the infield comes in only with a runner on third and fewer than two out (9.1)"
                         + ("; or, against a sacrifice bunt, with a runner on first or second and fewer "
                            "than two out (20.12)" if level in ADVANCED else ""))
    for base in s.held:
        if base not in (1, 2):
            raise RulesError(f"only a runner on first or second is held (8.2, 13.2), not on base {base}")
        if state.bases[base - 1] is None:
            raise RulesError(f"no runner to hold on base {base}")
    if s.held and s.infield_in:
        raise RulesError("no holding runners with the infield in (8.23, 9.14)")
    if s.outfield_in and level != SUPER:
        raise RulesError("the outfield comes in only in super advanced play (21.1)")
    if s.outfield_in and not outfield_in_allowed(state):
        raise RulesError("the outfield comes in only with the winning run on third, fewer than two out, "
                         "in the home half of the last inning or later (21.1)")


def check_corners_in(state: GameState, s: Strategy, corners: bool) -> None:
    """20.7: the corners in, super advanced (revision 2), with a runner on base and fewer than two out;
    the infield is either in or has its corners in, not both.  Runners may be held (20.75)."""
    if not corners:
        raise RulesError("the corners come in only in super advanced play (20.2, 20.7)")
    if s.infield_in:
        raise RulesError("the infield is in or only its corners are, not both (20.2)")
    if state.outs >= 2 or all(b is None for b in state.bases):
        raise RulesError("the corners come in only with a runner on base and fewer than two out (20.7)")


def outfield_in_allowed(state: GameState) -> bool:
    """21.1: the potential winning run on third with fewer than two out, the game able to end on a
    sacrifice fly: the home team batting, tied, in the last scheduled inning or later."""
    return (state.half == "bottom" and state.inning >= state.innings and state.score[0] == state.score[1]
            and state.bases[2] is not None and state.outs < 2)


def infield_in_allowed(state: GameState, level: str) -> bool:
    """9.1: a runner on third and fewer than two out; advanced 20.12: also whenever a sacrifice may come."""
    if state.outs >= 2:
        return False
    first, second, third = (b is not None for b in state.bases)
    return third or (level in ADVANCED and (first or second))


def check_sacrifice_with_third(state: GameState, s: Strategy, level: str) -> None:
    """7.2: no sacrifice with a runner on third, except first-and-third in advanced (18.4)."""
    if s.play == "sacrifice" and state.bases[2] is not None:
        if level not in ADVANCED or state.bases[0] is None or state.bases[1] is not None:
            raise RulesError("no sacrifice with a runner on third (7.2; 18.4 allows first and third in advanced)")


def check_orders(state: GameState, s: Strategy, level: str, revision: int = 1) -> None:
    """Refuse, when a manager makes it, a conditional choice that cannot arise now.

    The plays ignore such a choice (a cut-off only matters on 13.3's single
    with runners on first and second); refusing it tells the manager at once.
    The corners in (20.7) and, super advanced revision 2, the infield in
    (20.3) are checked then too, so the command that asks is the one refused.
    """
    first, second, third = (b is not None for b in state.bases)
    if s.corners_in or s.outfield_in or (s.infield_in and level == SUPER and revision >= 2):
        check_strategy(state, replace(s, play="swing"), level, revision)
    if s.concede_third:
        if level != SUPER or revision < 2:
            raise RulesError("conceding third to the runner from first (13.5) is a super advanced rule")
        if not first or second:
            raise RulesError("nobody to concede third to: 13.5 needs a runner on first and second base open")
    super_cut = level == SUPER and revision >= 3  # 13.6, 14.4: a cut-off wherever a runner goes home
    if s.hold_trail or s.cut_trail:
        if not super_cut:
            raise RulesError("holding the trail runners or cutting the throw off for them (13.62, 13.623, "
                             "14.42, 14.432) is a super advanced rule (revision 3)")
        if not (first or second):
            raise RulesError("no trail runner: the super advanced cut-off (13.6, 14.4) needs a runner on first "
                             "or second")
    if s.hold_ball and not s.delayed_steal and level == SUPER and revision >= 4 and (first or second):
        pass  # 23.31 (revision 4): the catcher may hold the ball on any steal of second or third
    elif s.delayed_steal or s.hold_ball or s.cut_home:
        if not super_cut:
            raise RulesError("the delayed steal of home (23.9) is a super advanced rule (revision 3)")
        if not (first and third) or second:
            raise RulesError("the delayed steal of home needs runners on first and third, second open (23.91)")
    if s.cut_off and super_cut:
        if not (first or second):
            raise RulesError("nobody to cut off: the super advanced cut-off needs a runner on second (a "
                             "single, 13.61), on first (a double) or on third with another runner (fly()B?, "
                             "14.4)")
    elif s.cut_off:
        if level not in ADVANCED:
            raise RulesError("the cut-off (13.3) is an advanced rule: in basic play the runners "
                             "take their bases on the lead runner's roll (2.2)")
        if not (first and second):
            raise RulesError("nobody to cut off: the cut-off (13.3) needs runners on first and second "
                             "(or the bases loaded)")
    for base in (*s.go, *s.stop):
        if base not in (1, 2, 3):
            raise RulesError(f"a runner is sent or stopped by his base, 1 to 3, not {base}")
        if state.bases[base - 1] is None:
            raise RulesError(f"nobody on {_BASE[base]} to send or stop")
        if base == 3 and level not in ADVANCED:
            raise RulesError("the runner on third has no extra base to try in basic play: he scores on any "
                             "hit and a fly ball's chart moves him (2.2, 3.1)")
        if base == 3 and state.outs == 2:
            raise RulesError("with two out the runner on third has nothing to try: he scores on any hit "
                             "and a caught fly is the third out (14.2)")
    both = set(s.go) & set(s.stop)
    if both:
        raise RulesError(f"the runner on {_BASE.get(min(both), min(both))} cannot be both sent and stopped")
