"""Every formula and constant of the real-season Pine Tar cards (docs/pine-tar.md, "Real seasons").

Pure: lines (dicts of Lahman counts) and league averages in, ratings out.

A batter's column holds 100 two-die results.  ``00-92`` are the batter's own
results, hits first (``HR 3B 2B 1B BB SO``, then ground, fly, line and pop
outs), ``93-97`` ROE/PO and ROE/LO (an out unless the fielder's error chance
makes it an error) and ``98-99`` BK/WP, which never ends the plate
appearance (ball 1 or a balk or wild pitch, then the batter rolls again).
So a result's share of plate appearances is its count over the 98 numbers
that end one.

The pitcher acts through his grade: on rolls 0, 5, ..., 50 the pitcher
modifier chart changes the result (page 10), and off an A+, A or B pitcher a
BB with first base taken is ball 2 (page 4).  :func:`grade_delta` is what a
grade does to a column on average; a batter's column is built so that
against the league's mix of grades it gives his real rates
(:func:`calibrate_column`), and a pitcher's grade is the one whose effect in
runs is nearest his real runs allowed (:func:`pick_grades`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from league.rules.pine_tar.charts import load_charts

EVENTS = ("HR", "3B", "2B", "1B", "BB", "SO", "OUT")
HITS = ("HR", "3B", "2B", "1B")
ON_BASE = ("HR", "3B", "2B", "1B", "BB")
GRADE_ORDER = ("A+", "A", "B", "M", "C", "D", "E", "G")
WALK_GRADES = frozenset({"A+", "A", "B"})
MODIFIED_ROLLS = tuple(range(0, 51, 5))  # page 10

# --- the column --------------------------------------------------------------------------------------
OWN = 93  # 00-92: the batter's own results
ROE_PO, ROE_LO = 3, 2  # 93-95 ROE/PO, 96-97 ROE/LO: outs unless the error check finds an error
BK_WP = 2  # 98-99: never ends the plate appearance
ENDING = 100 - BK_WP  # numbers that end a plate appearance
ROE = ROE_PO + ROE_LO

# Runs per event above an average plate appearance (linear weights, for the 1980s' 4.3 runs a game;
# scaled by the league's runs per game in :func:`run_weights`).
LINEAR_WEIGHTS = {"HR": 1.40, "3B": 1.04, "2B": 0.77, "1B": 0.47, "BB": 0.33, "SO": -0.28, "OUT": -0.26}
WEIGHTS_RUNS_PER_GAME = 4.3
FIRST_TAKEN = 0.27  # share of plate appearances with first base taken (the BB-is-ball-2 rule, page 4)

SHRINK_PA = 60.0  # a batter's rates: his counts plus this many plate appearances at the league's rates
SHRINK_BF = 150.0  # a pitcher's runs allowed: toward his club's, by batters faced
SHRINK_CHANCES = 100.0  # error and range rates toward the league's at the position
PLATOON = 1.08  # on-base events against the other hand over the same hand (switch hitters: none)
VS_RIGHT = {"L": 0.75, "R": 0.30}  # share of a batter's plate appearances against the other hand

# Outs in play, by kind: a batter's ground-out share moves against his home-run rate.
GROUND_SHARE, GROUND_PER_HR, GROUND_LIMITS = 0.46, 2.0, (0.30, 0.62)
LINE_SHARE, POP_SHARE = 0.10, 0.10  # of outs in play; fly outs the rest
GROUND_FIELDERS = {"R": (("SS", 0.34), ("3B", 0.24), ("2B", 0.20), ("1B", 0.10), ("P", 0.12)),
                   "L": (("2B", 0.34), ("1B", 0.24), ("SS", 0.20), ("3B", 0.10), ("P", 0.12)),
                   "S": (("SS", 0.28), ("2B", 0.28), ("3B", 0.16), ("1B", 0.16), ("P", 0.12))}
FLY_FIELDERS = {"R": (("LF", 0.40), ("CF", 0.35), ("RF", 0.25)), "L": (("RF", 0.40), ("CF", 0.35), ("LF", 0.25)),
                "S": (("CF", 0.40), ("LF", 0.30), ("RF", 0.30))}
LINE_FIELDER = {"R": "SS", "L": "2B", "S": "SS"}
POP_FIELDER = {"R": "3", "L": "6", "S": "4"}  # PO-3 is the first baseman (scorer's number)

# --- ratings -----------------------------------------------------------------------------------------
SBO_STEPS = (("AA", 0.35), ("A", 0.22), ("B", 0.13), ("C", 0.07), ("D", 0.03))  # attempts per time on first
SHC_BASE, SHC_PER_RATE, SHC_RANGE = 55, 400.0, (40, 89)
RANGE_STEP = 0.06  # range factor this far over (under) the league's at the position: Pos (Neg)
ARM_STEP = 0.35  # outfield assists a game this share over (under) the league's: E (W)
AR_PER_CAUGHT = 40.0  # catchers: AR points per unit of caught-stealing rate above the league's (negative)
RELIEF_INNINGS = 1.2  # a mixed pitcher's innings per relief outing, taken off his starts' innings
MIP_OFFSET = 0.5  # a starter pitches his MIP and, half the time, one inning more (two runs or fewer)
MIP_PER_CG = 4.0  # innings of MIP per complete game a start: only a MIP of 8 or 9 ever finishes (docs)
MIP_LIMITS = (4, 9)
INJURY_LETTERS = (("A", 10), ("B", 30), ("C", 60))  # games missed below this: the letter; else D
INJURY_CHECK_SHARE = 0.1  # a lineup man is checked after a game when the lineup die (0-9) names his slot
PITCHER_INJURY = "10A"  # Lahman has no games a pitcher missed: a pitcher hurt now and then, briefly
# Pitchers' batting where the season's pitchers hardly batted (the universal DH): about 1970s-2010s NL pitchers.
PITCHERS_BATTING = {"HR": 0.004, "3B": 0.002, "2B": 0.018, "1B": 0.095, "BB": 0.045, "SO": 0.33, "OUT": 0.506}
PITCHERS_BATTING_PA = 500  # fewer of the season's pitchers' plate appearances than this: the rates above


def get(line: Mapping[str, object], key: str) -> float:
    v = line.get(key)
    return float(v) if isinstance(v, (int, float)) else 0.0  # type: ignore[arg-type]


def batting_counts(b: Mapping[str, object]) -> dict[str, float]:
    """A batting line as plate-appearance events: HBP with the walks, sacrifice flies and bunts with the
    outs.  The auto-manager bunts only with a pitcher at bat, so the outs the real sacrifices made are
    made by the cards (without them a league whose pitchers bunted, played with the pitchers' spot as
    its DH, scored about 3% too many runs)."""
    h, d, t, hr = get(b, "H"), get(b, "2B"), get(b, "3B"), get(b, "HR")
    so = get(b, "SO")
    return {"HR": hr, "3B": t, "2B": d, "1B": max(0.0, h - d - t - hr), "BB": get(b, "BB") + get(b, "HBP"),
            "SO": so, "OUT": max(0.0, get(b, "AB") - h - so + get(b, "SF") + get(b, "SH"))}


def rates(counts: Mapping[str, float], prior: Mapping[str, float], shrink: float) -> dict[str, float]:
    """Counts as rates per plate appearance, with ``shrink`` plate appearances at ``prior``'s rates."""
    pa = sum(counts[e] for e in EVENTS)
    return {e: (counts[e] + shrink * prior[e]) / (pa + shrink) for e in EVENTS}


