"""The real-season Pine Tar formulas (league/rules/pine_tar/lahman/formulas.py), pure: no database."""

from __future__ import annotations

import pytest

from league.rules.pine_tar.cards import parse_cards
from league.rules.pine_tar.charts import load_charts
from league.rules.pine_tar.lahman import formulas as f

LEAGUE = {"HR": 0.020, "3B": 0.005, "2B": 0.040, "1B": 0.160, "BB": 0.085, "SO": 0.150, "OUT": 0.540}
MOD = load_charts().modifier


def test_a_column_has_every_number_once_with_the_fixed_tail() -> None:
    cells = f.column(LEAGUE, "R", LEAGUE["HR"])
    assert len(cells) == 100
    assert cells[93:96] == ["ROE/PO"] * 3 and cells[96:98] == ["ROE/LO"] * 2 and cells[98:] == ["BK/WP"] * 2
    # hits first, in the manual's order, so the modifier rolls 0-50 fall on hits, walks and strikeouts
    assert cells[0] == "HR" and cells.index("1B") < cells.index("BB") < cells.index("SO")
    # its rates over the 98 numbers that end a plate appearance are the league's to a number
    got = f.column_rates(cells)
    for e in f.EVENTS:
        assert got[e] == pytest.approx(LEAGUE[e], abs=0.6 / f.ENDING)


def test_a_left_handed_pull_hitter_grounds_to_the_right_side() -> None:
    left = f.column(LEAGUE, "L", LEAGUE["HR"])
    right = f.column(LEAGUE, "R", LEAGUE["HR"])
    assert left.count("GO-2B") > left.count("GO-SS") and right.count("GO-SS") > right.count("GO-2B")
    assert left.count("FO-RF") > left.count("FO-LF")


def test_the_grade_effects_follow_the_modifier_chart() -> None:
    cells = ["HR"] + ["1B"] * 29 + ["BB"] * 10 + ["SO"] * 10 + ["GO-SS"] * 48 + ["BK/WP"] * 2
    # rolls 0 (HR), 5..25 (1B: five), 30, 35 (BB), 40, 45 (SO), 50 (GO)
    a_plus = f.grade_delta(cells, "A+", MOD)
    assert a_plus["HR"] == pytest.approx(-1 / 98)  # HR -> 2B
    assert a_plus["SO"] > 0.02  # BB -> SO twice, GO -> SO once, and the walks with first taken re-rolled
    c = f.grade_delta(cells, "C", MOD)
    assert c["1B"] == pytest.approx(-5 / 98) and c["2B"] == pytest.approx(5 / 98)  # C: 1B -> 2B
    g = f.grade_delta(cells, "G", MOD)
    # G: 1B -> 2B five times; SO -> 1B, GO -> 1B, BB -> 1B; no ball 2 off a G
    assert g["2B"] == pytest.approx(5 / 98) and g["SO"] == pytest.approx(-2 / 98)
    assert g["BB"] == pytest.approx(-2 / 98) and g["OUT"] == pytest.approx(-1 / 98)


def test_grades_are_ordered_by_the_runs_they_allow() -> None:
    weights = f.run_weights(4.3)
    values = f.grade_values(f.column(LEAGUE, "R", LEAGUE["HR"]), weights, MOD)
    assert values["A+"] <= values["A"] < values["B"] < values["M"] < values["C"] < values["E"] < values["G"]


def test_a_column_calibrated_against_the_mix_gives_the_target_rates() -> None:
    mix = {"A": 0.2, "B": 0.3, "C": 0.3, "E": 0.2}
    cells = f.calibrate_column(LEAGUE, "R", LEAGUE["HR"], mix, MOD)
    got = f.expected(cells, mix, MOD)
    assert sum(abs(got[e] - LEAGUE[e]) for e in f.EVENTS) < 0.03
    naive = f.expected(f.column(LEAGUE, "R", LEAGUE["HR"]), mix, MOD)
    assert sum(abs(got[e] - LEAGUE[e]) for e in f.EVENTS) < sum(abs(naive[e] - LEAGUE[e]) for e in f.EVENTS)


def test_platoon_keeps_the_batters_rates_over_his_real_opponents() -> None:
    split = f.platoon(LEAGUE, "L")
    s = f.VS_RIGHT["L"]
    for e in f.EVENTS:
        assert s * split["R"][e] + (1 - s) * split["L"][e] == pytest.approx(LEAGUE[e], rel=0.02)
    assert split["R"]["1B"] / split["L"]["1B"] == pytest.approx(f.PLATOON)
    assert f.platoon(LEAGUE, "S")["L"] == f.platoon(LEAGUE, "S")["R"]


