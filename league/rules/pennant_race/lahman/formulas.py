"""Every rating formula and calibration constant of the Lahman ratings generator.

Pure functions of one player-season (or one team-season) and its league's
context; no pandas, no I/O.  ``docs/real-seasons.md`` explains each formula
and why it has the shape it has.  Changing a constant here changes every
generated sheet: rerun ``ops/realism.py`` and update the tables in the docs.

Conventions: ``lg`` is a :class:`LeagueContext` (the league-season's
averages); a rate is "shrunk" by adding ``K`` league-average events to the
player's own, so a September call-up with 20 at-bats does not get a .400 BAT.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from league.domain.dice import Triad
from league.rules.pennant_race import charts

# --- batters -----------------------------------------------------------------

SHRINK_AB = 100  # at-bats of league average added to every batter's averages
BAT_AT_LEAGUE = 3.0  # BAT of a league-average hitter before the season offset
BAT_PER_POINT = 0.025  # batting average (walks counted as hits) per BAT point
WALK_WEIGHT = 0.0  # a walk counts as this many hits (and at-bats) in BAT's average; 0 = the batting average the manual names
POW_AT_LEAGUE = 2.0  # POW of a league-average slugger (lower POW, steadier scores, more close games)
POW_PER_POINT = 0.050  # slugging per POW point (1988 Texas: .349 -> 1, .467 -> 4)
SPD_SCALE = 0.85  # SPD = floor(SPD_SCALE x sqrt(steals per 150 games))
SPD_GAMES = 150
SPD_EXTRA_GAMES = 10  # added to games played, so part-timers are not inflated
FLD_PER_SD = 0.7  # FLD points per standard deviation of the fielding score
FLD_SHRINK_G = 40  # games of league average added to fielding rates

# --- starters ----------------------------------------------------------------

SHRINK_IP = 30.0  # innings of league-average ERA added to every pitcher's ERA
ST_AT_LEAGUE = 3.0  # ST of a league-average pitcher
ST_EXPONENT = 1.2  # ST = ST_AT_LEAGUE x (lgERA / ERA) ** ST_EXPONENT
RELIEF_OUTS_PER_GAME = 4  # outs a starter is assumed to get in each relief outing
SHRINK_GS = 3  # league-average starts added to outs-per-start and CG rates
DAYS_PER_GAME = 7 / 6  # the schedule's pace: six games a week
MIN_REST, MAX_REST = 2, 9
FOUR_MAN_SHARE = 0.80  # the four busiest starters' share of the games that makes a four-man rotation
CG_SCALE = 1.12  # CG triads per real CG: extra innings void about 1 CG in 9
SHO_SCALE = 1.05  # SHO triads per real SHO (measured: the triad gives most CG shutouts)

# --- relievers ---------------------------------------------------------------

REL_PER_ERA = 1.5  # REL points per run of ERA above the league (REL is added to offense)
REL_AT_LEAGUE = 0.0
FAT_BASE = 5.0  # FAT = round(FAT_BASE - relief games x 162 / team games / FAT_GAMES)
FAT_GAMES = 12.0
ASTERISK_SHARE = 0.10  # fewer relief games than this share of the team's games: FAT "*"

# --- the run environment ----------------------------------------------------

# The run model (league/rules/pennant_race/lahman/runmodel.py) averages every triad without
# fatigue, short rest or extra innings; the simulated season scores this much
# more (measured with ops/realism.py), so the BAT offset aims at real / scale.
RUN_MODEL_SCALE = 1.07

# --- team grids --------------------------------------------------------------

POWER_HR_SHARE = 0.29  # homers per game the power bonus already gives (0.306 x scoring)


@dataclass(frozen=True)
class LeagueContext:
    """A league-season's averages, the zero point of every relative formula."""

    avg: float  # (H + BB) / (AB + BB): the batting average BAT is read from
    slg: float  # TB / AB
    era: float  # 27 x ER / IPouts
    cg_rate: float  # CG / GS
    start_outs: float  # outs per start that is not a complete game
    fld: dict[str, tuple[float, float, float, float]]  # pos -> (mean range, sd, mean pct, sd)


def clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def shrunk(num: float, den: float, mean: float, k: float) -> float:
    """num/den with ``k`` units at ``mean`` added (regression to the league)."""
    return (num + k * mean) / (den + k)


# --- batter ratings ----------------------------------------------------------

def batting_average(h: int, bb: int, ab: int) -> tuple[float, float]:
    """(hits, at-bats) of BAT's batting average: a walk counts as a hit in a time at bat."""
    return h + WALK_WEIGHT * bb, ab + WALK_WEIGHT * bb


