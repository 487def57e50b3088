"""Where the infielders play and who holds a runner (20.5-20.74, 23.82), and runners moved by a
groundball result chart: shared by the card readings (``outcomes``) and the super advanced fielding
chart (``super_fielding``).
"""

from __future__ import annotations

from league.rules.pa.play import HOME, OUT
from league.rules.pa.state import GameState
from league.rules.strat.context import Ctx
from league.rules.strat.results import Result
from league.rules.strat.strategy import Strategy

Dest = tuple[int | None, int | None, int | None]


# 20.51: with the corners in, the pitcher and catcher play in on an X-chance only with these runners
_BATTERY_IN_WITH_CORNERS = ((None, None, True), (None, True, True))


def plays_in(ctx: Ctx, state: GameState, s: Strategy, r: Result) -> bool:
    """Super advanced (revision 2): whether the fielder of this groundball plays in (20.5-20.74).

    Corners in: first and third base play in (20.72), second and short back (20.73).  The pitcher
    (and catcher): on a card's gb(p) with a runner on third always in (20.5); on an X-chance as the
    infield, or with the corners in only with a runner on third alone or on second and third (20.51).
    """
    at = r.at
    occupied = tuple(True if b is not None else None for b in state.bases)
    if at in ("p", "c"):
        if ctx.x_chance:
            if s.corners_in:
                in_ = occupied in _BATTERY_IN_WITH_CORNERS
                ctx.note(f"X-chance at {at} with the corners in: the battery plays "
                         + ("in (20.51)" if in_ else "back (20.51)"), rule="20.51")
                return in_
            return s.infield_in
        if state.bases[2] is not None and not s.infield_in:
            ctx.note(f"gb({at}) from the card with a runner on third: the pitcher plays in (20.5)", rule="20.5")
            return True
        return s.infield_in
    if s.corners_in:
        in_ = at in ("1b", "3b")
        ctx.note(f"corners in, groundball to {at}: " + ("the infield in rules (20.72)" if in_
                                                          else "the infield back rules (20.73)"), rule="20.7")
        return in_
    return s.infield_in


def holding_infielders(ctx: Ctx, state: GameState, held: tuple[int, ...]) -> set[str]:
    """23.82 (the project's Runner Being Held Chart, the manual's is not printed): a runner held on
    first is held by the first baseman; the man who takes the catcher's throw at second, the shortstop
    against a left-handed batter and the second baseman against a right-handed one (the manual's 23.83
    example), also holds a runner on first, and holds the runner on second."""
    bats = ctx.card(state.offense.batter).bats
    if bats == "S":  # 11.1: a switch hitter bats against the pitcher's hand
        bats = "R" if ctx.pitcher_card(state).hand == "L" else "L"
    middle = "ss" if bats == "L" else "2b"
    out = {middle} if held else set()
    if 1 in held:
        out.add("1b")
    return out


def advance_each(state: GameState, adv: dict[str, int], out: list[int]) -> Dest:
    """Move runners lead first; a runner never passes (or lands on) one ahead."""
    # Every fly and ground ball out passes here: written out without min/max and str() of the bases.
    bases = state.bases
    dest: list[int | None] = [None, None, None]
    blocked = HOME + 1
    for i in (2, 1, 0):
        if not bases[i]:
            continue
        base = i + 1
        if base in out:
            dest[i] = OUT
            continue
        want = base + adv[_KEYS[i]]
        d = HOME if want >= HOME else want if want < blocked else blocked - 1
        if d < base:
            d = base
        dest[i] = d
        if d != HOME:
            blocked = d
    return dest[0], dest[1], dest[2]


_KEYS = ("1", "2", "3")  # the bases as the charts' advance tables key them


def as_dest(d: list[int | None]) -> Dest:
    return d[0], d[1], d[2]
