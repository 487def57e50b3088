"""The super advanced steal (23.x with 29.2): the good lead, then the throw.

Used for a lead runner whose card carries a supplementary rating
(``lead:``); a card without one steals by the advanced letter grades
(22.x, :func:`league.rules.strat.tactics.steal`), see docs/strat-o-matic.md.

One steal decision is one play.  Rolling for the lead, a d20 goes first
(29.2: 1 a possible pickoff, 2 a possible balk; on either the colored
dice would be discarded, so they are rolled only on 3-20), then the colored
dice.  Without the good lead a runner sent to steal holds his base (23.3 D
gives him the choice; this engine takes "hold") unless the hit and run
forces him (23.7): then from first he steals on his second rating, from
second he is out.
"""

from __future__ import annotations

from dataclasses import replace

from league.domain.dice import Pair
from league.rules.pa.play import HOME, OUT, Play, advance, hold
from league.rules.pa.state import GameState
from league.domain.errors import RulesError
from league.rules.strat import supplementary
from league.rules.strat.context import Ctx
from league.rules.strat.strategy import Strategy
from league.rules.strat.supplementary import BALK, PICKOFF, Lead, catcher_pitcher, chance, lead_result

# Labels of plays in which nobody was thrown out stealing or stole: not a steal in the box score.
NOT_A_STEAL = {"NO GOOD LEAD": "lead", "PICKED OFF": "pickoff", "BALK": "balk"}


def supplementary_steal(ctx: Ctx, state: GameState, s: Strategy, bases: tuple[int, ...], rating: Lead,
                        forced: bool = False) -> Play:
    lead = max(bases)
    target = lead + 1
    runner = state.bases[lead - 1]
    held = lead in s.held
    _, arm, t_range = ctx.catcher(state)
    p_card = ctx.pitcher_card(state)
    ctx.note(f"{runner} rated {rating} (23.1); catcher's arm {arm:+d}, {p_card.id} hold {p_card.hold:+d}"
             + ("; held" if held else ""))
    if ctx.revision >= 2 and runner is not None:
        ctx.led = runner  # 19.8: he has tried for his lead in this plate appearance
    if forced and ctx.revision >= 2 and runner is not None and led_before(state, runner):
        ctx.note(f"{runner} already tried for his good lead in this plate appearance: no second try, "
                 "he must steal without it (19.8)", rule="19.8")
        return _no_lead(ctx, state, s, bases, rating, forced, lead, runner, arm, p_card.hold, held, t_range)
    adjustment = catcher_pitcher(arm, p_card.hold)[0]
    if ctx.revision >= 2 and runner is not None and not _may_try_again(ctx, state, runner, lead, held, adjustment):
        if lead == 1 or forced:  # 23.3 D: he may steal at any time, on his second rating (E)
            return _no_lead(ctx, state, s, bases, rating, True, lead, runner, arm, p_card.hold, held, t_range)
        ctx.note(f"{runner} holds his base: no good lead, and none to try for again (23.41)")
        return Play(None, hold(state), label="NO GOOD LEAD")
    ctx.failed_lead = (runner, lead, held, adjustment) if ctx.revision >= 2 and runner is not None else None
    if rating.automatic and not held and target == 2:
        good = True
        ctx.failed_lead = None
        ctx.note(f"{runner} has an asterisk and is not held: his good lead is automatic (23.11)")
    else:
        pick = ctx.d20(state, f"{runner} leads off: pickoff or balk? (29.2)")
        if pick == PICKOFF:
            check = ctx.d20(state, f"pickoff? ({runner} second rating {rating.second}, 29.2 B)")
            if check > rating.second:
                ctx.note(f"d20 {check} above his second rating {rating.second}: picked off (29.2 B)",
                         d20=check, rule="29.2")
                dest = list(hold(state))
                dest[lead - 1] = OUT
                return Play(None, _t(dest), label="PICKED OFF")
            ctx.note(f"d20 {check} within {rating.second}: he dives back, no good lead (29.2 B)", d20=check)
            return _no_lead(ctx, state, s, bases, rating, forced, lead, runner, arm, p_card.hold, held, t_range)
        if pick == BALK:
            check = ctx.d20(state, f"balk? ({p_card.id} bk{p_card.balk}, 29.2 C)")
            if check <= p_card.balk:
                ctx.note(f"d20 {check} within bk{p_card.balk}: balk, every runner moves up one base (29.2 C)",
                         d20=check, rule="29.2")
                return Play(None, advance(state, 1), runs_on_third_out=True, label="BALK")
            ctx.note(f"d20 {check} above bk{p_card.balk}: he dives back, no good lead (29.2 C)", d20=check)
            return _no_lead(ctx, state, s, bases, rating, forced, lead, runner, arm, p_card.hold, held, t_range)
        dice: Pair = ctx.dice.take("pair", state.batting_side, f"{runner}'s lead (23.3 C)")
        total = dice.first + dice.second
        got = lead_result(rating, total)
        ctx.note(f"colored dice {total}: " + {"good": "good lead", "out": "automatically out stealing",
                                              "none": "no good lead"}[got] + " (23.3 C)", total=total)
        if got != "none":
            ctx.failed_lead = None
        if got == "out":
            return steal_play(state, bases, lead, safe=False, extra=0)
        if got == "none":
            return _no_lead(ctx, state, s, bases, rating, forced, lead, runner, arm, p_card.hold, held, t_range)
        good = True
    return _attempt(ctx, state, bases, rating, good, lead, runner, arm, p_card.hold, held, t_range, s.hold_ball)