def bat_score(h: int, bb: int, ab: int, lg: LeagueContext) -> float:
    """BAT before rounding and the season offset: 3 at the league average."""
    hits, at_bats = batting_average(h, bb, ab)
    avg = shrunk(hits, at_bats, lg.avg, SHRINK_AB)
    return BAT_AT_LEAGUE + (avg - lg.avg) / BAT_PER_POINT


def bat(score: float, offset: float) -> int:
    """BAT = round(score + the season's offset), 0..9 (offset from ``calibrate``)."""
    return int(clamp(round_half_up(score + offset), 0, 9))


def pow_rating(tb: int, ab: int, lg: LeagueContext) -> int:
    """POW = floor(2.8 + (SLG - lgSLG) / .050), 0..9, SLG shrunk to the league."""
    slg = shrunk(tb, ab, lg.slg, SHRINK_AB)
    return int(clamp(math.floor(POW_AT_LEAGUE + (slg - lg.slg) / POW_PER_POINT), 0, 9))


def spd_rating(sb: int, games: int) -> int:
    """SPD = floor(.85 x sqrt(SB per 150 games)), at least 1 for anyone who stole a base."""
    if sb <= 0:
        return 0
    rate = SPD_GAMES * sb / (games + SPD_EXTRA_GAMES)
    return int(clamp(max(1, math.floor(SPD_SCALE * math.sqrt(rate))), 0, 9))


def fld_rating(pos: str, chances: int, outs: int, errors: int, games: int, lg: LeagueContext) -> int:
    """FLD from range (chances per 27 outs in the field) and fielding percentage.

    Each is a z-score against the league's regulars at the position (shrunk
    toward the mean by 40 games); FLD = round(0.7 x mean of the two z), -3..+3.
    A catcher's "range" is his caught-stealing share passed in as chances/outs.
    """
    key = "OF" if pos in ("LF", "CF", "RF") else pos
    if key not in lg.fld or games <= 0:
        return 0
    mean_rng, sd_rng, mean_pct, sd_pct = lg.fld[key]
    k_outs = FLD_SHRINK_G * 27
    rng = shrunk(chances, outs, mean_rng, k_outs)
    pct = shrunk(chances - errors, chances, mean_pct, k_outs * mean_rng)
    z = ((rng - mean_rng) / sd_rng if sd_rng > 0 else 0.0) + ((pct - mean_pct) / sd_pct if sd_pct > 0 else 0.0)
    return int(clamp(round_half_up(FLD_PER_SD * z / 2), -3, 3))


# --- starter ratings ---------------------------------------------------------

def era(er: int, ipouts: int, lg: LeagueContext) -> float:
    """ERA with 30 innings of league average added."""
    return 27 * shrunk(er, ipouts, lg.era / 27, SHRINK_IP * 3)


def st_rating(er: int, ipouts: int, lg: LeagueContext) -> float:
    """ST = 3.0 x (lgERA / ERA)^1.2, in steps of 0.5, 0.5..9.0."""
    value = ST_AT_LEAGUE * (lg.era / max(era(er, ipouts, lg), 0.5)) ** ST_EXPONENT
    return clamp(round_half_up(value * 2) / 2, 0.5, 9.0)


@functools.cache
def bullpen_outs_by_end() -> dict[int, float]:
    """Average bullpen outs the Innings Pitched chart gives each END (+1 inning at sum <= 10)."""
    table = {}
    for end in range(1, 11):
        total = 0
        for t in all_triads():
            total += charts.bullpen_outs(end, t.white).value + (3 if t.sum <= 10 else 0)
        table[end] = total / 216
    return table


def start_outs(g: int, gs: int, cg: int, ipouts: int, lg: LeagueContext) -> float:
    """Outs per start that was not a complete game (relief outings taken out)."""
    outs = max(0, ipouts - RELIEF_OUTS_PER_GAME * (g - gs)) - 27 * cg
    return shrunk(outs, max(gs - cg, 0), lg.start_outs, SHRINK_GS)


def end_rating(outs_per_start: float) -> int:
    """The END whose average bullpen (Innings Pitched chart) leaves the starter his real outs."""
    table = bullpen_outs_by_end()
    return min(table, key=lambda e: (abs(27 - table[e] - outs_per_start), e))


def rotation_size(starts: list[int], team_games: int) -> int:
    """4 when the four busiest starters made 80% of the starts (a four-man rotation), else 5."""
    top = sorted(starts, reverse=True)
    return 4 if sum(top[:4]) >= FOUR_MAN_SHARE * team_games or len(top) < 5 else 5