def normal(r: Mapping[str, float]) -> dict[str, float]:
    """Rates floored at zero, summing to 1."""
    out = {e: max(0.0, r.get(e, 0.0)) for e in EVENTS}
    total = sum(out.values()) or 1.0
    return {e: v / total for e, v in out.items()}


def run_weights(runs_per_game: float) -> dict[str, float]:
    scale = runs_per_game / WEIGHTS_RUNS_PER_GAME
    return {e: w * scale for e, w in LINEAR_WEIGHTS.items()}


def run_value(r: Mapping[str, float], weights: Mapping[str, float]) -> float:
    return sum(weights[e] * r.get(e, 0.0) for e in EVENTS)


def platoon(r: Mapping[str, float], bats: str) -> dict[str, dict[str, float]]:
    """The batter's rates against each pitcher hand: on-base events :data:`PLATOON` times as often
    against the other hand, keeping his rates over his real mix of opponents; a switch hitter's the same."""
    if bats == "S":
        return {"L": dict(r), "R": dict(r)}
    s = VS_RIGHT[bats]  # share against the other hand
    # (1 + a) / (1 + b) = PLATOON and s a + (1 - s) b = 0
    b = -((PLATOON - 1) * s) / (1 + (PLATOON - 1) * s)
    a = (1 + b) * PLATOON - 1
    other, same = ("R", "L") if bats == "L" else ("L", "R")
    out = {}
    for hand, k in ((other, a), (same, b)):
        x = {e: r[e] * (1 + k) for e in ON_BASE}
        left = 1 - sum(x.values())
        outs = r["SO"] + r["OUT"]
        x["SO"] = left * r["SO"] / outs if outs else 0.0
        x["OUT"] = left - x["SO"]
        out[hand] = normal(x)
    return out


