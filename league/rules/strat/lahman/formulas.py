"""Every formula and constant of the Strat-O-Matic card generator (docs/real-seasons.md).

Pure functions of a player-season (a Lahman line as a dict) and its
league's context; no pandas, no I/O.  Changing a constant here changes
every generated card: rerun ``ops/realism.py --ruleset strat-o-matic`` and
update the tables in the docs.

**The card model.**  A plate appearance reads the batter's card (white die
1-3) or the pitcher's (4-6), so an outcome's chance is the mean of the two
cards' chances (1.0).  For each outcome ``e`` (single, double, triple,
homer, walk, hit by pitch, strikeout, out in play):

* a batter's card gets ``B = 2 r - P``, where ``r`` is his real rate per
  plate appearance and ``P`` what the league's pitcher cards give on
  average, so against an average pitcher he hits exactly ``r``;
* a pitcher's card gets ``Q = 2 r - B``, with ``B`` the batter cards'
  average, so against an average lineup he allows exactly ``r``.

``P`` is ``PITCHER_SHARE[e]`` times the league rate and ``B`` the rest
(``B + P = 2 x league``).  Rates are shrunk toward the league first, so a
September call-up with 20 plate appearances does not get a .400 card.
Outs in play are whatever is left; a negative chance is 0, paid by the
outs.

**Power (12.1).**  At the advanced level a pitcher card's homers are
``N-HOMERUN``: a W batter gets ``SINGLE**`` from them.  A batter whose
homers would be negative on an N card (``r < P / 2``) is W; his card keeps
his own homers (``2 r``) and gives up the singles the pitchers' homers bring
him.  Pitcher cards' advanced homers are scaled by the share of N batters'
plate appearances so a pitcher still allows his real homers.

**No left/right splits.**  Lahman has season totals only, so the three
sides of a card (basic, vs LHP/LHB, vs RHP/RHB) hold the same readings (the
pitcher's advanced sides with ``N-`` homers and tired-pitcher dots, and a W
batter's advanced side without the pitchers' homers): every man hits and
pitches the same against either hand, and the league's platoon advantage is
spread evenly over everyone.

**X-chances (5.0, 16.1).**  A share of each pitcher card's balls in play
are X-chances to a fielder; the fielding chart turns them into outs, hits
and errors by the fielder's range and e rating.  The pitcher's own hit
readings are what remains after the hits his own club's fielders give on
those X-chances, so behind his real defense he allows his real hits, and a
better defense takes hits away from him.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any, Mapping

CARD = 108  # chances on a card: three columns of 36 (the colored dice's 36 ways)

HITS = ("1B", "2B", "3B", "HR")
ON_BASE = HITS + ("BB", "HBP")
EVENTS = ON_BASE + ("SO", "OUT")  # OUT: outs in play (a batter reaching on an error is one)

# --- rates ---------------------------------------------------------------------

SHRINK_PA = 60  # plate appearances of league average added to every batter's line
SHRINK_BF = 100  # batters faced of league average added to every pitcher's line
# How much of each outcome the pitcher cards carry on average (the batter cards carry the rest):
# half and half, except triples and hit batsmen (batters' skills) and homers (more the batter's).
PITCHER_SHARE = {"1B": 1.0, "2B": 0.9, "3B": 0.5, "HR": 0.9, "BB": 1.0, "HBP": 0.6, "SO": 1.0}

# --- reading flavors -------------------------------------------------------------

# Singles and doubles: how runners move (2.2, 13.1).  The auto-manager always sends a runner
# on a hit without asterisks, so most hits carry asterisks (an automatic advance).
SINGLE_FLAVORS = {"SINGLE*": 0.45, "SINGLE**": 0.35, "SINGLE(of)": 0.20}
DOUBLE_FLAVORS = {"DOUBLE**": 0.55, "DOUBLE(of)": 0.45}
# Outs in play: ground balls, fly balls and the rest (pop-ups, line drives, foul pops).
GROUND_SHARE = 0.47  # of a league-average batter's (or pitcher's) outs in play
GROUND_SLOPE = 0.20  # ground share per unit of double plays relative to the league
GROUND_RANGE = (0.30, 0.68)
OTHER_SHARE = {"POPOUT": 0.07, "LINEOUT": 0.06, "FOULOUT": 0.03, "LOMAX": 0.01}
GB_GRADES = {"A": 0.38, "B": 0.34, "C": 0.28}  # gbA is the double-play ball (4.1)
GBA_SLOPE = 0.5  # gbA share per unit of double plays relative to the league
FLY_GRADES = {"A": 0.12, "B": 0.38, "C": 0.50}  # flyB scores the runner from third (3.1)
FLY_MAYBE = 0.5  # of a card's fly(..)B on the advanced sides: fly()B? (14.2)
DOT_READINGS = ("FLYBALL C", "POPOUT", "LINEOUT")  # pitcher outs a tired pitcher gives up as SINGLE** (27.1)

# --- X-chances ---------------------------------------------------------------------

X_SHARE = 0.50  # of a pitcher card's balls in play (hits and outs): X-chances
X_POSITIONS = {"p": 0.05, "c": 0.03, "1b": 0.08, "2b": 0.15, "3b": 0.13, "ss": 0.17,
               "lf": 0.12, "cf": 0.15, "rf": 0.12}

# --- fielding ---------------------------------------------------------------------

RANGE_SD = 0.12  # a range rating step per this share of the league's range factor at the position
RANGE_SHRINK_OUTS = 1500  # outs in the field (about 55 games) of league average added
ERROR_SHRINK_CHANCES = 100  # fielding chances of league average added to the error rate
ARM_OF_SD = 0.35  # an outfield arm step per this share of the league's assists per game
ARM_OF_SHRINK_G = 60
ARM_C_SD = 0.10  # a catcher's arm step per this share of the league's caught-stealing rate
ARM_C_SHRINK = 40  # steal attempts of league average added
CENTER_PENALTY = 1  # range steps a man who is not mainly a center fielder loses there
T_AT_LEAGUE = 5  # a league-average catcher's T range (1-5: 22.22)
PB_PER_GAMES = 20  # pb rating: passed balls per this many games caught (the engine rolls none)

# --- running ---------------------------------------------------------------------

RUNNING_AT_LEAGUE = 11  # 1-11: an average runner
RUNNING_PER_SD = 3.0
RUNNING_RANGE = (5, 17)
SPEED_SD = {"steal": 0.08, "triple": 0.006, "score": 0.09}  # rough spreads of the three speed signs
SPEED_WEIGHTS = {"steal": 0.45, "triple": 0.25, "score": 0.30}
PITCHER_RUNNING = 9
# Stealing grade: steal attempts per time on first (singles, walks, hit by pitch) over the league's,
# and for A and better the success rate.  The auto-manager sends an A runner whenever second is
# open, so about the top fifth of the league's runners by attempts are A or better.
STEAL_GRADES = (("AAA", 3.0, 0.70), ("AA", 2.0, 0.65), ("A", 1.2, 0.60), ("B", 0.6, 0.0),
                ("C", 0.3, 0.0), ("D", 0.1, 0.0))  # else E
# Supplementary stealing (23.1, super advanced): ``lead: *2-10/11,12 (19-14)``.  The auto-manager
# sends a held runner (it holds every one worth sending) when his good-lead chance, first rating -2
# held plus the catcher's arm and the pitcher's hold, is 15 or better (about 72%), and only where it
# may: first alone, fewer than two out, within three runs, one try a time on first.  So the good-lead
# and automatic-out totals give his real steal attempts per time on first over the share of his times
# on first that are such chances, and the first rating is his real success rate as a d20 number plus
# LEAD_FIRST_OVER, the automatic outs taking back the difference (his real success rate overall).
LEAD_CHANCES = 0.28  # the share of a runner's times on first that are the auto-manager's chances to send
LEAD_FIRST_OVER = 5  # first rating: the d20 success number of his real rate, plus this
LEAD_SECOND_UNDER = 5  # second rating: the first less this (the manual's sample, 19-14)
# A D or E runner's first rating: under the auto-manager's 15 even unheld at the best catcher-pitcher +5.
LEAD_FIRST_MOST = {"D": 9, "E": 9}
LEAD_AUTOMATIC = ("AAA",)  # the asterisk (23.11): only the elite
LEAD_OUT_SHARE = 0.24  # automatic-out totals under a quarter of the good-lead totals (else never sent)
BUNT_GRADES = (("A", 0.030), ("B", 0.014), ("C", 0.005), ("D", 0.0015))  # sacrifices per PA; else E
HIT_AND_RUN = (("A", 0.55), ("B", 0.80), ("C", 1.15))  # strikeout rate over the league's; else D

# --- pitchers ---------------------------------------------------------------------

RELIEF_OUTS = 4.0  # outs a starter is assumed to get in each of his relief outings
STARTER_POW_OFFSET = 2.0  # starter(N): innings per start minus this (fatigue comes after POW)
STARTER_POW = (1, 9)
RELIEF_POW = (1, 5)
HOLD_BY_HAND = {"L": -2, "R": 1}  # Lahman has no stolen bases against pitchers
# Pitchers' hitting cards (11.1): the set's eight shared cards, from the weakest (1) to the best.
PH_CARDS = 8

# --- playing time: injuries (6.4) --------------------------------------------------------

# A regular who missed games gets "PLUS INJURY" readings on his card's outs, so in a replay
# he misses about as many: the injury chart keeps a man out a few games (its mean, plus the
# rest of the game he was hurt in).  Real Strat-O-Matic cards rate injuries the same way,
# from games played.  Reserves get none: they play when a regular is out.
INJURY_PA_PER_GAME = 4.2  # a regular's plate appearances in a game
INJURY_MAX_CHANCES = 12.0  # at most this many of his 108 chances (a part-timer in the lineup)
INJURY_REST_OF_GAME = 0.5  # of a game: what a man hurt in it misses of it, on average

# --- usage in a replay --------------------------------------------------------------

SLOT_DECAY = 0.02  # each spot down the order bats about 2% less often


@dataclass(frozen=True)
class LeagueContext:
    """A league-season's averages: the zero point of every relative formula."""

    rates: Mapping[str, float]  # per plate appearance, EVENTS
    gidp: float  # double plays per out in play (batters)
    pitcher_gidp: float | None  # the same, from the pitchers' lines (None: not kept that year)
    sacrifice: float  # sacrifice hits per plate appearance
    steal: float  # steal attempts per time on first
    triple: float  # triples per ball in play
    score: float  # runs (homers aside) per time on base
    hit_split: Mapping[str, float]  # 1B/2B/3B shares of the hits that are not homers
    range_factor: Mapping[str, float] = field(default_factory=dict)  # position -> per 27 outs
    error_rate: Mapping[str, float] = field(default_factory=dict)  # position -> E per chance
    e_rating: Mapping[str, float] = field(default_factory=dict)  # position -> league-average e
    of_assists: float = 0.0  # outfield assists per game
    caught: float = 0.0  # catchers' caught-stealing rate
    passed_balls: float = 0.0  # per game caught


