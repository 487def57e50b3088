"""Super advanced revision 4: X-chances on the Super Advanced Fielding Chart (16.3-16.7).

The manual names the chart but does not print it; ``charts/super-fielding.json``
is the project's (docs/strat-o-matic.md, "Super Advanced Fielding Chart").  An
X-chance reads it in 16.42's three steps: the d20 and the fielder's range give
a symbol (``G2#``, ``SI1``, ``F2``, ``P/P``); the three dice added (3-18) and his
e rating give ``RP`` (a rare play), ``E1``-``E3`` or no error; the symbols chart
gives the play.  A symbol with ``#`` reads ``SI2`` when the fielder plays in
(20.61, 20.72) or holds a runner (23.84); G1-G3 go through 20.8's groundball
tables.  A 29.3 passed ball and the hidden ball trick leave the batter up: they
are their own plays (``ctx.own_event``), as 29.1's mishaps are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from league.rules.pa.play import HOME, OUT, Play, advance, forced, hold
from league.rules.pa.state import GameState
from league.rules.strat import running
from league.rules.strat.context import Ctx
from league.rules.strat.infield import advance_each, as_dest, holding_infielders, plays_in
from league.rules.strat.results import Result
from league.rules.strat.strategy import Strategy

_OUTFIELD = ("lf", "cf", "rf")
_WORDS = {"SINGLE": 1, "DOUBLE": 2, "TRIPLE": 3}


def super_x(ctx: Ctx, state: GameState, s: Strategy, r: Result, position: str, rating: int, why: str,
            d20: int) -> Play:
    """16.42: the range section, the error section, the symbols chart."""
    range_cell = ctx.charts.super_range(position, rating, d20)
    symbol: str = range_cell.value
    ctx.chart(range_cell, f"{why}: {symbol} (16.42 A)")
    e, e_why = ctx.error_rating(state, position, super_chart=True)
    t = ctx.dice.take("triad", state.fielding_side, f"error roll at {position} (16.42 B)")
    total = t.red + t.green + t.white
    err_cell = ctx.charts.super_error(position, e, total)
    error: str = err_cell.value
    ctx.chart(err_cell, f"{e_why}: three dice {total}: {error or 'no error'} (16.42 B)")
    playing_in = plays_in(ctx, state, s, replace(r, at=position)) if position not in _OUTFIELD else False
    base = symbol.rstrip("#")
    if symbol.endswith("#"):
        base = _hash(ctx, state, s, r, position, symbol, playing_in) or base
    cell = ctx.charts.super_symbol(base, error)
    value: Any = cell.value
    ctx.chart(cell, f"{base} with {error or 'no error'}: " + (value if isinstance(value, str) else _text(value)))
    if isinstance(value, dict):
        return _hit_or_error(state, position, base, value)
    return _SPECIAL[value](ctx, state, s, position, base, playing_in)


def _hash(ctx: Ctx, state: GameState, s: Strategy, r: Result, position: str, symbol: str,
          playing_in: bool) -> str | None:
    """20.61 (infield in), 20.72 (corners in, to first or third; 20.51, 20.74: the pitcher when he plays
    in with them), 23.84 (to an infielder holding a runner): a symbol with ``#`` reads SI2."""
    if playing_in:
        rule = "20.61" if s.infield_in else "20.51" if position in ("p", "c") else "20.72"
        ctx.note(f"{symbol} with the {position} playing in: SI2 ({rule})", rule=rule)
        return "SI2"
    if s.held and r.kind == "GROUNDBALL" and position in holding_infielders(ctx, state, s.held):
        ctx.note(f"{symbol} to the {position}, who holds a runner: SI2 (23.84)", rule="23.84")
        return "SI2"
    return None


def _text(value: dict[str, Any]) -> str:
    if value.get("error"):
        return f"{value['error']}-base error: the batter takes {value['batter']}, every runner {value['advance']}"
    return f"{value['label'].lower()}, the batter to {value['batter']}, every runner {value['advance']}"


def _hit_or_error(state: GameState, position: str, symbol: str, value: dict[str, Any]) -> Play:
    """A hit (with or without an error on it: the batter and the runners move as the chart says) or an
    error on an out."""
    n, move = value["batter"], value["advance"]
    if value.get("error"):
        label = f"{_OUT_WORD.get(symbol, 'GROUNDBALL')}({position}) {symbol}, {n}-base error"
        return Play(n, advance(state, move), runs_on_third_out=True, label=label)
    word = value["label"]
    extra = n - _WORDS[word]
    # A hit with an error (16.42's "Single and Error"): the box score reads one kind per play and counts
    # the hit, so the label names the error as E1-E3, not with the word that makes a play an error.
    label = f"{word}({position}) {symbol}" + (f" + E{extra}" if extra else "")
    return Play(n, advance(state, move), runs_on_third_out=True, hit_or_walk=True, label=label)


