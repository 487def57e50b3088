"""Bunts, the hit and run, and stealing (7.2-8.2, 18.x, 19.x, 22.x)."""

from __future__ import annotations

from league.domain.errors import RulesError
from league.rules.pa.play import HOME, OUT, Play, advance, hold
from league.rules.pa.state import GameState
from league.rules.strat import running
from league.rules.strat.cards import Card
from league.rules.strat.context import Ctx
from league.rules.strat.strategy import Strategy, bunted_foul
from league.rules.strat.levels import ADVANCED, SUPER
from league.rules.strat.stealing import delayed_steal, steal_play, supplementary_steal

BUNT_GRADES = ("A", "B", "C", "D", "E")
HR_GRADES = ("A", "B", "C", "D")


def bunt(ctx: Ctx, state: GameState, s: Strategy, card: Card) -> Play:
    """7.2/18.2: colored dice under the bunting column (18.3, 18.31: downgraded with the infield in;
    18.6, super advanced: or the corners in)."""
    column = "basic"
    if ctx.level in ADVANCED:
        steps = (2 if all(state.bases) else 1) if (s.infield_in or s.corners_in) else 0
        i = min(BUNT_GRADES.index(card.bunting) + steps, len(BUNT_GRADES) - 1)
        column = BUNT_GRADES[i]
    table = "sacrifice" if s.play == "sacrifice" else "squeeze"
    pair = ctx.dice.take("pair", state.batting_side, table)
    if ctx.revision >= 3:
        return _super_bunt(ctx, state, card, table, column, pair.first + pair.second)
    cell = ctx.charts.colored(table, column, pair.first + pair.second)
    ctx.chart(cell, ctx.charts.strategy["bunt_results"][cell.value])
    return bunt_play(state, cell.value)


def _super_bunt(ctx: Ctx, state: GameState, card: Card, table: str, column: str, total: int) -> Play:
    """18.5 on the project's Super Advanced sacrifice and squeeze charts: a foul bunt (1AND2), the bunter's
    speed (SPEED) and the fielder's range (FIELD) decide some readings."""
    misc = ctx.charts.super_misc
    cell = ctx.charts.super_bunt(table, column, total)
    code: str = cell.value
    kind = code.split("(")[0]
    ctx.chart(cell, misc["results"].get(kind) or ctx.charts.strategy["bunt_results"][code])
    squeeze = kind.startswith("SQZ-")
    if kind == "1AND2":
        if bunted_foul(state):
            ctx.note("a second 1AND2: bunted foul with two strikes, a strikeout (18.5, the project's chart)",
                     rule="18.5")
            return Play(OUT, hold(state), label="STRIKEOUT (bunted foul)")
        ctx.note("bunted foul, the count 1 and 2: the batter stays up; no hit and run now (18.8, 19.7)",
                 rule="18.8")
        return Play(None, hold(state), label="1AND2")
    if kind in ("SPEED", "SQZ-SPEED"):
        top = max(card.running - misc["speed_penalty"], 1)
        roll = ctx.d20(state, f"{card.id} races the throw (18.5)")
        safe = roll <= top
        code = ("SQZ-HIT" if squeeze else "HIT") if safe else ("SQZ" if squeeze else "SAC")
        ctx.note(f"running 1-{card.running} -{misc['speed_penalty']} = 1-{top}; d20 {roll}: "
                 f"{'safe' if safe else 'out'} at first ({code})", d20=roll, safe_through=top, rule="18.5")
    elif kind in ("FIELD", "SQZ-FIELD"):
        position = code[code.index("(") + 1:-1]
        fielder, rating, why = ctx.range(state, position)
        top = misc["field_chance"][str(rating)]
        roll = ctx.d20(state, f"{fielder} fields the bunt (18.5)")
        gets = roll <= top
        code = ("SQZ-OUT" if squeeze else "FORCE") if gets else ("SQZ" if squeeze else "SAC")
        ctx.note(f"{why}: range {rating} throws out the lead runner on 1-{top}; d20 {roll}: "
                 + ("he does" if gets else "he does not") + f" ({code})", d20=roll, safe_through=top, rule="18.5")
    return bunt_play(state, code)


def bunt_play(state: GameState, code: str) -> Play:
    dest = list(hold(state))
    movers = [i for i in (1, 0) if state.bases[i]]  # runners on second and first, lead first
    if code in ("SAC", "HIT", "FORCE"):
        for i in movers:
            dest[i] = i + 2
        if code == "FORCE":
            dest[movers[0]] = OUT
        return Play(OUT if code == "SAC" else 1, _t(dest), runs_on_third_out=True,
                    hit_or_walk=code == "HIT", label=code)
    if code == "POP":
        return Play(OUT, _t(dest), label=code)
    if code == "POP-DP":
        if movers:
            dest[movers[0]] = OUT
        return Play(OUT, _t(dest), label=code)
    # squeezes: the runner on third is running
    dest[2] = OUT if code in ("SQZ-OUT", "SQZ-DP") else HOME
    if code != "SQZ-DP":
        for i in movers:
            dest[i] = i + 2
    return Play(OUT if code in ("SQZ", "SQZ-DP") else 1, _t(dest), runs_on_third_out=code != "SQZ-DP",
                hit_or_walk=code == "SQZ-HIT", label=code)


