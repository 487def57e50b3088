"""11.3 sacrifice bunts: the fielder (1d6), the bunt chart (1d20 by BNT) and its results.

The bunt chart's columns are printed with gaps (a column without a foul,
safe, too-hard or popout range has none); read in order they fill 1-20 for
every BNT, which is how :data:`BUNT_CHART` keeps them.
"""

from __future__ import annotations

from league.rules.inside_pitch.charts import BUNT_BR, BUNT_RANGE
from league.rules.inside_pitch.context import Ctx
from league.rules.inside_pitch.running import Move, depth, fielder_depth, groundout
from league.rules.pa.play import HOME, OUT, Play, forced, hold

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


# 11.6 Squeeze bunt chart: BNT -> ((result, lo, hi), ...) on 1d20.
SQUEEZE_CHART: dict[int, tuple[tuple[str, int, int], ...]] = {
    0: (("sacrifice", 1, 1), ("foul", 2, 5), ("lead out", 6, 11), ("choice", 12, 16), ("rundown", 17, 17),
        ("popout", 18, 20)),
    1: (("sacrifice", 1, 2), ("foul", 3, 6), ("lead out", 7, 11), ("choice", 12, 16), ("rundown", 17, 17),
        ("popout", 18, 20)),
    2: (("sacrifice", 1, 4), ("foul", 5, 7), ("lead out", 8, 11), ("choice", 12, 17), ("rundown", 18, 18),
        ("popout", 19, 20)),
    3: (("sacrifice", 1, 6), ("foul", 7, 8), ("lead out", 9, 11), ("choice", 12, 17), ("rundown", 18, 18),
        ("popout", 19, 20)),
    4: (("sacrifice", 1, 8), ("foul", 9, 9), ("lead out", 10, 11), ("choice", 12, 18), ("rundown", 19, 19),
        ("popout", 20, 20)),
    5: (("sacrifice", 1, 10), ("lead out", 11, 11), ("choice", 12, 18), ("rundown", 19, 19), ("popout", 20, 20)),
}


def bunt_result(bnt: int, roll: int, chart: dict[int, tuple[tuple[str, int, int], ...]] = BUNT_CHART) -> str:
    return next(r for r, lo, hi in chart[max(0, min(5, bnt))] if lo <= roll <= hi)


def sacrifice(ctx: Ctx, kind: str = "bunt") -> Play:
    """11.3 (``bunt``), 11.5 (``bunt_hit``: bunting for a hit) and 11.6 (``squeeze``)."""
    st = ctx.state
    f = ctx.d6("bunt fielder")
    n = BUNT_FIELDER[f]
    d = fielder_depth(ctx, n, depth(ctx))
    bnt = ctx.batter.number("bnt") - (1 if d == "in" else 0)
    chart = SQUEEZE_CHART if kind == "squeeze" else BUNT_CHART
    roll = ctx.d20(f"{'squeeze' if kind == 'squeeze' else 'bunt'} chart (BNT {bnt})")
    result = bunt_result(bnt, roll, chart)
    section = {"bunt": "11.3", "bunt_hit": "11.5", "squeeze": "11.6"}[kind]
    ctx.note(f"{kind.replace('_', ' for a ')}: 1d6 {f} fielded by {n}; {'squeeze' if kind == 'squeeze' else 'bunt'} "
             f"chart BNT {bnt}{' (fielder in)' if d == 'in' else ''}, d20 {roll}: {result} ({section})",
             chart="squeeze" if kind == "squeeze" else "bunt", row=roll, column=bnt)
    if kind == "squeeze":
        return _squeeze(ctx, result, n, d)
    if result == "sacrifice" and kind == "bunt_hit":
        _, rating = ctx.fielder(n)
        br, rng = ctx.br(st.offense.batter), rating.range_rating
        if ctx.revision >= 2:  # 8.12: the batter's BR and the fielder's range by his depth
            br, rng = br + BUNT_BR[d], rng + BUNT_RANGE[d]
            ctx.note(f"8.12, fielder {d}: batter's BR {BUNT_BR[d]:+d}, range {BUNT_RANGE[d]:+d}")
        need = ctx.batter.number("bnt") + br - rng
        r = ctx.d20(f"bunt for a hit: BNT + BR - range = {need}")
        if r <= need:
            ctx.note(f"bunt for a hit: d20 {r} <= {need}: a single (11.5)")
            return Move(ctx, 1, 1).play(f"SINGLE (bunt to {n})", True)
        ctx.note(f"bunt for a hit: d20 {r} > {need}: a groundout (11.5)")
        return Move(ctx, 1, OUT).play(f"GROUNDBALL G{n} (bunt)", runs_on_third_out=False)
    if result == "sacrifice":
        return Move(ctx, 1, OUT).play(f"SAC bunt to {n}", runs_on_third_out=False)
    if result == "foul":
        return Play(None, hold(st), label="FOUL")
    if result == "safe":
        return Move(ctx, 1, 1).play(f"SINGLE (bunt to {n})", True)
    if result == "too hard":
        return groundout(ctx, n, depth(ctx), bunt=True)
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


def _squeeze(ctx: Ctx, result: str, n: int, d: str) -> Play:
    st = ctx.state
    runner = str(st.bases[2])
    if result == "sacrifice":  # the only play is on the batter at first
        return Move(ctx, 1, OUT).play(f"SQZ bunt to {n}")
    if result == "foul":
        return Play(None, hold(st), label="FOUL")
    if result == "lead out":
        m = Move(ctx, 1, 1)
        m.at[2] = OUT
        return m.play(f"FIELDER'S CHOICE squeeze to {n}, out at the plate", runs_on_third_out=False)
    if result == "popout":
        m = Move(ctx, 0, OUT)
        m.at[2] = OUT
        return m.play(f"POPUP P{n} (squeeze), the runner from third doubled off", runs_on_third_out=False)
    m = Move(ctx, 1, 1)
    br = ctx.br(runner)
    if result == "choice":
        adj = br - (1 if d == "in" else 0)
        if adj > 3:  # the documented choice: a play at the plate only when it is likely to get him
            m.at[3] = OUT
            ctx.note(f"?? bunt: the runner from third has BR {adj}: the defense takes the out at first (11.6)")
            return m.play(f"SQZ bunt to {n}")
        r = ctx.d6(f"?? bunt: the play at the plate (BR {adj})")
        m.at[2] = HOME if r <= adj else OUT
        ctx.note(f"?? bunt: the play at the plate: 1d6 {r} {'<=' if r <= adj else '>'} BR {adj}: "
                 f"{'he scores' if r <= adj else 'out at the plate'}; the batter safe at first (11.6)")
        return m.play(f"FIELDER'S CHOICE squeeze to {n}", runs_on_third_out=False)
    r = ctx.d6(f"rundown of {runner}")  # 11.6 rundown: the 7.2 rundown chart
    if r == 6:
        m.at[2] = HOME
        ctx.note(f"rundown 6: {runner} gets under the tag and scores (11.6)", chart="rundown", row=r)
    else:
        m.at[2] = OUT
        if r == 1 or r > br:  # no advance for the others: only a runner the batter forces moves up
            pushed = forced(st)
            for w in (0, 1):
                if m.on[w]:
                    m.at[w] = pushed[w]
        ctx.note(f"rundown {r}: {runner} is out" + ("; the others advance" if 1 < r <= br else "") + " (11.6)",
                 chart="rundown", row=r)
    return m.play(f"FIELDER'S CHOICE squeeze to {n}, rundown", runs_on_third_out=False)


__all__ = ["KEEPS", "SQUEEZE_CHART", "bunt_result", "sacrifice"]
