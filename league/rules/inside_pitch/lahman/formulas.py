"""The formulas from a real season's lines to Inside Pitch ratings and card grids (docs/inside-pitch.md).

An at bat starts on the pitcher's card (2d6: 36 cells; WLD rolls again, so
35 count).  The generator makes the chance of each outcome of a matchup come
out near the product rule ``batter rate x pitcher rate / league rate``:

* strikeouts, walks and homers are the pitcher's K, W and HR cells times the
  batter's 1d20 rating: ``cells / 35 x rating / 20``.  With ``cells = 35 x 20
  x pitcher rate / A`` and ``rating = A x batter rate / league rate`` the
  product is ``pitcher rate x batter rate / league rate``; ``A`` (the rating
  of a league-average batter, :func:`scales`) is set so that an average
  pitcher's K, W and HR cells fill about half his card;
* hit batsmen: one HBP cell, the batter's and pitcher's ratings added;
* hits on balls in play: a pitcher who gave up more than the league's gets
  S1 cells (a single), one who gave up fewer ``**`` cells (an out); the
  fraction of a cell is a ``(??)`` cell with its d20 range;
* the rest of his card is blank (the batter's card), ``@`` (the ballpark),
  and one each of E?, ET?, EG? and RP (the batter's card with an error or
  range check);
* the batter's card (36 cells) then holds what the batter did that the
  average pitcher's card does not give him: his hits in play, homers beyond a
  rating of 20, rare W and K, and his outs.  The fraction of a hit cell goes
  to the ``?7``-``?9`` cells and the batter's H? ranges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

from league.adapters.lahman.card_season import count as get

EVENTS = ("1B", "2B", "3B", "HR", "BB", "HBP", "SO", "OUT")
HITS_IN_PLAY = ("1B", "2B", "3B")
N = 35  # the pitcher's card cells that end or pass on the at bat (36 less one WLD)
SHRINK_PA = 60  # plate appearances of league average added to every batter's line
SHRINK_BF = 100  # batters faced of league average added to every pitcher's line
BASE_S1, BASE_STARS = 1, 2  # an average pitcher's S1 and ** cells
FIXED_CELLS = {"HBP": 1, "WLD": 1, "@": 2, "E?": 1, "ET?": 1, "EG?": 1, "RP": 1}
DROP_ORDER = ("ET?", "RP", "EG?", "E?", "@")  # given up, in order, when a pitcher's card is full
FULL_RATING = 20
# The batter cards' hits in play, calibrated on replays (docs/inside-pitch.md): the engine adds singles
# of its own (failed range plays, infield singles) and turns some into outs.
HIT_SCALE = {"1B": 0.94, "2B": 1.0, "3B": 1.0}


@dataclass(frozen=True)
class Scales:
    """The rating of a league-average batter for each 1d20 check (``A`` above)."""

    k: float
    w: float
    hr: float
    hbp: float


@dataclass(frozen=True)
class LeagueContext:
    rates: dict[str, float]  # per plate appearance, all the league's batters
    scales: Scales
    hit_split: dict[str, float]  # of the hits that are not homers
    steal: float = 0.12  # attempts per time on first
    steal_success: float = 0.67
    triple: float = 0.006  # triples per ball in play
    gidp: float = 0.03  # double plays per out in play
    sacrifice: float = 0.01  # sacrifices per plate appearance
    wild_pitch: float = 0.006  # wild pitches per batter faced
    range_factor: dict[str, float] = field(default_factory=dict)
    error_rate: dict[str, float] = field(default_factory=dict)
    of_assists: float = 0.06
    caught: float = 0.33
    passed_balls: float = 0.1

    @property
    def hits_in_play(self) -> float:
        return sum(self.rates[e] for e in HITS_IN_PLAY)


def scales(rates: Mapping[str, float]) -> Scales:
    """Average ratings 12 (K, W) and 6 (HR), raised together when the average pitcher's K, W and HR cells
    would pass 17 of 35 (a strikeout era), at most 16 and 8."""
    cells = 20 * N * (rates["SO"] / 12 + rates["BB"] / 12 + rates["HR"] / 6)
    s = min(16 / 12, max(1.0, cells / 17))
    return Scales(12 * s, 12 * s, 6 * s, 20 * N * rates["HBP"])


# --- lines as counts and rates ---------------------------------------------------------

def batting_counts(b: Mapping[str, object]) -> dict[str, float]:
    """A batting line as counts of EVENTS (AB + BB + HBP + SF; sacrifices and intentional walks are the
    managers' and are left out)."""
    h, d, t, hr = get(b, "H"), get(b, "2B"), get(b, "3B"), get(b, "HR")
    out = {"1B": h - d - t - hr, "2B": d, "3B": t, "HR": hr, "BB": max(0.0, get(b, "BB") - get(b, "IBB")),
           "HBP": get(b, "HBP"), "SO": get(b, "SO")}
    out["OUT"] = max(0.0, get(b, "AB") - h - out["SO"] + get(b, "SF"))
    return out


def pitching_counts(p: Mapping[str, object], hit_split: Mapping[str, float], sacrifice: float) -> dict[str, float]:
    """A pitching line as counts of EVENTS; his hits that are not homers split as the league's."""
    h, hr = get(p, "H"), get(p, "HR")
    bf = get(p, "BFP") or (get(p, "IPouts") + h + get(p, "BB") + get(p, "HBP"))
    pa = max(0.0, bf - get(p, "SH", sacrifice * bf) - get(p, "IBB"))
    out = {e: (h - hr) * hit_split[e] for e in HITS_IN_PLAY}
    out.update(HR=hr, BB=max(0.0, get(p, "BB") - get(p, "IBB")), HBP=get(p, "HBP"), SO=get(p, "SO"))
    out["OUT"] = max(0.0, pa - sum(out.values()))
    return out


def rates(counts: Mapping[str, float], league: Mapping[str, float], shrink: float) -> dict[str, float]:
    """Per plate appearance, with ``shrink`` plate appearances of league average added."""
    pa = sum(counts[e] for e in EVENTS)
    return {e: (counts[e] + shrink * league[e]) / (pa + shrink) for e in EVENTS}


def shifted(r: Mapping[str, float], shift: Mapping[str, float]) -> dict[str, float]:
    """Rates moved by a club's shift (never below 0; outs in play take up the rest)."""
    out = {e: max(0.0, r[e] + shift.get(e, 0.0)) for e in EVENTS if e != "OUT"}
    out["OUT"] = max(0.0, 1 - sum(out.values()))
    total = sum(out.values())
    return {e: v / total for e, v in out.items()}


# --- the pitcher's card ------------------------------------------------------------------

def cells_for(rate: float, scale: float) -> float:
    """Cells of 35 for a check against a rating whose league average is ``scale``."""
    return N * FULL_RATING * rate / scale


def batter_card_hits(lg: LeagueContext) -> float:
    """The share of hits in play among the at bats that reach an average batter's card."""
    r = lg.rates
    reach = 1 - r["SO"] - r["BB"] - r["HR"] - r["HBP"] - (BASE_S1 + BASE_STARS) / N
    return max(0.05, min(0.9, (lg.hits_in_play - BASE_S1 / N) / reach))


@dataclass
class PitcherCells:
    cells: dict[str, int]  # result -> cells (blanks "-" fill the rest of 36)
    hr_range: int  # HR?: d20 1..hr_range (0: no HR? cell)
    qq: tuple[str, int]  # (??): ("**" or "S1", d20 1..n; 0: no (??) cell)


def pitcher_cells(p: Mapping[str, float], lg: LeagueContext) -> PitcherCells:
    """The pitcher's card: K, W and HR cells from his rates, S1 or ** for his hits in play (module doc)."""
    sc = lg.scales
    k = cells_for(p["SO"], sc.k)
    w = cells_for(p["BB"], sc.w)
    hr = cells_for(p["HR"], sc.hr)
    hb = batter_card_hits(lg)
    reach = 1 - p["SO"] - p["BB"] - p["HR"] - p["HBP"] - (BASE_S1 + BASE_STARS) / N
    # against the league's own card hits (not HIT_SCALE's: that is the engine's, for every pitcher alike)
    delta = sum(p[e] for e in HITS_IN_PLAY) - (BASE_S1 / N + reach * hb)
    s1, stars = float(BASE_S1), float(BASE_STARS)
    if delta > 0:
        s1 += delta * N / (1 - hb)
    else:
        stars += -delta * N / hb
    fixed = dict(FIXED_CELLS)
    need = {"K": k, "W": w, "HR": hr, "S1": s1, "**": stars}
    room = 36 - sum(fixed.values())
    for cell in DROP_ORDER:  # a full card gives up its checks, then its ballpark cells
        if sum(math.ceil(v) for v in need.values()) <= room:
            break
        while fixed[cell] > 0 and sum(math.ceil(v) for v in need.values()) > room:
            fixed[cell] -= 1
            room += 1
    total = sum(need.values())
    if total > room - 1:  # still full: every share cut alike, one blank kept
        need = {c: v * (room - 1) / total for c, v in need.items()}
    cells = {c: round(v) if c in ("K", "W") else int(v) for c, v in need.items()}
    hr_range = round(FULL_RATING * (need["HR"] - cells["HR"]))
    if hr_range >= FULL_RATING:
        cells["HR"] += 1
        hr_range = 0
    frac = (need["S1"] - cells["S1"]) if delta > 0 else (need["**"] - cells["**"])
    qq = ("S1" if delta > 0 else "**", min(FULL_RATING, round(FULL_RATING * frac)))
    cells.update({c: v for c, v in fixed.items() if v})
    return PitcherCells(cells, hr_range, qq)


def pitcher_hbp(p: Mapping[str, float], lg: LeagueContext) -> int:
    """Added to the batter's HBP rating: 0 for the league's rate."""
    base = lg.rates["HBP"] or 1e-9
    return max(-5, min(5, round(lg.scales.hbp * (p["HBP"] / base - 1))))


# --- the batter's card -------------------------------------------------------------------

@dataclass
class BatterCells:
    ratings: dict[str, int]  # k, w, hr, hbp
    cells: dict[str, int]  # 1B, 2B, 3B, HR, BB, SO, OUT, ? -> cells of 36
    hit_ranges: dict[str, int]  # 1B, 2B, 3B, HR -> d20 widths on the ? cells


def _rating(rate: float, league: float, scale: float, down: bool = False) -> int:
    """Rounded; ``down`` (HR): what the rating leaves is never negative, so it goes on his card exactly
    (his H cells and HR ranges carry fractions; rare W and K cells are whole and would lose it)."""
    if league <= 0:
        return 0
    x = scale * rate / league
    return max(0, min(FULL_RATING, math.floor(x + 1e-9) if down else round(x)))


# The ballpark card (reached on the pitcher's ``@`` cells): its [HRo] and [HRp] cells (an HR check) and its
# ?7-?9 cells with one number of HR on its H? ranges (generator.ballpark_card).
PARK_HR_CHECKS, PARK_QUERIES, PARK_HR_WIDTH = 2, 3, 1


def park_homers(hr: int) -> float:
    """Homers an average park's card gives a batter rated ``hr``, per at bat."""
    per_reach = PARK_HR_CHECKS / 36 * hr / FULL_RATING + PARK_QUERIES / 36 * PARK_HR_WIDTH / FULL_RATING
    return FIXED_CELLS["@"] / N * per_reach


def batter_cells(b: Mapping[str, float], lg: LeagueContext) -> BatterCells:
    """The batter's ratings and card (module doc): what the average pitcher's card leaves to it."""
    r, sc = lg.rates, lg.scales
    k, w, hr = _rating(b["SO"], r["SO"], sc.k), _rating(b["BB"], r["BB"], sc.w), _rating(b["HR"], r["HR"], sc.hr, True)
    hbp = _rating(b["HBP"], r["HBP"], sc.hbp)
    direct = {"SO": r["SO"] * k / sc.k, "BB": r["BB"] * w / sc.w, "HR": r["HR"] * hr / sc.hr + park_homers(hr),
              "HBP": hbp / FULL_RATING / N}
    reach = max(0.2, 1 - sum(direct.values()) - (BASE_S1 + BASE_STARS) / N)
    need = {"SO": b["SO"] - direct["SO"], "BB": b["BB"] - direct["BB"], "HR": b["HR"] - direct["HR"],
            "1B": (b["1B"] - BASE_S1 / N) * HIT_SCALE["1B"], "2B": b["2B"] * HIT_SCALE["2B"],
            "3B": b["3B"] * HIT_SCALE["3B"]}
    share = {e: max(0.0, v) / reach for e, v in need.items()}
    hits = sum(share.values())
    if hits > 0.95:
        share = {e: v * 0.95 / hits for e, v in share.items()}
    want = {e: 36 * v for e, v in share.items()}
    cells = {e: int(v) for e, v in want.items()}
    for e in ("SO", "BB"):  # rare W and K: whole cells
        cells[e] = round(want[e])
    frac = {e: want[e] - cells[e] for e in ("1B", "2B", "3B", "HR")}
    q = max(2, math.ceil(sum(frac.values())))
    widths = {e: round(FULL_RATING * v / q) for e, v in frac.items()}
    while sum(widths.values()) > FULL_RATING:
        top = max(widths, key=lambda e: widths[e])
        widths[top] -= 1
    cells["?"] = q
    cells["OUT"] = max(0, 36 - sum(cells.values()))
    return BatterCells({"k": k, "w": w, "hr": hr, "hbp": hbp}, cells, widths)


def hit_ranges(widths: Mapping[str, int]) -> str:
    """``S 1-8 D 9-11 T 12-12 HR 13-13`` from widths; ``-`` for none."""
    out, lo = [], 1
    for e, name in (("1B", "S"), ("2B", "D"), ("3B", "T"), ("HR", "HR")):
        n = widths.get(e, 0)
        if n > 0:
            out.append(f"{name} {lo}-{lo + n - 1}")
            lo += n
    return " ".join(out)


# --- running, fielding, fatigue --------------------------------------------------------------

def on_first(b: Mapping[str, object]) -> float:
    """Times he reached first base (singles, walks, hit by pitches)."""
    return (get(b, "H") - get(b, "2B") - get(b, "3B") - get(b, "HR")) + get(b, "BB") + get(b, "HBP")


def att(b: Mapping[str, object], lg: LeagueContext) -> str:
    """ATT (11.1.1): 1d20 at most ATT on the strategy roll: steal attempts per time on first, shrunk;
    ``N`` for a man who (almost) never ran."""
    tries = get(b, "SB") + get(b, "CS")
    if tries <= 1:
        return "N"
    first = on_first(b)
    rate = (tries + 20 * lg.steal) / (first + 20)
    return str(max(0, min(15, round(FULL_RATING * rate / 1.6))))


def steal_rating(b: Mapping[str, object], lg: LeagueContext) -> int:
    """SB (11.1.2): 1d20 at most SB (plus the pitcher's and the catcher's arm): his success rate, shrunk."""
    sb, cs = get(b, "SB"), get(b, "CS")
    rate = (sb + 10 * lg.steal_success) / (sb + cs + 10)
    return max(5, min(18, round(FULL_RATING * rate)))


def br(b: Mapping[str, object], lg: LeagueContext) -> int:
    """BR 1-5 (7): 3 for the league's runner, up with steal attempts and triples."""
    first = on_first(b) or 1.0
    tries = (get(b, "SB") + get(b, "CS") + 10 * lg.steal) / (first + 10)
    bip = max(1.0, get(b, "AB") - get(b, "SO") - get(b, "HR"))
    triples = (get(b, "3B") + 50 * lg.triple) / (bip + 50)
    z = 0.5 * (tries / lg.steal - 1) / 0.6 + 0.5 * (triples / lg.triple - 1) / 0.6
    return max(1, min(5, 3 + round(z)))


def gdp(line: Mapping[str, object], outs: float, league: float, lo: int, hi: int, base: int) -> int:
    """GDP: double plays per out in play against the league's, shrunk (``base`` for the league's)."""
    if league <= 0 or line.get("GIDP") is None:
        return base
    rate = (get(line, "GIDP") + 100 * league) / (outs + 100)
    return max(lo, min(hi, base + round((rate / league - 1) / 0.35)))


def bunt(b: Mapping[str, object], lg: LeagueContext) -> int:
    """BNT 0-5 (11.3): sacrifices per plate appearance against the league's."""
    pa = get(b, "AB") + get(b, "BB") + get(b, "HBP") + get(b, "SF") + get(b, "SH")
    if pa <= 0 or lg.sacrifice <= 0:
        return 1
    ratio = get(b, "SH") / pa / lg.sacrifice
    return 1 if ratio < 0.5 else 2 if ratio < 1.5 else 3 if ratio < 3 else 4 if ratio < 5 else 5


def wild_range(p: Mapping[str, object], lg: LeagueContext) -> int:
    """WP 1-n (2.5): a WLD cell comes up about once in 36 rolls, and with runners on in about 4 at bats
    of 10: n = 20 x 36 x wild pitches per batter faced / 0.4, shrunk."""
    bf = get(p, "BFP") or 1.0
    rate = (get(p, "WP") + 100 * lg.wild_pitch) / (bf + 100)
    return max(1, min(15, round(FULL_RATING * 36 * rate / 0.4)))


def range_rating(chances: float, outs: float, league_rf: float) -> int:
    """Range 1-5 (6: 1d6 at most range makes the play): plays per 27 outs in the field against the league's."""
    if league_rf <= 0:
        return 3
    rf = (27 * chances + 1500 * league_rf) / (outs + 1500)
    return max(1, min(5, 3 + round((rf / league_rf - 1) / 0.12)))


def error_rating(errors: float, chances: float, league_rate: float) -> int:
    """Error 1-15 (5: 1d20 at most the rating is an error): 4 for the league's error rate."""
    if league_rate <= 0:
        return 4
    rate = (errors + 100 * league_rate) / (chances + 100)
    return max(1, min(15, round(4 * rate / league_rate)))


def of_arm(assists: float, games: float, league_per_game: float) -> int:
    """Outfield arm -2 (strong) .. +2 (added to the runner's BR, 4.6/7)."""
    if league_per_game <= 0:
        return 0
    rate = (assists + 60 * league_per_game) / (games + 60)
    return max(-2, min(2, -round((rate / league_per_game - 1) / 0.35)))


def catcher_arm(sb: float, cs: float, league_rate: float) -> int:
    """Catcher's arm -2 (strong) .. +2 (added to the runner's SB, 11.1.2)."""
    if league_rate <= 0:
        return 0
    rate = (cs + 40 * league_rate) / (sb + cs + 40)
    return max(-2, min(2, -round((rate / league_rate - 1) / 0.15)))


def passed_ball(pb: float, games: float, league_per_game: float) -> int:
    """PB 3-6 (2.5: 1d6 above it is a passed ball): 5 for the league's rate."""
    if league_per_game <= 0:
        return 5
    rate = (pb + 40 * league_per_game) / (games + 40)
    ratio = rate / league_per_game
    return 6 if ratio < 0.6 else 5 if ratio < 1.4 else 4 if ratio < 2.2 else 3


def starter_rating(p: Mapping[str, object], relief_bf: float) -> int:
    """START (12.1): batters faced per start (his relief outings taken out at ``relief_bf`` each); the
    auto-manager lets a tired starter face 8% more."""
    gs = get(p, "GS")
    relief = max(0.0, get(p, "G") - gs) * relief_bf
    bf = get(p, "BFP") or (get(p, "IPouts") + get(p, "H") + get(p, "BB"))
    per = (bf - relief) / gs if gs else 25.0
    return max(12, min(40, round(per / 1.08)))


def complete_game_rating(p: Mapping[str, object]) -> int:
    """CG (the project's rating, not the manual's): his complete games per 100 starts, which the
    auto-manager reads for how far a starter going well may pitch past START."""
    gs = get(p, "GS")
    return round(100 * get(p, "CG") / gs) if gs else 0


def relief_rating(p: Mapping[str, object]) -> int:
    """RELIEF (12.1): batters faced per relief outing."""
    g = max(1.0, get(p, "G") - get(p, "GS"))
    bf = get(p, "BFP") or (get(p, "IPouts") + get(p, "H") + get(p, "BB"))
    starts = get(p, "GS") * 25.0
    per = max(3.0, (bf - starts) / g) if bf > starts else bf / max(1.0, get(p, "G"))
    return max(3, min(15, round(per / 1.08)))


def park_hr(bpf: float, lg: LeagueContext) -> int:
    """A ballpark's HR adjustment from Lahman's batting park factor (a runs factor, home and road games
    together).  The park's own effect is about twice the factor's distance from 100, but its men's lines
    already hold their home games, so the card takes the factor as it is: only a park well away from 100
    moves a batter's HR rating (by a point at Coors Field)."""
    return max(-3, min(5, round(lg.scales.hr * (bpf - 100) / 100)))


__all__ = ["EVENTS", "BatterCells", "LeagueContext", "PitcherCells", "Scales", "batter_cells", "pitcher_cells",
           "rates", "scales", "shifted"]