_OUT_WORD = {"F1": "FLYBALL", "F2": "FLYBALL", "F3": "FLYBALL", "FO": "FOULOUT", "P/F": "FOULOUT",
             "P/P": "POPOUT"}


def _groundball(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str, playing_in: bool) -> Play:
    """20.8: the G1, G2 and G3 tables, by base situation, infield back or in."""
    cell = ctx.charts.super_groundball(state.situation(), symbol, playing_in)
    spec = ctx.charts.super_fielding["groundball_results"][cell.value]
    ctx.chart(cell, f"result {cell.value}: {spec['text']} (20.8)", rule="20.8")
    out = [b for b in spec["out"] if state.bases[b - 1]]
    return Play(spec["batter"], advance_each(state, spec["advance"], out), label=f"GROUNDBALL({position}) {symbol}")


def _fly(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str, playing_in: bool) -> Play:
    """F1: every runner moves up a base; F2: the runner on third scores and (16.7) the runner on second may
    try for third; F3: the runners hold.  A catch for the third out moves nobody.  With the outfield in,
    F1 and F2 read as 21.3 reads fly()A and fly()B."""
    label = f"FLYBALL({position}) {symbol}"
    if s.outfield_in and state.bases[2] and symbol in ("F1", "F2"):  # the chart's fly()A and fly()B
        ctx.note(f"{symbol} with the outfield in: a single, the runner on third scoring (21.3)", rule="21.3")
        return Play(1, advance(state, 1), runs_on_third_out=True, hit_or_walk=True,
                    label=f"SINGLE({position}) {symbol} (21.3)")
    if state.outs == 2 or symbol == "F3":
        return Play(OUT, hold(state), label=label)
    if symbol == "F1":
        ctx.note("F1: every runner moves up one base")
        return Play(OUT, advance_each(state, {"1": 1, "2": 1, "3": 1}, []), label=label)
    dest = list(hold(state))
    if state.bases[2]:
        dest[2] = HOME
        ctx.note(f"F2: {state.bases[2]} scores from third")
    second = state.bases[1]
    if second is None:
        return Play(OUT, as_dest(dest), label=label)
    if 2 in s.stop or not s.attempts(2, s.tag_from_second):
        ctx.note(f"F2: {second} holds at second (16.7)")
        return Play(OUT, as_dest(dest), label=label)
    top, how = f2_chance(ctx.card(second).running, ctx.arm(state, position), position)
    need = s.threshold(2, "second_third", state.outs)
    if need is not None and top < need:
        ctx.note(f"F2: {second} holds at second: {how}, below the 1-{need} the standing orders ask with "
                 f"{state.outs} out (send_at, 16.7)", safe_through=top, send_at=need)
        return Play(OUT, as_dest(dest), label=label)
    roll = ctx.d20(state, f"{second} tags for third (16.7)")
    dest[1] = 3 if roll <= top else OUT
    ctx.note(f"F2: {second} tries for third: {how}; d20 {roll}: {'safe' if roll <= top else 'out'} (16.7)",
             d20=roll, safe_through=top, rule="16.7")
    return Play(OUT, as_dest(dest), runs_on_third_out=True, label=label)


def f2_chance(running_rating: int, arm: int, position: str) -> tuple[int, str]:
    """16.7: the runner on second going to third on an F2: his running rating and the arm, with 13.4's
    throw to third (+2 from right, -2 from left) and no cut-off -5, at least 1 and at most 19 (13.1)."""
    n, how = running_rating + arm, [f"running 1-{running_rating}", f"{arm:+d} arm"]
    if position in running.THROW_TO_THIRD:
        adj = running.THROW_TO_THIRD[position]
        n, how = n + adj, how + [f"{adj:+d} throw from {position} to third (13.4)"]
    top = running.clamp(n, 1, 19)
    return top, " ".join(how) + f", no -5: not a cut-off play (16.7) = 1-{top}"


