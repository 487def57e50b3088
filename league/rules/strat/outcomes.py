"""Turn one card (or fielding-chart) reading into a :class:`Play`.

Hits move runners by their asterisks (2.1-2.22, 13.1-13.3), fly and ground
balls go through the strategy chart (3.1, 4.1, 9.11, 14.x), X-chances through
the fielding chart (5.1, 16.2; super advanced revision 4: ``super_fielding``),
and ``lomax`` takes as many outs as it can (6.3).  Dice come from ``ctx``; the steps it records explain the play.
"""

from __future__ import annotations

from league.rules.pa.play import HOME, OUT, Play, advance, forced, hold
from league.rules.pa.state import GameState
from league.rules.strat import running
from league.rules.strat.context import Ctx
from league.rules.strat.infield import Dest, advance_each, as_dest, holding_infielders, plays_in
from league.rules.strat.results import Result, pick
from league.rules.strat.strategy import TRIES, Strategy
from league.rules.strat.super_fielding import super_x
from league.rules.strat.levels import ADVANCED, SUPER

_BASES = {"SINGLE": 1, "DOUBLE": 2, "TRIPLE": 3, "HOMERUN": 4}

# The plays are made with positional arguments, Play(batter, runners, runs_on_third_out, hit_or_walk,
# label): every plate appearance makes one, and Python 3.11 hands a class's keyword arguments to its
# __init__ through a dict built and taken apart again (about a sixth of the cost of the play).


def play_for(ctx: Ctx, state: GameState, s: Strategy, r: Result) -> Play:
    """The play a reading makes in this state under these decisions."""
    if r.kind in _BASES:
        return hit(ctx, state, s, r)
    if r.kind in ("WALK", "HBP"):
        # 27.3: hit batsmen do not tire a pitcher; walks do.
        return Play(1, forced(state), False, r.kind == "WALK", r.kind)
    if r.kind in ("STRIKEOUT", "POPOUT", "FOULOUT", "LINEOUT"):
        return Play(OUT, hold(state), False, False, r.text())
    if r.kind == "LOMAX":
        return lomax(ctx, state, r)
    if r.kind == "ERROR":
        ctx.note(f"{r.bases}-base error; note {r.note}: "
                 + ctx.charts.fielding["notes"][str(r.note)])
        return Play(r.bases, advance(state, r.note), True, False, r.text())
    if r.grade == "X" or r.kind == "CATCH-X":
        return x_chance(ctx, state, s, r)
    if r.kind == "FLYBALL":
        return flyball(ctx, state, s, r)
    return groundball(ctx, state, s, r)


def hit(ctx: Ctx, state: GameState, s: Strategy, r: Result) -> Play:
    n = _BASES[r.kind]
    label = r.text()
    if not ctx.asterisks:
        if r.stars:
            ctx.note(f"{label}: asterisks are ignored, every runner moves {n} (2.1)", rule="2.1")
        return Play(n, advance(state, n), True, True, label)
    if n >= 3 or r.stars:
        # * moves every runner one base, ** two (2.2); triples and homers clear the bases.
        move = n if n >= 3 else (2 if r.stars == 2 else max(n, r.stars))
        return Play(n, advance(state, move), True, True, label)
    lead = 2 if (n == 1 and state.bases[1]) else (1 if state.bases[0] else None)
    normal = advance(state, n)
    if lead is None or not s.attempts(lead, s.send):
        if lead is not None and lead in s.stop:
            ctx.note(f"{state.bases[lead - 1]} is stopped: no try for the extra base, "
                     f"every runner moves {n} (2.2)")
        return Play(n, normal, True, True, label)
    fielder = r.at or "cf"  # 13.1: no symbol means the center fielder throws
    throw_home = bool(ctx.level in ADVANCED and n == 1 and state.bases[0] and state.bases[1])  # 13.3
    if ctx.revision >= 3:  # 13.61: the run conceded wherever the lead runner goes home
        throw_home = lead + n + 1 == HOME
    # send_at: a runner who would be cut off scores for sure (13.32, 13.61), so he always goes.
    if not (throw_home and s.cut_off) and _held_back(ctx, state, s, lead, n, fielder):
        return Play(n, normal, True, True, label)
    runner = state.bases[lead - 1]
    assert runner is not None
    to_third = ctx.revision >= 2 and lead + n + 1 == 3  # 13.5: first to third on a single
    if to_third and s.concede_third:
        ctx.note(f"the defense concedes third to {runner}: the batter holds at first (13.5)", rule="13.5")
        return Play(n, advance(state, n + 1), True, True, label)
    if ctx.revision >= 3:
        return _super_cutoff(ctx, state, s, r, fielder, lead, n)
    if throw_home:
        return _cutoff(ctx, state, s, r, fielder)
    top, how = _extra_base(ctx, state, s, lead, fielder, n)
    roll = ctx.d20(state, f"extra base for {runner}")
    safe = roll <= top
    if lead + n + 1 >= HOME:  # a play at the plate
        safe = at_the_plate(ctx, state, roll, top, safe)
    if to_third:  # 13.5: the throw goes to third, and the batter takes second on it
        ctx.note(f"{runner} tries for third: {how}; d20 {roll}: {'safe' if safe else 'out'}; the batter "
                 "takes second on the throw (13.5)", d20=roll, safe_through=top, rule="13.5")
        dest = list(advance(state, n + 1 if safe else n))
        if not safe:
            dest[lead - 1] = OUT
        return Play(2, as_dest(dest), True, True, label)
    ctx.note(f"{runner} tries for an extra base: {how}; d20 {roll}: {'safe' if safe else 'out'}"
             + ("" if safe else "; the others advance one base" if n == 1 else ""),
             d20=roll, safe_through=top)
    if safe:
        return Play(n, advance(state, n + 1), True, True, label)
    dest = list(normal)
    dest[lead - 1] = OUT
    return Play(n, as_dest(dest), True, True, label)


