"""What a real season's super advanced cards add (``league cards generate --ruleset strat-o-matic-super``).

Three things, each documented in docs/real-seasons.md ("Super advanced cards"):

* **e ratings on 16.3's scale** (:func:`super_error_by_e`): the league-average e at a position is fitted on
  the super advanced chart's error chance (16.42 B: the share of the three dice's totals that read E1-E3
  on the rating's line) instead of the advanced chart's, and each man's rating is capped at the super
  chart's maximum (16.3) instead of the advanced one's.
* **Ball park symbols (30.3, 30.4)** (:func:`mark_park`): ``DIAMOND_SHARE`` of an N batter's homerun
  chances and as many of his fly-ball outs become black-diamond homeruns, ``TRIANGLE_SHARE`` of his single
  chances (from his ``SINGLE*``) and as many of his other outs in play upside-down-triangle singles.  In
  the neutral park (1-10 of 20) half the marked chances are hits and half outs, so the card's expected
  hits are the same as without symbols; a park's range moves them.
* **Clutch (30.7)** (:func:`clutch_chances`, :func:`mark_clutch`): his real RBI against the RBI his hits,
  walks and outs would bring at the league's rate; beyond chance, horseshoe chances on his largest out
  reading (a clutch hitter) or on his ``SINGLE**`` (a poor one).
"""

from __future__ import annotations

import functools
import itertools
from typing import Mapping, Sequence

from league.rules.strat.charts import load_charts

Reading = tuple[str, float, bool]  # (text, chances of 108, precise): the layout's input

DIAMOND_SHARE = 0.5  # of an N batter's homerun chances, marked (with as many fly-ball outs)
TRIANGLE_SHARE = 0.25  # of his single chances (taken from SINGLE*), marked (with as many other outs)

# The RBI his line would bring (before the league's scale): per single, double, triple, homer,
# walk or hit batsman, and out in play (not strikeouts); each sacrifice fly is an RBI of its own.
RBI_WEIGHTS = {"1B": 0.28, "2B": 0.45, "3B": 0.65, "HR": 1.55, "BB": 0.05, "HBP": 0.05, "OUT": 0.04}
# The home park (30.3, 30.4) from Lahman's park factors (Teams.BPF, Teams.PPF: runs, 100 neutral, three
# seasons): PF = their mean; the homerun range's top 10 + PARK_HR x (PF - 100), the single range's
# 10 + PARK_SINGLE x (PF - 100), rounded, 0-20, the same for either side (Lahman has no hands).
PARK_HR = 0.8  # homers taken to move twice as much as runs; a diamond is read on half an N batter's
#                homers and on his card, half the plate appearances: 10 + 40 x (2 x (PF - 100) / 100)
PARK_SINGLE = 0.4  # singles half as much as runs; a quarter of singles marked: 10 + 80 x (PF - 100) / 200
CLUTCH_Z = 1.5  # an RBI surplus within this many of its chance spreads (sqrt of the predicted RBI) is luck
CLUTCH_PER_Z = 4.0  # horseshoe chances per spread beyond it
CLUTCH_MAX = 8  # horseshoe chances at most (of 108)
CLUTCH_MIN = 1  # fewer than this rounds to none


@functools.cache
def park(name: str, bpf: float, ppf: float) -> tuple[str, int, int, int, int]:
    """A club-season's home park (:mod:`league.rules.strat.park_field`) from its Lahman park factors."""
    pf = (bpf + ppf) / 2 - 100
    hr = max(0, min(20, round(10 + PARK_HR * pf)))
    single = max(0, min(20, round(10 + PARK_SINGLE * pf)))
    return (name, hr, single, hr, single)


def super_error_by_e(position: str) -> dict[int, float]:
    """16.42 B: the chance that an X-chance to ``position`` is an error (E1-E3 on three dice), by e rating,
    0 up to the super chart's maximum (16.3)."""
    charts = load_charts()
    dice = {t: 0.0 for t in range(3, 19)}
    for roll in itertools.product(range(1, 7), repeat=3):
        dice[sum(roll)] += 1 / 216
    out = {}
    for e in range(charts.super_max_e(position) + 1):
        row = next(r for r in charts.super_fielding["errors"][position] if r["e"][0] <= e <= r["e"][1])
        out[e] = sum(dice[t] for k in ("E1", "E2", "E3") for t in row[k])
    return out


def super_max_e(position: str) -> int:
    return load_charts().super_max_e(position)


