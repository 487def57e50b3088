"""Resolve one Pennant Race game from its dice (manual 1.4, 2.0-2.5, 3.0-3.3).

``resolve(setup, rolls)`` replays the rolls so far from scratch and answers
either the next :class:`~league.domain.dice.NeedRoll` or the final
:class:`~league.rules.pennant_race.outcome.GameOutcome`.  No I/O, clock or
randomness: the same setup and rolls always give the same answer, which is
what audit replays rely on.  Roll order: visitor triad, home triad, extra
inning pairs (only when no fresh pitcher is left to break a tie), then one
pair per extra homer, visitor first.
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import Any, Callable, Sequence

from league.domain.dice import Dice, NeedMore, NeedRoll, Pair, Roll, RollKind, Triad
from league.domain.errors import RulesError
from league.rules.pennant_race import charts, relief_defense, stats
from league.rules.pennant_race.bullpen import choose_relievers, describe, within_limits
from league.rules.pennant_race.outcome import GameOutcome, SideResult, jsonable
from league.rules.pennant_race.ratings import Batter, TeamSheet
from league.rules.pennant_race.setup import GameSetup, SideSetup
from league.rules.pennant_race.stats import SIDES, ExtraInning, Half, other
from league.rules.pennant_race.usage import UsageLimits
# The rules versions and what each changes (versions.py: the calendar reads them without the engine).
from league.rules.pennant_race.versions import PINCH_HITTER, RULESET_VERSION, SPREADS_RUNS, USAGE_LIMITS

NO_RATING = 666  # a CG or SHO of 666 can never be beaten by a triad
MIN_DEFENSE = 6  # "the total defense can never be lower than 6"


def resolve(setup: GameSetup, rolls: Sequence[Roll]) -> NeedRoll | GameOutcome:
    """The next roll the game needs, or its outcome once the rolls suffice."""
    _check(setup)
    dice = Dice(rolls, whole="the game")
    try:
        outcome = _play(setup, dice)
    except NeedMore as more:
        return more.need
    dice.check_done()
    return outcome


def play(
    setup: GameSetup, rolls: Sequence[Roll], source: Callable[[NeedRoll], Roll]
) -> tuple[list[tuple[NeedRoll, Roll]], GameOutcome]:
    """Resolve in one pass, taking ``rolls`` first and asking ``source`` for the rest.

    Returns the new rolls with what each was asked for, and the outcome: the
    same as calling :func:`resolve` roll by roll, without replaying each time.
    """
    _check(setup)
    dice = Dice(rolls, source, whole="the game")
    outcome = _play(setup, dice)
    dice.check_done()
    return dice.asked, outcome


def _check(setup: GameSetup) -> None:
    if setup.ruleset not in RULESET_VERSION:
        raise RulesError(f"unknown ruleset {setup.ruleset!r}")
    if setup.rules_version not in USAGE_LIMITS:
        raise RulesError(f"{setup.ruleset} version {setup.rules_version} cannot be played by this build")
    for side in SIDES:
        s = setup.side(side)
        p = s.sheet.pitcher(s.starter)
        if p is None or not p.is_starter:
            raise RulesError(f"{s.starter} is not a starter on the {s.sheet.code} sheet")


def _play(setup: GameSetup, dice: Dice) -> GameOutcome:
    steps: list[dict[str, Any]] = []
    limits = USAGE_LIMITS[setup.rules_version]
    if limits is not None:  # version 1 games replay without the limits they were played without
        setup = _within_limits(setup, limits, steps)
    triads = {side: dice.take("triad", side, "offense") for side in SIDES}
    halves = {side: _half(setup, side, triads[side], steps) for side in SIDES}
    runs = {side: halves[side].runs for side in SIDES}
    ei_pts: dict[tuple[str, str], int] = {}
    extras: list[ExtraInning] = []
    if runs["visitor"] == runs["home"]:
        extras = _extra_innings(setup, halves, dice, steps, ei_pts)
        winner = extras[-1].scorer or "home"
        runs[winner] += 1
    else:
        winner = max(SIDES, key=lambda s: runs[s])
    homers = stats.home_runs(setup, halves, dice.take, steps)
    pitching = stats.pitching_lines(setup, halves, extras, winner, runs, steps, SPREADS_RUNS[setup.rules_version])
    sides = {
        side: SideResult(
            team=setup.side(side).sheet.code, triad=str(triads[side]), runs=runs[side],
            earned=halves[side].earned + (1 if extras and winner == side else 0),
            unearned=halves[side].unearned, regulation_runs=halves[side].runs,
            shutout_by_triad=halves[side].shutout, offense=jsonable(halves[side].offense),
        )
        for side in SIDES
    }
    return GameOutcome(
        ruleset=setup.ruleset, ruleset_version=setup.rules_version,
        visitor=sides["visitor"], home=sides["home"], winner=winner, extra_innings=len(extras),
        pitching=tuple(pitching), batting=tuple(stats.batting_lines(setup, halves, ei_pts, homers)),
        fielding=tuple(stats.fielding_lines(setup, halves)), home_runs=tuple(homers),
        explanation=tuple(jsonable(steps)),
    )


def _within_limits(setup: GameSetup, limits: UsageLimits, steps: list[dict[str, Any]]) -> GameSetup:
    """The setup with each bullpen cut to the relievers the usage limits let pitch today."""
    sides = {}
    for side in SIDES:
        s = setup.side(side)
        kept, resting = within_limits(s.bullpen, limits)
        if resting:
            steps.append({"step": "usage limits", "team": s.sheet.code, "resting": resting})
        sides[side] = dataclasses.replace(s, bullpen=kept)
    return dataclasses.replace(setup, visitor=sides["visitor"], home=sides["home"])


def _half(setup: GameSetup, side: str, t: Triad, steps: list[dict[str, Any]]) -> Half:
    """One team's regulation offense, each step tagged with the batting team."""
    first = len(steps)
    h = _offense(setup, side, t, steps)
    for step in steps[first:]:
        step["batting"] = setup.side(side).sheet.code
    return h