def _extra_base(ctx: Ctx, state: GameState, s: Strategy, lead: int, fielder: str, n: int) -> tuple[int, str]:
    """The lead runner's chance of the extra base (2.2, 2.22; advanced: the arm 13.1, the hold 13.2;
    super advanced revision 2: 13.4's throw to third)."""
    runner = state.bases[lead - 1]
    assert runner is not None
    arm = ctx.arm(state, fielder) if ctx.level in ADVANCED else None
    held = (lead in s.held) if ctx.level in ADVANCED else None
    to_third = fielder if ctx.revision >= 2 and lead + n + 1 == 3 else None
    return running.extra_base(ctx.card(runner).running, state.outs, ctx.level, arm, held, to_third)


def at_the_plate(ctx: Ctx, state: GameState, roll: int, top: int, safe: bool) -> bool:
    """13.63 (super advanced revision 2), a play at the plate: on the last safe number or the first out
    number a second d20 against the catcher's range rating (out of position 5) decides."""
    if ctx.revision < 2 or roll not in (top, top + 1):
        return safe
    rating, _, _ = ctx.catcher(state)
    check = ctx.d20(state, f"catcher blocks the plate? (13.63, catcher {rating})")
    safe = check <= running.BLOCK_SAFE[rating]
    ctx.note(f"d20 {roll} on the edge of 1-{top}: the catcher, rated {rating}, blocks the plate; d20 {check}: "
             f"{'safe' if safe else 'out'} (13.63: safe on 1-{running.BLOCK_SAFE[rating]})",
             d20=check, rule="13.63")
    return safe


def _held_back(ctx: Ctx, state: GameState, s: Strategy, lead: int, n: int, fielder: str) -> bool:
    """send_at: whether the lead runner holds, his chance now below the standing order's threshold."""
    attempt = "second_home" if lead == 2 else "first_third" if n == 1 else "first_home"
    need = s.threshold(lead, attempt, state.outs)
    if need is None:
        return False
    top, how = _extra_base(ctx, state, s, lead, fielder, n)
    if top >= need:
        return False
    ctx.note(f"{state.bases[lead - 1]} holds: {how}, below the 1-{need} the standing orders ask for "
             f"{TRIES[attempt]} with {state.outs} out (send_at); every runner moves {n} (2.2)",
             safe_through=top, send_at=need)
    return True