LEADS = "strat:leads"  # GameState.extra key (revision 2): ((inning, half, batting slot, runner), ...)


def led_before(state: GameState, runner: str) -> bool:
    """Whether ``runner`` tried for his lead earlier in this plate appearance (19.8)."""
    key = (state.inning, state.half, state.offense.up, runner)
    return key in dict(state.extra).get(LEADS, ())


def record_lead(before: GameState, after: GameState, runner: str | None, completed: bool) -> GameState:
    """``after`` with ``runner``'s try for his lead kept until the plate appearance is over."""
    extra = dict(after.extra)
    if completed:
        if LEADS not in extra:
            return after
        del extra[LEADS]
    elif runner is not None:
        extra[LEADS] = extra.get(LEADS, ()) + ((before.inning, before.half, before.offense.up, runner),)
    else:
        return after
    return replace(after, extra=tuple(extra.items()))


TRIED = "strat:tried"  # GameState.extra key (revision 2): ((runner, base, held, adjustment), ...) (23.3 D)


def lead_spent(state: GameState, runner: str, base: int, held: bool, adjustment: int) -> bool | None:
    """23.3 D: None if ``runner`` has not tried for his good lead on ``base`` yet; else whether his one
    try is spent: it is not when he was held then and is not now (D 1), or the pitcher's hold and the
    catcher's arm are now worse for the defense (D 2)."""
    if not state.extra:
        return None
    for who, on, was_held, was in dict(state.extra).get(TRIED, ()):
        if who == runner and on == base:
            return not ((was_held and not held) or adjustment > was)
    return None


def _may_try_again(ctx: Ctx, state: GameState, runner: str, base: int, held: bool, adjustment: int) -> bool:
    spent = lead_spent(state, runner, base, held, adjustment)
    if spent is None:
        return True
    if spent:
        ctx.note(f"{runner} already tried for his good lead on this base and missed: no second try, he "
                 "may steal on his second rating (23.3 D, E)", rule="23.3 D")
        return False
    ctx.note(f"{runner} tries for his good lead once more: no longer held, or a worse hold or arm (23.3 D)",
             rule="23.3 D")
    return True


def record_tries(after: GameState, failed: tuple[str, int, bool, int] | None) -> GameState:
    """``after`` with a missed try for the good lead kept, and the tries of runners who left their base
    dropped (23.3 D counts tries while he occupies the same base)."""
    extra = dict(after.extra)
    kept = tuple(t for t in extra.get(TRIED, ()) if after.bases[t[1] - 1] == t[0]
                 and (failed is None or t[:2] != failed[:2]))
    if failed is not None and after.bases[failed[1] - 1] == failed[0]:
        kept += (failed,)
    if kept == extra.get(TRIED, ()):
        return after
    if kept:
        extra[TRIED] = kept
    else:
        del extra[TRIED]
    return replace(after, extra=tuple(extra.items()))


