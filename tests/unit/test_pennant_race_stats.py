"""Pitching statistics (3.2): innings, the ER split, decisions and saves."""

from __future__ import annotations

from dataclasses import replace

from tests.unit.texas import CALIFORNIA, TEXAS, game, line, play, steps

AT_TEXAS = game(home_starter="JOSE GUZMAN")


def test_guzman_pitches_7_1_when_the_bullpen_pitched_1_2() -> None:
    o = play(AT_TEXAS, "335", "452")
    assert line(o, "JOSE GUZMAN").outs == 22  # 7.1


def test_guzman_pitches_6_1_as_the_road_team_that_lost() -> None:
    # Texas at California: California's 335 beats Texas's 645 in nine.
    away = game("JOSE GUZMAN", "MIKE WITT", visitor=TEXAS, home=CALIFORNIA)
    o = play(away, "645", "335")
    assert o.winner == "home" and o.extra_innings == 0
    assert line(o, "JOSE GUZMAN").outs == 19  # 6.1
    assert sum(p.outs for p in o.pitching_for("TEX")) == 24


def test_five_bullpen_outs_go_three_to_mcmurtry_and_two_to_williams() -> None:
    o = play(AT_TEXAS, "335", "452")
    assert (line(o, "CRAIG MCMURTRY").outs, line(o, "MITCH WILLIAMS").outs) == (3, 2)
    assert [p.order for p in o.pitching_for("TEX")] == [1, 2, 3]


def test_bullpen_runs_are_charged_to_williams_the_worst_rel() -> None:
    o = play(AT_TEXAS, "335", "452")
    (split,) = steps(o, "earned runs to relievers", team="TEX")
    assert split["bullpen"] >= 1 and split["charged_to"] == "MITCH WILLIAMS"
    assert line(o, "CRAIG MCMURTRY").er == 0
    assert line(o, "MITCH WILLIAMS").er == split["bullpen"]


def test_six_earned_runs_at_plus_one_put_two_on_a_short_bullpen() -> None:
    # 322: white - green = +1; a bat value of 90 makes 89 / 14 = 6 earned runs.
    o = play(game(visitor=replace(CALIFORNIA, bat_value=90)), "322", "452")
    (split,) = steps(o, "earned runs to relievers", team="TEX")
    assert (split["row"], split["column"], split["cell"]) == (6, 1, "2/3")
    assert split["side_of_slash"] == "left" and split["bullpen"] == 2
    assert line(o, "JOSE GUZMAN").er == 4


def test_the_starter_is_charged_at_most_eight_runs() -> None:
    o = play(game(visitor=replace(CALIFORNIA, bat_value=200)), "322", "452")
    guzman = line(o, "JOSE GUZMAN")
    assert o.visitor.earned > 12 and guzman.er == 8
    assert sum(p.er for p in o.pitching_for("TEX")) == o.visitor.earned


def test_a_complete_game_winner_gets_the_win_and_nobody_a_save() -> None:
    o = play(AT_TEXAS, "556", "112")  # Guzman goes the distance, Texas wins 7-4
    guzman = line(o, "JOSE GUZMAN")
    assert o.winner == "home" and guzman.cg and guzman.decision == "W"
    assert line(o, "MIKE WITT").decision == "L"
    assert not any(p.save for p in o.pitching)


def test_a_complete_game_loser_takes_the_loss() -> None:
    o = play(AT_TEXAS, "556", "645")
    assert o.winner == "visitor" and line(o, "JOSE GUZMAN").decision == "L"
    assert line(o, "JOSE GUZMAN").cg and not line(o, "JOSE GUZMAN").sho


def test_losing_starter_escapes_the_loss_when_his_bullpen_allowed_more() -> None:
    # Version 1 charged the bullpen's runs to its worst reliever, Minton.
    o = play(replace(AT_TEXAS, version="1"), "556", "111")  # Texas 6-4; Witt charged no more than Guzman
    assert line(o, "MIKE WITT").decision is None
    assert line(o, "GREG MINTON").decision == "L"


def test_from_version_2_bullpen_runs_are_dealt_out_from_the_worst_rel() -> None:
    # The manual: runs follow "the same procedure" as outs (dealt out one at a
    # time) "starting from the relief ... with the higher REL".
    o = play(AT_TEXAS, "556", "111")
    (split,) = steps(o, "earned runs to relievers", team="CAL")
    pen = [p for p in o.pitching_for("CAL") if p.role == "RP"]
    worst_first = sorted(pen, key=lambda p: (-(p.rel or 0), p.order))
    assert split["bullpen"] == sum(p.er for p in pen) >= len(pen) > 1
    share, extra = divmod(split["bullpen"], len(pen))
    assert [p.er for p in worst_first] == [share + (1 if i < extra else 0) for i in range(len(pen))]
    assert split["charged"] == [{"pitcher": p.pitcher, "rel": p.rel, "runs": p.er} for p in worst_first if p.er]
    # The loss goes to the reliever charged the most, the first in on a tie.
    assert line(o, "MIKE WITT").decision is None
    most = max(pen, key=lambda p: (p.er + p.ur, -p.order))
    assert most.decision == "L"


def test_version_1_games_still_charge_every_bullpen_run_to_the_worst_reliever() -> None:
    o = play(replace(AT_TEXAS, version="1"), "556", "111")
    (split,) = steps(o, "earned runs to relievers", team="CAL")
    assert "charged" not in split
    assert line(o, split["charged_to"]).er == split["bullpen"]


def test_decisions_the_starter_who_allowed_fewer_runs_over_five_innings_wins() -> None:
    o = play(AT_TEXAS, "335", "452")  # California 3, Texas 2
    assert o.winner == "visitor"
    assert line(o, "MIKE WITT").decision == "W"
    assert line(o, "JOSE GUZMAN").decision == "L"


def test_save_goes_to_the_last_reliever_in_a_close_game() -> None:
    o = play(AT_TEXAS, "335", "452")
    cal_pen = [p for p in o.pitching_for("CAL") if p.role == "RP"]
    assert cal_pen[-1].save and cal_pen[-1].decision is None
    assert sum(p.save for p in o.pitching) == 1


def test_no_save_when_the_margin_is_over_three() -> None:
    o = play(game(visitor=replace(CALIFORNIA, bat_value=90)), "322", "452")
    assert abs(o.visitor.runs - o.home.runs) > 3
    assert not any(p.save for p in o.pitching)


def test_extra_inning_decisions_go_to_the_pitchers_of_the_last_inning() -> None:
    from tests.unit.texas import rested_bullpen, tired

    extra = game(visitor_bullpen=tired(rested_bullpen(CALIFORNIA), harvey=3))
    o = play(extra, "412", "532")
    assert line(o, "GREG MINTON").decision == "L" and line(o, "GREG MINTON").er == 1
    assert line(o, "GREG MINTON").outs == 2  # the walk-off inning
    texas_last = o.pitching_for("TEX")[-1]
    assert texas_last.decision == "W" and texas_last.outs == 3
    assert not any(p.save for p in o.pitching)