def get(line: Mapping[str, Any], column: str, default: float = 0.0) -> float:
    v = line.get(column)
    return default if v is None or (isinstance(v, float) and math.isnan(v)) else float(v)


# --- rates per plate appearance --------------------------------------------------------

def batting_counts(b: Mapping[str, Any]) -> dict[str, float]:
    """A batting line as counts of EVENTS (plate appearances: AB + BB + HBP + SF).

    Sacrifices and intentional walks are left out: they are the managers'
    decisions, which the auto-manager (or the players) make again in a replay.
    """
    h, d, t, hr = get(b, "H"), get(b, "2B"), get(b, "3B"), get(b, "HR")
    walks = max(0.0, get(b, "BB") - get(b, "IBB"))
    out = {"1B": h - d - t - hr, "2B": d, "3B": t, "HR": hr, "BB": walks, "HBP": get(b, "HBP"),
           "SO": get(b, "SO")}
    out["OUT"] = max(0.0, get(b, "AB") - h - out["SO"] + get(b, "SF"))
    return out


def pitching_counts(p: Mapping[str, Any], lg: LeagueContext) -> dict[str, float]:
    """A pitching line as counts of EVENTS (sacrifices and intentional walks aside, as for batters);
    his hits that are not homers split as the league's."""
    h, hr = get(p, "H"), get(p, "HR")
    bf = get(p, "BFP") or (get(p, "IPouts") + h + get(p, "BB") + get(p, "HBP"))
    pa = max(0.0, bf - get(p, "SH", lg.sacrifice * bf) - get(p, "IBB"))
    out = {e: (h - hr) * lg.hit_split[e] for e in ("1B", "2B", "3B")}
    out.update(HR=hr, BB=max(0.0, get(p, "BB") - get(p, "IBB")), HBP=get(p, "HBP"), SO=get(p, "SO"))
    out["OUT"] = max(0.0, pa - sum(out.values()))
    return out