# --- laying a column out -----------------------------------------------------------------------------

def _round(shares: Sequence[tuple[str, float]], total: int) -> list[tuple[str, int]]:
    """Whole numbers summing to ``total`` (largest remainders), in the given order."""
    raw = [(k, max(0.0, v) * total) for k, v in shares]
    whole = [int(v) for _, v in raw]
    left = total - sum(whole)
    order = sorted(range(len(raw)), key=lambda i: (-(raw[i][1] - whole[i]), i))
    for i in order[:max(0, left)]:
        whole[i] += 1
    return [(k, n) for (k, _), n in zip(raw, whole)]


def out_kinds(outs: int, bats: str, hr_rate: float, lg_hr: float) -> list[tuple[str, int]]:
    """The batter's outs in play as GO, FO, LO and PO results by fielder (ROE not included)."""
    ground = min(GROUND_LIMITS[1], max(GROUND_LIMITS[0], GROUND_SHARE - GROUND_PER_HR * (hr_rate - lg_hr)))
    fly = 1 - ground - LINE_SHARE - POP_SHARE
    hand = bats if bats in GROUND_FIELDERS else "R"
    shares = [(f"GO-{p}", ground * w) for p, w in GROUND_FIELDERS[hand]]
    shares += [(f"FO-{p}", fly * w) for p, w in FLY_FIELDERS[hand]]
    shares += [(f"LO-{LINE_FIELDER[hand]}", LINE_SHARE), (f"PO-{POP_FIELDER[hand]}", POP_SHARE)]
    return _round(shares, outs)


def column(r: Mapping[str, float], bats: str, lg_hr: float) -> list[str]:
    """100 results for rates ``r`` (per plate appearance): counts over the 98 ending numbers, the in-play
    outs less the five ROE numbers on 00-92, ROE 93-97, BK/WP 98-99."""
    counts = dict(_round([(e, r[e]) for e in EVENTS], ENDING))
    counts["OUT"] -= ROE
    while counts["OUT"] < 0:  # few outs in play: the ROE numbers come out of the biggest other result
        biggest = max(("SO", "1B", "BB", "2B", "HR", "3B"), key=lambda e: counts[e])
        counts[biggest] -= 1
        counts["OUT"] += 1
    cells: list[str] = []
    for e in ("HR", "3B", "2B", "1B", "BB", "SO"):
        cells += [e] * counts[e]
    for kind, n in out_kinds(counts["OUT"], bats, r["HR"], lg_hr):
        cells += [kind] * n
    assert len(cells) == OWN, len(cells)
    return cells + ["ROE/PO"] * ROE_PO + ["ROE/LO"] * ROE_LO + ["BK/WP"] * BK_WP


def event_of(result: str) -> str:
    return result if result in EVENTS else "OUT"


def column_rates(cells: Sequence[str]) -> dict[str, float]:
    out = {e: 0.0 for e in EVENTS}
    for c in cells:
        if c != "BK/WP":
            out[event_of(c)] += 1.0 / ENDING
    return out


