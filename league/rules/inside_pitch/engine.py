"""Resolve one Inside Pitch plate appearance, or one event inside it, from its dice.

An at bat starts on the pitcher's card (2d6, red column then white row, 1);
its result may pass to the batter's card or the ballpark card (a second 2d6)
with 1d20 rating checks between (2-4), range and error checks (5, 6) and
the advancement rules (7-10).  A wild pitch, a passed ball, a foul ball from
WLD, a pickoff, a balk and a steal are events of their own: the engine
returns them as a play whose batter stays at the plate (``completed``
false), and the next resolution starts on the pitcher's card again.  Pure:
the same state, cards, orders and rolls give the same event.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

from league.domain.errors import RulesError
from league.rules.inside_pitch import bunts, running, strategy
from league.rules.inside_pitch.cards import in_range, parse_range
from league.rules.inside_pitch.charts import (DEPTH_RANGE, ERRORS, FAILED_RANGE, FAILED_ROLL, FAILED_ROLL_SINGLE,
                                              INFIELD, INJURY, MADE_RANGE, PIVOT, POSITION, RARE_EMPTY, RARE_RUNNERS,
                                              LATEST, revision_version)
from league.rules.inside_pitch.context import Ctx, Orders
from league.rules.inside_pitch.emergency import emergency_card, pitches_in_emergency
from league.rules.inside_pitch.errors import error_play
from league.domain.dice import NeedRoll, Roll
from league.domain.dice import Dice, NeedMore
from league.rules.pa.play import Play, advance, apply_play, forced, hold
from league.rules.pa.state import GameState, evolve

Outcome = tuple[GameState, dict[str, Any]]
_READ: dict[str, tuple[str, int]] = {}  # card token -> (kind, fielder): a few dozen tokens, read on most plays


class Res:
    """A batted-ball result: ``kind`` (S, S+, D, T, HR, G, P, L, F, W, K, FOUL) and the fielder 1-9."""

    def __init__(self, kind: str, n: int = 0) -> None:
        self.kind, self.n = kind, n

    @classmethod
    def read(cls, token: str) -> "Res":
        parsed = _READ.get(token)
        if parsed is None:
            m = re.fullmatch(r"(S\+|HR|S|D|T|H|G|P|L|F)([1-9]?)", token)
            parsed = _READ[token] = (token, 0) if m is None else ("HR" if m[1] == "H" else m[1], int(m[2] or 0))
        return cls(*parsed)

    @property
    def hit(self) -> bool:
        return self.kind in ("S", "S+", "D", "T", "HR")

    def __str__(self) -> str:
        return f"{self.kind}{self.n or ''}" if self.kind not in ("W", "K", "FOUL") else self.kind


def pa_key(state: GameState, restrike: bool = False) -> str:
    """Identifies the plate appearance in progress (the strategy roll is made once per plate appearance;
    with the house rule, once per plate appearance and base situation)."""
    stint = state.defense.stint
    key = f"{state.inning}{state.half}:{state.offense.up}:{stint.pitcher}:{stint.batters}"
    return f"{key}:{state.situation()}" if restrike else key


def tired(state: GameState, cards: Mapping[str, Any], revision: int = LATEST) -> bool:
    """12.1: tired once he has faced the batters shown next to START or RELIEF (a position player
    pitching: his pitching card's, from revision 3)."""
    stint = state.defense.stint
    card = emergency_card() if pitches_in_emergency(state, revision) else cards[stint.pitcher]
    limit = card.starter if stint.role == "starter" else card.relief
    if limit is None:
        limit = card.relief if stint.role == "starter" else card.starter
    return limit is not None and stint.batters >= limit


# --- entry points -----------------------------------------------------------------------


def resolve_pa(state: GameState, cards: Mapping[str, Any], rolls: Sequence[Roll], orders: Orders,
               options: Mapping[str, str] | None = None, revision: int = LATEST) -> NeedRoll | Outcome:
    dice = Dice(rolls)
    try:
        out = plate_appearance(Ctx(state, cards, dice, orders, options, revision))
    except NeedMore as more:
        return more.need
    dice.check_done()
    return out


def play_pa(state: GameState, cards: Mapping[str, Any], source: Callable[[NeedRoll], Roll], orders: Orders,
            options: Mapping[str, str] | None = None, revision: int = LATEST) -> Outcome:
    return plate_appearance(Ctx(state, cards, Dice([], source), orders, options, revision))


def resolve_steal(state: GameState, cards: Mapping[str, Any], rolls: Sequence[Roll], runners: tuple[int, ...],
                  orders: Orders, revision: int = LATEST) -> NeedRoll | Outcome:
    dice = Dice(rolls)
    try:
        out = steal_event(Ctx(state, cards, dice, orders, None, revision), runners)
    except NeedMore as more:
        return more.need
    dice.check_done()
    return out


def play_steal(state: GameState, cards: Mapping[str, Any], source: Callable[[NeedRoll], Roll],
               runners: tuple[int, ...], orders: Orders, revision: int = LATEST) -> Outcome:
    return steal_event(Ctx(state, cards, Dice([], source), orders, None, revision), runners)


def steal_event(ctx: Ctx, runners: tuple[int, ...]) -> Outcome:
    _ready(ctx.state)
    st = ctx.state
    for base in runners:
        if base not in (1, 2, 3) or st.bases[base - 1] is None:
            raise RulesError(f"nobody on {base} to steal")
        if base < 3 and st.bases[base] is not None and base + 1 not in runners:
            raise RulesError(f"the runner on {base} cannot steal: {base + 1} is taken")
    play = strategy.steal(ctx, tuple(sorted(runners, reverse=True)), "ordered by the manager")
    return finish(ctx, _event(ctx, "steal", runners=sorted(runners, reverse=True)), play)


# --- the at bat ----------------------------------------------------------------------------


def _ready(state: GameState) -> None:
    if state.over:
        raise RulesError("the game is over")


def _event(ctx: Ctx, kind: str, **more: Any) -> dict[str, Any]:
    st = ctx.state
    return {"type": kind, "ruleset": revision_version(ctx.revision), "position": st.plays, "before": st.summary(),
            "batter": st.offense.batter, "slot": st.offense.up + 1, "pitcher": st.defense.pitcher,
            "strategy": ctx.orders.fact(), **more}


def plate_appearance(ctx: Ctx) -> Outcome:
    st = ctx.state
    _ready(st)
    key = pa_key(st, ctx.orders.restrike)
    tactic = _called(ctx)
    if ctx.orders.play == "ibb":
        event = _event(ctx, "plate_appearance", tactic="ibb")
        ctx.note("intentional walk (the manager's call)")
        return finish(ctx, event, Play(1, forced(st), True, False, "INTENTIONAL WALK"))
    if tactic is None and ctx.orders.strategy_roll and any(st.bases) and dict(st.extra).get("strategy") != key:
        pre = strategy.strategy_roll(ctx)
        if pre is not None and pre[1] is not None:  # a steal or a pickoff: an event of its own; the batter stays up
            return finish(ctx, _event(ctx, pre[0], **pre[2]), pre[1], key)
        tactic = pre[0] if pre is not None else None
    ctx.tactic = tactic
    is_tired = tired(st, ctx.cards, ctx.revision)
    event = _event(ctx, "plate_appearance", tired=is_tired)
    if is_tired:
        ctx.note(f"{st.defense.pitcher} is tired ({st.defense.stint.batters} batters faced): "
                 "(S1) is a single, K(W) a possible walk (12.1)")
    if tactic is not None:
        event["tactic"] = tactic
    bunting = tactic in ("bunt", "squeeze", "bunt_hit")
    roll = ctx.two(f"{st.offense.batter} {'bunts' if bunting else 'against the pitcher' + chr(39) + 's card'}")
    left = ctx.batter_left
    token = ctx.pitcher.grid[roll.first - 1][roll.second - 1][0 if left else 1]
    event.update(card=ctx.pitcher.id, reading=f"{roll.first}-{roll.second}", result=token, cell=token,
                 side="LHB" if left else "RHB",
                 matchup={"bats": "L" if left else "R", "throws": ctx.pitcher.hand})
    ctx.note(f"pitcher's card red {roll.first} white {roll.second} ({'LHB' if left else 'RHB'}): {token} (2)",
             chart="pitcher", row=roll.first, column=roll.second)
    if tactic in ("bunt", "squeeze", "bunt_hit"):
        if token in bunts.KEEPS:
            ctx.note(f"the bunt attempt keeps {token} (11.3, project's list)")
        else:
            ctx.note(f"the bunt attempt disregards {token} (11.3)")
            return finish(ctx, event, bunts.sacrifice(ctx, tactic))
    return pitcher_result(ctx, event, token, is_tired, key)


def _called(ctx: Ctx) -> str | None:
    """The manager's call for this plate appearance (hand play), checked against the situation."""
    st, play = ctx.state, ctx.orders.play
    if play == "sacrifice":
        if not any(st.bases) or st.outs == 2:
            raise RulesError("a sacrifice bunt needs a runner on base and fewer than two out (11.3)")
        return "bunt"
    if play == "squeeze":
        if st.bases[2] is None or st.outs == 2:
            raise RulesError("a squeeze needs a runner on third and fewer than two out (11.6)")
        return "squeeze"
    if play == "bunt_hit":
        return "bunt_hit"
    if play == "hit_and_run":
        if st.bases[0] is None:
            raise RulesError("a hit and run needs a runner on first (11.2)")
        return "hit_and_run"
    return None


def pitcher_result(ctx: Ctx, event: dict[str, Any], token: str, is_tired: bool, key: str) -> Outcome:
    st, p, b, left = ctx.state, ctx.pitcher, ctx.batter, ctx.batter_left
    if is_tired and ctx.orders.exhausted and token in ("(S1)", "K(W)", "(??)"):
        event["exhausted"] = st.defense.pitcher
        ctx.note(f"{token} for a tired pitcher: {st.defense.pitcher} is exhausted and must be replaced before "
                 "the next batter (12.3)")
    if token == "(S1)":
        if is_tired:
            return finish(ctx, event, running.infield_single(ctx, 1, "SINGLE (S1)"))
        ctx.note("(S1): the pitcher is not tired: a blank (2.3)")
        token = "-"
    if token == "K(W)":
        token = "W" if is_tired else "K"
        ctx.note(f"K(W): the pitcher is {'tired: a W' if is_tired else 'not tired: a K'} (2.14)")
    if token == "-":
        return second_card(ctx, event, "batter", None)
    if token == "S1":
        return finish(ctx, event, running.infield_single(ctx, 1))
    if token == "**":
        r = ctx.d6("the pitcher's ** line")
        out = Res.read(p.stars[r - 1])
        ctx.note(f"**: automatic out; 1d6 {r} on the ** line: {out} (2.4)", chart="stars", row=r)
        return finish(ctx, event, out_play(ctx, out))
    if token == "WLD":
        return wild(ctx, event, key)
    if token == "(??)":
        rng = _qq_range(p.ratings.get("??", "-"), left)
        r = ctx.d20(f"(??) against the {'LHB' if left else 'RHB'} range")
        if in_range(r, rng):
            what = p.ratings["??"].split(":")[0]
            ctx.note(f"(??): d20 {r} in {rng}: {what} (2.6)")
            if what == "S1":
                return finish(ctx, event, running.infield_single(ctx, 1))
            s = ctx.d6("the pitcher's ** line")
            out = Res.read(p.stars[s - 1])
            ctx.note(f"**: 1d6 {s} on the ** line: {out}", chart="stars", row=s)
            return finish(ctx, event, out_play(ctx, out))
        ctx.note(f"(??): d20 {r} outside {rng or 'no range'}: a blank (2.6)")
        return second_card(ctx, event, "batter", None)
    if token == "@":
        return second_card(ctx, event, "park", None)
    if token in ("E?", "ET?", "EG?"):
        return second_card(ctx, event, "batter", token)
    if token in ("RP", "RP@"):
        return second_card(ctx, event, "park" if token == "RP@" else "batter", "RP")
    if token == "HBP":
        total = b.number("hbp") + p.number("hbp")
        if total >= 1:
            r = ctx.d20(f"HBP: batter + pitcher = {total}")
            if r <= total:
                ctx.note(f"HBP: d20 {r} <= {total}: hit by the pitch (2.11)")
                return finish(ctx, event, running.walk(ctx, "HBP"))
            ctx.note(f"HBP: d20 {r} > {total}: to the batter's card (2.11)")
        else:
            ctx.note(f"HBP: batter + pitcher = {total}: no HBP can occur (2.11)")
        return second_card(ctx, event, "batter", None)
    if token in ("K", "K+", "W", "W+"):
        what = token[0]
        rating = b.number(what.lower(), ctx.pitcher_left)
        park = ctx.park.number(what.lower())
        total = rating + park + (10 if token.endswith("+") else 0)
        r = ctx.d20(f"{token}: {what} {rating} + park {park}{' + 10' if token.endswith('+') else ''} = {total}")
        if r <= total:
            ctx.note(f"{token}: d20 {r} <= {total}: {'strikeout' if what == 'K' else 'walk'} (2.12-2.13)")
            return finish(ctx, event, running.strikeout(ctx) if what == "K" else running.walk(ctx, "WALK"))
        ctx.note(f"{token}: d20 {r} > {total}: to the batter's card (2.12-2.13)")
        return second_card(ctx, event, "batter", None)
    if token in ("HR", "HR?"):
        if token == "HR?":
            rng = p.range("hr?", left)
            r = ctx.d20(f"HR? against the {'LHB' if left else 'RHB'} range")
            if not in_range(r, rng):
                ctx.note(f"HR?: d20 {r} outside {rng or 'no range'}: a blank (2.16)")
                return second_card(ctx, event, "batter", None)
            ctx.note(f"HR?: d20 {r} in {rng}: an HR result; the park's HR rating is not used (2.16)")
            park_hr = 0
        else:
            park_hr = ctx.park.number("hr")
        if hr_check(ctx, park_hr, "HR (2.15)"):
            return finish(ctx, event, running.homer(ctx, 0))
        return second_card(ctx, event, "batter", None)
    raise RulesError(f"unknown pitcher card result {token!r}")


def _qq_range(text: str, left: bool) -> tuple[int, int] | None:
    ranges = text.partition(":")[2].split("/")
    return parse_range(ranges[0] if left or len(ranges) == 1 else ranges[1])


def hr_check(ctx: Ctx, park_hr: int, why: str) -> bool:
    rating = ctx.batter.number("hr", ctx.pitcher_left)
    total = rating + park_hr
    r = ctx.d20(f"home run: HR {rating} + park {park_hr} = {total}")
    ctx.note(f"{why}: d20 {r} {'<=' if r <= total else '>'} HR {rating} + park {park_hr} = {total}: "
             f"{'a home run' if r <= total else 'no home run'}")
    return r <= total


def wild(ctx: Ctx, event: dict[str, Any], key: str) -> Outcome:
    """2.5 WLD: no runners, a foul; else the WP and PB? ranges; then the at bat goes on."""
    st, p = ctx.state, ctx.pitcher
    event["type"] = "foul"
    play = Play(None, hold(st), label="FOUL")
    if not any(st.bases):
        ctx.note("WLD with the bases empty: a foul ball; roll again on the pitcher's card (2.5)")
    else:
        r = ctx.d20("WLD: wild pitch / passed ball")
        if in_range(r, p.range("wp")):
            event["type"] = "wild_pitch"
            ctx.note(f"WLD: d20 {r} in the WP range {p.range('wp')}: a wild pitch, every runner advances (2.5)")
            play = Play(None, advance(st, 1), True, label="WILD PITCH")
        elif in_range(r, p.range("pb?")):
            catcher, rating = ctx.fielder(2)
            c = ctx.d6(f"PB? against {catcher}'s passed ball rating {rating.passed_ball}")
            if c > rating.passed_ball:
                event["type"] = "passed_ball"
                ctx.note(f"WLD: d20 {r} in PB? {p.range('pb?')}; 1d6 {c} > {rating.passed_ball}: a passed ball (2.5)")
                play = Play(None, advance(st, 1), True, label="PASSED BALL")
            else:
                ctx.note(f"WLD: d20 {r} in PB? {p.range('pb?')}; 1d6 {c} <= {rating.passed_ball}: "
                         "the catcher blocks it, a foul ball (2.5)")
        else:
            ctx.note(f"WLD: d20 {r} in neither range: a foul ball (2.5)")
    event["completed"] = False
    return finish(ctx, event, play, key)


# --- the batter's or the ballpark card -----------------------------------------------------------


def second_card(ctx: Ctx, event: dict[str, Any], which: str, check: str | None) -> Outcome:
    """3-4: the batter's card (split by the pitcher's hand) or the ballpark card, then checks."""
    st = ctx.state
    roll = ctx.two(f"{'ballpark' if which == 'park' else 'batter'}'s card")
    if which == "park":
        token = ctx.park.grid[roll.first - 1][roll.second - 1][0]
        source = ctx.park.id
    else:
        token = ctx.batter.grid[roll.first - 1][roll.second - 1][0 if ctx.pitcher_left else 1]
        source = ctx.batter.id
    event.update(second={"card": source, "reading": f"{roll.first}-{roll.second}", "result": token})
    ctx.note(f"{'ballpark' if which == 'park' else 'batter'}'s card red {roll.first} white {roll.second}: {token}"
             f" ({'3' if which == 'batter' else '4'})", chart=which, row=roll.first, column=roll.second)
    if token == "-":
        if check:
            ctx.note(f"the rare play result negates the pending {check} check (4.1)")
        return rare_play(ctx, event)
    if token in ("W", "K"):
        ctx.note(f"rare {token} on the batter's card: overrides any range or error check (3.5)")
        return finish(ctx, event, running.walk(ctx, "WALK") if token == "W" else running.strikeout(ctx))
    res: Res
    if token.startswith("**"):
        res = Res.read(ctx.pitcher.stars[int(token[2]) - 1])
        ctx.note(f"{token}: the pitcher's ** line reads {res} (3.1, 4.3)")
    elif token.startswith("?"):
        n = int(token[1])
        ranges = ctx.park.hits if which == "park" else ctx.batter.hits[0 if ctx.pitcher_left else 1]
        r = ctx.d20(f"{token}: H? ranges")
        kind = ranges.pick(r)
        ctx.note(f"{token}: d20 {r} on H? ({ranges}): {kind or 'a flyout'} (3.2, 4.4)")
        res = Res(kind, n) if kind else Res("F", n)
        if kind == "HR" and which == "park":
            if not hr_check(ctx, ctx.park.number("hr"), f"[HR] on {token} (4.4)"):
                res = Res("F", n)
    elif token.startswith("[HR"):
        n = {"8": 8, "o": 9 if not ctx.batter_left else 7, "p": 7 if not ctx.batter_left else 9}[token[3]]
        if hr_check(ctx, ctx.park.number("hr"), f"{token} (4.5)"):
            return finish(ctx, event, running.homer(ctx, n))
        if check == "RP":
            player, rating = ctx.fielder(n)
            r = ctx.d6(f"range of {player} ({POSITION[n].upper()} r{rating.range_rating})")
            if r > rating.range_rating:
                ctx.note(f"range check {r} > {rating.range_rating}: the fielder fails: a double (4.5)")
                return finish(ctx, event, running.outfield_hit(ctx, "D", n))
            ctx.note(f"range check {r} <= {rating.range_rating}: the play is made: F{n} (4.5)")
            return finish(ctx, event, running.flyout(ctx, n, advance_23=True))
        res = Res("F", n)
    else:
        res = Res.read(token)
    if res.kind == "HR":
        ctx.note("a home run is automatic: no range or error check (3.2, 3.3)")
        return finish(ctx, event, running.homer(ctx, res.n))
    if check == "RP":
        res = range_play(ctx, res)
        return finish(ctx, event, out_play(ctx, res) if not res.hit else hit_play(ctx, res))
    if check == "ET?" and res.n in (7, 8, 9) and res.kind in ("S", "S+", "D", "T"):
        return finish(ctx, event, throwing_error_on_advance(ctx, res))
    if check in ("E?", "ET?", "EG?"):
        play = error_check(ctx, check, res)
        if play is not None:
            return finish(ctx, event, play)
        return finish(ctx, event, hit_play(ctx, res) if res.hit else out_play(ctx, res))
    if not res.hit and res.kind != "FOUL":
        k = special_k(ctx)
        if k:
            return finish(ctx, event, running.strikeout(ctx, f"STRIKEOUT (Special K for {res})"))
    return finish(ctx, event, hit_play(ctx, res) if res.hit else out_play(ctx, res))


def special_k(ctx: Ctx) -> bool:
    """2.19: a batter's or ballpark card result other than a hit becomes a strikeout on a d20 in range."""
    rng = ctx.pitcher.range("specialk", ctx.batter_left)
    if rng is None:
        return False
    r = ctx.d20(f"Special K {'LHB' if ctx.batter_left else 'RHB'} {rng[0]}-{rng[1]}")
    ctx.note(f"Special K: d20 {r} {'in' if in_range(r, rng) else 'outside'} {rng[0]}-{rng[1]}"
             f"{': a strikeout' if in_range(r, rng) else ''} (2.19)")
    return in_range(r, rng)


def range_play(ctx: Ctx, res: Res) -> Res:
    """6: 1d6 against the fielder's range (infielders adjusted by depth, 8.11)."""
    n = res.n
    if not n:
        return res
    player, rating = ctx.fielder(n)
    d = running.depth(ctx)
    adj = DEPTH_RANGE[d] if n in (3, 4, 5, 6) else 0
    rng = rating.range_rating + adj
    kind = res.kind
    r = ctx.d6(f"range of {player} ({POSITION[n].upper()} r{rng})")
    if r <= rng:
        made = MADE_RANGE.get((n, kind), str(res))
        ctx.note(f"range play: 1d6 {r} <= range {rng}{f' ({d})' if adj else ''}: the play is made: {made} (6)",
                 chart="range", row=r)
        return Res.read(made) if made != "FOUL" else Res("FOUL")
    failed = FAILED_RANGE.get((n, kind), str(res))
    ctx.note(f"range play: 1d6 {r} > range {rng}{f' ({d})' if adj else ''}: the fielder fails: {failed} (6)",
             chart="range", row=r)
    if failed.startswith("#"):
        single, double = FAILED_ROLL[failed]
        s = ctx.d6(f"{failed}: single or double")
        failed = single if FAILED_ROLL_SINGLE[0] <= s <= FAILED_ROLL_SINGLE[1] else double
        ctx.note(f"{res} failed range: 1d6 {s}: {failed} (6, project's # chart)")
    return Res.read(failed) if failed != "FOUL" else Res("FOUL")


def error_check(ctx: Ctx, chart: str, res: Res) -> Play | None:
    """5: 1d20 against the fielder's error rating when the chart has an entry for the play."""
    n = res.n
    kind = "S" if res.kind == "S+" else res.kind
    entry = ERRORS.get((chart, n, kind)) if n else None
    if entry is None:
        ctx.note(f"{chart}: no error possible on {res} (5)")
        return None
    if entry == "FOUL":
        ctx.note(f"{chart}: {res} by the catcher is a foul ball (5.1)")
        return Play(None, hold(ctx.state), label="FOUL")
    if entry in ("#7",) and (ctx.state.outs == 2 or not any(ctx.state.bases)):
        ctx.note(f"{chart} #7: an error only with runners on and fewer than two out (5.2)")
        return None
    player, rating = ctx.fielder(n)
    r = ctx.d20(f"{chart}: error rating of {player} (e{rating.error_rating})")
    error = r <= rating.error_rating and (entry != "#3" or r % 2 == 1)
    ctx.note(f"{chart}: d20 {r} {'<=' if r <= rating.error_rating else '>'} e{rating.error_rating}"
             f"{' (and odd)' if entry == '#3' else ''}: {'an error ' + entry if error else 'no error'} (5)",
             chart="error", row=r)
    st = ctx.state
    if not error and entry == "#6" and st.bases[0] is not None and st.outs < 2 and n in (1, 3, 4, 5, 6):
        pos = PIVOT[n][0 if ctx.batter_left else 1]  # 5.2 #6: a double play chance: the pivot man's throw too
        pivot = st.defense.at(pos) or ""
        prating = ctx.card(pivot).at(pos)
        e = prating.error_rating if prating else 20
        r = ctx.d20(f"{chart}: error rating of the pivot man {pivot} (e{e})")
        error = r <= e
        ctx.note(f"{chart} #6: the pivot man {pivot}: d20 {r} {'<=' if error else '>'} e{e}: "
                 f"{'a throwing error' if error else 'no error'} (5.2)", chart="error", row=r)
    if not error:
        return None
    return error_play(ctx, entry, res.kind, n)


def throwing_error_on_advance(ctx: Ctx, res: Res) -> Play:
    """5.2 #8: an outfielder's throwing error of one more base, only when the hit drew a throw."""
    throws = len([s for s in ctx.steps if s.get("chart") == "throw"])
    play = hit_play(ctx, res)
    if len([s for s in ctx.steps if s.get("chart") == "throw"]) == throws:
        ctx.note("ET? #8: no throw on the hit: no error possible (5.2)")
        return play
    player, rating = ctx.fielder(res.n)
    r = ctx.d20(f"ET?: error rating of {player} (e{rating.error_rating})")
    if r > rating.error_rating:
        ctx.note(f"ET? #8: d20 {r} > e{rating.error_rating}: no error (5.2)", chart="error", row=r)
        return play
    ctx.note(f"ET? #8: d20 {r} <= e{rating.error_rating}: the throw gets away, one more base each (5.2)",
             chart="error", row=r)
    runners = tuple(None if d is None else d if d in (0, 4) else d + 1 for d in play.runners)
    batter = play.batter if play.batter in (0, 4, None) else play.batter + 1
    taken = [d for d in runners if d not in (None, 0, 4)]
    if batter in taken:
        batter = play.batter
    return Play(batter, (runners[0], runners[1], runners[2]), play.runs_on_third_out, play.hit_or_walk,
                play.label + f", throwing error E{res.n} (#8)")


# --- results into plays -----------------------------------------------------------------


def hit_play(ctx: Ctx, res: Res) -> Play:
    n = res.n
    if res.kind == "HR":
        return running.homer(ctx, n)
    if res.kind == "T":
        return running.triple(ctx, n)
    if res.kind == "S+":
        return running.single_plus(ctx, n)
    if res.kind == "S" and n in INFIELD:
        return running.infield_single(ctx, n)
    if n in (7, 8, 9):
        return running.outfield_hit(ctx, res.kind, n)
    raise RulesError(f"no advancement rule for {res}")


def out_play(ctx: Ctx, res: Res) -> Play:
    if res.kind == "FOUL":
        return Play(None, hold(ctx.state), label="FOUL")
    if res.kind == "G":
        return running.groundout(ctx, res.n, running.depth(ctx))
    if res.kind == "L":
        return running.lineout(ctx, res.n)
    if res.kind == "F":
        return running.flyout(ctx, res.n)
    if res.kind == "P":
        return running.popup(ctx, res.n)
    if res.kind == "K":
        return running.strikeout(ctx)
    if res.kind == "W":
        return running.walk(ctx, "WALK")
    raise RulesError(f"no rule for the result {res}")


# --- rare plays and injuries (4.1, 13) ---------------------------------------------------------


def rare_play(ctx: Ctx, event: dict[str, Any]) -> Outcome:
    st = ctx.state
    runners = any(st.bases)
    chart = RARE_RUNNERS if runners else RARE_EMPTY
    roll = ctx.two(f"rare play chart ({'runners on' if runners else 'bases empty'})")
    token = chart[roll.first - 1][roll.second - 1]
    ctx.note(f"rare play ({'runners on' if runners else 'bases empty'}) red {roll.first} white {roll.second}: "
             f"{token} (4.1, project's chart)", chart="rare", row=roll.first, column=roll.second)
    event["rare"] = token
    hurt: str | None = None
    if token.startswith("INJ:"):
        token = token[4:]
        res = Res.read(token)
        hurt = st.offense.batter if res.kind == "K" else ctx.fielder(res.n)[0]
    if token in ("WP", "PB", "BK"):
        event["type"] = {"WP": "wild_pitch", "PB": "passed_ball", "BK": "balk"}[token]
        event["completed"] = False
        label = {"WP": "WILD PITCH", "PB": "PASSED BALL", "BK": "BALK"}[token]
        return finish(ctx, event, Play(None, advance(st, 1), True, label=label), pa_key(st, ctx.orders.restrike))
    if token == "PO":
        event["type"] = "pickoff"
        event["completed"] = False
        return finish(ctx, event, strategy.picked_off(ctx), pa_key(st, ctx.orders.restrike))
    if token.startswith("E"):
        play = error_play(ctx, "#1", "G", int(token[1]))
    else:
        res = Res.read(token)
        play = hit_play(ctx, res) if res.hit else out_play(ctx, res)
    hurt_for = injury(ctx, hurt) if hurt is not None else None
    new, ev = finish(ctx, event, play)
    if hurt is not None and hurt_for is not None:
        side = ctx.state.batting_side if hurt == ctx.state.offense.batter else ctx.state.fielding_side
        team = new.team(side)
        new = new.with_team(side, evolve(team, injured=team.injured + (hurt,)))
    return new, ev


def injury(ctx: Ctx, player: str) -> int | None:
    """13: 1d6 on the injury chart in the player's INJ column (a 6 rerolls one column to the right).

    The days he is out, or None when he is not hurt.  A club plays about a game a day, so the
    days are also the club games he misses (docs/inside-pitch.md)."""
    column = max(0, min(7, ctx.card(player).number("inj")))
    while True:
        r = ctx.d6(f"injury check on {player} (INJ-{column})")
        cell = INJURY[r][column]
        if cell != "R":
            break
        ctx.note(f"injury chart INJ-{column} 1d6 {r}: reroll on INJ-{column + 1} (13)")
        column += 1
    days = 0
    if cell == "1d6":
        days = ctx.d6(f"{player}'s days out (1d6)")
    elif cell == "2d6":
        two = ctx.two(f"{player}'s days out (2d6)")
        days = two.first + two.second
    elif cell == "1d20":
        days = ctx.d20(f"{player}'s days out (1d20)")
    elif cell in ("15", "60"):
        days = int(cell)
    ctx.note(f"injury chart INJ-{column} 1d6 {r}: {cell}: {player} "
             + ("is not hurt" if cell == "none" else f"out for the game and {days} day(s)") + " (13)",
             chart="injury", row=r, column=column, value=days, days=days)
    return None if cell == "none" else days


# --- the event ------------------------------------------------------------------------------


def finish(ctx: Ctx, event: dict[str, Any], play: Play, keep: str | None = None) -> Outcome:
    if play.batter is None and event["type"] == "plate_appearance":
        event["type"] = "foul"  # a foul ball from a range or error chart: the at bat goes on
        keep = keep or pa_key(ctx.state, ctx.orders.restrike)
    event.setdefault("completed", play.batter is not None)
    if ctx.tactic == "hit_and_run" and event["type"] == "plate_appearance" and play.batter is not None:
        play = strategy.hit_and_run(ctx, play)
    new, facts = apply_play(ctx.state, play)
    if keep is not None and not new.over:
        new = evolve(new, extra=tuple((k, v) for k, v in new.extra if k != "strategy") + (("strategy", keep),))
    if event.get("exhausted"):
        new = evolve(new, extra=tuple((k, v) for k, v in new.extra if k != "exhausted")
                     + (("exhausted", event["exhausted"]),))
    event["rolls"] = list(ctx.dice.log)
    event["steps"] = ctx.steps
    event["play"] = {"label": play.label, "batter": play.batter, "runners": list(play.runners)}
    event.update(facts)
    return new, event


__all__ = ["Orders", "pa_key", "play_pa", "play_steal", "resolve_pa", "resolve_steal", "tired"]