def _cutoff(ctx: Ctx, state: GameState, s: Strategy, r: Result, fielder: str) -> Play:
    """13.3: first and second (or loaded), single without asterisk, runner sent home."""
    third = HOME if state.bases[2] else None
    if s.cut_off:
        ctx.note("the defense cuts off the throw: the runner from second scores, "
                 "the runner from first holds at second (13.32)")
        return Play(1, (2, HOME, third), True, True, r.text())
    runner = state.bases[1]
    assert runner is not None
    held = 2 in s.held
    top, how = running.extra_base(ctx.card(runner).running, state.outs, ctx.level,
                                  ctx.arm(state, fielder), held)
    roll = ctx.d20(state, f"{runner} tries to score")
    safe = at_the_plate(ctx, state, roll, top, roll <= top)
    ctx.note(f"throw home, the runner from first takes third (13.33); {runner}: {how}; "
             f"d20 {roll}: {'safe' if safe else 'out'}", d20=roll, safe_through=top)
    return Play(1, (3, HOME if safe else OUT, third), True, True, r.text())


def _super_cutoff(ctx: Ctx, state: GameState, s: Strategy, r: Result, fielder: str, lead: int, n: int) -> Play:
    """Super advanced revision 3, the cut-off on a hit without asterisk (13.6-13.623): the lead runner
    sent home from second on a single or from first on a double (13.61), or to third from first on a
    single (13.611, after 13.5's concession).  The trail runners are the runners behind him and the
    batter; each goes one base past the hit when he advances an extra base."""
    label = r.text()
    runner = state.bases[lead - 1]
    assert runner is not None
    home = lead + n + 1 == HOME
    normal = list(advance(state, n))
    if home and s.cut_off:  # 13.61: the run conceded, the trail runners held to the hit's bases
        normal[lead - 1] = HOME
        ctx.note(f"the defense concedes the run: {runner} scores, the trail runners take only the hit's "
                 f"bases (13.61)", rule="13.61")
        return Play(n, as_dest(normal), True, True, label)
    trail = [b for b in range(lead - 1, 0, -1) if state.bases[b - 1]] + [0]  # lead trail runner first; 0 the batter
    extra = list(advance(state, n))  # every trail runner one base past the hit
    for b in trail[:-1]:
        extra[b - 1] = b + n + 1
    target = "home" if home else "third"
    if s.hold_trail or not s.cut_trail:  # 13.622 (held) or 13.623 A: the throw goes through to the plate
        top, how = _extra_base(ctx, state, s, lead, fielder, n)
        roll = ctx.d20(state, f"{runner} tries for {target}")
        safe = roll <= top
        if home:
            safe = at_the_plate(ctx, state, roll, top, safe)
        dest = normal if s.hold_trail else extra
        dest[lead - 1] = lead + n + 1 if safe else OUT
        why = ("the offense holds the trail runners, the throw goes " + ("home (13.622)" if home else
               "to third, the batter holds at first (13.622, 13.611)")) if s.hold_trail else \
            "the throw goes through, the trail runners advance an extra base (13.623 A)"
        ctx.note(f"{why}; {runner}: {how}; d20 {roll}: {'safe' if safe else 'out'}", d20=roll, safe_through=top,
                 rule="13.622" if s.hold_trail else "13.623")
        batter = n if s.hold_trail else n + 1
        return Play(batter, as_dest(dest), True, True, label)
    # 13.623 B: the throw cut off for the lead trail runner; the lead runner makes his base, the last trail
    # runner advances, and the run scores even if the lead trail runner is the third out.
    first_trail = trail[0]
    trail_runner = state.bases[first_trail - 1] if first_trail else state.offense.batter
    assert trail_runner is not None
    goes_to = (first_trail or 0) + n + 1
    held = lead in s.held  # 13.2's note: the trail runner is held if the lead runner is
    top, how = running.trail_runner(ctx.card(trail_runner).running, ctx.arm(state, fielder), held=held,
                                    two_out=state.outs == 2 and first_trail != 0,
                                    to_third_from=fielder if goes_to == 3 else None)
    roll = ctx.d20(state, f"{trail_runner} tries for {_NAMES[goes_to]} (cut-off)")
    safe = roll <= top
    dest = extra
    dest[lead - 1] = lead + n + 1
    batter = n + 1
    if first_trail:
        dest[first_trail - 1] = goes_to if safe else OUT
    else:
        batter = goes_to if safe else OUT
    ctx.note(f"the defense cuts off the throw for {trail_runner} (13.623 B): {runner} takes {target}"
             f"{'' if len(trail) == 1 else ', the last trail runner advances'}; {trail_runner}: {how}; "
             f"d20 {roll}: {'safe' if safe else 'out'}", d20=roll, safe_through=top, rule="13.623")
    return Play(batter, as_dest(dest), True, True, label)