def _is_out(r: Reading) -> bool:
    """An out in play the layout rounds to whole chances (not an X-chance, an injury or a marked reading)."""
    return not r[2]


def _take(readings: list[Reading], amount: float, which: list[int]) -> float:
    """Take ``amount`` chances from the readings at ``which`` in proportion; what they could give."""
    total = sum(readings[i][1] for i in which)
    if total <= 0 or amount <= 0:
        return 0.0
    share = min(1.0, amount / total)
    for i in which:
        text, chances, precise = readings[i]
        readings[i] = (text, chances * (1 - share), precise)
    return total * share


def mark_park(readings: list[Reading], weak: bool) -> list[Reading]:
    """30.3, 30.4 on one advanced side of a batter card: the marked readings added, the rest reduced."""
    out = list(readings)
    if not weak:  # a W batter's park homerun is a SINGLE** (30.3): his own homers stay plain
        hr = next(i for i, r in enumerate(out) if r[0] == "HOMERUN")
        want = out[hr][1] * DIAMOND_SHARE
        flies = [i for i, r in enumerate(out) if _is_out(r) and r[0].startswith("FLYBALL")]
        got = _take(out, want, flies)
        if got > 0:
            out[hr] = (out[hr][0], out[hr][1] - got, True)
            out.append(("<> HOMERUN", 2 * got, True))
    single = next((i for i, r in enumerate(out) if r[0] == "SINGLE*"), None)
    if single is not None:
        singles = sum(r[1] for r in out if r[0].startswith("SINGLE"))
        want = min(out[single][1], singles * TRIANGLE_SHARE)
        others = [i for i, r in enumerate(out) if _is_out(r) and not r[0].startswith("FLYBALL")]
        got = _take(out, want, others)
        if got > 0:
            out[single] = (out[single][0], out[single][1] - got, True)
            out.append(("v SINGLE*", 2 * got, True))
    return out


def rbi_scale(lines: Sequence[Mapping[str, float]], rbi: float) -> float:
    """The league's RBI over what :data:`RBI_WEIGHTS` give its batters' counts (sacrifice flies aside)."""
    raw = sum(_raw_rbi(c) for c in lines)
    return rbi / raw if raw > 0 else 1.0


def _raw_rbi(counts: Mapping[str, float]) -> float:
    return sum(counts.get(e, 0.0) * w for e, w in RBI_WEIGHTS.items())


def clutch_chances(counts: Mapping[str, float], rbi: float, sf: float, scale: float) -> int:
    """Horseshoe chances (30.7): positive on outs (a clutch hitter), negative on singles (a poor one).

    ``counts``: his plate appearances by event (:func:`formulas.batting_counts`); ``rbi``, ``sf`` his real
    runs batted in and sacrifice flies; ``scale``: :func:`rbi_scale`.  Predicted RBI: ``scale x raw + sf``;
    ``z = (rbi - predicted) / sqrt(predicted)``; chances ``round(CLUTCH_PER_Z x (|z| - CLUTCH_Z))``, none
    within ``CLUTCH_Z``, at most ``CLUTCH_MAX``, with z's sign.
    """
    predicted = scale * _raw_rbi(counts) + sf
    if predicted <= 0:
        return 0
    z = (rbi - predicted) / predicted ** 0.5
    chances = min(CLUTCH_MAX, round(CLUTCH_PER_Z * (abs(z) - CLUTCH_Z)))
    if chances < CLUTCH_MIN:
        return 0
    return chances if z > 0 else -chances


def mark_clutch(readings: list[Reading], chances: int) -> list[Reading]:
    """30.7 on one advanced side: ``chances`` of his largest out reading, or of his SINGLE** if negative,
    carry the horseshoe."""
    if not chances:
        return readings
    out = list(readings)
    if chances > 0:
        pick = [i for i, r in enumerate(out) if _is_out(r)]
        i = max(pick, key=lambda i: out[i][1]) if pick else None
    else:
        i = next((i for i, r in enumerate(out) if r[0] == "SINGLE**"), None)
    if i is None:
        return out
    text, have, precise = out[i]
    take = min(float(abs(chances)), have)
    if take <= 0:
        return out
    out[i] = (text, have - take, precise)
    out.append((f"u {text}", take, True))
    return out


__all__ = ["clutch_chances", "mark_clutch", "mark_park", "park", "rbi_scale", "super_error_by_e", "super_max_e"]
