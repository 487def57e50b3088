"""Resolve one Strat-O-Matic plate appearance (or steal) from its dice.

``resolve_pa(state, cards, charts, rolls, strategy, level)`` replays the
rolls so far and answers the next :class:`~league.rules.pa.dice.NeedRoll`, or
the new state and the event: every roll, every chart cell read, the result
and what it did.  ``play_pa`` does the same in one pass with a dice source.
Pure: the same state, cards, decisions and rolls always give the same event,
which is what audit replays rely on.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from league.domain.dice import Triad
from league.domain.errors import RulesError
from league.domain.dice import NeedRoll, Roll
from league.domain.dice import Dice, NeedMore
from league.rules.pa.play import Play, apply_play, forced
from league.rules.pa.state import GameState, Team
from league.rules.pa.subs import can_replace, check_defense_ready
from league.rules.strat import running, tactics, weather
from league.rules.strat.ballparks import read_symbol
from league.rules.strat.cards import Card
from league.rules.strat.charts import RULESET_VERSION, Charts, load_charts
from league.rules.strat.context import EMERGENCY, Ctx
from league.rules.strat.endurance import fatigued, record_closer, record_runs, super_fatigue
from league.rules.strat.levels import ADVANCED, FLAGS, LEVELS, NO_ASTERISKS, SUPER, WEATHER, revision, split_level
from league.rules.strat.mishaps import pitch_mishap
from league.rules.strat.stealing import NOT_A_STEAL, TRIED, record_lead, record_tries
from league.rules.strat.outcomes import play_for
from league.rules.strat.results import DIAMOND, Result, cell_text, pick
from league.rules.strat.strategy import Strategy, check_sacrifice_with_third, check_strategy, record_foul_bunt

Outcome = tuple[GameState, dict[str, Any]]


def resolve_pa(state: GameState, cards: Mapping[str, Card], charts: Charts | None,
               rolls: Sequence[Roll], strategy: Strategy = Strategy(),
               level: str = "basic") -> NeedRoll | Outcome:
    """The next roll this plate appearance needs, or its outcome."""
    return _resolve(_pa, state, cards, charts, rolls, level, strategy)


def resolve_steal(state: GameState, cards: Mapping[str, Card], charts: Charts | None,
                  rolls: Sequence[Roll], runners: tuple[int, ...],
                  strategy: Strategy = Strategy(), level: str = "basic") -> NeedRoll | Outcome:
    """A steal (double steal: name every runner going; the lead runner's grade decides)."""
    return _resolve(lambda st, ctx, s: _steal(st, ctx, s, runners), state, cards, charts,
                    rolls, level, strategy)


def play_pa(state: GameState, cards: Mapping[str, Card], source: Callable[[NeedRoll], Roll],
            strategy: Strategy = Strategy(), level: str = "basic",
            charts: Charts | None = None) -> Outcome:
    """Resolve in one pass, asking ``source`` for every roll."""
    ctx = _ctx(cards, charts, level, Dice([], source))
    return _runs_kept(ctx, state, _pa(state, ctx, strategy))


def play_steal(state: GameState, cards: Mapping[str, Card], source: Callable[[NeedRoll], Roll],
               runners: tuple[int, ...], strategy: Strategy = Strategy(), level: str = "basic",
               charts: Charts | None = None) -> Outcome:
    ctx = _ctx(cards, charts, level, Dice([], source))
    return _runs_kept(ctx, state, _steal(state, ctx, strategy, runners))


def _resolve(fn: Callable[[GameState, Ctx, Strategy], Outcome], state: GameState,
             cards: Mapping[str, Card], charts: Charts | None, rolls: Sequence[Roll],
             level: str, strategy: Strategy) -> NeedRoll | Outcome:
    dice = Dice.replaying(rolls)
    ctx = _ctx(cards, charts, level, dice)
    try:
        out = fn(state, ctx, strategy)
    except NeedMore as more:
        return more.need
    dice.check_done()
    return _runs_kept(ctx, state, out)


def _runs_kept(ctx: Ctx, start: GameState, out: Outcome) -> Outcome:
    """Revision 2: the runs of the play kept by pitcher and inning on the state, for 27.55; and when a
    reliever began to use his closer endurance (28.32, 28.33)."""
    new, event = out
    if ctx.revision >= 2:
        # 19.8: a try for the good lead is kept until the plate appearance is over
        new = record_lead(start, new, ctx.led, event["type"] == "plate_appearance" and event.get("completed", True))
        if ctx.failed_lead is not None or dict(new.extra).get(TRIED):  # 23.3 D
            new = record_tries(new, ctx.failed_lead)
        if ctx.revision >= 3:  # 18.8, 19.7: a 1AND2 kept until the plate appearance is over
            new = record_foul_bunt(new, event["type"] == "bunt_foul",
                                   event["type"] == "plate_appearance" and event.get("completed", True))
        if event.get("runs"):
            new = record_runs(new, start.defense.pitcher, start.inning, event["runs"])
        stint = start.defense.stint
        card = ctx.cards.get(stint.pitcher) if stint.role == "relief" else None
        if card is not None and card.closer is not None:  # 28: only a reliever with a closer endurance
            new = record_closer(start, new, card)
    return new, event


def _ctx(cards: Mapping[str, Card], charts: Charts | None, level: str, dice: Dice) -> Ctx:
    base, asterisks, rev, weather_on = _level(level)
    return Ctx.make(cards, charts or load_charts(), base, dice, asterisks, rev, weather_on)


@lru_cache(maxsize=64)  # every resolution reads its level: a league plays one or two
def _level(level: str) -> tuple[str, bool, int, bool]:
    """The level's base, whether asterisks play, its super advanced revision, whether 30.5's weather plays."""
    base, flags = split_level(level)
    if base not in LEVELS or not flags <= set(FLAGS):
        raise RulesError(f"unknown Strat-O-Matic level {level!r}; one of {', '.join(LEVELS)}, "
                         f"with +{' or +'.join(FLAGS)}")
    rev = revision(level) if base == SUPER else 1
    return base, NO_ASTERISKS not in flags, rev, rev >= 4 and WEATHER in flags


def _check_ready(state: GameState, s: Strategy, level: str, revision: int = 1) -> None:
    if state.over:
        raise RulesError("the game is over")
    # state.offense and state.defense written out: Python 3.11 reads a property by a call of its own
    if state.half == "top":
        offense, defense = state.visitor, state.home
    else:
        offense, defense = state.home, state.visitor
    check_defense_ready(defense)
    if offense.injured:  # before every play: the common case, nobody hurt, costs no call
        _check_injured(offense)
    check_strategy(state, s, level, revision)
    check_sacrifice_with_third(state, s, level)


def _check_injured(team: Team) -> None:
    hurt = [p for p in team.injured if team.in_game(p) and can_replace(team, p)]
    if hurt:
        raise RulesError(f"{team.code} must replace injured {', '.join(hurt)}")


def _pa(state: GameState, ctx: Ctx, s: Strategy) -> Outcome:
    level = ctx.level
    _check_ready(state, s, level, ctx.revision)
    # The teams read once: properties all, and this runs every plate appearance (ctx.pitcher_card(state)
    # inlined below too).  (The properties written out: Python 3.11 reads a property by a call of its own.)
    if state.half == "top":
        offense, defense = state.visitor, state.home
    else:
        offense, defense = state.home, state.visitor
    if ctx.weather and weather.rolled(state) is None:  # 30.5: before the first pitch, its own event
        if s.play != "swing":  # the weather's play ends with the standing orders back: refused, not lost
            raise RulesError("the weather is rolled before the first pitch (30.5): roll it, then decide")
        return _weather(state, ctx)
    start = state
    batter, stint = offense.order[offense.up], defense.pitchers[-1]
    # The pitcher on the mound is his stint's: _check_ready refused the play otherwise (subs._check_ready),
    # and the stint names him without a search of the fielders.
    pitcher = stint.pitcher
    p_card = ctx.cards.get(EMERGENCY if stint.role == "emergency" else pitcher)  # ctx.card, without its call
    if p_card is None:
        p_card = ctx.card(EMERGENCY if stint.role == "emergency" else pitcher)  # refused: no card
    if ctx.revision >= 2:  # with 27.55 and the closer rule (28)
        tired, why = super_fatigue(state, p_card)
    else:
        tired, why = fatigued(stint, p_card, level) if level in ADVANCED else (False, "")
    if not tired and s.fatigued:  # super advanced revision 4: tired all his outing (27.52, 27.61)
        why = next((w for p, w in s.fatigued if p == pitcher), "")
        tired = bool(why)
    if tired:
        ctx.note(f"{pitcher} is tired: {why}; readings with a dot become SINGLE** (27.1)")
    event: dict[str, Any] = {"type": "plate_appearance", "ruleset": RULESET_VERSION,
                             "level": level, "position": state.plays, "before": state.summary(),
                             "batter": batter, "slot": offense.up + 1, "pitcher": pitcher,
                             "strategy": s.recorded(),
                             "fatigued": tired}
    if not ctx.asterisks:
        event["mode"] = "2.1"  # only then: plays of the other modes read as before
    if level == SUPER and s.play != "ibb" and any(b is not None for b in state.bases):
        mishap = pitch_mishap(ctx, state, p_card)
        if mishap is not None:  # its own event: the batter is still up and all four dice roll again
            new, facts = apply_play(state, mishap)
            event.update(type=mishap.label.lower().replace(" ", "_"), completed=False)
            if ctx.revision >= 2:  # whose it is, for the box score (a passed ball is the catcher's)
                event["charged"] = state.defense.at("c") if mishap.label == "PASSED BALL" else pitcher
            return new, _finish(event, ctx, start, new, None, mishap, facts)
    result: Result | None = None
    play: Play | None = None
    before_swing: dict[str, Any] | None = None  # the forced steal's or wild pitch's record, if any
    if s.play == "ibb":
        play = Play(1, forced(state), False, False, "intentional walk")  # 27.3: does not tire him
    elif s.play in ("sacrifice", "squeeze"):
        play = tactics.bunt(ctx, state, s, ctx.card(batter))
        if play.batter is None:  # 18.5's 1AND2 (revision 3): a foul bunt, its own play; the batter stays up
            new, facts = apply_play(state, play)
            event.update(type="bunt_foul", completed=False)
            return new, _finish(event, ctx, start, new, None, play, facts)
    elif s.play == "hit_and_run":
        play = tactics.hit_and_run(ctx, state, s, ctx.card(batter))
        if play is None or play.batter is None:  # batter misses: the runners must steal, then he swings away
            # (19.5, revision 3: or a wild pitch moves them up first)
            steal = play or tactics.steal(ctx, state, s, tuple(i + 1 for i, b in enumerate(state.bases) if b),
                                          forced=True)
            state, pre = apply_play(state, steal)
            before_swing = event["wild_pitch" if play is not None else "forced_steal"] = {
                "runners": list(steal.runners), **pre}
            play = None
            if state.over or pre.get("half_over"):
                event["completed"] = False  # the batter leads off next inning
                return state, _finish(event, ctx, start, state, None, None, pre)
            s = replace(s, play="swing", held=tuple(b for b in s.held if state.bases[b - 1]),
                        go=_follow(start, state, s.go), stop=_follow(start, state, s.stop))
    if play is None:
        result = _read_card(ctx, state, event, p_card, tired, batter)
        play = play_for(ctx, state, s, result)
    new, facts = apply_play(state, play)
    if before_swing is not None:  # the event's runs are all the runs the appearance saw
        pre = before_swing
        facts = {**facts, "scored": pre["scored"] + facts["scored"], "runs": pre["runs"] + facts["runs"],
                 "outs_made": pre["outs_made"] + facts["outs_made"]}
    if ctx.own_event is not None:  # revision 4: a 29.3 passed ball or the hidden ball trick, the batter up
        kind, charged = ctx.own_event
        event.update(type=kind, completed=False, **({"charged": charged} if charged else {}))
        return new, _finish(event, ctx, start, new, None, play, facts)
    event["completed"] = True
    if result is not None and result.injury:
        new = _injure(ctx, new, state.batting_side, batter, "PLUS INJURY (6.4)")
    if result is not None and event["reading"] == "6-12" and _is_dh(state.offense, batter):  # read: set
        new = _injure(ctx, new, state.fielding_side, pitcher, "6-12 with the DH at bat (6.4)")
    return new, _finish(event, ctx, start, new, result, play, facts)


def _weather(state: GameState, ctx: Ctx) -> Outcome:
    """30.5's roll, an event of its own that moves nobody (the batter still up, as after a wild pitch)."""
    play, extra, fact = weather.roll(ctx, state)
    event: dict[str, Any] = {"type": "weather", "ruleset": RULESET_VERSION, "level": ctx.level,
                             "position": state.plays, "before": state.summary(), "completed": False,
                             "weather": fact}
    new, facts = apply_play(state, play)
    new = replace(new, extra=extra)
    return new, _finish(event, ctx, state, new, None, play, facts)


def _read_card(ctx: Ctx, state: GameState, event: dict[str, Any], p_card: Card,
               tired: bool, batter: str) -> Result:
    """1.0: white 1-3 the batter's card, 4-6 the pitcher's; colored dice the row; d20 splits."""
    b_card = ctx.cards.get(batter)  # ctx.card, without its call
    if b_card is None:
        b_card = ctx.card(batter)  # refused: no card
    # ctx.hitting_card(batter), without reading the batter's card twice
    # (and Card.bats, a property, written out: Python 3.11 reads a property by a call of its own)
    if b_card.kind == "pitcher":
        bat_card = ctx.hitting_card(batter)
        bats = b_card.batting[-1] if b_card.batting else b_card.hand
    else:
        bat_card, bats = b_card, b_card.hand
    throws = p_card.hand
    if bats == "S":  # 11.1: a switch-hitter bats against the pitcher's hand
        bats = "R" if throws == "L" else "L"
    t: Triad = ctx.dice.take("triad", "visitor" if state.half == "top" else "home", f"{batter} bats")
    column, red, green = t  # a Triad: Dice.take checked it (unpacked: its names are read by a call each)
    row = red + green
    level = ctx.level
    if column <= 3:
        card, side = bat_card, throws
    else:
        card, side = p_card, bats
    if level == "basic":
        side = "basic"
    cell = card.cells[(side, column, row)]
    text = _CELL_TEXTS.get(id(cell))
    if text is None:
        if len(_CELL_TEXTS) > 65536:
            _CELL_TEXTS.clear()
        text = _CELL_TEXTS[id(cell)] = (cell, cell_text(cell), any(r.n for _, _, r in cell))
    # one key at a time rather than update(**...): no keyword dict built; the same keys in the same order
    event["reading"] = _READINGS[column][row]
    event["card"] = card.id
    event["side"] = side
    event["cell"] = text[1]
    power = b_card.power[0 if throws == "L" else 1]
    advanced = level in ADVANCED
    if advanced:
        event["matchup"] = {"bats": bats, "throws": throws, "power": power}
    if advanced and power == "W" and text[2]:  # an N-HOMERUN in the cell (kept with its text)
        # 12.1: a W batter's N-HOMERUN is a SINGLE**; 12.11: other split readings stand
        # (a 30.3 black diamond stays on the reading: the park's roll decides the homerun, then 12.1)
        cell = tuple((lo, hi, Result("SINGLE", stars=2, mark=r.mark, second=r.second) if r.n else r)
                     for lo, hi, r in cell)
        ctx.note(f"W power: {event['cell']} reads {cell_text(cell)} (12.1)")
    if len(cell) > 1:
        roll = ctx.d20(state, f"split on {column}-{row}")
        result = pick(cell, roll)
        ctx.note(f"split: d20 {roll} gives {result}", d20=roll)
        if ctx.revision >= 2:
            result = _robbed(ctx, state, cell, roll, result, bats)
    else:
        result = cell[0][2]
    if result.mark:
        if ctx.revision >= 4:  # 30.0: ball park effects and clutch hitting, all the symbols (30.2)
            result = read_symbol(ctx, state, result, bats, power)
        else:
            ctx.note(f"{result}: the symbol is not played at this level, the primary outcome stands (30.1)",
                     rule="30.1")
            result = result.primary
    if tired and result.dot:
        ctx.note(f"{result} has a dot and the pitcher is tired: SINGLE** (27.1)")
        result = Result("SINGLE", stars=2, injury=result.injury)
    event["result"] = result.text()  # str(result), without the str class's call
    return result


# "column-row" for every reading of the three dice (white 1-6, red and green 2-12), built once:
# f"{column}-{row}" before every plate appearance cost more than the lookup.
_READINGS: tuple[tuple[str, ...], ...] = tuple(tuple(f"{column}-{row}" for row in range(13))
                                                for column in range(7))


# A cell's text as the event records it, and whether it holds an N-HOMERUN, by the cell's identity: a
# card's cells live as long as the card, and the entry keeps its cell alive, so an id found is always
# that very cell's.
_CELL_TEXTS: dict[int, tuple[Any, str, bool]] = {}


def _robbed(ctx: Ctx, state: GameState, cell: Any, roll: int, result: Result, bats: str) -> Result:
    """14.5 (super advanced revision 2): on a homerun/flyout split, the last homerun number or the first
    flyout number calls a second d20 against the outfielder's range: a left-handed batter's last
    homerun number is the right fielder's, a right-handed batter's the left fielder's, and the first
    flyout number the centre fielder's."""
    for (_, hr_hi, hr), (fly_lo, _, fly) in zip(cell, cell[1:]):
        if ctx.revision >= 4 and hr.mark == DIAMOND:  # 30.3: the park's roll decides that homerun
            return result
        if hr.kind == "HOMERUN" and fly.kind == "FLYBALL" and roll in (hr_hi, fly_lo):
            break
    else:
        return result
    position = ("rf" if bats == "L" else "lf") if roll == hr_hi else "cf"
    fielder, rating, why = ctx.range(state, position)
    check = ctx.d20(state, f"{fielder} at the wall? (14.5)")
    homer = check <= running.ROB_HOMERUN[rating]
    ctx.note(f"d20 {roll}: the {'last homerun' if roll == hr_hi else 'first flyout'} number; {why}: d20 {check} "
             f"-> {'homerun' if homer else 'caught'} (14.5: a homerun on 1-{running.ROB_HOMERUN[rating]})",
             d20=check, rule="14.5")
    return hr if homer else fly


def _steal(state: GameState, ctx: Ctx, s: Strategy, runners: tuple[int, ...]) -> Outcome:
    _check_ready(state, replace(s, play="swing"), ctx.level, ctx.revision)
    start = state
    event: dict[str, Any] = {"type": "steal", "ruleset": RULESET_VERSION, "level": ctx.level,
                             "position": state.plays, "before": state.summary(),
                             "runners": list(runners), "strategy": s.recorded()}
    play = tactics.steal(ctx, state, s, runners)
    if play.label in NOT_A_STEAL:  # 23.3 D, 29.2: nobody stole or was caught stealing
        event.update(type=NOT_A_STEAL[play.label], completed=False)
        if ctx.revision >= 2 and play.label != "NO GOOD LEAD":  # the pitcher's pickoff or balk (box score)
            event["charged"] = state.defense.pitcher
    new, facts = apply_play(state, play)
    return new, _finish(event, ctx, start, new, None, play, facts)


def _follow(before: GameState, after: GameState, bases: tuple[int, ...]) -> tuple[int, ...]:
    """The bases, after a forced steal, of the runners sent or stopped by their bases before it."""
    if not bases:
        return bases
    runners = {before.bases[b - 1] for b in bases}
    return tuple(i + 1 for i, r in enumerate(after.bases) if r is not None and r in runners)


def _injure(ctx: Ctx, state: GameState, side: str, player: str, why: str) -> GameState:
    roll = ctx.d20(state, f"injury to {player}")
    cell = ctx.charts.injury_games(roll, super_chart=ctx.revision >= 3)  # 17.32 from revision 3
    ctx.chart(cell, f"{player} injured ({why}): out for the game and {cell.value} more game(s)")
    team = state.team(side)
    return state.with_team(side, replace(team, injured=team.injured + (player,)))


def _is_dh(team: Team, player: str) -> bool:
    return team.dh and team.position_of(player) == "dh"


def _finish(event: dict[str, Any], ctx: Ctx, start: GameState, new: GameState,
            result: Result | None, play: Play | None, facts: dict[str, Any]) -> dict[str, Any]:
    # The log itself, not a copy, like the steps: the Dice and the Ctx live for this one resolution
    # and take no roll after it.
    event["rolls"] = ctx.dice.log
    event["steps"] = ctx.steps
    if play is not None:
        event["play"] = {"label": play.label, "batter": play.batter, "runners": list(play.runners)}
    event.update(facts)
    event["after"] = new.summary()
    return event