_NAMES = {2: "second", 3: "third", HOME: "home"}


def lomax(ctx: Ctx, state: GameState, r: Result) -> Play:
    """6.3: with fewer than two out and runners on, double off runners, lead first; 17.22 (super):
    where a triple play could come, a d20 of 1-7 makes it, 8-20 doubles off the lead runner only."""
    dest = list(hold(state))
    outs = state.outs + 1
    if ctx.level == SUPER and state.outs == 0 and sum(b is not None for b in state.bases) >= 2:
        roll = ctx.d20(state, "lineout: triple play? (17.22)")
        if roll >= 8:
            lead = max(i for i, b in enumerate(state.bases) if b)
            dest[lead] = OUT
            ctx.note(f"d20 {roll}: 8-20, a double play, the lead runner doubled off (17.22)", d20=roll,
                     rule="17.22")
            return Play(OUT, as_dest(dest), False, False, r.text())
        ctx.note(f"d20 {roll}: 1-7, a triple play (17.22)", d20=roll, rule="17.22")
    for i in (2, 1, 0):
        if state.bases[i] and outs < 3:
            dest[i], outs = OUT, outs + 1
    if outs - state.outs > 1:
        ctx.note(f"lineout into as many outs as possible: {outs - state.outs} outs")
    return Play(OUT, as_dest(dest), False, False, r.text())


def flyball(ctx: Ctx, state: GameState, s: Strategy, r: Result) -> Play:
    if s.outfield_in and state.bases[2] and r.grade in ("A", "B"):
        ctx.note(f"fly(){r.grade} with the outfield in: a single, the runner on third scores (21.3)", rule="21.3")
        return Play(1, advance(state, 1), True, True, "SINGLE (21.3)")
    cell = ctx.charts.flyball(r.grade or "C")
    ctx.chart(cell, cell.value["text"])
    dest = list(advance_each(state, cell.value["advance"], []))
    third_out_ok = False
    if state.outs < 2 and ctx.level in ADVANCED:
        arm = ctx.arm(state, r.at or "cf")
        if r.grade == "B?" and state.bases[2] and 3 in s.stop:
            ctx.note(f"fly()B?: {state.bases[2]} is stopped and holds at third (14.2)")
        elif r.grade == "B?" and state.bases[2] and s.attempts(3, s.tag_up):
            top, how = running.tag_up(ctx.card(state.bases[2]).running, arm, s.outfield_in)
            need = s.threshold(3, "third_tag", state.outs)
            cut = ctx.revision >= 3 and bool(state.bases[0] or state.bases[1])  # 14.4: someone to cut off for
            if need is not None and top < need and not (cut and s.cut_off):  # conceded, he always goes
                ctx.note(f"fly()B?: {state.bases[2]} holds at third: {how}, below the 1-{need} the standing "
                         f"orders ask with {state.outs} out (send_at, 14.2)", safe_through=top, send_at=need)
            elif cut:
                third_out_ok = _tag_cutoff(ctx, state, s, r.at or "cf", arm, top, how, dest)
            else:
                roll = ctx.d20(state, f"{state.bases[2]} tags up")
                scores = at_the_plate(ctx, state, roll, top, roll <= top)
                dest[2] = HOME if scores else OUT
                ctx.note(f"fly()B?: {state.bases[2]} tries to score: {how}; d20 {roll}: "
                         f"{'safe' if scores else 'out'} (14.2)", d20=roll, safe_through=top)
        tags = bool(r.grade == "B" and r.at == "rf" and state.bases[1] and dest[2] in (None, HOME, OUT))
        if tags and 2 in s.stop:
            ctx.note(f"fly(rf)B: {state.bases[1]} is stopped and holds at second (14.3)")
        elif tags and s.attempts(2, s.tag_from_second):
            second = state.bases[1]
            assert second is not None
            top, how = running.tag_up(ctx.card(second).running, arm)
            roll = ctx.d20(state, f"{second} tags for third")
            to = 3 if roll <= top else OUT if roll == 20 else 2
            dest[1], third_out_ok = to, True
            ctx.note(f"fly(rf)B: {second} tries for third: {how}; d20 {roll}: "
                     + {3: "safe", OUT: "out", 2: "holds"}[to] + " (14.3)",
                     d20=roll, safe_through=top)
    return Play(OUT, as_dest(dest), third_out_ok, False, r.text())


