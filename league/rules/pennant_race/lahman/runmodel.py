"""Expected runs of Pennant Race sheets, averaged over all 216 triads.

The generator uses this to set each league's BAT offset: it plays every
club's offense against every other club's starters (weighted by their real
starts) on every triad, with the engine's own charts: shutout and CG
checks, power, speed and bat bonuses, the best relievers' REL (no fatigue),
the fielding change, ST x white (min 6), the unearned grid.  Extra innings,
fatigue and short rest are left out; ``formulas.RUN_MODEL_SCALE`` covers
the difference, measured by simulating whole seasons.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from league.domain.dice import Triad
from league.rules.pennant_race.lahman.formulas import all_triads
from league.rules.pennant_race import charts
from league.rules.pennant_race.ratings import Pitcher, TeamSheet

MIN_DEFENSE = 6


@dataclass(frozen=True)
class _TriadTable:
    triads: tuple[Triad, ...]
    white: np.ndarray
    red: np.ndarray
    sum: np.ndarray
    value: np.ndarray
    power: tuple[str | None, ...]  # the Power chart's spot, or None
    speed: tuple[str | None, ...]
    field: tuple[str | None, ...]  # the Fielding chart's position (sum <= 10), or None


@functools.cache
def _triads() -> _TriadTable:
    ts = all_triads()
    power = [charts.power_spot(t) for t in ts]
    speed = [charts.speed_spot(t) for t in ts]
    field = [charts.fielding_position(t) for t in ts]
    return _TriadTable(
        triads=ts,
        white=np.array([t.white for t in ts]),
        red=np.array([t.red for t in ts]),
        sum=np.array([t.sum for t in ts]),
        value=np.array([t.value for t in ts]),
        power=tuple(c.value if c else None for c in power),
        speed=tuple(c.value if c else None for c in speed),
        field=tuple(c.value if c else None for c in field),
    )


def offense(sheet: TeamSheet) -> np.ndarray:
    """BAT VALUE plus the power, speed and bat bonuses, for each triad."""
    tr = _triads()
    slots = {b.slot: b for b in sheet.batters}
    dice = {b.dice: b for b in sheet.batters if b.dice is not None}
    out = np.full(216, float(sheet.bat_value))
    for i in range(216):
        p, q = tr.power[i], tr.speed[i]
        total = int(tr.sum[i])
        if p is not None and p in slots:
            out[i] += slots[p].pow * total
        if q is not None and q in slots:
            out[i] += slots[q].spd * total
        if total >= 11 and total in dice:
            out[i] += dice[total].bat
    return out


def _relief_sums(pitchers: tuple[Pitcher, ...], starter: Pitcher) -> list[float]:
    """Sum of the best k relievers' REL for k = 0..5 (asterisks only when 3+ are needed)."""
    pool = [p for p in pitchers if p.rel is not None and p.name != starter.name]
    plain = sorted(p.rel or 0 for p in pool if not p.fat_asterisk)
    every = sorted(p.rel or 0 for p in pool)
    return [float(sum((plain if k < 3 else every)[:k])) for k in range(6)]


@functools.cache
def _reliever_counts(end: int) -> np.ndarray:
    tr = _triads()
    out = np.zeros(216, dtype=int)
    for i, t in enumerate(tr.triads):
        outs = charts.bullpen_outs(end, t.white).value + (3 if t.sum <= 10 else 0)
        out[i] = charts.relievers_to_use(outs, t.red).value
    return out


def _pitching(sheet: TeamSheet, starter: Pitcher) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(defense, relief term, shutout mask) of one starter for each triad."""
    gloves = tuple((b.pos, b.fld or 0) for b in sheet.lineup)
    return _pitching_cached(sheet.pitchers, starter, gloves)


@functools.lru_cache(maxsize=4096)
def _pitching_cached(pitchers: tuple[Pitcher, ...], starter: Pitcher, gloves: tuple[tuple[str, int], ...]
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    # the BAT offset never changes the pitching side, so calibration reuses it
    tr = _triads()
    white = tr.white.astype(float)
    by_pos = dict(gloves)
    fld = np.array([float(by_pos.get(pos, 0)) if pos is not None else 0.0
                    for pos in tr.field])
    st = float(starter.st or 0)
    defense = np.maximum(MIN_DEFENSE, st * (white + fld))
    value = tr.value
    cg = value > (starter.cg or 666)
    sums = np.array(_relief_sums(pitchers, starter))
    relief = np.where(cg, 0.0, sums[_reliever_counts(int(starter.end or 1))])
    sho = value > (starter.sho or 666)
    return defense, relief, sho


def unearned(sheet: TeamSheet) -> np.ndarray:
    s = _triads().sum
    grid = np.array((0, 0, 0) + tuple(sheet.unearned), dtype=float)
    return np.where(s <= 10, grid[np.minimum(s, 10)], 0.0)


def expected_runs(sheets: Sequence[TeamSheet], weights: Sequence[dict[str, float]]) -> np.ndarray:
    """Matrix [batting club, pitching club] of expected runs per game (diagonal unused)."""
    offs = np.array([offense(s) for s in sheets])  # (n, 216)
    n = len(sheets)
    out = np.zeros((n, n))
    for j, (sheet, w) in enumerate(zip(sheets, weights)):
        total_w = sum(w.values()) or 1.0
        ur = unearned(sheet)
        acc = np.zeros(n)
        for name, weight in w.items():
            p = sheet.pitcher(name)
            if p is None or p.st is None:
                continue
            d, rel, sho = _pitching(sheet, p)
            runs = np.floor((offs + rel) / d)
            runs = np.maximum(runs, 0) + ur
            runs = np.where(sho, 0.0, runs)
            acc += weight / total_w * runs.mean(axis=1)
        out[:, j] = acc
    return out


def league_runs_per_game(sheets: Sequence[TeamSheet], weights: Sequence[dict[str, float]]) -> float:
    """Runs per team-game when every club meets every other equally often."""
    m = expected_runs(sheets, weights)
    n = len(sheets)
    if n < 2:
        return float(m.sum())
    return float((m.sum() - np.trace(m)) / (n * (n - 1)))