def rates(counts: Mapping[str, float], lg: LeagueContext, shrink: float) -> dict[str, float]:
    """Per plate appearance, with ``shrink`` plate appearances of league average added."""
    pa = sum(counts[e] for e in EVENTS)
    return {e: (counts[e] + shrink * lg.rates[e]) / (pa + shrink) for e in EVENTS}


def shifted(r: Mapping[str, float], shift: Mapping[str, float]) -> dict[str, float]:
    """Rates moved by the league's usage shift (never below 0; outs in play take up the rest)."""
    out = {e: max(0.0, r[e] + shift.get(e, 0.0)) for e in EVENTS if e != "OUT"}
    out["OUT"] = max(0.0, 1 - sum(out.values()))
    total = sum(out.values())
    return {e: v / total for e, v in out.items()}


# --- the two cards --------------------------------------------------------------------

def pitcher_mean(lg: LeagueContext) -> dict[str, float]:
    """What the pitcher cards give the average batter, per outcome (``P`` above)."""
    return {e: PITCHER_SHARE[e] * lg.rates[e] for e in EVENTS if e != "OUT"}


def weak_power(r: Mapping[str, float], lg: LeagueContext) -> bool:
    """W (12.0): his homers would be negative on top of the pitchers' (2 r < P)."""
    return 2 * r["HR"] < pitcher_mean(lg)["HR"]


