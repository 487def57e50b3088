"""5: what an error does, by its number on the E?, ET? and EG? charts (#1-#7; #8 is read in the engine)."""

from __future__ import annotations

from league.rules.inside_pitch.context import Ctx
from league.rules.inside_pitch.running import Move, popup
from league.rules.pa.play import HOME, OUT, Play

HIT_BASES = {"S": 1, "S+": 1, "D": 2, "T": 3}


def error_play(ctx: Ctx, entry: str, kind: str, n: int) -> Play:
    st = ctx.state
    if entry == "#1":
        ctx.note(f"#1: E{n} boots the ball: the batter is safe at first, every runner advances one base (5.1)")
        return Move(ctx, 1, 1).play(f"ERROR E{n} (#1)")
    if entry == "#2":
        if st.outs < 2 and st.bases[0] and st.bases[1]:
            ctx.note("infield fly: the batter is out, the runners hold; the error check is negated (5.1)")
            return popup(ctx, n)
        if st.outs == 2:
            ctx.note(f"#2: E{n} drops the popup with two out: the batter to second, runners up two (5.1)")
            return Move(ctx, 2, 2).play(f"ERROR E{n} (#2)")
        ctx.note(f"#2: E{n} drops the popup: the batter safe at first, runners up one (5.1)")
        return Move(ctx, 1, 1).play(f"ERROR E{n} (#2)")
    if entry == "#3":
        if st.outs == 2:
            ctx.note(f"#3: E{n} drops the fly with two out: everyone advances two bases (5.1)")
            return Move(ctx, 2, 2).play(f"ERROR E{n} (#3)")
        m = Move(ctx, 1, 1)
        ctx.note(f"#3: E{n} drops the fly: the batter reaches first, everyone advances one base (5.1)")
        extra_base(ctx, m, n)
        return m.play(f"ERROR E{n} (#3)")
    if entry == "#4":
        ctx.note(f"#4: S{n} and E{n} throws it away: the batter to second, the runners up two (5.1)")
        return Move(ctx, 2, 2).play(f"SINGLE S{n}, throw away by E{n} (#4)", True)
    if entry == "#5":
        bases = HIT_BASES[kind] + 1
        m = Move(ctx, bases, min(bases, HOME))
        ctx.note(f"#5: {kind}{n} and an error by E{n}: everyone advances {bases} bases (5.1)")
        extra_base(ctx, m, n)
        word = {"S": "SINGLE", "S+": "SINGLE", "D": "DOUBLE", "T": "TRIPLE"}[kind]
        return m.play(f"{word} {kind}{n}, misplayed by E{n} (#5)", True)
    if entry == "#6":
        m = Move(ctx, 1, 1)
        receiver = "p" if n == 3 else "1b"
        catcher = ctx.state.defense.at(receiver) or ""
        rating = ctx.card(catcher).at(receiver)
        rng = rating.range_rating if rating else 1
        r = ctx.d6(f"#6: {catcher} ({receiver.upper()} r{rng}) keeps the bad throw from getting by")
        if r <= rng:
            ctx.note(f"#6: E{n} throws wild; 1d6 {r} <= {rng}: a one-base error (5.2)")
            return m.play(f"ERROR E{n} (#6)")
        b = ctx.d6("#6: every runner against his BR for another base")
        ctx.note(f"#6: E{n} throws wild; 1d6 {r} > {rng}: the ball gets by; 1d6 {b} against each runner's BR (5.2)")
        for w in m.runners_ahead_first():
            br = ctx.br(m.player(w))
            if b <= br and m.up(w):
                ctx.note(f"{m.player(w)}: {b} <= BR {br}: another base")
        return m.play(f"ERROR E{n} (#6)")
    if entry == "#7":
        ctx.note(f"#7: L{n} caught; the throw to double off a runner gets away: runners up one (5.2)")
        return Move(ctx, 1, OUT).play(f"LINEOUT L{n}, throwing error E{n} (#7)")
    raise ValueError(f"unknown error {entry}")


def extra_base(ctx: Ctx, m: Move, n: int) -> None:
    """#3, #5: one 1d6, from the lead runner back to the batter, against Adjusted BR = BR + arm (+1 two out)."""
    _, rating = ctx.fielder(n)
    r = ctx.d6(f"extra base on the error by {n}")
    for w in m.runners_ahead_first():
        adj = ctx.br(m.player(w)) + rating.arm + ctx.two_out
        if r <= adj and m.up(w):
            ctx.note(f"{m.player(w)}: 1d6 {r} <= Adjusted BR {adj}: one base further on the error (5.1)")
        else:
            ctx.note(f"{m.player(w)}: 1d6 {r} > Adjusted BR {adj} (or blocked): holds (5.1)")
            break


__all__ = ["error_play", "extra_base"]