def _offense(setup: GameSetup, side: str, t: Triad, steps: list[dict[str, Any]]) -> Half:
    """One team's regulation offense against the other's pitching (2.0-2.4)."""
    bat, pit = setup.side(side), setup.side(other(side))
    starter = pit.sheet.pitcher(pit.starter)
    assert starter is not None and starter.st is not None
    short = 1 if pit.short_rest else 0
    # A short-rested starter "cannot achieve CG and Shutouts".
    sho = NO_RATING if short or starter.sho is None else starter.sho
    cg = NO_RATING if short or starter.cg is None else starter.cg
    h = Half(side, t)
    who = {"pitcher": starter.name, "triad": str(t)}
    h.shutout = t.value > sho
    steps.append({"step": "shutout check", "rule": "2.0", **who, "sho": sho,
                  "result": "shutout" if h.shutout else "no shutout"})
    if h.shutout:  # 3.1: nothing else is computed or tracked for this side
        h.complete_game = True
        h.offense = {"shutout": True, "total": 0, "earned": 0, "unearned": 0}
        return h
    h.complete_game = t.value > cg
    steps.append({"step": "complete game check", "rule": "2.0", **who, "cg": cg,
                  "result": "complete game" if h.complete_game else "relievers needed"})
    # The base of the offense first (2.1: "the team BAT VALUE is the base for every game").
    bat_value = _bat_value(bat.sheet, steps) if PINCH_HITTER[setup.rules_version] else bat.sheet.bat_value
    bonus = _bonuses(bat.sheet, t, h, steps)
    st, end = starter.st - short, (starter.end or 0) - short
    rel_term, white, fielder = 0, t.white, None
    if setup.ruleset == "pennant-race":
        if not h.complete_game:
            h.relievers, h.bullpen_outs, rel_term = _bullpen(pit, end, t, steps)
        white, fielder = _fielding(pit.sheet, t, steps)
    elif not h.complete_game:
        h.relievers, h.bullpen_outs, change = relief_defense.relief(
            pit.bullpen, pit.starter, end, t, steps)
        white = t.white + change
    offense = bat_value + sum(bonus.values()) + rel_term
    defense = _defense(st, white)
    h.earned = max(0, _floor_div(offense, defense))
    steps.append({"step": "defense", "rule": "2.2", "pitcher": starter.name, "st": st,
                  "short_rest": bool(short), "white": t.white, "modified_white": white,
                  "defense": float(defense)})
    steps.append({"step": "earned runs", "rule": "2.3", "offense": offense,
                  "defense": float(defense), "runs": h.earned})
    if fielder is not None:
        saved = max(0, _floor_div(offense, _defense(st, t.white))) - h.earned
        h.fielder = (fielder.name, saved)
    if t.sum <= 10:
        h.unearned = pit.sheet.unearned[t.sum - 3]
        steps.append({"step": "unearned runs", "rule": "2.4", "grid": pit.sheet.code,
                      "sum": t.sum, "runs": h.unearned})
    h.offense = {"shutout": False, "bat_value": bat_value, **bonus, "relief": rel_term,
                 "total": offense, "st": st, "white": t.white, "modified_white": white,
                 "defense": float(defense), "earned": h.earned, "unearned": h.unearned}
    return h


