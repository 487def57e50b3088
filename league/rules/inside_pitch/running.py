"""Where the batter and the runners end up: hits (7), groundouts (8), lineouts (9), flyouts (10).

Each function reads the dice it needs through the :class:`Ctx` and returns a
:class:`~league.rules.pa.play.Play`; the explanation of every roll goes to
``ctx.note``.  Bases are 1-3, 0 out, 4 scored.
"""

from __future__ import annotations

from typing import Callable

from league.rules.inside_pitch.charts import (BUNT_GDP, DEPTH_BR_FIRST, DEPTH_BR_THIRD, DEPTH_GDP, FLY_TAG_FROM_SECOND,
                                              INFIELD_SINGLES, LINEOUT_DP, OUTFIELD_BR, PIVOT)
from league.rules.inside_pitch.context import Ctx
from league.rules.pa.play import HOME, OUT, Play, forced, hold

Who = int  # 0-2: the runner who started on that base; 3: the batter
BATTER = 3


class Move:
    """Destinations being worked out: ``at[w]`` for each runner (0-2) and the batter (3)."""

    def __init__(self, ctx: Ctx, bases: int, batter: int | None) -> None:
        st = ctx.state
        self.ctx = ctx
        self.on = [b is not None for b in st.bases]
        self.at: list[int | None] = [min(i + 1 + bases, HOME) if self.on[i] else None for i in range(3)]
        self.at.append(batter)

    def player(self, w: Who) -> str:
        st = self.ctx.state
        return st.offense.batter if w == BATTER else str(st.bases[w])

    def free(self, base: int, w: Who) -> bool:
        """Nobody else stands on ``base`` (1-3; home is always free)."""
        return base >= HOME or all(self.at[o] != base for o in range(4) if o != w)

    def up(self, w: Who) -> bool:
        """Move ``w`` one base further if the base is free."""
        now = self.at[w]
        if now is None or now in (OUT, HOME) or not self.free(now + 1, w):
            return False
        self.at[w] = now + 1
        return True

    def play(self, label: str, hit_or_walk: bool = False, runs_on_third_out: bool = True) -> Play:
        return Play(self.at[3], (self.at[0], self.at[1], self.at[2]), runs_on_third_out, hit_or_walk, label)

    def runners_ahead_first(self) -> list[Who]:
        """Runners on base, the lead runner first, then the batter if he is running."""
        out = [w for w in (2, 1, 0) if self.on[w] and self.at[w] not in (OUT, HOME)]
        return out + ([BATTER] if self.at[3] not in (None, OUT, HOME) else [])


def walk(ctx: Ctx, label: str) -> Play:
    return Play(1, forced(ctx.state), True, True, label)


def strikeout(ctx: Ctx, label: str = "STRIKEOUT") -> Play:
    return Play(OUT, hold(ctx.state), False, False, label)


def homer(ctx: Ctx, field: int) -> Play:
    return Move(ctx, 4, HOME).play(f"HOMERUN H{field or ''}", True)


def triple(ctx: Ctx, field: int) -> Play:
    return Move(ctx, 4, 3).play(f"TRIPLE T{field}", True)  # 7.2: all runners score, the batter holds at third


def infield_single(ctx: Ctx, n: int, label: str | None = None) -> Play:
    """7.1: runners up one; then from the lead runner back, the chart's BR ranges (BR + 1 with two out)."""
    m = Move(ctx, 1, 1)
    label = label or f"SINGLE S{n}"
    if n == 2:
        ctx.note("S2: every runner advances one base only (7.1)")
        return m.play(label, True)
    third, home = INFIELD_SINGLES[n]
    for w, least in ((1, home), (0, third)):
        if m.on[w]:
            br = ctx.br(m.player(w)) + ctx.two_out
            if br >= least and m.up(w):
                ctx.note(f"S{n}: runner from {w + 1} (BR {br}) takes the extra base (needs {least}+) (7.1)")
            else:
                ctx.note(f"S{n}: runner from {w + 1} (BR {br}) holds at {m.at[w]} (needs {least}+) (7.1)")
    return m.play(label, True)