def grade_delta(cells: Sequence[str], grade: str, modifier: Mapping[tuple[str, str], str]) -> dict[str, float]:
    """What pitching grade ``grade`` changes in a column's rates: the modifier rolls (page 10) and, off
    A+, A and B, the BB with first base taken read as ball 2 (page 4, about :data:`FIRST_TAKEN` of the time)."""
    delta = {e: 0.0 for e in EVENTS}
    for n in MODIFIED_ROLLS:
        old = cells[n]
        key = "GO" if old.startswith("GO-") else old
        new = modifier.get((key, grade))
        if new is not None and new != key:
            delta[event_of(old)] -= 1.0 / ENDING
            delta[event_of(new)] += 1.0 / ENDING
    if grade in WALK_GRADES:
        base = column_rates(cells)
        now = {e: base[e] + delta[e] for e in EVENTS}
        bb = now["BB"]
        for e in EVENTS:  # the batter rolls again: a walk only if he rolls another BB
            delta[e] += FIRST_TAKEN * bb * (now[e] - (1.0 if e == "BB" else 0.0))
    return delta


def expected(cells: Sequence[str], mix: Mapping[str, float], modifier: Mapping[tuple[str, str], str]) -> dict[str, float]:
    """A column's rates against pitchers of the grades in ``mix`` (grade -> share of batters faced)."""
    out = column_rates(cells)
    for g, share in mix.items():
        for e, d in grade_delta(cells, g, modifier).items():
            out[e] += share * d
    return out


def calibrate_column(target: Mapping[str, float], bats: str, lg_hr: float, mix: Mapping[str, float],
                     modifier: Mapping[tuple[str, str], str], rounds: int = 4) -> list[str]:
    """The column whose rates against the league's mix of grades come nearest ``target``."""
    adj = dict(target)
    best: list[str] = []
    best_err = float("inf")
    for _ in range(rounds):
        cells = column(normal(adj), bats, lg_hr)
        got = expected(cells, mix, modifier)
        err = sum(abs(got[e] - target[e]) for e in EVENTS)
        if err < best_err:
            best, best_err = cells, err
        adj = {e: adj[e] + target[e] - got[e] for e in EVENTS}
    return best


# --- pitchers' grades ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class GradeOption:
    """A grade a pitcher may get (a starter's with his third-time grade) and its runs per batter faced
    against the league's average column."""

    grade: str
    third: str | None
    value: float

    def text(self) -> str:
        return self.grade + (f"/{self.third}" if self.third else "")


def grade_values(cells: Sequence[str], weights: Mapping[str, float],
                 modifier: Mapping[tuple[str, str], str]) -> dict[str, float]:
    """Each grade's runs per batter faced on ``cells`` (the league's average column)."""
    return {g: run_value(grade_delta(cells, g, modifier), weights) for g in GRADE_ORDER}


def third_share(mip: int) -> float:
    """Of a starter's batters, the share facing him the third time or later (the 19th batter on):
    about 4.2 batters an inning over his MIP and half an inning more."""
    batters = 4.2 * (mip + MIP_OFFSET)
    return max(0.0, batters - 18) / batters


def options(values: Mapping[str, float], starter: bool, mip: int = 6) -> list[GradeOption]:
    """The grades a pitcher may get, best first; a starter's third-time grade is one or two grades worse."""
    order = sorted(GRADE_ORDER, key=lambda g: (values[g], GRADE_ORDER.index(g)))
    if not starter:
        return [GradeOption(g, None, values[g]) for g in order]
    s = third_share(mip)
    out = []
    for i, g in enumerate(order):
        for t in order[i + 1:i + 3]:
            out.append(GradeOption(g, t, (1 - s) * values[g] + s * values[t]))
    return sorted(out, key=lambda o: (o.value, GRADE_ORDER.index(o.grade)))


def pick_grades(target: float, choices: Sequence[GradeOption]) -> tuple[GradeOption, GradeOption]:
    """(home, away) for a pitcher worth ``target`` runs per batter faced: the two options around it, the
    better at home, so the half-and-half mix comes nearest; one option for both when it is nearer alone."""
    below = [o for o in choices if o.value <= target]
    above = [o for o in choices if o.value > target]
    if not below:
        return choices[0], choices[0]
    if not above:
        return choices[-1], choices[-1]
    lo, hi = below[-1], above[0]
    gap = hi.value - lo.value
    if target - lo.value < gap / 4:
        return lo, lo
    if hi.value - target < gap / 4:
        return hi, hi
    return lo, hi