def batter_card(r: Mapping[str, float], lg: LeagueContext, advanced: bool) -> dict[str, float]:
    """Chances (of 108) on one side of a batter's card, per outcome.

    ``advanced``: the side read against pitcher cards whose homers are ``N-HOMERUN``
    (12.1): a W batter keeps his own homers and loses the singles those give him.
    """
    p = pitcher_mean(lg)
    card = {e: 2 * r[e] - p[e] for e in p}
    if advanced and weak_power(r, lg):
        card["HR"] = 2 * r["HR"]
        card["1B"] -= p["HR"]
    return _close(card)


def batter_mean(lg: LeagueContext) -> dict[str, float]:
    """The batter cards' average per outcome: twice the league less the pitchers' part."""
    p = pitcher_mean(lg)
    return {e: 2 * lg.rates[e] - p[e] for e in p}


def pitcher_outcomes(r: Mapping[str, float], lg: LeagueContext, advanced: bool,
                     n_share: float = 1.0) -> dict[str, float]:
    """Chances (of 108) of each outcome the pitcher's card gives, X-chances included.

    ``advanced``: homers are ``N-HOMERUN`` and only the N batters (``n_share`` of the
    plate appearances) hit them; the W batters take a SINGLE** instead.
    """
    b = batter_mean(lg)
    card = {e: 2 * r[e] - b[e] for e in b}
    if advanced and n_share < 1:
        p = pitcher_mean(lg)
        # the W batters' cards carry their own homers (2 r), so B's homers are N batters' less P
        b_hr = 2 * lg.rates["HR"] - n_share * p["HR"]
        card["HR"] = (2 * r["HR"] - b_hr) / max(n_share, 0.05)
        # the W batters' cards lack the P homers' singles; his homers make singles for them
        card["1B"] -= (1 - n_share) * (card["HR"] - p["HR"])
    return _close(card)