def test_home_and_away_grades_straddle_the_pitchers_worth() -> None:
    values = {"A+": -0.03, "A": -0.025, "B": -0.02, "M": -0.01, "C": 0.008, "D": 0.009, "E": 0.03, "G": 0.05}
    choices = f.options(values, starter=False)
    home, away = f.pick_grades(-0.015, choices)
    assert (home.grade, away.grade) == ("B", "M")  # halfway: the better at home
    assert f.pick_grades(-0.0199, choices)[0].grade == f.pick_grades(-0.0199, choices)[1].grade == "B"
    assert f.pick_grades(-1.0, choices)[0].grade == "A+" and f.pick_grades(1.0, choices)[1].grade == "G"
    starters = f.options(values, starter=True, mip=6)
    assert all(o.third and values[o.third] > values[o.grade] for o in starters)  # worse the third time through


def test_steal_ratings() -> None:
    rickey = {"SB": 93, "CS": 13, "H": 169, "2B": 30, "3B": 2, "HR": 6, "BB": 82, "HBP": 3}  # 1988
    assert f.sbo(rickey) == "AA"
    assert f.sbc(rickey, 0.67) == 86  # (93 + 5 x 0.67) / 111 = 0.868: a roll of 00-86 steals
    assert f.sbc({"SB": 0, "CS": 0}, 0.67) is None and f.sbo({"SB": 0, "CS": 0}) == "N"


def test_catchers_arm_and_fielders_error_chance() -> None:
    assert f.catcher_ar(sb=60, cs=60, lg_caught=0.33) < 0  # throws out half: runners' SBC drops
    assert f.catcher_ar(sb=120, cs=20, lg_caught=0.33) > 0
    assert f.catcher_ar(sb=0, cs=0, lg_caught=0.33) == 0
    lg_ec = f.league_ec(0.019)
    assert 2.5 < lg_ec < 3.5  # 5 ROE numbers in 98 at (EC + 1) / 10 give 0.019 errors a plate appearance
    assert f.error_chance(10, 300, 0.033, lg_ec) == round(lg_ec)
    assert f.error_chance(30, 300, 0.033, lg_ec) > f.error_chance(3, 300, 0.033, lg_ec)


def test_innings_and_balks() -> None:
    hershiser = {"G": 35, "GS": 34, "IPouts": 801, "CG": 15}  # 1988: 267 innings, 15 complete games
    assert f.starter_mip(hershiser) == 9  # 7.8 innings a start - 0.5 + 4 x 15 / 34: he may finish any start
    assert f.starter_mip({**hershiser, "CG": 5}) == 8  # + 4 x 5 / 34
    assert f.starter_mip({**hershiser, "CG": 0}) == 7
    assert f.starter_mip({"G": 32, "GS": 32, "IPouts": 504, "CG": 0}) == 5  # 2019's 5.25 innings a start
    closer = {"G": 64, "GS": 0, "IPouts": 225}
    assert f.relief_mip(closer) == 1
    assert f.bk_wp({"BK": 0, "WP": 0}) == "--/--"
    assert f.bk_wp({"BK": 0, "WP": 6}) == "--/99"
    assert f.bk_wp({"BK": 1, "WP": 3}) == "24/99"


def test_generated_text_parses_as_a_card() -> None:
    cells = f.column(LEAGUE, "R", LEAGUE["HR"])
    text = "\n".join(["PITCHER XX01", "name: A B", "team: XX", "throws: R", "bats: R", "role: S 30",
                      "home: A/B", "away: B/C", "mip: 6", "bkwp: --/99", "[batting]"]
                     + [f"{i:02d} {c}" for i, c in enumerate(cells)] + ["END"])
    card = parse_cards(text)[0]
    assert card.column("L")[0] == "HR" and card.column("R")[98] == "BK/WP"


def test_a_column_with_almost_no_outs_in_play_still_holds_its_roe_numbers() -> None:
    # 2020-2024 pitchers hardly batted: a line of a few strikeouts and walks
    cells = f.column({"HR": 0, "3B": 0, "2B": 0, "1B": 0, "BB": 0.25, "SO": 0.75, "OUT": 0}, "R", 0.03)
    assert len(cells) == 100 and cells.count("ROE/PO") == 3 and cells.count("SO") + cells.count("BB") == 93


def test_a_lineup_mans_injury_rating_gives_about_his_missed_games_under_the_optional_injuries() -> None:
    from league.rules.pine_tar.charts import load_charts

    assert f.injury(162, 162) == "0A"  # never missed a game: a 1% check, a day or two
    for games in (150, 140, 120, 60):
        rating = f.injury(games, 162)
        chance, letter = int(rating[:-1]), rating[-1]
        lengths = load_charts().injury[letter]
        expected = 162 * f.INJURY_CHECK_SHARE * (chance + 1) / 100 * sum(lengths) / len(lengths)
        assert abs(expected - (162 - games)) < 1.5, (games, rating, expected)
    assert f.injury(150, 162)[-1] == "B" and f.injury(60, 162)[-1] == "D"