def hit_and_run(ctx: Ctx, state: GameState, s: Strategy, card: Card) -> Play | None:
    """7.3/19.2: None when the batter misses and the runners must steal (he stays up); super advanced
    revision 3 (19.5), a play without the batter when a ball in the dirt is a wild pitch (he swings next)."""
    column = "basic"
    if ctx.level in ADVANCED:
        better = 1 if (s.infield_in or s.held) else 0  # 19.3
        column = HR_GRADES[max(HR_GRADES.index(card.hit_and_run) - better, 0)]
    pair = ctx.dice.take("pair", state.batting_side, "hit and run")
    if ctx.revision >= 3:  # 19.5: the project's Super Advanced Hit and Run table
        cell = ctx.charts.super_bunt("hit_and_run", column, pair.first + pair.second)
        misc = ctx.charts.super_misc["results"]
        ctx.chart(cell, misc.get(cell.value) or ctx.charts.strategy["hit_and_run_results"][cell.value])
    else:
        cell = ctx.charts.colored("hit_and_run", column, pair.first + pair.second)
        ctx.chart(cell, ctx.charts.strategy["hit_and_run_results"][cell.value])
    code = cell.value
    if code == "WILD?":
        p_card = ctx.pitcher_card(state)
        roll = ctx.d20(state, f"ball in the dirt: wild pitch? ({p_card.id} wp{p_card.wild_pitch}, 19.5)")
        wild = roll <= p_card.wild_pitch
        ctx.note(f"d20 {roll} {'within' if wild else 'above'} wp{p_card.wild_pitch}: "
                 + ("a wild pitch, every runner moves up a base and the batter swings away (19.5)" if wild
                    else "the batter misses the pitch, the runners must steal (19.5, 19.4)"),
                 d20=roll, rule="19.5")
        if wild:
            return Play(None, advance(state, 1), runs_on_third_out=True, label="WILD PITCH")
        return None
    if code == "MISS":
        return None
    if code in ("SINGLE**", "DOUBLE**"):
        n = 1 if code == "SINGLE**" else 2
        dest = tuple(min(i + 3, HOME) if b else None for i, b in enumerate(state.bases))
        return Play(n, dest, runs_on_third_out=True, hit_or_walk=True, label=code)  # type: ignore[arg-type]
    dest2 = list(hold(state))
    if code == "GB-ADV":
        dest2 = [i + 2 if b else None for i, b in enumerate(state.bases)]
    if code == "LINE-DP":
        lead = 1 if state.bases[1] else 0
        dest2[lead] = OUT
    return Play(OUT, _t(dest2), label=code)


def steal(ctx: Ctx, state: GameState, s: Strategy, bases: tuple[int, ...], forced: bool = False) -> Play:
    """8.1/8.11/8.2 and 22.21-22.23: the lead runner's grade decides; trail runners move up.
    Super advanced, a lead runner with a supplementary rating steals by 23.x (:mod:`.stealing`);
    ``forced``: the hit and run sends the runners (23.7)."""
    if s.delayed_steal and ctx.revision >= 3 and not forced:
        return delayed_steal(ctx, state, s, bases)  # 23.9 (revision 3; check_orders refuses it before)
    check_steal(state, bases)
    lead = max(bases)
    runner = state.bases[lead - 1]
    assert runner is not None
    rating = ctx.card(runner).lead
    if ctx.level == SUPER and rating is not None:
        return supplementary_steal(ctx, state, s, bases, rating, forced)
    grade = ctx.card(runner).stealing
    c_range, c_arm, c_t = ctx.catcher(state)
    chart = ctx.charts.steal(grade, lead + 1)
    ctx.chart(chart)
    top, how = running.steal(chart.value, grade, ctx.level, lead in s.held, c_range, c_arm,
                             ctx.charts.strategy["basic_hold"], ctx.charts.strategy["advanced_hold"])
    roll = ctx.d20(state, f"{runner} steals")
    safe = roll <= top
    ctx.note(f"{runner} steals {'home' if lead == 3 else lead + 1}: {how}; d20 {roll}: "
             f"{'safe' if safe else 'out'}", d20=roll, safe_through=top)
    extra = 0
    if safe and ctx.level in ADVANCED and roll <= 3 and lead < 3:
        t_roll = ctx.d20(state, "catcher's throwing error (T)")
        if c_t[0] <= t_roll <= c_t[1]:
            extra = 1
        ctx.note(f"T check: d20 {t_roll} vs T{c_t[0]}-{c_t[1]}: "
                 + ("throwing error, all runners advance another base (22.22)" if extra else "no error"))
    # 22.22: a throwing error moves every runner, stealing or not, one more base
    return steal_play(state, bases, lead, safe, extra)


def check_steal(state: GameState, bases: tuple[int, ...]) -> None:
    if not bases:
        raise RulesError("name the runners who steal")
    for b in bases:
        if b not in (1, 2, 3) or state.bases[b - 1] is None:
            raise RulesError(f"no runner on base {b} to steal")
        if b < 3 and state.bases[b] is not None and b + 1 not in bases:
            raise RulesError(f"the runner on {b} cannot steal: base {b + 1} is occupied")


def _t(d: list[int | None]) -> tuple[int | None, int | None, int | None]:
    return d[0], d[1], d[2]
