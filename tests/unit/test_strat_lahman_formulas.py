"""The Strat-O-Matic card formulas (league.rules.strat.lahman.formulas) pinned on named 1988 seasons.

The lines and the league averages are written out here (from the Lahman
database), so the test needs no database; each expected number is worked
out by hand in the comment beside it.  Changing a constant of the formulas
changes these numbers on purpose: update them with docs/real-seasons.md.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules.strat.lahman import formulas as f
from league.rules.strat.lahman.layout import lay_out, weight
from league.rules.strat.results import parse_cell
from league.rules.strat.supplementary import parse_lead

AL_1988 = f.LeagueContext(
    rates={"1B": 0.16603, "2B": 0.04195, "3B": 0.00501, "HR": 0.02241, "BB": 0.07769, "HBP": 0.00648,
           "SO": 0.14528, "OUT": 0.53515},
    gidp=0.03926, pitcher_gidp=0.03925, sacrifice=0.00809, steal=0.10085, triple=0.00677, score=0.30833,
    hit_split={"1B": 0.77953, "2B": 0.19694, "3B": 0.02353},
    range_factor={"3b": 2.7094, "lf": 2.4696}, error_rate={"3b": 0.04583, "lf": 0.02103},
    e_rating={"3b": 23.13, "lf": 15.75}, of_assists=0.05057, caught=0.31304, passed_balls=0.07192)
NL_1988 = f.LeagueContext(
    rates={"1B": 0.1643, "2B": 0.03953, "3B": 0.0058, "HR": 0.01788, "BB": 0.07026, "HBP": 0.00514,
           "SO": 0.15419, "OUT": 0.5429},
    gidp=0.0336, pitcher_gidp=0.03356, sacrifice=0.01294, steal=0.14054, triple=0.00779, score=0.29505,
    hit_split={"1B": 0.78377, "2B": 0.18856, "3B": 0.02767},
    range_factor={"p": 1.958}, error_rate={"p": 0.04543}, e_rating={"p": 15.0})

CANSECO = {"G": 158, "AB": 610, "R": 120, "H": 187, "2B": 34, "3B": 0, "HR": 42, "SB": 40, "CS": 16, "BB": 78,
           "IBB": 10, "SO": 128, "HBP": 10, "SH": 1, "SF": 6, "GIDP": 15}
BOGGS = {"G": 155, "AB": 584, "R": 128, "H": 214, "2B": 45, "3B": 6, "HR": 5, "SB": 2, "CS": 3, "BB": 125,
         "IBB": 18, "SO": 34, "HBP": 3, "SH": 0, "SF": 7, "GIDP": 23}
HENDERSON = {"G": 140, "AB": 554, "R": 118, "H": 169, "2B": 30, "3B": 2, "HR": 6, "SB": 93, "CS": 13, "BB": 82,
             "IBB": 1, "SO": 54, "HBP": 3, "SH": 2, "SF": 6, "GIDP": 6}  # NYA
COLEMAN = {"G": 153, "AB": 616, "R": 77, "H": 160, "2B": 20, "3B": 10, "HR": 3, "SB": 81, "CS": 27, "BB": 49,
           "IBB": 4, "SO": 111, "HBP": 1, "SH": 8, "SF": 5, "GIDP": 4}  # SLN
MCGWIRE = {"G": 155, "AB": 550, "R": 87, "H": 143, "2B": 22, "3B": 1, "HR": 32, "SB": 0, "CS": 0, "BB": 76,
           "IBB": 4, "SO": 117, "HBP": 4, "SH": 1, "SF": 4, "GIDP": 15}  # OAK
HERSHISER = {"G": 35, "GS": 34, "CG": 15, "SV": 1, "IPouts": 801, "H": 208, "ER": 67, "HR": 18, "BB": 73,
             "IBB": 10, "SO": 178, "HBP": 4, "BK": 5, "WP": 6, "BFP": 1068, "GF": 1, "SH": 9, "SF": 6, "GIDP": 18}
ECKERSLEY = {"G": 60, "GS": 0, "CG": 0, "SV": 45, "IPouts": 218, "H": 52, "ER": 19, "HR": 5, "BB": 11,
             "IBB": 2, "SO": 70, "HBP": 1, "BK": 2, "WP": 0, "BFP": 279, "GF": 53, "SH": 1, "SF": 3, "GIDP": 3}


def test_jose_canseco_1988_gets_ten_homers_on_his_card_and_an_aa_steal():
    counts = f.batting_counts(CANSECO)
    # singles 187 - 34 - 0 - 42 = 111; walks 78 less 10 intentional (the managers' again in a replay);
    # outs in play 610 - 187 - 128 + 6 SF = 301: 694 plate appearances
    assert counts == {"1B": 111, "2B": 34, "3B": 0, "HR": 42, "BB": 68, "HBP": 10, "SO": 128, "OUT": 301}
    r = f.rates(counts, AL_1988, f.SHRINK_PA)
    assert r["HR"] == pytest.approx((42 + 60 * 0.02241) / 754)  # 0.05749
    card = f.batter_card(r, AL_1988, advanced=True)
    # 108 x (2 x 0.05749 - 0.9 x 0.02241) = 10.24 homers; walks (68 + 4.66) / 754 = 0.09637,
    # 108 x (2 x 0.09637 - 0.07769) = 12.43
    assert card["HR"] == pytest.approx(10.24, abs=0.01)
    assert card["BB"] == pytest.approx(12.43, abs=0.01)
    assert card["3B"] == 0  # 2 x 0.0004 < 0.5 x 0.00501: no triples of his own
    assert sum(card.values()) == pytest.approx(108)
    assert not f.weak_power(r, AL_1988)
    # 56 attempts in 199 times on first (+10): 0.268 >= 2 x 0.10085, success 41/58 = 0.71: AA
    assert f.stealing(CANSECO, AL_1988) == "AA"
    assert f.running(CANSECO, AL_1988) == 13
    assert f.bunting(CANSECO) == "E"  # 1 sacrifice in 721 plate appearances
    # left field: (27 x 315 + 1500 x 2.4696) / (3768 + 1500) = 2.318, 6% under the league: range 4
    assert f.range_rating(315, 3768, 2.4696) == 4
    assert f.error_rating(7, 322, 0.02103, 15.75, 20) == 16  # (7 + 2.1) / 422 = 0.0216 over 0.0210
    assert f.of_arm(11, 144, 0.05057) == -1  # 11 assists: a better arm than average


def test_wade_boggs_1988_is_a_w_hitter_with_27_walks_on_his_card():
    r = f.rates(f.batting_counts(BOGGS), AL_1988, f.SHRINK_PA)
    # 5 homers: (5 + 1.345) / 761 = 0.00834; twice that is under the pitchers' 0.9 x 0.02241: W (12.0)
    assert f.weak_power(r, AL_1988)
    advanced = f.batter_card(r, AL_1988, advanced=True)
    basic = f.batter_card(r, AL_1988, advanced=False)
    assert advanced["HR"] == pytest.approx(108 * 2 * r["HR"])  # 1.80: his own homers only
    assert basic["HR"] == 0  # the basic side reads the pitchers' HOMERUN too
    # the advanced side gives up the singles the pitchers' N-HOMERUNs become for a W batter (SINGLE**)
    assert basic["1B"] - advanced["1B"] == pytest.approx(108 * 0.9 * 0.02241)
    assert advanced["BB"] == pytest.approx(23.30, abs=0.01)  # (107 + 4.66) / 761 = 0.14673: 108 x (2r - 0.07769)
    assert advanced["SO"] == 0  # 34 strikeouts: under half the league's rate
    assert f.hit_and_run(r, AL_1988) == "A"  # strikes out at 0.38 of the league's rate
    # third base: (27 x 372 + 1500 x 2.7094) / (3941 + 1500) = 2.593: range 3; e = 23.13 x 0.0323 / 0.0458 = 16
    assert f.range_rating(372, 3941, 2.7094) == 3
    assert f.error_rating(11, 383, 0.04583, 23.13, 30) == 16


def test_orel_hershiser_1988_starts_with_endurance_six_and_gives_up_his_hits_behind_his_fielders():
    counts = f.pitching_counts(HERSHISER, NL_1988)
    # 1068 batters faced less 9 sacrifices and 10 intentional walks; his 190 hits that were not
    # homers split as the league's
    assert counts["1B"] == pytest.approx(190 * 0.78377)
    assert counts["OUT"] == pytest.approx(1049 - 190 - 18 - 63 - 4 - 178)
    r = f.rates(counts, NL_1988, f.SHRINK_BF)
    card = f.pitcher_outcomes(r, NL_1988, advanced=False)
    # strikeouts: (178 + 100 x 0.15419) / 1149 = 0.16834; 108 x (2 x 0.16834 - 0.15419) = 19.71
    assert card["SO"] == pytest.approx(19.71, abs=0.01)
    assert card["BB"] == pytest.approx(5.58, abs=0.01)  # (63 + 7.03) / 1149 = 0.06095
    # (801 outs - 4 for his one relief outing) / 34 starts = 23.4 outs = 7.8 innings, less 2.0
    assert f.starter_pow(HERSHISER) == 6
    yields = {"1B": 0.25, "2B": 0.04, "3B": 0.02, "E": 0.05, "OUT": 0.64}
    x, rest = f.x_chances(card, yields)
    assert x == pytest.approx(f.X_SHARE * (card["1B"] + card["2B"] + card["3B"] + card["OUT"]))  # 40.2
    given_back = {e: x * yields[e] for e in ("1B", "2B", "3B")}
    # every hit of his stays his: on his own readings or on his fielders' X-chances
    assert sum(rest[e] + given_back[e] for e in ("1B", "2B", "3B")) == pytest.approx(
        card["1B"] + card["2B"] + card["3B"])
    assert rest["3B"] == 0 and rest["2B"] == pytest.approx(card["2B"] - x * 0.04 - (x * 0.02 - card["3B"]))
    assert f.range_rating(92, 801, 1.958) == 1  # 92 chances in 267 innings: far above the league's pitchers
    assert f.hold("R") == 1 and f.hold("L") == -2


def test_dennis_eckersley_1988_relieves_with_endurance_one_and_33_strikeouts():
    r = f.rates(f.pitching_counts(ECKERSLEY, AL_1988), AL_1988, f.SHRINK_BF)
    card = f.pitcher_outcomes(r, AL_1988, advanced=False)
    # 276 plate appearances (279 faced, a sacrifice, 2 intentional walks);
    # (70 + 14.53) / 376 = 0.22481; 108 x (2 x 0.22481 - 0.14528) = 32.87; walks (9 + 7.77) / 376 -> 1.24
    assert card["SO"] == pytest.approx(32.87, abs=0.01)
    assert card["BB"] == pytest.approx(1.24, abs=0.01)
    assert card["HBP"] == 0  # one in 276: below the batters' share
    assert f.relief_outs(ECKERSLEY) == pytest.approx(218 / 60)
    assert f.relief_pow(ECKERSLEY) == 1  # 3.6 outs an outing
    # Advanced: N-HOMERUNs only count against N batters (80% here), so his distance from the average
    # pitcher's homers weighs 1 / 0.8: fewer than average allowed gives fewer still, 1.50 basic, 1.33 advanced
    advanced = f.pitcher_outcomes(r, AL_1988, advanced=True, n_share=0.8)
    assert card["HR"] == pytest.approx(1.50, abs=0.01)
    assert advanced["HR"] == pytest.approx(1.33, abs=0.01)


def test_a_pitcher_allows_his_real_rate_against_the_average_card_and_a_batter_hits_his():
    for line in (HERSHISER, ECKERSLEY):
        r = f.rates(f.pitching_counts(line, AL_1988), AL_1988, f.SHRINK_BF)
        eff = f.pitcher_effective(r, AL_1988, advanced=True, n_share=0.85)
        for e in ("1B", "2B", "BB", "SO"):
            assert eff[e] == pytest.approx(r[e], abs=1e-9), e
    r = f.rates(f.batting_counts(CANSECO), AL_1988, f.SHRINK_PA)
    eff = f.batter_effective(r, AL_1988, advanced=True)
    for e in ("1B", "2B", "HR", "BB", "SO"):
        assert eff[e] == pytest.approx(r[e], abs=1e-9), e


def test_injury_readings_make_a_part_timer_miss_his_real_games():
    # Mitch Garver 2019: 93 of 162 games -> 69 missed / (4.2 x 93 x 4.4) per plate appearance, x 216
    assert f.injury_chances(93, 162, 4.4) == pytest.approx(216 * 69 / (4.2 * 93 * 4.4))
    assert f.injury_chances(162, 162, 4.4) == 0
    assert f.injury_chances(30, 162, 4.4) == f.INJURY_MAX_CHANCES


def test_league_e_is_the_e_whose_chart_error_chance_gives_the_real_errors():
    chart = {0: 0.01, 4: 0.02, 8: 0.04, 12: 0.08}
    assert f.league_e(0.001, 0.05, chart) == pytest.approx(4 + 4 * (0.02 - 0.02) / 0.02)  # wants 0.02
    assert f.league_e(0.003, 0.05, chart) == pytest.approx(8 + 4 * (0.06 - 0.04) / 0.04)  # wants 0.06
    assert f.league_e(0.01, 0.05, chart) == 12  # wants 0.20: the chart's top


READING = st.sampled_from(["SINGLE*", "DOUBLE**", "HOMERUN", "WALK", "STRIKEOUT", "TRIPLE", "HBP"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(READING, st.floats(0.0, 12.0)), min_size=1, max_size=7, unique_by=lambda x: x[0]))
def test_layout_puts_each_precise_reading_on_the_card_to_the_twentieth_of_a_chance(precise):
    outs = 108 - sum(ch for _, ch in precise)
    readings = [(t, ch, True) for t, ch in precise] + [("GROUNDBALL(ss)A", outs * 0.6, False),
                                                       ("FLYBALL(cf)B", outs * 0.4, False)]
    laid = lay_out(readings, (1, 2, 3))
    assert len(laid) == 33
    got: dict[str, float] = {}
    for (_, row), text in laid.items():
        for lo, hi, r in parse_cell(text):
            got[str(r)] = got.get(str(r), 0.0) + weight(row) * (hi - lo + 1) / 20
    assert sum(got.values()) == pytest.approx(108)
    for text, ch in precise:
        assert got.get(text, 0.0) == pytest.approx(ch, abs=0.15), text  # half a number of a 6-chance reading


def test_the_lead_rating_gives_the_elite_stealers_a_wide_automatic_lead_and_the_slugger_none_worth_sending():
    # Henderson: 106 attempts in 216 times on first (+10), 0.47, over the 0.28 of them that are the
    # auto-manager's chances: every lead chance taken (36 ways).  94 of 108 safe (shrunk, 0.87): 17.4 -> 17,
    # + 5 = 20 (the top) and 15.  Held, against an average catcher and pitcher, he is sent at 18 (90%): at
    # 0.90 / 0.87 - 1 = 0.03 automatic outs a good lead, the nearest is one total (12) of 36.
    assert f.stealing(HENDERSON, AL_1988) == "AAA"
    assert f.lead(HENDERSON, AL_1988) == "*2-11/12 (20-15)"
    # Coleman: 108 attempts (every chance again), 82 of 110 safe (0.745): 15 + 5 = 20; sent at 90%, 0.21
    # automatic outs a good lead: 36 / 1.21 = 29.7 good ways (2-9: 30) and 6 out (10-12): 30 x 0.9 / 36 = 75%.
    assert f.stealing(COLEMAN, NL_1988) == "AAA"
    assert f.lead(COLEMAN, NL_1988) == "*2-9/10-12 (20-15)"
    # Canseco's AA: 56 attempts, 0.27 a time on first, 34.4 of the 36 ways; 41 of 58 safe (0.707): 14 + 5 =
    # 19, sent at 85%, 0.20 outs a good lead: 28.6 good ways (2-9: 30) and 5.7 out (10-12: 6); no asterisk.
    assert f.stealing(CANSECO, AL_1988) == "AA"
    assert f.lead(CANSECO, AL_1988) == "2-9/10-12 (19-14)"
    # McGwire (0 for 0, E) and Boggs (2 for 5, D): the narrowest leads and a first rating the auto-manager
    # never sends (unheld at the best catcher-pitcher adjustment, 9 + 5 = 14, short of its 15).
    assert f.lead(MCGWIRE, AL_1988) == "2/- (9-4)"
    assert f.lead(BOGGS, AL_1988) == "2-3/- (9-4)"


def test_the_lead_rating_parses_as_the_card_reader_reads_it():
    for line, lg in ((HENDERSON, AL_1988), (COLEMAN, NL_1988), (CANSECO, AL_1988), (MCGWIRE, AL_1988)):
        rating = parse_lead(f.lead(line, lg))
        assert str(rating) == f.lead(line, lg)
    henderson = parse_lead(f.lead(HENDERSON, AL_1988))
    assert henderson.automatic and henderson.good == frozenset(range(2, 12)) and henderson.out == {12}
    assert (henderson.first, henderson.second) == (20, 15)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 130), st.integers(0, 40), st.integers(0, 250), st.integers(0, 150))
def test_every_lead_rating_parses_and_keeps_its_automatic_outs_under_a_quarter_of_its_good_leads(sb, cs, h, bb):
    line = {"AB": 600, "H": h, "2B": 0, "3B": 0, "HR": 0, "BB": bb, "HBP": 0, "SB": sb, "CS": cs}
    rating = parse_lead(f.lead(line, AL_1988))
    ways = {t: 6 - abs(t - 7) for t in range(2, 13)}
    good, out = sum(ways[t] for t in rating.good), sum(ways[t] for t in rating.out)
    assert 4 * out < good  # else the auto-manager would never send him (policy._supplementary_chance)
    assert rating.automatic == (f.stealing(line, AL_1988) == "AAA")
    assert 1 <= rating.second < rating.first <= 20