def _close(card: dict[str, float]) -> dict[str, float]:
    """Negative chances become 0; outs in play are the rest of the 108."""
    out = {e: max(0.0, v) for e, v in card.items()}
    out["OUT"] = max(0.0, 1 - sum(out.values()))
    total = sum(out.values())
    return {e: CARD * v / total for e, v in out.items()}


def x_chances(card: Mapping[str, float], yields: Mapping[str, float]) -> tuple[float, dict[str, float]]:
    """Chances of X-chances on a pitcher card and what remains of his hits and outs.

    ``yields``: per X-chance behind his club's fielders, the chance of each hit,
    an error (``E``) and an out (``OUT``).  X-chances are ``X_SHARE`` of his balls
    in play, fewer if his hits or outs could not pay for what they give.  The
    fielders' triples beyond his own come out of his doubles, and their doubles
    beyond his out of his singles: his hits stay his, a few a base longer.
    """
    bip = sum(card[e] for e in ("1B", "2B", "3B", "OUT"))
    hits = sum(yields.get(e, 0) for e in ("1B", "2B", "3B"))
    x = X_SHARE * bip
    if hits > 0:
        x = min(x, sum(card[e] for e in ("1B", "2B", "3B")) / hits)
    taken = yields.get("OUT", 0) + yields.get("E", 0)
    if taken > 0:
        x = min(x, card["OUT"] / taken)
    rest = dict(card)
    short = 0.0
    for e in ("3B", "2B", "1B"):
        rest[e] = card[e] - x * yields.get(e, 0) - short
        short = max(0.0, -rest[e])
        rest[e] = max(0.0, rest[e])
    rest["OUT"] = max(0.0, card["OUT"] - x * taken)
    return x, rest


def batter_effective(r: Mapping[str, float], lg: LeagueContext, advanced: bool) -> dict[str, float]:
    """What his card gives against the average pitcher card, per plate appearance (after the
    card's zero floor): the generator moves the league's rates until these average the league."""
    card = {e: v / CARD for e, v in batter_card(r, lg, advanced).items()}
    p = pitcher_mean(lg)
    out = {e: (card[e] + p.get(e, 0.0)) / 2 for e in EVENTS if e != "OUT"}
    if advanced and weak_power(r, lg):
        out["HR"] -= p["HR"] / 2
        out["1B"] += p["HR"] / 2
    out["OUT"] = 1 - sum(out.values())
    return out


def pitcher_effective(r: Mapping[str, float], lg: LeagueContext, advanced: bool,
                      n_share: float = 1.0) -> dict[str, float]:
    """What his card gives against the average batter card, per plate appearance (X-chances at
    the league's defense are hits and outs as his card counts them)."""
    card = {e: v / CARD for e, v in pitcher_outcomes(r, lg, advanced, n_share).items()}
    b = batter_mean(lg)
    out = {e: (card[e] + b[e]) / 2 for e in b}
    if advanced and n_share < 1:
        p = pitcher_mean(lg)
        b_hr = 2 * lg.rates["HR"] - n_share * p["HR"]
        b_1b = b["1B"] - (1 - n_share) * p["HR"]
        out["HR"] = (b_hr + n_share * card["HR"]) / 2
        out["1B"] = (b_1b + card["1B"] + (1 - n_share) * card["HR"]) / 2
    out["OUT"] = 1 - sum(out.values())
    return out


# --- outs in play: ground and fly --------------------------------------------------------

def dp_ratio(gidp: float, outs: float, league_rate: float | None, shrink: float = 150) -> float:
    """Double plays per out in play over the league's, shrunk (1.0 without the data)."""
    if not league_rate:
        return 1.0
    return (gidp + shrink * league_rate) / (outs + shrink) / league_rate