def outfield_hit(ctx: Ctx, kind: str, n: int, label: str | None = None) -> Play:
    """7.2: singles and doubles to the outfield: the lead runner's Adjusted BR and maybe a throw."""
    bases = 1 if kind == "S" else 2
    m = Move(ctx, bases, bases)
    label = label or f"{'SINGLE' if kind == 'S' else 'DOUBLE'} {kind}{n}"
    _, arm = ctx.fielder(n)
    chart = OUTFIELD_BR[(kind, n)]
    leads = [w for w in (1, 0) if m.on[w] and (w + 1) in chart]

    def adjusted(w: Who) -> int:
        if w == BATTER:
            return ctx.br(m.player(w))
        return ctx.br(m.player(w)) + chart.get(w + 1, 0) + arm.arm + ctx.two_out

    for i, lead in enumerate(leads):
        trailing = [w for w in (0, BATTER) if w != lead and (w == BATTER or (m.on[w] and w < lead))]
        done = throw(ctx, m, lead, trailing, adjusted, f"{kind}{n}")
        if done != "no throw, advances" or i + 1 >= len(leads):
            break
        ctx.note(f"the runner from {leads[i + 1] + 1} becomes the lead runner (7.2)")
    return m.play(label, True)


def throw(ctx: Ctx, m: Move, lead: Who, trailing: list[Who], adjusted: Callable[[Who], int], what: str) -> str:
    """7.2 "Is a throw possible?", the 2d6 advancement chart, charts A and B and the rundown chart."""
    abr = adjusted(lead)
    who = f"runner from {lead + 1}" if lead != BATTER else "batter"
    if abr < 1:
        ctx.note(f"{what}: lead {who} Adjusted BR {abr}: holds, no throw (7.2)")
        return "no throw, holds"
    if abr >= 6:
        m.up(lead)
        ctx.note(f"{what}: lead {who} Adjusted BR {abr}: advances, no throw (7.2)")
        return "no throw, advances"
    roll = ctx.two(f"throw on the {who} (Adjusted BR {abr})")
    first, second = roll.first, roll.second
    ctx.note(f"{what}: lead {who} Adjusted BR {abr}: a throw is possible; 2d6 {first}-{second} (7.2)",
             chart="throw", row=first, column=second)
    if first == 1:
        m.up(lead)
        ctx.note("1st die 1: the lead runner advances; chart A for each trailing runner")
        for w in trailing:
            br = ctx.br(m.player(w))
            if second <= br and m.up(w):
                ctx.note(f"chart A: {second} <= BR {br}: {m.player(w)} advances on the throw")
        return "throw"
    if first <= 5:
        for w in [lead, *[t for t in trailing if t != BATTER]]:
            a = adjusted(w)
            if first <= a and m.up(w):
                ctx.note(f"{first} <= Adjusted BR {a}: {m.player(w)} advances")
            else:
                ctx.note(f"{first} > Adjusted BR {a} (or the base ahead is taken): {m.player(w)} holds")
        return "throw"
    first_trailing = trailing[0] if trailing else None
    if second == 1:
        m.up(lead)
        if first_trailing is not None:
            m.at[first_trailing] = OUT
            ctx.note(f"chart B 1: the lead runner advances, the ball is cut off, {m.player(first_trailing)} is thrown out")
        return "throw"
    if second <= 5:
        m.at[lead] = OUT
        ctx.note(f"chart B {second}: the lead runner {m.player(lead)} is thrown out")
        for w in trailing:
            br = ctx.br(m.player(w))
            if br >= second and m.up(w):
                ctx.note(f"BR {br} >= {second}: {m.player(w)} advances on the throw")
        return "throw"
    m.up(lead)
    if first_trailing is None:
        return "throw"
    r = ctx.d6(f"rundown of {m.player(first_trailing)}")
    if r == 1:
        m.at[first_trailing] = OUT
        ctx.note(f"rundown {r}: {m.player(first_trailing)} out quickly, nobody else advances", chart="rundown", row=r)
    elif r <= 5:
        br = ctx.br(m.player(first_trailing))
        m.at[first_trailing] = OUT
        ctx.note(f"rundown {r}: {m.player(first_trailing)} out", chart="rundown", row=r)
        if r <= br:
            for w in trailing[1:]:
                m.up(w)
    else:
        m.up(first_trailing)
        ctx.note(f"rundown 6: {m.player(first_trailing)} safe at the base ahead", chart="rundown", row=r)
    return "throw"


