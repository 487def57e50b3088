"""11: the strategy roll, stealing (11.1) and pickoffs (11.4).

The strategy roll is one 1d20 per plate appearance with runners on base
(not when the score differential plus the inning exceeds 10).  Its ranges:
a steal for each runner whose Adjusted ATT covers it, a hit and run on the
two numbers above the runner on first's, a sacrifice bunt on the bunting
chart's range (fewer than two out), a pickoff attempt on 20.  The hit and
run's adjustments are not printed: :func:`hit_and_run` is the project's
(docs/inside-pitch.md).
"""

from __future__ import annotations

from typing import Any

from league.rules.inside_pitch.cards import in_range
from league.rules.inside_pitch.charts import BUNTING
from league.rules.inside_pitch.context import Ctx
from league.rules.pa.play import HOME, OUT, Play, advance, hold

DIVISOR = {2: 1, 3: 2, 4: 5}  # 11.1.1: the base to steal -> (ATT + HLD) divided by


def adjusted_att(ctx: Ctx, base: int) -> int | None:
    """11.1.1: the runner on ``base`` (1-3) stealing the next base; None for an N or H runner."""
    runner = ctx.state.bases[base - 1]
    if runner is None:
        return None
    att = ctx.card(runner).split("att", True)
    if att in ("N", "H", "-"):
        return None
    raw = int(att)
    total = (raw + ctx.pitcher.number("hld")) // DIVISOR[base + 1]
    return max(0, min(total, 2 * raw))


def strategy_roll(ctx: Ctx) -> tuple[str, Play | None, dict[str, Any]] | None:
    """A steal or a pickoff (with its play), a bunt (no play: the at bat is a sacrifice attempt), or None."""
    st = ctx.state
    v, h = st.score
    if abs(v - h) + st.inning > 10:
        ctx.note(f"no strategy roll: score differential {abs(v - h)} + inning {st.inning} > 10 (11)")
        return None
    r = ctx.d20("strategy roll")
    if r == 20:
        ctx.note("strategy roll 20: a pickoff attempt (11.4)", chart="strategy", row=r)
        return "pickoff", pickoff(ctx), {"completed": False}
    going: list[int] = []
    for base in (3, 2, 1):
        adj = adjusted_att(ctx, base)
        if adj is None or r > adj:
            continue
        ahead = base + 1
        if ahead <= 3 and st.bases[ahead - 1] is not None and ahead not in going:
            continue  # the runner ahead stays: no room
        going.append(base)
    if going:
        ctx.note(f"strategy roll {r}: " + ", ".join(f"the runner on {b} gets the jump (Adjusted ATT "
                                                    f"{adjusted_att(ctx, b)})" for b in going) + " (11.1.1)",
                 chart="strategy", row=r)
        return "steal", steal(ctx, tuple(going), "the strategy roll"), {"runners": going, "completed": False}
    first = st.bases[0]
    if first is not None:
        att = ctx.card(first).split("att", True)
        base_att = 0 if att == "H" else (adjusted_att(ctx, 1) if att not in ("N", "-") else None)
        if base_att is not None and base_att < r <= base_att + 2:
            ctx.note(f"strategy roll {r}: a hit and run (11.2)", chart="strategy", row=r)
            return "hit_and_run", None, {}
        bunt = _bunt_range(ctx)
        if st.outs < 2 and r > 10 and bunt is not None and in_range(r, bunt):
            ctx.note(f"strategy roll {r}: a sacrifice bunt attempt (11.3)", chart="strategy", row=r)
            return "bunt", None, {}
    ctx.note(f"strategy roll {r}: no strategy (11)", chart="strategy", row=r)
    return None


def hit_and_run(ctx: Ctx, play: Play) -> Play:
    """11.2, the project's adjustments (the manual does not print them): the runner on first goes with the pitch.

    A strikeout: he must steal second (11.1.2).  A ground ball: no double play, he reaches second and the
    batter is out.  A single: he takes third when it is free.  A line drive or popup caught with fewer than
    two out: he is doubled off first.  Anything else as it came.
    """
    st = ctx.state
    word = play.label.split(" ")[0]
    dest = list(play.runners)
    batter = play.batter
    if word == "STRIKEOUT" and st.outs < 2 and st.bases[1] is None:
        ctx.note("hit and run: the batter misses; the runner from first must steal (11.2, project's rule)")
        dest = list(steal(ctx, (1,), "the hit and run").runners)
    elif word == "GROUNDBALL" and st.outs < 2 and dest[0] == 0 and dest[1] != 2:
        ctx.note("hit and run: the runner was going: no double play, he reaches second (11.2, project's rule)")
        dest[0], batter = 2, 0
    elif word == "SINGLE" and dest[0] == 2 and 3 not in (dest[1], dest[2]) and batter != 3:
        dest[0] = 3
        ctx.note("hit and run: the runner from first takes third on the single (11.2, project's rule)")
    elif word in ("LINEOUT", "POPUP") and st.outs < 2 and dest[0] == 1:
        dest[0] = 0
        ctx.note("hit and run: the runner from first is doubled off (11.2, project's rule)")
    return Play(batter, (dest[0], dest[1], dest[2]), play.runs_on_third_out, play.hit_or_walk, play.label)