def ground_share(ratio: float) -> float:
    """The share of his outs in play on the ground."""
    lo, hi = GROUND_RANGE
    return min(hi, max(lo, GROUND_SHARE + GROUND_SLOPE * (ratio - 1)))


def out_readings(outs: float, ratio: float) -> dict[str, float]:
    """Outs in play split into groundball A/B/C, flyball A/B/C and the other outs (chances)."""
    other = sum(OTHER_SHARE.values())
    ground = ground_share(ratio) * (1 - other)
    fly = 1 - other - ground
    a = min(0.6, max(0.15, GB_GRADES["A"] * (1 + GBA_SLOPE * (ratio - 1))))
    rest = (1 - a) / (GB_GRADES["B"] + GB_GRADES["C"])
    out = {"GROUNDBALL A": outs * ground * a, "GROUNDBALL B": outs * ground * GB_GRADES["B"] * rest,
           "GROUNDBALL C": outs * ground * GB_GRADES["C"] * rest}
    out.update({f"FLYBALL {g}": outs * fly * s for g, s in FLY_GRADES.items()})
    out.update({k: outs * s for k, s in OTHER_SHARE.items()})
    return out


# --- fielding ---------------------------------------------------------------------------

def range_rating(chances: float, outs: float, league_rf: float) -> int:
    """1 (best) .. 5: range factor (chances per 27 outs in the field) against the league's."""
    if league_rf <= 0:
        return 3
    rf = (27 * chances + RANGE_SHRINK_OUTS * league_rf) / (outs + RANGE_SHRINK_OUTS)
    z = (rf / league_rf - 1) / RANGE_SD
    return max(1, min(5, 3 - round(z)))


def error_rating(errors: float, chances: float, league_rate: float, league_e: float, top: int) -> int:
    """The e rating: the league-average e at the position times his error rate over the league's."""
    if league_rate <= 0:
        return max(0, min(top, round(league_e)))
    rate = (errors + ERROR_SHRINK_CHANCES * league_rate) / (chances + ERROR_SHRINK_CHANCES)
    return max(0, min(top, round(league_e * rate / league_rate)))


def of_arm(assists: float, games: float, league_per_game: float) -> int:
    """-6 (best) .. +5: outfield assists per game against the league's."""
    if league_per_game <= 0:
        return 0
    rate = (assists + ARM_OF_SHRINK_G * league_per_game) / (games + ARM_OF_SHRINK_G)
    return max(-6, min(5, -round((rate / league_per_game - 1) / ARM_OF_SD)))


def catcher_arm(sb: float, cs: float, league_rate: float) -> int:
    """-4 (best) .. +5: caught-stealing rate against the league's."""
    if league_rate <= 0:
        return 0
    rate = (cs + ARM_C_SHRINK * league_rate) / (sb + cs + ARM_C_SHRINK)
    return max(-4, min(5, -round((rate / league_rate - 1) / ARM_C_SD)))


def catcher_t(errors: float, chances: float, league_rate: float) -> int:
    """The top of the T range (22.22): ``T_AT_LEAGUE`` times his error rate over the league's."""
    if league_rate <= 0:
        return T_AT_LEAGUE
    rate = (errors + ERROR_SHRINK_CHANCES * league_rate) / (chances + ERROR_SHRINK_CHANCES)
    return max(1, min(20, round(T_AT_LEAGUE * rate / league_rate)))


def passed_ball(pb: float, games: float) -> int:
    """pb rating: passed balls per ``PB_PER_GAMES`` games caught, 0-20."""
    return max(0, min(20, round(pb * PB_PER_GAMES / games))) if games > 0 else 0


def league_e(errors_per_pa: float, x_per_pa: float, error_by_e: Mapping[int, float]) -> float:
    """The e rating whose error chance per X-chance gives the league's real errors at a position.

    ``error_by_e``: the fielding chart's error chance per X-chance for each e rating
    (range 3).  Capped at the chart's highest e when even that falls short.
    """
    if x_per_pa <= 0:
        return 0.0
    want = errors_per_pa / x_per_pa
    es = sorted(error_by_e)
    for lo, hi in zip(es, es[1:]):
        a, b = error_by_e[lo], error_by_e[hi]
        if a <= want <= b:
            return lo + (hi - lo) * ((want - a) / (b - a) if b > a else 0)
    return float(es[-1] if want > error_by_e[es[-1]] else es[0])