def single_plus(ctx: Ctx, n: int) -> Play:
    """4.6: S+7/8/9: everyone else up two; 1d6 <= BR + arm a double, 6 out at second, else a single."""
    m = Move(ctx, 2, 1)
    _, rating = ctx.fielder(n)
    br = ctx.br(m.player(BATTER))
    total = br + rating.arm
    if total >= 6:
        m.at[3] = 2
        ctx.note(f"S+{n}: BR {br} + arm {rating.arm} = {total}: a double without a throw (4.6)")
        return m.play(f"DOUBLE S+{n}", True)
    roll = ctx.d6(f"S+{n}: BR {br} + arm {rating.arm} = {total}")
    if roll <= total:
        m.at[3] = 2
        ctx.note(f"S+{n}: {roll} <= {total}: the batter legs out a double (4.6)")
        return m.play(f"DOUBLE S+{n}", True)
    if roll == 6:
        m.at[3] = OUT
        ctx.note(f"S+{n}: 6: thrown out at second stretching the single (4.6)")
        # 4.6: with two out a runner from second scores before the out at second
        return m.play(f"SINGLE S+{n}, out stretching", True, runs_on_third_out=bool(ctx.two_out))
    ctx.note(f"S+{n}: {roll} > {total}: holds at first (4.6)")
    return m.play(f"SINGLE S+{n}", True)


# --- outs -----------------------------------------------------------------------------


def depth(ctx: Ctx) -> str:
    """8.10 suggested infield depth (or the manager's order)."""
    if ctx.orders.infield != "auto":
        return ctx.orders.infield
    st = ctx.state
    v, h = st.score
    lead = (v - h) if st.fielding_side == "visitor" else (h - v)
    sit = st.situation()
    if st.outs == 2 or lead >= 4 or sit == "---":
        return "back"
    if st.bases[2] and abs(lead) <= 1:
        return "in"
    return {"1--": "half", "-2-": "back", "--3": "back", "12-": "half", "1-3": "half"}.get(sit, "back")


def fielder_depth(ctx: Ctx, n: int, d: str) -> str:
    return "p" if n == 1 else "c" if n == 2 else d if n in (3, 4, 5, 6) else "back"


def groundout(ctx: Ctx, n: int, d: str, bunt: bool = False) -> Play:
    """8: by base state, outs and the fielder's depth (``bunt``: a bunt "too hard", 8.12 from revision 2)."""
    st = ctx.state
    label = f"GROUNDBALL G{n}"
    m = Move(ctx, 0, OUT)
    if st.outs == 2 or not any(m.on):
        ctx.note("groundout: the batter is out at first" + (" for the third out" if st.outs == 2 else ""))
        return m.play(label, runs_on_third_out=False)
    fd = fielder_depth(ctx, n, d)
    if m.on[2] and (fd in ("in", "p", "c") or not m.on[0]):
        return _runner_on_third(ctx, m, n, fd, label)
    if m.on[0]:
        return _double_play(ctx, m, n, fd, label, bunt)
    # 8.3 OWN: runner on 2nd only: to the right side (G3, G4) he moves up; elsewhere 1d6 <= BR
    if n in (3, 4):
        m.up(1)
        ctx.note(f"G{n} to the right side: the runner from 2 moves to third (8.3, project's rule)")
    else:
        br = ctx.br(m.player(1))
        r = ctx.d6(f"runner from 2 on G{n} (BR {br})")
        if r <= br:
            m.up(1)
        ctx.note(f"runner from 2: {r} {'<=' if r <= br else '>'} BR {br}: {'moves to third' if r <= br else 'holds'}"
                 " (8.3, project's rule)")
    return m.play(label)