def _bat_value(sheet: TeamSheet, steps: list[dict[str, Any]]) -> int:
    """The team's BAT value (1.4): without the DH a pinch hitter's BAT counts instead of the pitcher's.

    Replacing, not adding: a sheet whose pitcher's line already carries the
    best bench BAT (the Lahman generator's) keeps its BAT VALUE, and one
    carrying the pitcher's own BAT gets the pinch hitter's instead.  With a
    DH in the lineup nothing changes and no step is recorded.  The text says
    "instead of the pitcher" without a condition, so the swap stands even in
    the rare sheet whose pitcher outhits the bench.
    """
    spot = sheet.pitcher_spot
    if spot is None:
        return sheet.bat_value
    ph = sheet.pinch_hitter
    bat_value = sheet.bat_value - spot.bat + (ph.bat if ph else spot.bat)
    steps.append({"step": "pinch hitter", "rule": "1.4", "pitcher_spot": spot.name,
                  "pitcher_bat": spot.bat, "pinch_hitter": ph.name if ph else None,
                  "ph_bat": ph.bat if ph else None, "sheet_bat_value": sheet.bat_value,
                  "bat_value": bat_value})
    return bat_value


@functools.lru_cache(maxsize=None)
def _defense(st: float, white: int) -> Fraction:
    """ST x white die, never below 6 (2.2), exact: ST ratings have tenths (4.5)."""
    return max(Fraction(MIN_DEFENSE), Fraction(str(st)) * white)


def _floor_div(offense: int, defense: Fraction) -> int:
    """floor(offense / defense) in integers (defense is at least 6)."""
    return offense * defense.denominator // defense.numerator


def _credit(h: Half, batter: str, kind: str, points: int) -> None:
    h.credits.setdefault(batter, {}).setdefault(kind, 0)
    h.credits[batter][kind] += points


def _bonuses(sheet: TeamSheet, t: Triad, h: Half, steps: list[dict[str, Any]]) -> dict[str, int]:
    """Power, speed and bat bonuses (2.1.a-c); a triple earns power and speed."""
    out = {"power": 0, "speed": 0, "bat": 0}
    for kind, cell, rating in (("power", charts.power_spot(t), "pow"),
                               ("speed", charts.speed_spot(t), "spd")):
        if cell is None:
            continue
        b = sheet.batter_in_slot(cell.value)
        value = getattr(b, rating) if b else 0
        out[kind] = value * t.sum
        steps.append({"step": f"{kind} bonus", "chart": kind, "row": cell.row,
                      "column": cell.column, "spot": cell.value, "batter": b.name if b else None,
                      rating: value, "sum": t.sum, "points": out[kind]})
        if b:
            _credit(h, b.name, f"{rating}_pts", out[kind])
            if kind == "power":
                h.power_batter = b.name
    if t.sum >= 11:
        b = charts.dice_batter(sheet, t.sum)
        out["bat"] = b.bat if b else 0
        steps.append({"step": "bat bonus", "rule": "2.1.c", "sum": t.sum,
                      "batter": b.name if b else None, "bat": out["bat"]})
        if b:
            _credit(h, b.name, "bat_pts", b.bat)
    return out