# --- running, stealing, bunting, hit and run ------------------------------------------------

def times_on_first(b: Mapping[str, Any]) -> float:
    return max(0.0, get(b, "H") - get(b, "2B") - get(b, "3B") - get(b, "HR") + get(b, "BB") + get(b, "HBP"))


def running(b: Mapping[str, Any], lg: LeagueContext) -> int:
    """1-N: a speed score from steal attempts, triples and scoring, each against the league."""
    first = times_on_first(b) + 10
    attempts = (get(b, "SB") + get(b, "CS") + 10 * lg.steal) / first
    bip = max(0.0, get(b, "AB") - get(b, "HR") - get(b, "SO")) + 50
    triples = (get(b, "3B") + 50 * lg.triple) / bip
    on = get(b, "H") + get(b, "BB") + get(b, "HBP") - get(b, "HR") + 20
    score = (get(b, "R") - get(b, "HR") + 20 * lg.score) / on
    z = (SPEED_WEIGHTS["steal"] * (attempts - lg.steal) / SPEED_SD["steal"]
         + SPEED_WEIGHTS["triple"] * (triples - lg.triple) / SPEED_SD["triple"]
         + SPEED_WEIGHTS["score"] * (score - lg.score) / SPEED_SD["score"])
    lo, hi = RUNNING_RANGE
    return max(lo, min(hi, round(RUNNING_AT_LEAGUE + RUNNING_PER_SD * z)))


def stealing(b: Mapping[str, Any], lg: LeagueContext) -> str:
    """AAA .. E: steal attempts per time on first over the league's, and (for AAA-A) the success rate."""
    sb, cs = get(b, "SB"), get(b, "CS")
    attempts = (sb + cs) / (times_on_first(b) + 10)
    success = (sb + 1) / (sb + cs + 2)
    for grade, least, rate in STEAL_GRADES:
        if attempts >= least * lg.steal and success >= rate:
            return grade
    return "E"


_WAYS = {t: 6 - abs(t - 7) for t in range(2, 13)}  # colored-dice totals, ways out of 36


def lead(b: Mapping[str, Any], lg: LeagueContext) -> str:
    """23.1's supplementary stealing rating, ``*2-10/11,12 (19-14)``, from his real steal attempts per
    time on first and success rate (the constants above say how the auto-manager reads them)."""
    sb, cs = get(b, "SB"), get(b, "CS")
    grade = stealing(b, lg)
    success = (sb + 1) / (sb + cs + 2)  # as the letter grade reads it
    first = max(1, min(20, round(20 * success) + LEAD_FIRST_OVER, LEAD_FIRST_MOST.get(grade, 20)))
    second = max(1, first - LEAD_SECOND_UNDER)
    # Sent held at about first - 2: the automatic outs per good lead that bring him down to his real rate.
    per_good = max(0.0, min(LEAD_OUT_SHARE, (first - 2) / 20 / success - 1))
    tries = 36 * min(1.0, (sb + cs) / (times_on_first(b) + 10) / LEAD_CHANCES)
    good_ways = tries / (1 + per_good)
    cum = [(sum(_WAYS[t] for t in range(2, top + 1)), top) for top in range(2, 13)]
    good, top = min(cum, key=lambda c: (abs(c[0] - good_ways), c[1]))
    outs = [(sum(_WAYS[t] for t in range(low, 13)), low) for low in range(12, top, -1)
            if sum(_WAYS[t] for t in range(low, 13)) <= LEAD_OUT_SHARE * good]
    out, low = min([(0, 13)] + outs, key=lambda c: (abs(c[0] - good_ways * per_good), c[0]))
    star = "*" if grade in LEAD_AUTOMATIC else ""
    good_text = f"2-{top}" if top > 2 else "2"
    out_text = "-" if low > 12 else f"{low}-12" if low < 12 else "12"
    return f"{star}{good_text}/{out_text} ({first}-{second})"