def _double_play(ctx: Ctx, m: Move, n: int, fd: str, label: str, bunt: bool = False) -> Play:
    """8.2: 1d6 against the Combined GDP; else the runner on first against his BR (-1 double play ready)."""
    pivot_pos = PIVOT[n][0 if ctx.batter_left else 1] if n <= 6 else "2b"
    if fd == "in" and n in (3, 4, 5, 6):
        pivot_pos = "c"  # 8.8: infield in: the only double play is home to first; the catcher's pivot is 0
    pivot = ctx.card(ctx.state.defense.at(pivot_pos) or "").at(pivot_pos) if pivot_pos != "c" else None
    pv = pivot.pivot if pivot else 0
    bat, pit = ctx.batter.number("gdp"), ctx.pitcher.number("gdp")
    adj = DEPTH_GDP.get(fd, 1 if fd in ("p", "c") else 0)
    if bunt and ctx.revision >= 2:
        adj = BUNT_GDP[fd]
        ctx.note(f"8.12: a bunt fielded {fd}: GDP {adj:+d}")
    combined = bat + pit + pv + adj
    roll = ctx.d6(f"double play on G{n}: GDP {bat} + {pit} + pivot {pv} + depth {adj} = {combined}")
    ctx.note(f"G{n}: Combined GDP = batter {bat} + pitcher {pit} + pivot {pivot_pos.upper()} {pv:+d} + "
             f"{fd} {adj:+d} = {combined}; 1d6 {roll} (8.2)", chart="gdp", value=combined)
    for w in (2, 1):  # forced runners move up; a runner on third alone is conceded the run (8.6.1)
        if m.on[w]:
            m.at[w] = (m.at[w] or 0) + 1
    if roll <= combined:
        m.at[0] = OUT
        if fd == "in" and m.on[2] and m.on[1]:
            m.at[2], m.at[0] = OUT, 2  # home to first: the runner forced at the plate
        ctx.note("double play")
        return m.play(f"{label} DP", runs_on_third_out=False)
    br = ctx.br(m.player(0)) + DEPTH_BR_FIRST.get(fd, 0)
    if roll <= br or roll == 6:
        m.at[0] = 2
        ctx.note(f"no double play; {roll} {'= 6' if roll == 6 else f'<= BR {br}'}: the runner is safe at second, "
                 "the out at first")
        return m.play(label, runs_on_third_out=False)
    m.at[0], m.at[3] = OUT, 1
    ctx.note(f"no double play; {roll} > BR {br}: the runner is forced at second, the batter safe at first")
    return m.play(label, runs_on_third_out=False)


def _runner_on_third(ctx: Ctx, m: Move, n: int, fd: str, label: str) -> Play:
    """8.5-8.7: the runner on third decides; a play at the plate reads his BR adjusted by the depth."""
    runner = m.player(2)
    br = ctx.br(runner) + DEPTH_BR_THIRD.get(fd, 0)
    # the documented policy: he runs when the play at the plate favours him (or as the manager orders)
    goes = br >= 3 if ctx.orders.third == "auto" else ctx.orders.third == "go"
    if not goes:
        ctx.note(f"runner on third (BR {br} with the {fd} depth) holds; the out at first (8.5)")
        for w in (1, 0):  # the others move up where the base ahead is free
            if m.on[w]:
                m.up(w)
        return m.play(label, runs_on_third_out=False)
    if fd in ("back",):
        ctx.note("runner on third goes; the infield is back: the run is conceded, the out at first (8.6.1)")
        m.at[2], m.at[3] = HOME, OUT
        for w in (1, 0):
            if m.on[w]:
                m.up(w)
        return m.play(label, runs_on_third_out=False)
    roll = ctx.d6(f"play at the plate on {runner} (BR {br})")
    if roll <= br:
        m.at[2] = HOME
        ctx.note(f"play at the plate: {roll} <= BR {br}: the runner scores, the batter safe at first (8.5)")
    else:
        m.at[2] = OUT
        ctx.note(f"play at the plate: {roll} > BR {br}: out at the plate, the batter safe at first (8.5)")
    m.at[3] = 1
    for w in (1, 0):
        if m.on[w]:
            m.up(w)
    return m.play(label, runs_on_third_out=False)