def delayed_steal(ctx: Ctx, state: GameState, s: Strategy, bases: tuple[int, ...]) -> Play:
    """23.9 (super advanced revision 3), the delayed steal of home: runners on first and third, the runner on
    first steals (``bases`` 1, or 1 and 3 when the runner on third goes home if the throw goes to second,
    23.91 C).  No lead is rolled (A).  The defense's choices are declared before it: the catcher holds the
    ball (``hold_ball``, B: the runner on first takes second, the runner on third stays), or throws to
    second and, if the runner on third goes, cuts the throw off and throws home (``cut_home``, D) or lets it
    go through.  One d20 (E) for the runner thrown at."""
    first, third = state.bases[0], state.bases[2]
    if first is None or third is None or state.bases[1] is not None or 1 not in bases or 2 in bases:
        raise RulesError("the delayed steal of home needs runners on first and third, and the runner on "
                         "first stealing (23.91)")
    cards = {b: ctx.card(r) for b, r in ((1, first), (3, third))}
    for b, card in cards.items():
        if card.lead is None:
            raise RulesError(f"the delayed steal (23.91) reads second steal ratings: {card.id} has no "
                             "lead: rating (23.1)")
        if led_before(state, card.id) or lead_spent(state, card.id, b, False, 0) is not None:
            raise RulesError(f"{card.id} has already rolled for a good lead: no delayed steal (23.91)")
    home = 3 in bases
    dest: list[int | None] = [2, None, 3]
    if s.hold_ball:
        ctx.note(f"delayed steal: the catcher holds the ball; {first} takes second, {third} stays at third "
                 "(23.91 B)", rule="23.91")
        return Play(None, _t(dest), label="steal")
    _, arm, _ = ctx.catcher(state)
    lead2, lead3 = cards[1].lead, cards[3].lead
    assert lead2 is not None and lead3 is not None
    if home and s.cut_home:  # D: the throw cut off and thrown home; the runner on first takes second
        top, how = supplementary.delayed_home(lead3)
        roll = ctx.d20(state, f"{third} steals home (delayed steal)")
        safe = roll <= top
        dest[2] = HOME if safe else OUT
        ctx.note(f"delayed steal: the throw to second cut off and thrown home (23.91 D); {first} takes second; "
                 f"{third}: {how}; d20 {roll}: {'safe' if safe else 'out'}", d20=roll, safe_through=top,
                 rule="23.91")
        return Play(None, _t(dest), runs_on_third_out=True, label="steal")
    top, how = supplementary.delayed(lead2, arm)
    roll = ctx.d20(state, f"{first} steals second (delayed steal)")
    safe = roll <= top
    dest[0] = 2 if safe else OUT
    if home:
        dest[2] = HOME
    # F: with two out the runner on third does not score when the runner going to second is thrown out
    # (the third out), so the run stands only on a third out made elsewhere: none here.
    ctx.note(f"delayed steal: the throw goes to second (23.91 " + ("D" if home else "B") + f"); {first}: {how}; "
             f"d20 {roll}: {'safe' if safe else 'out'}"
             + (f"; {third} steals home" + (" but the third out comes first (23.91 F)" if not safe
                                            and state.outs == 2 else "") if home else ""),
             d20=roll, safe_through=top, rule="23.91")
    return Play(None, _t(dest), runs_on_third_out=False, label="steal")


def _no_lead(ctx: Ctx, state: GameState, s: Strategy, bases: tuple[int, ...], rating: Lead, forced: bool,
             lead: int, runner: str | None, arm: int, hold_: int, held: bool, t_range: tuple[int, int]) -> Play:
    if not forced:
        ctx.note(f"{runner} holds his base (23.3 D" + (", 23.41: no steal of third or home without it)"
                                                        if lead > 1 else ")"))
        return Play(None, hold(state), label="NO GOOD LEAD")
    if lead == 2:
        ctx.note(f"hit and run, no good lead from second: {runner} is out stealing third (23.7)")
        return steal_play(state, bases, lead, safe=False, extra=0)
    return _attempt(ctx, state, bases, rating, False, lead, runner, arm, hold_, held, t_range, s.hold_ball)


def _attempt(ctx: Ctx, state: GameState, bases: tuple[int, ...], rating: Lead, good: bool, lead: int,
             runner: str | None, arm: int, hold_: int, held: bool, t_range: tuple[int, int],
             hold_ball: bool = False) -> Play:
    if hold_ball and ctx.revision >= 4:
        # 23.31: declared after the steal is announced, before the d20: no throw, so no out and no error
        ctx.note(f"the catcher holds the ball: {runner} steals without a throw, no throwing error (23.31)",
                 rule="23.31")
        return steal_play(state, bases, lead, safe=True, extra=0)
    top, how = chance(rating, lead + 1, good, arm, hold_, held)
    if top > 20:
        ctx.note(f"{runner} steals: {how}; above 20, automatically safe (23.3 E)", safe_through=top)
        return steal_play(state, bases, lead, safe=True, extra=0)
    roll = ctx.d20(state, f"{runner} steals")
    safe = roll <= top
    ctx.note(f"{runner} steals: {how}; d20 {roll}: {'safe' if safe else 'out'}", d20=roll, safe_through=top)
    extra = 0
    if safe and roll <= 3 and lead < 3:
        t_roll = ctx.d20(state, "catcher's throwing error (T)")
        extra = 1 if t_range[0] <= t_roll <= t_range[1] else 0
        ctx.note(f"T check: d20 {t_roll} vs T{t_range[0]}-{t_range[1]}: "
                 + ("throwing error, all runners advance another base (23.31)" if extra else "no error"))
    return steal_play(state, bases, lead, safe, extra)


def steal_play(state: GameState, bases: tuple[int, ...], lead: int, safe: bool, extra: int) -> Play:
    """Where a steal leaves the runners: those on ``bases`` move up one base, and every runner ``extra`` more
    on a throwing error (22.22, 23.31); the throw is for the ``lead`` runner only (23.6): out unless ``safe``."""
    dest = [min(i + 1 + extra, HOME) if r else None for i, r in enumerate(state.bases)]
    for b in bases:
        dest[b - 1] = min(b + 1 + extra, HOME)
    if not safe:
        dest[lead - 1] = OUT
    return Play(None, _t(dest), runs_on_third_out=True, label="steal")


def _t(d: list[int | None]) -> tuple[int | None, int | None, int | None]:
    return d[0], d[1], d[2]