def _bunt_range(ctx: Ctx) -> tuple[int, int] | None:
    bnt = max(0, min(5, ctx.batter.number("bnt")))
    players, pitchers = BUNTING[bnt]
    return pitchers if any(f.position == "p" for f in ctx.batter.fielding) else players


def steal(ctx: Ctx, bases: tuple[int, ...], why: str) -> Play:
    """11.1.2: each runner rolls 1d20 against SB + pitcher's SB + catcher's arm (home: SB + pitcher's SB - 10)."""
    st = ctx.state
    catcher, rating = ctx.fielder(2)
    dest: list[int | None] = list(hold(st))
    caught: list[int] = []
    error = False
    for base in sorted(bases, reverse=True):
        runner = st.bases[base - 1]
        if runner is None:
            raise ValueError(f"nobody on base {base} to steal")
        sb, psb = ctx.card(runner).number("sb"), ctx.pitcher.number("sb")
        total = sb + psb - 10 if base == 3 else sb + psb + rating.arm
        r = ctx.d20(f"{runner} steals {'home' if base == 3 else base + 1} (Adjusted SB {total})")
        safe = r <= total and r != 20
        ctx.note(f"{runner} steals: d20 {r} {'<=' if safe else '>'} Adjusted SB {total}"
                 f"{' (20 is always caught)' if r == 20 else ''}: {'safe' if safe else 'caught'} (11.1.2)")
        dest[base - 1] = base + 1 if safe else OUT
        if not safe:
            caught.append(base)
        if safe and r <= 2 and not error:
            e = ctx.d20(f"throwing error by {catcher} (e{rating.error_rating})")
            error = e <= rating.error_rating
            ctx.note(f"d20 {e}: {'a throwing error: every runner one more base' if error else 'no error'} (11.1.2)")
    if len(caught) > 1:  # 11.1.2: both caught: the runner stealing third is out, the other is safe
        keep = 2 if 2 in caught else max(caught)
        for base in caught:
            if base != keep:
                dest[base - 1] = base + 1
        ctx.note(f"both runners caught: default to the runner stealing {keep + 1} (11.1.2)")
    if error:
        dest = [None if d is None else d if d == OUT else min(d + 1, HOME) for d in dest]
    return Play(None, (dest[0], dest[1], dest[2]), True, label=f"STEAL ({why})")


def _target(ctx: Ctx) -> int:
    st = ctx.state
    for base in (2, 1):
        if st.bases[base - 1] and not st.bases[base]:
            return base
    return 3 if st.bases[2] else 1


def picked_off(ctx: Ctx) -> Play:
    base = _target(ctx)
    dest = list(hold(ctx.state))
    dest[base - 1] = OUT
    ctx.note(f"the runner on {base} is picked off (11.4)")
    return Play(None, (dest[0], dest[1], dest[2]), True, label="PICKED OFF")


def pickoff(ctx: Ctx) -> Play:
    """11.4: 1d20 against the pitcher's BLK, PO and POE ranges."""
    st, p = ctx.state, ctx.pitcher
    r = ctx.d20("pickoff attempt: BLK, PO, POE")
    if in_range(r, p.range("blk")):
        ctx.note(f"pickoff: d20 {r} in BLK {p.range('blk')}: a balk, every runner advances (11.4)")
        return Play(None, advance(st, 1), True, label="BALK")
    if in_range(r, p.range("po")):
        ctx.note(f"pickoff: d20 {r} in PO {p.range('po')} (11.4)")
        return picked_off(ctx)
    if in_range(r, p.range("poe")):
        ctx.note(f"pickoff: d20 {r} in POE {p.range('poe')}: the pitcher throws it away, every runner advances (11.4)")
        return Play(None, advance(st, 1), True, label="PICKOFF ERROR")
    ctx.note(f"pickoff: d20 {r}: the runner gets back (11.4)")
    return Play(None, hold(st), label="PICKOFF ATTEMPT")


__all__ = ["adjusted_att", "hit_and_run", "picked_off", "pickoff", "steal", "strategy_roll"]
