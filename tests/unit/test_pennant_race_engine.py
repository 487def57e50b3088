"""The manual's worked examples (sections 2.0-2.5, 3.1), played through resolve()."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.dice import NeedRoll, Pair, Triad
from league.domain.errors import RulesError
from league.rules.pennant_race.engine import GameSetup, resolve
from league.rules.pennant_race.outcome import GameOutcome
from tests.unit.texas import (CALIFORNIA, TEXAS, game, line, play, rested_bullpen, steps,
                              tired)

# California at Texas, Jose Guzman (ST 3.5, END 7, CG 555, SHO 644) for Texas.
AT_TEXAS = game(home_starter="JOSE GUZMAN")


def test_asks_for_the_visitor_triad_then_the_home_triad() -> None:
    assert resolve(AT_TEXAS, []) == NeedRoll("triad", "visitor", "offense")
    assert resolve(AT_TEXAS, [Triad(3, 3, 5)]) == NeedRoll("triad", "home", "offense")


def test_refuses_rolls_the_game_does_not_need() -> None:
    with pytest.raises(ValueError, match="more than the game needs"):
        resolve(AT_TEXAS, [Triad(3, 3, 5), Triad(4, 5, 2), Triad(1, 1, 1)])


def test_refuses_a_pair_where_a_triad_is_due() -> None:
    with pytest.raises(ValueError, match="not a triad"):
        resolve(AT_TEXAS, [Pair(3, 1)])


def test_refuses_a_starter_who_is_not_on_the_sheet() -> None:
    with pytest.raises(RulesError):
        resolve(game(home_starter="NOLAN RYAN"), [])


def test_645_against_guzman_is_a_complete_game_shutout() -> None:
    o = play(AT_TEXAS, "645", "452")
    assert o.visitor.runs == 0 and o.visitor.shutout_by_triad
    assert steps(o, "shutout check", pitcher="JOSE GUZMAN", triad="645", sho=644,
                 result="shutout")
    assert not [b for b in o.batting if b.team == "CAL"]
    guzman = line(o, "JOSE GUZMAN")
    assert guzman.cg and guzman.sho and guzman.outs == 27 and guzman.decision == "W"


def test_556_against_guzman_is_a_complete_game_but_no_shutout() -> None:
    o = play(AT_TEXAS, "556", "452")
    assert not o.visitor.shutout_by_triad
    assert steps(o, "complete game check", triad="556", cg=555, result="complete game")
    assert [p.pitcher for p in o.pitching_for("TEX")] == ["JOSE GUZMAN"]
    assert line(o, "JOSE GUZMAN").cg


def test_443_power_bonus_is_33_for_obrien_plus_mcdowells_bat() -> None:
    o = play(AT_TEXAS, "452", "443")
    (power,) = steps(o, "power bonus")
    assert (power["spot"], power["batter"], power["points"]) == ("3", "PETE O'BRIEN", 33)
    assert steps(o, "bat bonus", batter="ODDIBE MCDOWELL", bat=2)
    assert o.home.offense["power"] == 33 and o.home.offense["bat"] == 2
    obrien = next(b for b in o.batting if b.batter == "PETE O'BRIEN")
    assert obrien.pow_pts == 33


def test_233_speed_bonus_is_40_for_mcdowell() -> None:
    o = play(AT_TEXAS, "452", "233")
    (speed,) = steps(o, "speed bonus")
    assert (speed["spot"], speed["batter"], speed["points"]) == ("1", "ODDIBE MCDOWELL", 40)
    assert next(b for b in o.batting if b.batter == "ODDIBE MCDOWELL").spd_pts == 40


def test_452_bat_bonus_is_mcdowells_2() -> None:
    o = play(AT_TEXAS, "645", "452")
    assert steps(o, "bat bonus", sum=11, batter="ODDIBE MCDOWELL", bat=2)
    assert o.home.offense["bat"] == 2


def test_a_triple_earns_both_power_and_speed() -> None:
    o = play(AT_TEXAS, "452", "444")
    assert steps(o, "power bonus") and steps(o, "speed bonus")
    assert o.home.offense["power"] > 0 and o.home.offense["speed"] > 0


def test_335_brings_mcmurtry_and_williams_for_minus_one() -> None:
    o = play(AT_TEXAS, "335", "452")
    (ip,) = steps(o, "innings pitched", row=7)
    assert (ip["row"], ip["column"], ip["bullpen_outs"], ip["innings"]) == (7, 3, 5, "1.2")
    (use,) = [s for s in steps(o, "relievers to use") if s["chosen"][0]["pitcher"] == "CRAIG MCMURTRY"]
    assert use["relievers"] == 2 and use["sum"] == -1
    assert [c["pitcher"] for c in use["chosen"]] == ["CRAIG MCMURTRY", "MITCH WILLIAMS"]
    assert o.visitor.offense["relief"] == -1


def test_vande_berg_sits_when_only_two_are_needed() -> None:
    o = play(AT_TEXAS, "335", "452")
    assert "ED VANDE BERG" not in [p.pitcher for p in o.pitching]


def test_321_defense_is_10_5_with_guzman() -> None:
    o = play(AT_TEXAS, "321", "452")
    (d,) = steps(o, "defense", pitcher="JOSE GUZMAN")
    assert d["defense"] == 10.5
    # The Fielding chart names McDowell in center (+0) for a sum of 6, green odd.
    assert steps(o, "fielding", position="CF", fielder="ODDIBE MCDOWELL", fld=0)


def test_321_defense_is_never_below_6_with_hayward() -> None:
    o = play(game(home_starter="RAY HAYWARD"), "321", "452")
    (d,) = steps(o, "defense", pitcher="RAY HAYWARD")
    assert d["defense"] == 6.0


def test_323_buechele_adds_two_to_the_white_die() -> None:
    o = play(AT_TEXAS, "323", "452")
    assert steps(o, "fielding", row=8, column="odd", position="3B", fielder="STEVE BUECHELE", fld=2)
    (d,) = steps(o, "defense", pitcher="JOSE GUZMAN")
    assert (d["modified_white"], d["defense"]) == (5, 17.5)


def test_48_offense_over_10_5_is_4_runs_and_the_unearned_run_makes_5() -> None:
    # 321: no bonus, McMurtry and Williams (-1), so a bat value of 49 totals 48.
    strong = game(visitor=replace(CALIFORNIA, bat_value=49))
    o = play(strong, "321", "452")
    assert steps(o, "earned runs", offense=48, defense=10.5, runs=4)
    assert steps(o, "unearned runs", grid="TEX", sum=6, runs=1)
    assert (o.visitor.earned, o.visitor.unearned, o.visitor.runs) == (4, 1, 5)


def test_fielder_is_credited_with_the_runs_his_glove_saved() -> None:
    # 323: 36 + Howell's power 24 - 1 relief = 59; 59 / 17.5 = 3 runs, 59 / 10.5 = 5.
    strong = game(visitor=replace(CALIFORNIA, bat_value=36))
    o = play(strong, "323", "452")
    assert o.visitor.offense["total"] == 59
    (f,) = [f for f in o.fielding if f.team == "TEX"]
    assert (f.fielder, f.runs_saved) == ("STEVE BUECHELE", 2)


EXTRA = game(visitor_bullpen=tired(rested_bullpen(CALIFORNIA), harvey=3))


def test_532_extra_inning_wilkerson_5_plus_the_visiting_reliever_2_is_7() -> None:
    # Mike Witt goes the distance against 532; with Harvey resting, California's
    # best fresh reliever is Minton (+2).  412 ties the game at 1.
    o = play(EXTRA, "412", "532")
    assert o.visitor.regulation_runs == o.home.regulation_runs == 1
    (inning,) = steps(o, "extra inning")
    home = inning["home"]
    assert (home["ei"], home["batter"], home["bat"]) == (32, "CURT WILKERSON", 5)
    assert (home["facing"], home["rel"], home["score"]) == ("GREG MINTON", 2, 7)
    assert inning["visitor"]["score"] < 7
    assert o.winner == "home" and o.home.runs == 2 and o.home.earned == 2
    assert o.extra_innings == 1
    wilkerson = next(b for b in o.batting if b.batter == "CURT WILKERSON")
    assert wilkerson.ei_bat_pts == 5


def test_extra_innings_nullify_the_complete_game() -> None:
    o = play(EXTRA, "412", "532")
    assert not line(o, "MIKE WITT").cg


def test_tied_with_no_fresh_pitcher_each_team_rolls_a_pair() -> None:
    bare = game(visitor_bullpen=(), home_bullpen=())
    assert play(bare, "112", "123") == NeedRoll("pair", "visitor", "extra inning E.I.")
    assert play(bare, "112", "123", "11") == NeedRoll("pair", "home", "extra inning E.I.")
    o = play(bare, "112", "123", "11", "35")  # White (3) against Fletcher (4)
    assert isinstance(o, GameOutcome)
    assert o.extra_innings == 2 and o.winner == "home"
    assert line(o, "JOSE GUZMAN").outs == 27 + 6 and line(o, "MIKE WITT").outs == 27 + 3 + 2


def test_223_homers_for_bench_a_and_pair_31_for_incaviglia() -> None:
    o = play(AT_TEXAS, "452", "223")
    (power,) = steps(o, "power bonus")
    assert power["spot"] == "A" and power["batter"] == "LARRY PARRISH"
    assert o.home.regulation_runs > 0
    assert steps(o, "extra home runs", team="TEX", count=1)
    assert resolve(AT_TEXAS, _rolls("452", "223")) == NeedRoll("pair", "home", "extra home run")
    o = play(AT_TEXAS, "452", "223", "31")
    texas_hr = [(h.batter, h.source) for h in o.home_runs if h.team == "TEX"]
    assert texas_hr == [("LARRY PARRISH", "power"), ("PETE INCAVIGLIA", "x-hr")]


def test_an_unclaimed_x_hr_number_is_a_team_homer() -> None:
    o = play(AT_TEXAS, "452", "223", "66")
    assert [h.batter for h in o.home_runs if h.source == "x-hr"] == [None]


def test_a_shut_out_team_hits_no_homers() -> None:
    o = play(AT_TEXAS, "645", "452")
    assert not [h for h in o.home_runs if h.team == "CAL"]


def _rolls(*texts: str) -> list[Triad | Pair]:
    from league.domain.dice import roll_from_text

    return [roll_from_text(t) for t in texts]


def test_short_rest_starter_cannot_complete_or_shut_out() -> None:
    o = play(game(home_short=True), "645", "452")
    assert not o.visitor.shutout_by_triad
    assert steps(o, "shutout check", sho=666, result="no shutout")
    (d,) = steps(o, "defense", pitcher="JOSE GUZMAN")
    assert d["st"] == 2.5 and d["short_rest"]
    assert not line(o, "JOSE GUZMAN").cg and line(o, "JOSE GUZMAN").short_rest


def test_without_relievers_the_starter_stays_in_without_credit() -> None:
    o = play(game(home_bullpen=()), "335", "452")
    guzman = line(o, "JOSE GUZMAN")
    assert guzman.outs == 27 and not guzman.cg
    assert o.visitor.offense["relief"] == 0


def test_game_setup_is_plain_data() -> None:
    assert isinstance(AT_TEXAS, GameSetup) and AT_TEXAS.home.sheet is TEXAS