def _tag_cutoff(ctx: Ctx, state: GameState, s: Strategy, fielder: str, arm: int, top: int, how: str,
                dest: list[int | None]) -> bool:
    """Super advanced revision 3, the cut-off on fly()B? (14.4-14.432): the runner on third sent home
    with another runner on.  Sets ``dest`` and returns whether the run stands on a third out (14.432 B)."""
    runner = state.bases[2]
    trail = [b for b in (2, 1) if state.bases[b - 1]]  # the lead trail runner first
    if s.cut_off:
        dest[2] = HOME
        ctx.note(f"fly()B?: the defense cuts off the throw: {runner} scores, the other runners hold (14.41)",
                 rule="14.41")
        return False
    if s.hold_trail or not s.cut_trail:  # 14.431, or 14.432 A: the throw goes through to the plate
        roll = ctx.d20(state, f"{runner} tags up")
        scores = at_the_plate(ctx, state, roll, top, roll <= top)
        dest[2] = HOME if scores else OUT
        if not s.hold_trail:
            for b in trail:
                dest[b - 1] = b + 1
        why = "the trail runners hold (14.431)" if s.hold_trail else \
            "the throw goes through, the trail runners advance (14.432 A)"
        ctx.note(f"fly()B?: {runner} tries to score, {why}: {how}; d20 {roll}: {'safe' if scores else 'out'}",
                 d20=roll, safe_through=top, rule="14.431" if s.hold_trail else "14.432")
        return False
    # 14.432 B: the run scores, the throw cut off for the lead trail runner, the last one advances
    lead = trail[0]
    trail_runner = state.bases[lead - 1]
    assert runner is not None and trail_runner is not None
    chance, why = running.trail_runner(ctx.card(trail_runner).running, arm,
                                       to_third_from=fielder if lead + 1 == 3 else None)
    roll = ctx.d20(state, f"{trail_runner} tries for {_NAMES[lead + 1]} (cut-off)")
    safe = roll <= chance
    dest[2] = HOME
    dest[lead - 1] = lead + 1 if safe else OUT
    for b in trail[1:]:
        dest[b - 1] = b + 1
    ctx.note(f"fly()B?: the defense cuts off the throw for {trail_runner} (14.432 B): {runner} scores"
             f"{', the last trail runner advances' if len(trail) > 1 else ''}; {trail_runner}: {why}; d20 {roll}: "
             f"{'safe' if safe else 'out'}", d20=roll, safe_through=chance, rule="14.432")
    return True


def groundball(ctx: Ctx, state: GameState, s: Strategy, r: Result) -> Play:
    if r.plus and s.held and not s.infield_in and ctx.level == SUPER:
        ctx.note("groundball()+ while a runner is held: no SINGLE** in super advanced play, a plain "
                 "groundball (17.13, 23.84)", rule="17.13")
    elif r.plus and s.corners_in:
        ctx.note("groundball()+ with only the corners in: no SINGLE**, a plain groundball (17.12, 20.71)",
                 rule="20.71")
    elif r.plus and (s.infield_in or s.held):
        ctx.note("groundball()++ with the infield in or a runner held: SINGLE** (6.2, 8.21, 9.13)")
        return Play(1, advance(state, 2), True, True, "SINGLE**")
    playing_in = plays_in(ctx, state, s, r) if ctx.revision >= 2 else s.infield_in
    cell = ctx.charts.groundball(state.situation(), r.grade or "C", playing_in)
    if playing_in and cell.chart == "strategy groundballs":
        why = "the corners in" if s.corners_in else "infield in against the bunt"
        ctx.note(f"{why} with nobody on third: the INFIELD IN table has no row for "
                 f"{state.situation()}, the groundball table is read (20.12)")
    if ctx.level == SUPER:
        play = _super_groundball(ctx, state, s, r, playing_in)
        if play is not None:
            return play
    spec = ctx.charts.groundball_result(cell.value)
    ctx.chart(cell, f"result {cell.value}: {spec['text']}")
    out = [b for b in spec["out"] if state.bases[b - 1]]
    dest = advance_each(state, spec["advance"], out)
    if ctx.level == SUPER:
        dest = _super_third(ctx, state, s, r, dest, playing_in)
    return Play(spec["batter"], dest, False, False, r.text())