def bunting(b: Mapping[str, Any]) -> str:
    """A .. E: sacrifice hits per plate appearance."""
    pa = get(b, "AB") + get(b, "BB") + get(b, "HBP") + get(b, "SH") + get(b, "SF") + 20
    rate = get(b, "SH") / pa
    return next((g for g, least in BUNT_GRADES if rate >= least), "E")


def hit_and_run(r: Mapping[str, float], lg: LeagueContext) -> str:
    """A .. D: contact, his strikeout rate over the league's."""
    ratio = r["SO"] / lg.rates["SO"] if lg.rates["SO"] else 1.0
    return next((g for g, most in HIT_AND_RUN if ratio <= most), "D")


# --- pitchers -----------------------------------------------------------------------------

def outs_per_start(p: Mapping[str, Any]) -> float:
    """His outs in an average start: his outs less ``RELIEF_OUTS`` for each relief outing."""
    gs = get(p, "GS")
    if gs <= 0:
        return 0.0
    relief = max(0.0, get(p, "G") - gs) * RELIEF_OUTS
    return max(3.0, (get(p, "IPouts") - relief) / gs)


def starter_pow(p: Mapping[str, Any]) -> int:
    """starter(N) (27.0): innings per start less ``STARTER_POW_OFFSET``."""
    lo, hi = STARTER_POW
    return max(lo, min(hi, round(outs_per_start(p) / 3 - STARTER_POW_OFFSET)))


def relief_outs(p: Mapping[str, Any]) -> float:
    """His outs in an average relief outing (the starts' share taken out at the league's length)."""
    g = get(p, "G") - get(p, "GS")
    if g <= 0:
        return 0.0
    start = get(p, "GS") * outs_per_start(p)
    return max(1.0, (get(p, "IPouts") - start) / g) if get(p, "GS") else get(p, "IPouts") / g


def relief_pow(p: Mapping[str, Any]) -> int:
    """relief(N) (27.0): innings per relief outing, rounded (a reliever is pulled after 3 x N outs)."""
    lo, hi = RELIEF_POW
    return max(lo, min(hi, round(relief_outs(p) / 3)))


def injury_chances(games: float, team_games: float, games_per_injury: float) -> float:
    """Chances (of 108) of PLUS INJURY readings for a regular who played ``games`` of ``team_games``.

    He misses ``team_games - games``; each injury costs ``games_per_injury``
    games and comes on his card's reading once in ``2 x 108`` plate
    appearances per chance (his card is read on half of them).
    """
    missed = team_games - games
    if missed <= 0 or games <= 0 or games_per_injury <= 0:
        return 0.0
    per_pa = missed / (INJURY_PA_PER_GAME * games * games_per_injury)
    return min(INJURY_MAX_CHANCES, 2 * CARD * per_pa)


def hold(throws: str) -> int:
    return HOLD_BY_HAND.get(throws, 0)


def card_value(r: Mapping[str, float]) -> float:
    """On-base plus slugging per plate appearance of a rate dict (for the pitchers' hitting cards)."""
    on = sum(r[e] for e in ON_BASE)
    tb = r["1B"] + 2 * r["2B"] + 3 * r["3B"] + 4 * r["HR"]
    ab = 1 - r["BB"] - r["HBP"]
    return on + (tb / ab if ab > 0 else 0.0)


def pitcher_hitting_card(value: float, card_values: Mapping[int, float]) -> int:
    """The shared pitchers' hitting card (1-8) whose value is nearest his own hitting's."""
    return min(card_values, key=lambda n: (abs(card_values[n] - value), n))


# --- laying chances out ---------------------------------------------------------------------

@functools.cache
def slot_weights(n: int = 9) -> tuple[float, ...]:
    """Plate appearances of each spot in the order, relative (the leadoff man bats most)."""
    return tuple(1 - SLOT_DECAY * i for i in range(n))