def rest_rating(gs: int, team_games: int, rotation: int | None = None) -> int:
    """REST = floor(season days / GS) - 1, 2..9; at most rotation - 1 in the rotation.

    The engine starts the most rested starter, so the regular rotation's REST
    only has to let it cover every day (4 in a five-man rotation, 3 in a
    four-man one); a spot starter's higher REST limits him to about his real starts.
    """
    if gs <= 0:
        return MAX_REST
    days = DAYS_PER_GAME * team_games
    rest = int(clamp(math.floor(days / gs) - 1, MIN_REST, MAX_REST))
    if rotation is not None:
        rest = min(rest, rotation - 1)
    return rest


@functools.cache
def all_triads() -> tuple[Triad, ...]:
    return tuple(Triad(w, r, g) for w in range(1, 7) for r in range(1, 7) for g in range(1, 7))


TRIAD_VALUES = tuple(t.value for t in all_triads())  # 111 ... 666 in rule order


def triad_above(n: int) -> int:
    """The triad that exactly ``n`` of the 216 triads exceed (0 -> 666)."""
    n = int(clamp(n, 0, 215))
    return TRIAD_VALUES[215 - n]


def cg_rating(cg: int, gs: int, lg: LeagueContext) -> int:
    """CG triad: 216 x 1.12 x CG/GS (shrunk by 3 starts) triads beat it."""
    rate = shrunk(cg, gs, lg.cg_rate, SHRINK_GS)
    return triad_above(round_half_up(216 * CG_SCALE * rate))


def sho_rating(sho: int, gs: int, cg_triad: int) -> int:
    """SHO triad: 216 x 1.05 x SHO/(GS + 3) triads beat it; never below the CG triad."""
    if sho <= 0 or gs <= 0:
        return 666
    n = round_half_up(216 * SHO_SCALE * sho / (gs + SHRINK_GS))
    return max(triad_above(n), cg_triad)


# --- reliever ratings --------------------------------------------------------

def rel_rating(er: int, ipouts: int, lg: LeagueContext) -> int:
    """REL = round(1.5 x (ERA - lgERA)), -9..+9 (negative is better)."""
    value = REL_AT_LEAGUE + REL_PER_ERA * (era(er, ipouts, lg) - lg.era)
    return int(clamp(round_half_up(value), -9, 9))


def fat_rating(relief_games: int, team_games: int) -> int:
    """FAT = round(5.0 - relief games per 162 / 12), 0..9: workhorses tire less."""
    per_162 = relief_games * 162 / max(team_games, 1)
    return int(clamp(round_half_up(FAT_BASE - per_162 / FAT_GAMES), 0, 9))


def asterisk(relief_games: int, starts: int, team_games: int) -> bool:
    """FAT "*": a spot reliever (under 18% of the team's games) or mainly a starter."""
    return starts >= relief_games or relief_games < ASTERISK_SHARE * team_games


# --- team grids --------------------------------------------------------------

SUM_WAYS = {s: sum(1 for t in all_triads() if t.sum == s) for s in range(3, 11)}  # 1 3 6 10 15 21 25 27


