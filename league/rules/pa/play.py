"""Apply a play to the state: outs, runners, runs, half-innings, the game's end.

A rule system turns dice into a :class:`Play` (where the batter and each
runner end up); :func:`apply_play` is the one place that counts outs and runs,
so every system shares the same bookkeeping for walk-offs, the third out and
extra innings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league.rules.pa.state import EMPTY, GameState, PitcherLog, Team, evolve

OUT, HOME = 0, 4
_new, _set = object.__new__, object.__setattr__  # see state.copied


@dataclass(frozen=True, init=False)  # its own __init__, below
class Play:
    """Where everyone ends up.  Bases are 1-3, ``0`` is out, ``4`` scored.

    ``batter`` is None when the plate appearance goes on (a steal, a balk).
    ``runners`` gives a destination for each occupied base, first to third;
    None for an empty base.
    """

    batter: int | None
    runners: tuple[int | None, int | None, int | None] = (None, None, None)
    # Manual practice (Strat 3.1/4.1): a fly or ground out that is the third
    # out cancels all advancement.  Hits and steals let earlier runs stand.
    runs_on_third_out: bool = False
    hit_or_walk: bool = False  # counts against the pitcher's endurance
    label: str = ""

    def __init__(self, batter: int | None, runners: tuple[int | None, int | None, int | None] = (None, None, None),
                 runs_on_third_out: bool = False, hit_or_walk: bool = False, label: str = "") -> None:
        # The generated __init__ of a frozen dataclass sets each field by a call of object.__setattr__;
        # a play or two is made every plate appearance, so the fields are given as one dict (in the
        # fields' order, as that __init__ would), built whole: see league.rules.pa.state.PitcherLog.
        _set(self, "__dict__", {"batter": batter, "runners": runners, "runs_on_third_out": runs_on_third_out,
                                "hit_or_walk": hit_or_walk, "label": label})


def hold(state: GameState) -> tuple[int | None, int | None, int | None]:
    """Every runner stays where he is."""
    first, second, third = state.bases  # written out: most plays ask, and a generator costs a frame
    return 1 if first else None, 2 if second else None, 3 if third else None


def advance(state: GameState, n: int) -> tuple[int | None, int | None, int | None]:
    """Every runner moves n bases."""
    first, second, third = state.bases
    return (min(1 + n, HOME) if first else None, min(2 + n, HOME) if second else None,
            min(3 + n, HOME) if third else None)


def forced(state: GameState) -> tuple[int | None, int | None, int | None]:
    """A walk: only runners forced by the batter move up one base."""
    dest: list[int | None] = list(hold(state))
    push = True  # the batter takes first
    for i, b in enumerate(state.bases):
        if b is None:
            push = False
        elif push:
            dest[i] = i + 2
    return dest[0], dest[1], dest[2]


def apply_play(state: GameState, play: Play) -> tuple[GameState, dict[str, Any]]:
    """The state after ``play`` and the facts: outs, who scored, whether it ended."""
    # Every play of every game passes here (a season's audit replays 240,000): the new
    # state is built in one copy, with its teams, rather than a copy per change, and the
    # pitcher's log is written here rather than by a helper (a call and two properties a play).
    _check_destinations(state, play)
    top = state.half == "top"
    if top:
        offense, defense = state.visitor, state.home
    else:
        offense, defense = state.home, state.visitor
    batter = offense.order[offense.up]
    runners = play.runners
    to = play.batter
    outs_made = 1 if to == OUT else 0
    # Runners cross in order: third, second, first, then the batter.
    crossing: list[str] = []
    bases: list[str | None] = [None, None, None]
    before = state.bases
    for i in (2, 1, 0):
        b = before[i]
        if b:
            d = runners[i]
            if d == OUT:
                outs_made += 1
            elif d == HOME:
                crossing.append(b)
            elif d is not None and 1 <= d <= 3:
                bases[d - 1] = b
    was = state.outs
    outs = min(was + outs_made, 3)
    if to == HOME:
        crossing.append(batter)
    if outs == 3 and not play.runs_on_third_out:
        crossing = []
    scored = _walk_off_limit(state, crossing, play) if crossing and not top else crossing
    visitor, home = state.score
    if top:
        visitor += len(scored)
    else:
        home += len(scored)
    if to is not None and 1 <= to <= 3:
        bases[to - 1] = batter
    # The pitcher's stint: his outs, batters faced and the hits and walks endurance counts.
    pitchers = defense.pitchers
    stint: PitcherLog = pitchers[-1]
    done = stint.outs
    # The copies are copied()'s two steps written out: four a play, each call a tenth of the copy.  Each
    # dict is the old one's copy with its changes set in place (``d | {...}`` built and merged a second
    # dict), or for the stint, whose fields are few, built whole in its fields' order.
    log = _new(PitcherLog)
    _set(log, "__dict__", {
        "pitcher": stint.pitcher, "role": stint.role, "entered_inning": stint.entered_inning,
        "outs": done + outs - was,
        "batters": stint.batters + (1 if to is not None else 0),
        "counted": stint.counted + ((state.inning, done),) if play.hit_or_walk else stint.counted})
    fielding = _new(Team)
    fields = defense.__dict__.copy()
    fields["pitchers"] = pitchers[:-1] + (log,)
    _set(fielding, "__dict__", fields)
    if to is None:
        batting = offense
    else:
        batting = _new(Team)
        fields = offense.__dict__.copy()
        fields["up"] = (offense.up + 1) % 9
        _set(batting, "__dict__", fields)
    state_dict = state.__dict__.copy()
    if top:
        state_dict["visitor"], state_dict["home"] = batting, fielding
    else:
        state_dict["visitor"], state_dict["home"] = fielding, batting
    state_dict["outs"] = outs
    state_dict["bases"] = (bases[0], bases[1], bases[2])
    state_dict["score"] = (visitor, home)
    state_dict["plays"] = state.plays + 1
    facts: dict[str, Any] = {"outs_made": outs - was, "scored": scored,
                             "runs": len(scored)}
    if not top and state.inning >= state.innings and home > visitor:  # a walk-off
        state_dict["over"] = True
        facts["walk_off"] = True
    elif outs == 3:  # end_half, in the same copy
        if state.inning >= state.innings and ((top and home > visitor) or (not top and visitor != home)):
            state_dict["over"] = True
        elif top:
            state_dict["half"] = "bottom"
            state_dict["outs"] = 0
        else:
            state_dict["half"] = "top"
            state_dict["inning"] = state.inning + 1
            state_dict["outs"] = 0
        state_dict["bases"] = EMPTY
        facts["half_over"] = True
    new = _new(GameState)
    _set(new, "__dict__", state_dict)
    facts["game_over"] = new.over
    facts["after"] = new.summary()
    return new, facts


def end_half(state: GameState) -> GameState:
    """Three out: switch sides, or end the game if it is decided."""
    v, h = state.score
    last = state.inning >= state.innings
    if last and ((state.half == "top" and h > v) or (state.half == "bottom" and v != h)):
        return evolve(state, over=True, outs=3, bases=EMPTY)
    if state.half == "top":
        return evolve(state, half="bottom", outs=0, bases=EMPTY)
    return evolve(state, half="top", inning=state.inning + 1, outs=0, bases=EMPTY)


def _walk_off_limit(state: GameState, crossing: list[str], play: Play) -> list[str]:
    """In a walk-off only the winning run counts, unless the batter homered."""
    if state.half != "bottom" or state.inning < state.innings or play.batter == HOME:
        return crossing
    need = state.score[0] - state.score[1] + 1
    return crossing[:max(need, 0)] if need > 0 else crossing


def _check_destinations(state: GameState, play: Play) -> None:
    if state.over:
        raise ValueError("the game is over")
    if state.bases == EMPTY and play.runners == EMPTY:  # nobody on (half the plays): the batter alone
        return
    # What is checked depends only on which bases are taken and where the play sends everyone: a
    # season's plays have a few hundred such shapes, each checked once.
    if type(play.runners) is not tuple:  # not hashable: checked as it comes
        _check_shape(state, play)
        return
    first, second, third = state.bases
    shape = (first is None, second is None, third is None, play.runners, play.batter)
    if shape in _SOUND:
        return
    _check_shape(state, play)
    if len(_SOUND) < 4096:
        _SOUND.add(shape)


_SOUND: set[tuple[Any, ...]] = set()  # shapes of plays found sound (see _check_destinations)


def _check_shape(state: GameState, play: Play) -> None:
    taken: set[int] = set()
    for i, b in enumerate(state.bases):
        d = play.runners[i]
        if (b is None) != (d is None):
            raise ValueError(f"play {play.label!r}: base {i + 1} runner/destination mismatch")
        if d is not None and 1 <= d <= 3:
            if d < i + 1 or d in taken:
                raise ValueError(f"play {play.label!r}: runner from {i + 1} cannot end on {d}")
            taken.add(d)
    if play.batter is not None and 1 <= play.batter <= 3 and play.batter in taken:
        raise ValueError(f"play {play.label!r}: batter and a runner both on {play.batter}")
    # Nobody passes a runner ahead of him (outs and runs aside).
    order = [d for i, b in enumerate(state.bases)
             if b and (d := play.runners[i]) is not None and d not in (OUT, HOME)]
    if play.batter not in (None, OUT, HOME):
        order.insert(0, play.batter)
    if order != sorted(order):
        raise ValueError(f"play {play.label!r}: a runner passes another")