def pitcher_counts(p: Mapping[str, object], lg: Mapping[str, float]) -> dict[str, float]:
    """A pitching line as events: hits split as the league's, HBP with walks, the rest outs."""
    h, hr = get(p, "H"), get(p, "HR")
    non_hr = max(0.0, h - hr)
    hits = lg["1B"] + lg["2B"] + lg["3B"]
    split = {e: lg[e] / hits if hits else 0.0 for e in ("1B", "2B", "3B")}
    bb = get(p, "BB") + get(p, "HBP")
    so = get(p, "SO")
    bf = get(p, "BFP") or (get(p, "IPouts") + h + bb)
    outs = max(0.0, bf - h - bb - so - get(p, "SH"))
    return {"HR": hr, "3B": non_hr * split["3B"], "2B": non_hr * split["2B"], "1B": non_hr * split["1B"],
            "BB": bb, "SO": so, "OUT": outs}


def batters_faced(p: Mapping[str, object]) -> float:
    return get(p, "BFP") or (get(p, "IPouts") + get(p, "H") + get(p, "BB") + get(p, "HBP"))


# --- the other ratings ------------------------------------------------------------------------------

def times_on_first(b: Mapping[str, object]) -> float:
    return max(0.0, get(b, "H") - get(b, "2B") - get(b, "3B") - get(b, "HR")) + get(b, "BB") + get(b, "HBP")


def sbc(b: Mapping[str, object], lg_success: float) -> int | None:
    """Stolen base chance (page 12: a roll at or under it steals): his success rate with five attempts at
    the league's, as a top roll; N without an attempt."""
    sb, cs = get(b, "SB"), get(b, "CS")
    if sb + cs <= 0:
        return None
    rate = (sb + 5 * lg_success) / (sb + cs + 5)
    return max(0, min(99, round(100 * rate) - 1))


def sbo(b: Mapping[str, object]) -> str:
    """Stolen base opportunity by attempts per time on first: AA, A, B, C, D, E; N without an attempt."""
    attempts = get(b, "SB") + get(b, "CS")
    if attempts <= 0:
        return "N"
    rate = attempts / max(1.0, times_on_first(b))
    return next((g for g, at in SBO_STEPS if rate >= at), "E")


def base_running(b: Mapping[str, object], lg_triple: float, lg_attempts: float) -> str:
    """BR: F(ast) or S(low) by triples per ball in play and steal attempts per time on first against the
    league's (half each); M otherwise."""
    in_play = max(1.0, get(b, "AB") - get(b, "HR") - get(b, "SO"))
    triple = (get(b, "3B") / in_play) / lg_triple if lg_triple else 1.0
    steal = ((get(b, "SB") + get(b, "CS")) / max(1.0, times_on_first(b))) / lg_attempts if lg_attempts else 1.0
    speed = 0.5 * triple + 0.5 * steal
    if get(b, "AB") < 30:
        return "M"
    return "F" if speed >= 1.6 else "S" if speed <= 0.45 else "M"


def shc(b: Mapping[str, object] | None) -> int:
    """Sacrifice hit chance: 55 and 4 points a sacrifice per hundred plate appearances, 40-89."""
    if not b:
        return SHC_BASE
    pa = get(b, "AB") + get(b, "BB") + get(b, "HBP") + get(b, "SF") + get(b, "SH")
    rate = get(b, "SH") / pa if pa else 0.0
    return max(SHC_RANGE[0], min(SHC_RANGE[1], round(SHC_BASE + SHC_PER_RATE * rate)))


def error_chance(errors: float, chances: float, lg_rate: float, lg_ec: float) -> int:
    """EC 0-9: the league's EC (:func:`league_ec`) times his error rate over the league's at the position
    (with :data:`SHRINK_CHANCES` chances at the league's rate), as an error probability (EC + 1) / 10."""
    if lg_rate <= 0:
        return max(0, min(9, round(lg_ec)))
    mine = (errors + SHRINK_CHANCES * lg_rate) / (chances + SHRINK_CHANCES)
    return max(0, min(9, round((lg_ec + 1) * mine / lg_rate - 1)))


def league_ec(errors_per_pa: float) -> float:
    """The EC that gives the league's errors: an ROE number (5 of the 98 ending ones) is an error with
    probability (EC + 1) / 10."""
    return max(0.0, min(9.0, 10 * errors_per_pa * ENDING / ROE - 1))