def unearned_grid(unearned_per_game: float) -> tuple[int, ...]:
    """UNEARNED RUNS for sums 3..10 whose average over all triads is (R - ER) per game.

    Every sum gets floor(2u) (sums 3-10 are half of all triads), then the
    subset of sums whose triad counts best fill the remainder gets one more.
    """
    target = max(0.0, unearned_per_game) * 216
    base = int(target // 108)
    rest = target - 108 * base
    ways = [SUM_WAYS[s] for s in range(3, 11)]
    best: tuple[float, int, int] = (rest, 0, 0)  # (error, items, mask)
    for mask in range(256):
        total = sum(w for i, w in enumerate(ways) if mask >> i & 1)
        key = (abs(rest - total), bin(mask).count("1"), mask)
        if key < best:
            best = key
    mask = best[2]
    return tuple(int(clamp(base + (mask >> i & 1), 0, 9)) for i in range(8))


def xhr_grid(homers_per_game: float) -> tuple[int, int, int, int]:
    """X-HR grid: extra homers per game = team HR/G - what the power bonus gives.

    The extra homers follow a Poisson law with that mean: 216 x P(X >= 1)
    triads are at or below the "1" threshold, 216 x P(X >= 2) below the "2";
    the "3" threshold takes what is left of the mean (the tail beyond three);
    the last is always 666.
    """
    m = max(0.02, homers_per_game - POWER_HR_SHARE)
    p0 = math.exp(-m)
    p1 = m * p0
    p2 = m * m / 2 * p0
    at_least = [1 - p0 - p1 - p2, 1 - p0 - p1, 1 - p0]  # P(>=3), P(>=2), P(>=1)
    c1 = max(1, round_half_up(216 * at_least[2]))
    c2 = int(clamp(round_half_up(216 * at_least[1]), 1, c1))
    # extras = [t <= X-HR 1] + [t <= X-HR 2] + [t <= X-HR 3]: the third threshold
    # takes the Poisson tail beyond 3 too, so the mean is kept
    c3 = int(clamp(round_half_up(216 * m) - c1 - c2, 1, c2))
    return (TRIAD_VALUES[min(215, c3 - 1)], TRIAD_VALUES[min(215, c2 - 1)], TRIAD_VALUES[min(215, c1 - 1)], 666)


def hr_ranges(homers: list[int]) -> list[int | None]:
    """Split the 36 two-dice numbers among batters in proportion to their homers.

    Largest remainders, at least one number for a batter with a homer while
    numbers last; returns each batter's X-HR top (11..66) or None, in order.
    """
    total = sum(h for h in homers if h > 0)
    if total == 0:
        return [None] * len(homers)
    quotas = [36 * h / total if h > 0 else 0.0 for h in homers]
    counts = [math.floor(q) for q in quotas]
    for i in sorted(range(len(homers)), key=lambda i: (-(quotas[i] - counts[i]), i)):
        if sum(counts) >= 36:
            break
        if quotas[i] > counts[i]:
            counts[i] += 1
    # one number at least for every batter who homered, taken from the largest
    for i, h in enumerate(homers):
        if h > 0 and counts[i] == 0:
            donor = max(range(len(counts)), key=lambda j: counts[j])
            if counts[donor] > 1:
                counts[donor] -= 1
                counts[i] = 1
    two_dice = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    tops: list[int | None] = []
    used = 0
    for c in counts:
        if c == 0:
            tops.append(None)
        else:
            used += c
            tops.append(two_dice[used - 1])
    return tops


# --- the league context: every relative formula's zero point ---------------------

def league_context(season: Any, league: str) -> LeagueContext:
    """A league-season's averages from the Lahman tables (``SeasonData``), cached per season."""
    cache = season.__dict__.setdefault("_contexts", {})
    if league not in cache:
        cache[league] = _league_context(season, league)
    return cache[league]  # type: ignore[no-any-return]


def _league_context(season: Any, league: str) -> LeagueContext:
    teams = season.teams_in(league)
    ids = {r["teamID"] for r in teams}
    h, ab = batting_average(sum(r["H"] for r in teams), sum(r["BB"] for r in teams),
                              sum(r["AB"] for r in teams))
    slg_ab = sum(r["AB"] for r in teams)
    tb = sum(r["H"] + r["2B"] + 2 * r["3B"] + 3 * r["HR"] for r in teams)
    er = sum(r["ER"] for r in teams)
    ipouts = sum(r["IPouts"] for r in teams)
    pitchers = [p for t in ids for p in season._pitching.get(t, [])]
    gs = sum(p["GS"] for p in pitchers)
    cg = sum(p["CG"] for p in pitchers)
    start_outs = sum(max(0, p["IPouts"] - RELIEF_OUTS_PER_GAME * (p["G"] - p["GS"])) - 27 * p["CG"]
                     for p in pitchers if p["GS"] > 0)
    starters_non_cg = sum(p["GS"] - p["CG"] for p in pitchers if p["GS"] > 0)
    fld: dict[str, tuple[float, float, float, float]] = {}
    for pos in ("C", "1B", "2B", "3B", "SS", "OF"):
        rows = [r for r in season._fielding_rows if r["teamID"] in ids and r["POS"] == pos
                and r["G"] >= 40 and r["InnOuts"] > 0]
        rng = [(r["PO"] + r["A"] + r["E"]) / r["InnOuts"] for r in rows]
        pct = [(r["PO"] + r["A"]) / max(1, r["PO"] + r["A"] + r["E"]) for r in rows]
        fld[pos] = (*_mean_sd(rng), *_mean_sd(pct))
    return LeagueContext(
        avg=h / ab, slg=tb / slg_ab, era=27 * er / ipouts, cg_rate=cg / max(gs, 1),
        start_outs=start_outs / max(starters_non_cg, 1), fld=fld,
    )


def _mean_sd(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return (0.0, 0.0)
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1)
    return (m, var ** 0.5)
