"""Super advanced ball park effects and clutch hitting (30.0-30.4, 30.6, 30.7), revision 4.

A card reading may carry one of 30.0's symbols (:mod:`.results`: ``<>``, ``v``, ``^``, ``u``).  In super
advanced play from revision 4 :func:`read_symbol` plays it; advanced play, and super advanced games set up
before revision 4, accept the primary outcome (30.1), so games stored before the symbols existed replay
unchanged.  30.2: the symbols are played all together or not at all, so there is no option to play one
kind alone.

The Ball Park Effect Chart is named by the manual but not printed: ``charts/ballparks.json`` is the
project's own, one park a club (by its code), a neutral park for the others (docs/strat-o-matic.md);
it is read with the other charts (:meth:`.charts.Charts.park`).  Cards of a real season (super advanced,
``league cards generate``) carry their club-season's park (``park:``, :mod:`.park_field`): when the home
club's cards do, that park is read instead of the chart's entry for its code.  In a league with the weather option
(30.5, :mod:`.weather`) the weather rolled before the first pitch gives the ranges instead.
"""

from __future__ import annotations

from typing import Any, Mapping

from league.rules.pa.state import GameState
from league.rules.strat.charts import Cell
from league.rules.strat import weather
from league.rules.strat.context import Ctx
from league.rules.strat.park_field import park_entry
from league.rules.strat.results import DIAMOND, HORSESHOE, TRIANGLE, WHITE, Result


def read_symbol(ctx: Ctx, state: GameState, r: Result, bats: str, power: str) -> Result:
    """The reading a symbol makes of ``r`` (revision 4 of the super advanced rules); ``bats`` is the batter's
    side this plate appearance (a switch-hitter's already chosen), ``power`` his power against this pitcher."""
    if r.mark == WHITE:
        assert r.second is not None
        ctx.note(f"white triangle: {r.primary} is ignored, the reading beneath is {r.second} (30.6)", rule="30.6")
        return r.second
    if r.mark == DIAMOND:
        return _park_homerun(ctx, state, r, bats, power)
    if r.mark == TRIANGLE:
        return _park_single(ctx, state, r, bats)
    if r.mark == HORSESHOE:
        return _clutch(ctx, state, r, bats)
    return r


def _range(ctx: Ctx, state: GameState, bats: str, kind: str, rule: str) -> tuple[int, int]:
    """The park's range (or, in a weather game, the weather's: 30.5) and the d20 read against it."""
    rolled = weather.rolled(state) if ctx.weather else None
    if rolled is not None:
        chart, (code, entry) = "weather effects", weather.park_entry(rolled)
    else:
        chart, (code, entry) = "ball park effects", home_park(ctx, state)
    top = int(entry[bats][kind])
    roll = ctx.d20(state, f"{'weather' if rolled else 'ball park'} {kind}? ({rule})")
    ctx.chart(Cell(chart, code, f"{bats} {kind}", f"1-{top}" if top else "none"),
              f"{entry['name']}: a {kind} for a {'left' if bats == 'L' else 'right'}-handed batter on "
              + (f"1-{top}" if top else "no roll") + f"; d20 {roll} ({rule})", d20=roll, rule=rule)
    return roll, top


def home_park(ctx: Ctx, state: GameState) -> tuple[str, Mapping[str, Any]]:
    """The home club's park: the ``park:`` its lineup's cards carry (a real season's; the step's row is the
    club's code and ``card``, ``BOS card``), else the chart's entry for its code or the neutral park."""
    for player in state.home.order:
        card = ctx.cards.get(player)
        if card is not None and card.park is not None:
            return f"{state.home.code} card", park_entry(card.park)
    return ctx.charts.park(state.home.code)


def _park_homerun(ctx: Ctx, state: GameState, r: Result, bats: str, power: str) -> Result:
    """30.3: the park's homerun range for the batter's side; else a Flyball()B to his pull field (the
    project's choice: the manual leaves the parentheses empty).  A W batter's homerun is a SINGLE**."""
    roll, top = _range(ctx, state, bats, "homerun", "30.3")
    if roll > top:
        fly = Result("FLYBALL", at="rf" if bats == "L" else "lf", grade="B", injury=r.injury)
        ctx.note(f"black diamond: d20 {roll} is off the park's homerun range: {fly} (30.3)", rule="30.3")
        return fly
    if power == "W":
        ctx.note("black diamond: a homerun, but a W batter may not hit one: SINGLE** (30.3, 12.1)", rule="30.3")
        return Result("SINGLE", stars=2, injury=r.injury)
    ctx.note(f"black diamond: d20 {roll}: HOMERUN (30.3)", rule="30.3")
    return Result("HOMERUN", injury=r.injury)


def _park_single(ctx: Ctx, state: GameState, r: Result, bats: str) -> Result:
    """30.4: the park's single range for the batter's side: a SINGLE*, else a lineout."""
    roll, top = _range(ctx, state, bats, "single", "30.4")
    out = Result("SINGLE", stars=1, injury=r.injury) if roll <= top else \
        Result("LINEOUT", at=_infielder(r, bats), injury=r.injury)
    ctx.note(f"black triangle: d20 {roll}: {out} (30.4)", rule="30.4")
    return out


def _clutch(ctx: Ctx, state: GameState, r: Result, bats: str) -> Result:
    """30.7: two out and a runner on second or third: an out is a SINGLE**, a SINGLE a popout; otherwise,
    and for any other reading, the symbol is ignored."""
    plain = r.primary
    if not (state.outs == 2 and (state.bases[1] or state.bases[2])):
        ctx.note(f"horseshoe: not two out with a runner on second or third, {plain} stands (30.7)", rule="30.7")
        return plain
    if plain.is_out:
        ctx.note(f"horseshoe in the clutch: {plain} is a SINGLE** (30.7)", rule="30.7")
        return Result("SINGLE", stars=2, injury=plain.injury)
    if plain.kind == "SINGLE":
        pop = Result("POPOUT", at=_infielder(plain, bats), injury=plain.injury)
        ctx.note(f"horseshoe in the clutch: {plain} is a {pop} (30.7)", rule="30.7")
        return pop
    ctx.note(f"horseshoe in the clutch: {plain} is neither an out nor a SINGLE and stands (30.7)", rule="30.7")
    return plain


def _infielder(r: Result, bats: str) -> str:
    """Who catches a 30.4 lineout or a 30.7 popout: the fielder the reading names, else the shortstop for a
    right-handed batter and the second baseman for a left-handed one (the project's choice)."""
    return r.at or ("2b" if bats == "L" else "ss")