def range_rating(plays: float, outs: float, lg_factor: float) -> str:
    """RG: Pos or Neg when his plays per nine innings in the field are :data:`RANGE_STEP` over or under the
    league's at the position (shrunk by 100 chances' worth), Neu otherwise."""
    if outs <= 0 or lg_factor <= 0:
        return "Neu"
    mine = 27 * plays / outs
    k = SHRINK_CHANCES / max(1.0, plays)
    ratio = (mine + k * lg_factor) / (1 + k) / lg_factor
    return "Pos" if ratio >= 1 + RANGE_STEP else "Neg" if ratio <= 1 - RANGE_STEP else "Neu"


def of_arm(assists: float, games: float, lg_per_game: float) -> str:
    """Outfielders' arm: E (excellent), A, W (weak) by assists a game against the league's."""
    if games < 10 or lg_per_game <= 0:
        return "A"
    ratio = assists / games / lg_per_game
    return "E" if ratio >= 1 + ARM_STEP else "W" if ratio <= 1 - ARM_STEP else "A"


def catcher_ar(sb: float, cs: float, lg_caught: float) -> int:
    """AR -9..+9, added to a runner's SBC (page 12): his caught-stealing rate (20 attempts at the league's
    added) above the league's makes it negative."""
    rate = (cs + 20 * lg_caught) / (sb + cs + 20)
    return max(-9, min(9, round(-(rate - lg_caught) * AR_PER_CAUGHT)))


def injury(games: float, club_games: float) -> str:
    """INJ for a lineup man, read by the optional injuries (page 16): the letter by the games he missed,
    the chance so that his expected games out in a season -- club games x :data:`INJURY_CHECK_SHARE` x
    (chance + 1) / 100 x the letter's mean length on ``charts/injury_length.txt`` -- are the games he
    missed (for whatever reason: Lahman does not say)."""
    missed = max(0.0, club_games - games)
    letter = next((x for x, below in INJURY_LETTERS if missed < below), "D")
    lengths = load_charts().injury[letter]
    mean = sum(lengths) / len(lengths)
    chance = round(100 * missed / (max(1.0, club_games) * INJURY_CHECK_SHARE * mean)) - 1
    return f"{max(0, min(99, chance))}{letter}"


def starter_mip(p: Mapping[str, object]) -> int:
    """A starter's MIP: his innings a start (relief outings at :data:`RELIEF_INNINGS` taken off) less
    :data:`MIP_OFFSET`, for the inning more he pitches about half the time (two runs or fewer, page 11),
    plus :data:`MIP_PER_CG` times his complete games a start: the auto-manager takes a starter out only
    at his MIP, so only a MIP of 8 or more ever finishes a game."""
    gs = max(1.0, get(p, "GS"))
    relief = max(0.0, get(p, "G") - get(p, "GS"))
    innings = max(0.0, get(p, "IPouts") / 3 - RELIEF_INNINGS * relief)
    mip = innings / gs - MIP_OFFSET + MIP_PER_CG * get(p, "CG") / gs
    return max(MIP_LIMITS[0], min(MIP_LIMITS[1], round(mip)))


def relief_mip(p: Mapping[str, object]) -> int:
    """A reliever's MIP: his innings a relief outing, at least one."""
    relief = max(1.0, get(p, "G") - get(p, "GS"))
    start_innings = get(p, "GS") * 6
    innings = max(0.0, get(p, "IPouts") / 3 - start_innings)
    return max(1, min(4, round(innings / relief)))


def bk_wp(p: Mapping[str, object]) -> str:
    """BK/WP (page 4): after a BK/WP roll with runners on, a balk up to the first number, a wild pitch up
    to the second.  Any wild pitch or balk: 99 on top, the balks' share of them below; none: --/--."""
    bk, wp = get(p, "BK"), get(p, "WP")
    if bk + wp <= 0:
        return "--/--"
    balk = f"{max(0, min(98, round(99 * bk / (bk + wp)) - 1)):02d}" if bk > 0 else "--"
    return f"{balk}/99"


__all__ = ["EVENTS", "GradeOption", "batting_counts", "calibrate_column", "column", "expected", "grade_delta",
           "grade_values", "options", "pick_grades", "rates"]
