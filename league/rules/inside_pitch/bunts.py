"""11.3 sacrifice bunts: the fielder (1d6), the bunt chart (1d20 by BNT) and its results.

The bunt chart's columns are printed with gaps (a column without a foul,
safe, too-hard or popout range has none); read in order they fill 1-20 for
every BNT, which is how :data:`BUNT_CHART` keeps them.
"""

from __future__ import annotations

from league.rules.inside_pitch.context import Ctx
from league.rules.inside_pitch.running import BATTER, Move, depth, fielder_depth, groundout
from league.rules.pa.play import OUT, Play, hold

BUNT_FIELDER = {1: 1, 2: 1, 3: 3, 4: 3, 5: 5, 6: 2}  # 1d6 -> P, P, 1B, 1B, 3B, C
# BNT -> ((result, lo, hi), ...) on 1d20
BUNT_CHART: dict[int, tuple[tuple[str, int, int], ...]] = {
    0: (("sacrifice", 1, 6), ("foul", 7, 9), ("lead out", 10, 13), ("too hard", 14, 18), ("popout", 19, 20)),
    1: (("sacrifice", 1, 8), ("foul", 9, 10), ("lead out", 11, 14), ("too hard", 15, 18), ("popout", 19, 20)),
    2: (("sacrifice", 1, 10), ("foul", 11, 12), ("lead out", 13, 15), ("safe", 16, 16), ("too hard", 17, 19),
        ("popout", 20, 20)),
    3: (("sacrifice", 1, 12), ("foul", 13, 13), ("lead out", 14, 16), ("safe", 17, 17), ("too hard", 18, 19),
        ("popout", 20, 20)),
    4: (("sacrifice", 1, 14), ("foul", 15, 15), ("lead out", 16, 17), ("safe", 18, 19), ("too hard", 20, 20)),
    5: (("sacrifice", 1, 16), ("lead out", 17, 18), ("safe", 19, 20)),
}
# OWN: the pitcher's card results a bunt attempt keeps (the manual's list is not printed): a pitch that
# never lets him bunt -- a walk, a hit batsman, a wild pitch or passed ball.
KEEPS = frozenset({"W", "W+", "HBP", "WLD"})


def bunt_result(bnt: int, roll: int) -> str:
    return next(r for r, lo, hi in BUNT_CHART[max(0, min(5, bnt))] if lo <= roll <= hi)


def sacrifice(ctx: Ctx) -> Play:
    st = ctx.state
    f = ctx.d6("bunt fielder")
    n = BUNT_FIELDER[f]
    d = fielder_depth(ctx, n, depth(ctx))
    bnt = ctx.batter.number("bnt") - (1 if d == "in" else 0)
    roll = ctx.d20(f"bunt chart (BNT {bnt})")
    result = bunt_result(bnt, roll)
    ctx.note(f"sacrifice bunt: 1d6 {f} fielded by {n}; bunt chart BNT {bnt}{' (fielder in)' if d == 'in' else ''}, "
             f"d20 {roll}: {result} (11.3)", chart="bunt", row=roll, column=bnt)
    if result == "sacrifice":
        return Move(ctx, 1, OUT).play(f"SAC bunt to {n}", runs_on_third_out=False)
    if result == "foul":
        return Play(None, hold(st), label="FOUL")
    if result == "safe":
        return Move(ctx, 1, 1).play(f"SINGLE (bunt to {n})", True)
    if result == "too hard":
        return groundout(ctx, n, depth(ctx))
    m = Move(ctx, 1, 1)
    lead = m.runners_ahead_first()[0]
    if result == "lead out":
        m.at[lead] = OUT
        return m.play(f"FIELDER'S CHOICE bunt to {n}, lead runner out", runs_on_third_out=False)
    m = Move(ctx, 0, OUT)  # popout: the batter is out; the lead runner against his BR
    lead = next(w for w in (2, 1, 0) if m.on[w])
    br = ctx.br(m.player(lead))
    r = ctx.d6(f"popout: the lead runner against BR {br}")
    if r > br:
        m.at[lead] = OUT
        ctx.note(f"popout: 1d6 {r} > BR {br}: the lead runner is doubled off (11.3)")
    else:
        ctx.note(f"popout: 1d6 {r} <= BR {br}: the lead runner gets back (11.3)")
    return m.play(f"POPUP P{n} (bunt)", runs_on_third_out=False)


__all__ = ["BATTER", "KEEPS", "bunt_result", "sacrifice"]