def _bullpen(pit: SideSetup, end: int, t: Triad, steps: list[dict[str, Any]]
             ) -> tuple[list[tuple[str, int]], int, int]:
    """Innings Pitched and Relievers to Use charts, then the best arms (2.1.d)."""
    cell = charts.bullpen_outs(end, t.white)
    outs = cell.value + (3 if t.sum <= 10 else 0)  # "one inning must be added"
    count = charts.relievers_to_use(outs, t.red)
    steps.append({"step": "innings pitched", "chart": "innings pitched", "row": cell.row,
                  "column": t.white, "outs": cell.value, "plus_one_inning": t.sum <= 10,
                  "bullpen_outs": outs, "innings": charts.innings_text(outs)})
    chosen = choose_relievers(pit.bullpen, count.value, exclude={pit.starter})
    steps.append({"step": "relievers to use", "chart": "relievers to use", "row": count.row,
                  "column": t.red, "relievers": count.value,
                  "chosen": [describe(s, rel) for s, rel in chosen],
                  "sum": sum(rel for _, rel in chosen)})
    if not chosen:
        steps.append({"step": "no reliever available", "result": "the starter stays in, no CG"})
        return [], 0, 0
    entry = sorted(chosen, key=lambda sr: sr[0].roster_order)  # 3.2: roster order
    return [(s.name, rel) for s, rel in entry], outs, sum(rel for _, rel in chosen)


def _fielding(sheet: TeamSheet, t: Triad, steps: list[dict[str, Any]]) -> tuple[int, Batter | None]:
    cell = charts.fielding_position(t)
    if cell is None:
        return t.white, None
    f = sheet.fielder_at(cell.value)
    fld = (f.fld or 0) if f else 0
    steps.append({"step": "fielding", "chart": "fielding", "row": cell.row, "column": cell.column,
                  "position": cell.value, "fielder": f.name if f else None, "fld": fld})
    return t.white + fld, f


def _extra_innings(setup: GameSetup, halves: dict[str, Half], dice: Dice,
                   steps: list[dict[str, Any]], ei_pts: dict[tuple[str, str], int]
                   ) -> list[ExtraInning]:
    """2.5: a fresh pitcher each, E.I. batter's BAT + the other's REL, until untied."""
    used: dict[str, list[str]] = {}
    current: dict[str, tuple[str, int]] = {}
    for side in SIDES:
        pen = halves[other(side)].relievers  # this side's relievers worked the other's half
        used[side] = [setup.side(side).starter] + [n for n, _ in pen]
        current[side] = pen[-1] if pen else (setup.side(side).starter, 0)
    ei = {s: (halves[s].triad.red * 10 + halves[s].triad.green, "triad") for s in SIDES}
    innings: list[ExtraInning] = []
    while True:
        fresh = {}
        for side in SIDES:
            pick = choose_relievers(setup.side(side).bullpen, 1, extra_inning=True,
                                    pitchers_used=len(used[side]), exclude=set(used[side]))
            fresh[side] = bool(pick)
            if pick:
                used[side].append(pick[0][0].name)
                current[side] = (pick[0][0].name, pick[0][1])
        if innings and not any(fresh.values()):
            # PROJECT RULE: nobody left to change the matchup, so new E.I. numbers.
            for side in SIDES:
                ei[side] = (dice.take("pair", side, "extra inning E.I.").value, "pair")
        step: dict[str, Any] = {"step": "extra inning", "rule": "2.5", "inning": 10 + len(innings)}
        score = {}
        for side in SIDES:
            sheet = setup.side(side).sheet
            b = charts.ei_batter(sheet, ei[side][0])
            mound = current[other(side)]
            score[side] = (b.bat if b else 0) + mound[1]
            if b:
                ei_pts[(side, b.name)] = ei_pts.get((side, b.name), 0) + b.bat
            step[side] = {"team": sheet.code, "ei": ei[side][0], "from": ei[side][1],
                          "batter": b.name if b else None, "bat": b.bat if b else 0,
                          "facing": mound[0], "rel": mound[1], "fresh_pitcher": fresh[other(side)],
                          "score": score[side]}
        scorer = None if score["visitor"] == score["home"] else max(SIDES, key=lambda s: score[s])
        step["result"] = "tie" if scorer is None else f"{scorer} scores"
        steps.append(step)
        innings.append(ExtraInning({s: current[s][0] for s in SIDES},
                                   {s: current[s][1] for s in SIDES}, scorer))
        if scorer is not None:
            return innings