def lineout(ctx: Ctx, n: int) -> Play:
    """9: 1d6 on the lineout double play chart; a runner on the base rolled is doubled off."""
    m = Move(ctx, 0, OUT)
    label = f"LINEOUT L{n}"
    if ctx.state.outs == 2 or not any(m.on) or n not in LINEOUT_DP:
        return m.play(label, runs_on_third_out=False)
    roll = ctx.d6(f"double off on L{n}")
    for base, (lo, hi) in LINEOUT_DP[n].items():
        if lo <= roll <= hi and m.on[base - 1]:
            m.at[base - 1] = OUT
            ctx.note(f"L{n}: 1d6 {roll}: the runner on {base} is doubled off (9)", chart="lineout", row=roll)
            return m.play(f"{label} DP", runs_on_third_out=False)
    ctx.note(f"L{n}: 1d6 {roll}: no effect (9)", chart="lineout", row=roll)
    return m.play(label, runs_on_third_out=False)


def popup(ctx: Ctx, n: int) -> Play:
    return Move(ctx, 0, OUT).play(f"POPUP P{n}", runs_on_third_out=False)


def flyout(ctx: Ctx, n: int, advance_23: bool = False) -> Play:
    """10: the batter is out; a sacrifice fly (10.3) or a tag from second (10.2) with fewer than two out."""
    m = Move(ctx, 0, OUT)
    label = f"FLYBALL F{n}"
    if n not in (7, 8, 9) or ctx.state.outs == 2 or not any(m.on):
        return m.play(label, runs_on_third_out=False)
    if advance_23:  # 4.5: the range play is made: runners on 2nd and 3rd advance
        for w in (2, 1):
            if m.on[w]:
                m.up(w)
        ctx.note("the fielder makes the play: runners on 2nd and 3rd advance (4.5)")
        return m.play(label, runs_on_third_out=False)
    _, rating = ctx.fielder(n)
    if m.on[2]:
        sf = ctx.batter.number("sf")
        roll = ctx.d6(f"sacrifice fly on F{n} (SF {sf})")

        def adjusted(w: Who) -> int:
            return ctx.br(m.player(w)) + rating.arm

        trailing = [w for w in (1, 0) if m.on[w]]
        if roll <= sf:
            m.up(2)
            ctx.note(f"F{n}: 1d6 {roll} <= SF {sf}: the runner on third scores without a throw (10.3)")
            if m.on[1]:
                throw(ctx, m, 1, [w for w in (0,) if m.on[w]], adjusted, f"F{n} (tag from second)")
        else:
            ctx.note(f"F{n}: 1d6 {roll} > SF {sf}: a throw home (10.3)")
            throw(ctx, m, 2, trailing, adjusted, f"F{n} (throw home)")
        # a tag play, not a force: a run that crosses before a trailing runner's third out counts (10.3 example)
        return m.play(label, runs_on_third_out=True)
    if m.on[1]:
        most = FLY_TAG_FROM_SECOND[n]
        tag = ctx.two(f"runner from 2 tags on F{n}")
        if tag.first == 6 and tag.second == 6:
            m.at[1] = OUT
            ctx.note(f"F{n}: double sixes: the runner from 2 is thrown out at third (10.2)")
        elif tag.first <= most:
            m.up(1)
            ctx.note(f"F{n}: red {tag.first} <= {most}: the runner from 2 takes third (10.2)")
        else:
            ctx.note(f"F{n}: red {tag.first} > {most}: the runner from 2 holds (10.2)")
    return m.play(label, runs_on_third_out=False)

__all__ = ["BATTER", "Move", "depth", "flyout", "groundout", "homer", "infield_single", "lineout",
           "outfield_hit", "popup", "single_plus", "strikeout", "throw", "triple", "walk"]