def _pop(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str, playing_in: bool) -> Play:
    """FO: a foul out.  P/P and P/F without an error (16.6, 29.3): with a runner on, a d20 within the
    pitcher's wild-pitch rating is a passed ball (every runner moves up a base, the batter stays up),
    otherwise the batter pops out to the catcher; with nobody on a popout (P/P) or a foul out (P/F)."""
    if symbol == "FO" or all(b is None for b in state.bases):
        word = "POPOUT" if symbol == "P/P" else "FOULOUT"
        return Play(OUT, hold(state), label=f"{word}(c) {symbol}")
    p_card = ctx.pitcher_card(state)
    roll = ctx.d20(state, f"possible passed ball (16.6, 29.3: {state.defense.pitcher} wp{p_card.wild_pitch})")
    if roll <= p_card.wild_pitch:
        ctx.note(f"{symbol}, no error, runners on: d20 {roll} within the pitcher's wild-pitch rating "
                 f"{p_card.wild_pitch}: a passed ball, every runner moves up one base, the batter stays up "
                 "(16.6, 29.3)", d20=roll, rule="29.3")
        ctx.own_event = ("passed_ball", state.defense.at("c"))
        return Play(None, advance(state, 1), runs_on_third_out=True, label="PASSED BALL")
    ctx.note(f"{symbol}, no error, runners on: d20 {roll} above the pitcher's wild-pitch rating "
             f"{p_card.wild_pitch}: no passed ball, the batter pops out to the catcher (29.3)", d20=roll, rule="29.3")
    return Play(OUT, hold(state), label=f"POPOUT(c) {symbol}")


# -- rare plays (16.41) -----------------------------------------------------------------------------

def _infield_fly(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str, playing_in: bool) -> Play:
    """16.5: a PO with fewer than two out and runners on first and second (or the bases loaded) is the
    infield fly rule, the batter out and the runners holding; otherwise a single."""
    if state.outs < 2 and state.bases[0] and state.bases[1]:
        ctx.note("rare play PO, fewer than two out, runners on first and second: the infield fly rule, "
                 "the batter out, the runners hold (16.5)", rule="16.5")
        return Play(OUT, hold(state), label=f"POPOUT({position}) PO, infield fly")
    ctx.note("rare play PO: a single, every runner moves up one base (16.5)", rule="16.5")
    return Play(1, advance(state, 1), runs_on_third_out=True, hit_or_walk=True, label=f"SINGLE({position}) PO")


def _hidden_ball(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str, playing_in: bool) -> Play:
    """Rare play HB, the hidden ball trick: the lead runner tagged out off his base before the pitch; the
    batter stays up (its own play).  With nobody on there is nobody to trick: the G1 stands."""
    lead = next((i for i in (2, 1, 0) if state.bases[i]), None)
    if lead is None:
        ctx.note("rare play HB with nobody on: the G1 stands (16.41)")
        return _groundball(ctx, state, s, position, "G1", playing_in)
    dest = list(hold(state))
    dest[lead] = OUT
    ctx.note(f"rare play HB: the hidden ball trick, {state.bases[lead]} tagged out off his base; the batter "
             "stays up (16.41)", rule="16.41")
    ctx.own_event = ("hidden_ball", None)
    return Play(None, as_dest(dest), label="HIDDEN BALL TRICK")


def _interference(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str, playing_in: bool) -> Play:
    """Rare play CI, catcher's interference: the batter takes first, the runners move up only when forced;
    an error on the catcher."""
    ctx.note("rare play CI: catcher's interference, the batter takes first (16.41)", rule="16.41")
    return Play(1, forced(state), label="CATCHER'S INTERFERENCE, ERROR(c)")


def _inside_the_park(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str,
                     playing_in: bool) -> Play:
    ctx.note("rare play IPHR: an inside-the-park homerun (16.41)", rule="16.41")
    return Play(HOME, advance(state, 3), runs_on_third_out=True, hit_or_walk=True,
                label=f"HOMERUN({position}) inside the park")


def _ground_rule(ctx: Ctx, state: GameState, s: Strategy, position: str, symbol: str, playing_in: bool) -> Play:
    ctx.note("rare play GRD: a ground-rule double, every runner moves up two bases (16.41)", rule="16.41")
    return Play(2, advance(state, 2), runs_on_third_out=True, hit_or_walk=True,
                label=f"DOUBLE({position}) ground rule")


_SPECIAL = {"G": _groundball, "F1": _fly, "F2": _fly, "F3": _fly, "FO": _pop, "P/P": _pop, "P/F": _pop,
            "PO": _infield_fly, "HB": _hidden_ball, "CI": _interference, "IPHR": _inside_the_park,
            "GRD": _ground_rule}