def _super_groundball(ctx: Ctx, state: GameState, s: Strategy, r: Result, playing_in: bool) -> Play | None:
    """15.31 and 15.33, super advanced, in place of the groundball chart."""
    first, second, third = (b is not None for b in state.bases)
    if state.outs < 2 and second and not first and not third and r.grade in ("A", "B") \
            and r.at in ("1b", "2b"):
        ctx.note(f"runner on second only, gb to {r.at}: he takes third, the batter is out (15.31)", rule="15.31")
        return Play(OUT, (None, 3, None), False, False, r.text())
    if playing_in and first and second and third and r.grade == "A":
        ctx.note("bases loaded, infield in, gb()A: home to first double play, the other runners move up "
                 "one base (15.33, result 9)", rule="15.33")
        return Play(OUT, (2, 3, OUT), False, False, r.text())
    return None


def _super_third(ctx: Ctx, state: GameState, s: Strategy, r: Result, dest: Dest, playing_in: bool) -> Dest:
    """15.32: fewer than two out, the middle infielders back: the runner on third scores on a gb()A or
    gb()B to second or short and holds on one to first, third or the pitcher (not when forced)."""
    forced_home = all(b is not None for b in state.bases)
    if state.outs >= 2 or playing_in or state.bases[2] is None or forced_home or r.grade not in ("A", "B") \
            or dest[2] == OUT or r.at is None:
        return dest
    want = HOME if r.at in ("2b", "ss") else 3
    if dest[2] == want:
        return dest
    if want == 3 and 3 in (dest[0], dest[1]):
        return dest  # the chart puts a trail runner on third: the runner from third cannot hold
    ctx.note(f"runner on third, infield back, gb to {r.at}: " + ("he scores" if want == HOME else "he holds")
             + " (15.32)", rule="15.32")
    return (dest[0], dest[1], want)


def x_chance(ctx: Ctx, state: GameState, s: Strategy, r: Result) -> Play:
    """5.1, 16.2: the fielder's rating column, the d20 row, then play the reading."""
    position = r.at or "c"
    _, rating, why = ctx.range(state, position)
    if ctx.revision >= 2 and s.held and r.kind == "GROUNDBALL" and rating < 5 \
            and position in holding_infielders(ctx, state, s.held):
        rating, why = rating + 1, why + f"; holding a runner, his range rating +1 (23.83): {position}-{rating + 1}"
    roll = ctx.dice.take("d20", state.fielding_side, f"X-chance to {position}").value
    if ctx.revision >= 4:  # the Super Advanced Fielding Chart (16.3-16.7)
        ctx.x_chance = True  # 20.51: the battery's position on an X-chance
        return super_x(ctx, state, s, r, position, rating, why, roll)
    if ctx.level in ADVANCED:
        read = _advanced_x(ctx, state, position, rating, why, roll)
        ctx.x_chance = True  # 20.51: the battery's position on an X-chance
        return play_for(ctx, state, s, read)
    cell, reading = ctx.charts.fielding_cell(position, rating, roll)
    ctx.chart(cell, f"{why}: {cell.value}")
    return play_for(ctx, state, s, reading[0][2])


def _advanced_x(ctx: Ctx, state: GameState, position: str, rating: int, why: str, d20: int) -> Result:
    """16.2: the advanced chart; its e-rating rows roll the three dice again for the fielder's hands."""
    cell, reading = ctx.charts.advanced_fielding_cell(position, rating, d20)
    if reading is not None:
        ctx.chart(cell, f"{why}: {cell.value}")
        return reading
    e, e_why = ctx.error_rating(state, position)
    ctx.chart(cell, f"{why}: {cell.value}: roll the three dice for the e-rating section (16.2)")
    t = ctx.dice.take("triad", state.fielding_side, f"e-rating roll at {position}")
    colored = t.red + t.green
    e_cell, line = ctx.charts.e_rating_cell(position, e, colored)
    if len(line) == 1:
        ctx.chart(e_cell, f"{e_why}: colored dice {colored}: {e_cell.value}")
        return line[0][2]
    result = pick(line, t.white)
    ctx.chart(e_cell, f"{e_why}: colored dice {colored}, white {t.white}: {result}", white=t.white)
    return result
