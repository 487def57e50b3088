"""The Inside Pitch card formulas for real seasons (docs/inside-pitch.md, "Real seasons")."""

from __future__ import annotations

from league.rules.inside_pitch.lahman import formulas as f

# about the 1988 American League, per plate appearance
RATES = {"1B": 0.166, "2B": 0.042, "3B": 0.005, "HR": 0.0224, "BB": 0.0777, "HBP": 0.0065, "SO": 0.145,
         "OUT": 0.5354}
LG = f.LeagueContext(rates=RATES, scales=f.scales(RATES), hit_split={"1B": 0.779, "2B": 0.197, "3B": 0.024})


def direct(p: dict[str, float], b: dict[str, float], event: str) -> float:
    """The chance the pitcher's card ends the at bat with ``event`` (K, W or HR cells and the batter's check)."""
    pc, bc = f.pitcher_cells(p, LG), f.batter_cells(b, LG)
    cells = pc.cells.get({"SO": "K", "BB": "W", "HR": "HR"}[event], 0)
    if event == "HR":
        cells += pc.hr_range / 20
    return cells / f.N * bc.ratings[{"SO": "k", "BB": "w", "HR": "hr"}[event]] / 20


def test_a_league_average_batter_has_the_average_ratings_and_the_average_pitcher_gives_the_league_rates() -> None:
    assert (LG.scales.k, LG.scales.w, LG.scales.hr) == (12, 12, 6)
    b = f.batter_cells(RATES, LG)
    assert (b.ratings["k"], b.ratings["w"], b.ratings["hr"]) == (12, 12, 6)
    assert sum(b.cells.values()) == 36
    for event in ("SO", "BB", "HR"):  # within a cell's rounding
        assert abs(direct(RATES, RATES, event) - RATES[event]) < 0.2 * RATES[event] + 0.004


def test_strikeouts_follow_the_product_of_the_batters_and_the_pitchers_rates() -> None:
    pitcher = {**RATES, "SO": 0.25, "OUT": RATES["OUT"] - 0.105}
    batter = {**RATES, "SO": 0.20, "OUT": RATES["OUT"] - 0.055}
    # 0.25 x 0.20 / 0.145 = 0.345
    assert abs(direct(pitcher, batter, "SO") - 0.25 * 0.20 / 0.145) < 0.02
    assert f.pitcher_cells(pitcher, LG).cells["K"] == 15  # 35 x 20 x 0.25 / 12 = 14.6


def test_a_strikeout_era_raises_the_average_ratings_so_the_card_has_room() -> None:
    modern = {**RATES, "SO": 0.23, "BB": 0.085, "HR": 0.035, "OUT": 0.4685}
    s = f.scales(modern)
    assert 15 < s.k <= 16 and s.hr == s.k / 2
    p = f.pitcher_cells({**modern, "SO": 0.40, "OUT": 0.2985}, f.LeagueContext(modern, s, LG.hit_split))
    assert sum(p.cells.values()) + (p.hr_range > 0) + (p.qq[1] > 0) <= 36  # a 40% strikeout reliever fits


def test_a_batter_beyond_a_rating_of_20_keeps_the_rest_on_his_card() -> None:
    slugger = {**RATES, "HR": 0.09, "OUT": RATES["OUT"] - 0.0676}
    card = f.batter_cells(slugger, LG)
    assert card.ratings["hr"] == 20
    # 20/6 of the league's from the pitcher's card, the rest (0.015 an at bat) as H cells and HR ranges
    on_card = (card.cells["HR"] + card.cells["?"] * card.hit_ranges["HR"] / 20) / 36
    assert on_card > 0.015


def test_hits_in_play_decide_a_pitchers_s1_or_star_cells() -> None:
    hittable = {**RATES, "1B": 0.20, "OUT": RATES["OUT"] - 0.034}
    stingy = {**RATES, "1B": 0.13, "OUT": RATES["OUT"] + 0.036}
    assert f.pitcher_cells(hittable, LG).cells["S1"] > f.BASE_S1
    assert f.pitcher_cells(stingy, LG).cells["**"] > f.BASE_STARS
    assert f.pitcher_cells(RATES, LG).cells["**"] in (f.BASE_STARS, f.BASE_STARS + 1)


def test_hit_ranges_run_from_one() -> None:
    assert f.hit_ranges({"1B": 8, "2B": 3, "3B": 1, "HR": 0}) == "S 1-8 D 9-11 T 12-12"
    assert f.hit_ranges({"1B": 0, "2B": 0, "3B": 0, "HR": 0}) == ""


def test_running_ratings_follow_steals_and_triples() -> None:
    lg = f.LeagueContext(RATES, LG.scales, LG.hit_split, steal=0.10, steal_success=0.67, triple=0.006)
    rickey = {"H": 169, "2B": 28, "3B": 5, "HR": 6, "BB": 82, "HBP": 3, "SB": 93, "CS": 13, "AB": 554, "SO": 54}
    slow = {"H": 150, "2B": 30, "3B": 0, "HR": 25, "BB": 60, "HBP": 2, "SB": 0, "CS": 1, "AB": 550, "SO": 100}
    assert int(f.att(rickey, lg)) >= 6 and f.steal_rating(rickey, lg) >= 16 and f.br(rickey, lg) == 5
    assert f.att(slow, lg) == "N" and f.br(slow, lg) <= 2


def test_fatigue_from_batters_faced() -> None:
    # Orel Hershiser 1988: 35 games, 34 starts, 1,068 batters faced
    assert f.starter_rating({"G": 35, "GS": 34, "BFP": 1068}, 5.0) == 29
    # Dennis Eckersley 1988: 60 games, no starts, 279 batters faced
    assert f.relief_rating({"G": 60, "GS": 0, "BFP": 279}) == 4


def test_complete_games_per_hundred_starts() -> None:
    assert f.complete_game_rating({"GS": 34, "CG": 15}) == 44  # Orel Hershiser 1988
    assert f.complete_game_rating({"GS": 34, "CG": 28}) == 82  # Bob Gibson 1968
    assert f.complete_game_rating({"GS": 0, "CG": 0}) == 0


def test_a_ballparks_hr_adjustment_follows_the_batting_park_factor() -> None:
    assert f.park_hr(100, LG) == 0
    assert f.park_hr(118, LG) == 1  # Coors Field 2019 (the 1988 scale)
    assert f.park_hr(105, LG) == 0 and f.park_hr(90, LG) == -1


def test_the_ballparks_homers_come_off_the_batters_card() -> None:
    """An average park's [HRo], [HRp] and ?n cells give homers too: the batter's card holds only what the
    pitcher's HR cells and the park leave (his rating rounded down, the rest on his card)."""
    b = {**RATES, "HR": 0.03, "OUT": RATES["OUT"] - 0.0076}
    card = f.batter_cells(b, LG)
    assert card.ratings["hr"] == 8  # 6 x 0.03 / 0.0224 = 8.04, rounded down
    reach = 1 - RATES["SO"] * card.ratings["k"] / 12 - RATES["BB"] * card.ratings["w"] / 12 \
        - 0.0224 * 8 / 6 - f.park_homers(8) - card.ratings["hbp"] / 20 / f.N - 3 / f.N
    on_card = reach * (card.cells["HR"] + card.cells["?"] * card.hit_ranges["HR"] / 20) / 36
    total = 0.0224 * 8 / 6 + f.park_homers(8) + on_card
    assert abs(total - 0.03) < 0.002
