"""The worked examples of pennant-race.md, played as a commissioner would:
``league play GAME --dice -`` with the manual's rolls, read back through
``league game show/log --json``.

California visits Texas (the manual's 1988 Rangers sheet) on dates ten days
apart, so every starter named is fully rested and every bullpen fresh.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from league.data import data_path
from league.domain.dice import Triad
from league.rules.pennant_race import charts
from tests.e2e.cli import make_league, ok, with_bats

DATES = [f"1988-{m:02d}-{d:02d}" for m in range(4, 10) for d in (1, 11, 21)]


@pytest.fixture
def league_db(tmp_path: Path) -> str:
    return make_league(tmp_path, "".join(f"{d},CAL,TEX\n" for d in DATES))


def game_id(i: int) -> str:
    return "TEX" + DATES[i].replace("-", "") + "0"


def play(db: str, i: int, rolls: list[str], home_starter: str = "JOSE GUZMAN",
         visitor_starter: str = "DOUG MCCOY") -> tuple[dict[str, Any], list[dict[str, Any]]]:
    ok(db, "play", game_id(i), "--dice", "-", "--home-starter", home_starter,
       "--visitor-starter", visitor_starter, input="\n".join(rolls) + "\n")
    show = json.loads(ok(db, "game", "show", game_id(i), "--json"))
    log = json.loads(ok(db, "game", "log", game_id(i), "--json"))
    return show, log[-1]["explanation"]


def steps(explanation: list[dict[str, Any]], name: str, team: str | None = None) -> list[dict[str, Any]]:
    """Steps of one kind; ``team`` is the side at bat."""
    return [s for s in explanation if s.get("step") == name and (team is None or s.get("batting") == team)]


def line(show: dict[str, Any], pitcher: str) -> dict[str, Any]:
    return next(p for p in show["pitching"] if p["pitcher"] == pitcher)


def batter(show: dict[str, Any], name: str) -> dict[str, Any]:
    return next(b for b in show["batting"] if b["batter"] == name)


def test_645_against_guzman_is_a_shutout_for_california(league_db: str) -> None:
    show, expl = play(league_db, 0, ["645", "556"])
    assert show["visitor"]["runs"] == 0
    assert steps(expl, "shutout check", "CAL")[0]["result"] == "shutout"
    assert show["home"]["runs"] > 0 and show["innings"] == 9  # Texas's 556 scores: no extra innings
    assert line(show, "JOSE GUZMAN")["sho"] and line(show, "JOSE GUZMAN")["cg"]
    assert not steps(expl, "power bonus", "CAL") and not steps(expl, "unearned runs", "CAL")


def test_556_against_guzman_is_a_complete_game_without_relievers(league_db: str) -> None:
    show, expl = play(league_db, 0, ["556", "556"])
    tex = [p for p in show["pitching"] if p["team"] == "TEX"]
    assert show["visitor"]["runs"] > 0 and show["innings"] == 9
    assert [p["pitcher"] for p in tex] == ["JOSE GUZMAN"] and tex[0]["cg"] and not tex[0]["sho"]
    assert tex[0]["ip"] == "9.0"
    assert steps(expl, "complete game check", "CAL")[0]["result"] == "complete game"


def test_443_gives_pete_obrien_a_33_point_power_bonus_and_a_homer(league_db: str) -> None:
    show, _ = play(league_db, 0, ["556", "443"])
    assert batter(show, "PETE O'BRIEN")["pow_pts"] == 33
    assert {"team": "TEX", "batter": "PETE O'BRIEN", "source": "power"} in show["home_runs"]
    # 443 also sums 11: Oddibe McDowell's bat bonus
    assert batter(show, "ODDIBE MCDOWELL")["bat_pts"] == 2


def test_233_gives_oddibe_mcdowell_a_40_point_speed_bonus(league_db: str) -> None:
    # 233 falls in Texas's X-HR range for one extra homer, so a pair follows.
    show, _ = play(league_db, 0, ["556", "233", "31"])
    assert batter(show, "ODDIBE MCDOWELL")["spd_pts"] == 40


def test_452_gives_oddibe_mcdowell_his_bat_value(league_db: str) -> None:
    show, expl = play(league_db, 0, ["556", "452"])
    assert batter(show, "ODDIBE MCDOWELL")["bat_pts"] == 2
    assert not steps(expl, "power bonus", "TEX") and not steps(expl, "speed bonus", "TEX")


def test_223_homers_for_bench_a_and_an_extra_homer_by_incaviglia_on_31(league_db: str) -> None:
    show, _ = play(league_db, 0, ["556", "223", "31"])
    hrs = [h for h in show["home_runs"] if h["team"] == "TEX"]
    assert {"team": "TEX", "batter": "WALT DORSEY", "source": "power"} in hrs  # bench spot A
    assert {"team": "TEX", "batter": "PETE INCAVIGLIA", "source": "x-hr"} in hrs


def test_335_against_guzman_brings_in_mcmurtry_and_williams_for_one_and_two_thirds(league_db: str) -> None:
    show, expl = play(league_db, 0, ["335", "556"])
    chosen = steps(expl, "relievers to use", "CAL")[0]
    assert [c["pitcher"] for c in chosen["chosen"]] == ["CRAIG MCMURTRY", "MITCH WILLIAMS"]
    assert chosen["sum"] == -1
    assert line(show, "JOSE GUZMAN")["ip"] == "7.1"
    assert line(show, "CRAIG MCMURTRY")["ip"] == "1.0"
    assert line(show, "MITCH WILLIAMS")["ip"] == "0.2"


@pytest.mark.parametrize("starter,expected", [("JOSE GUZMAN", 10.5), ("RAY HAYWARD", 6)])
def test_321_defense_is_white_times_st_but_never_below_6(league_db: str, starter: str, expected: float) -> None:
    _, expl = play(league_db, 0, ["321", "556"], home_starter=starter)
    assert steps(expl, "defense", "CAL")[0]["defense"] == expected


def test_323_calls_buechele_whose_plus_2_makes_defense_17_5(league_db: str) -> None:
    _, expl = play(league_db, 0, ["323", "556"])
    field = steps(expl, "fielding", "CAL")[0]
    assert field["fielder"] == "STEVE BUECHELE" and field["fld"] == 2
    assert steps(expl, "defense", "CAL")[0]["defense"] == 17.5


def test_321_with_48_offense_scores_4_earned_and_1_unearned(tmp_path: Path) -> None:
    # A California whose offense on 321 comes to 48: bat value 49, and the two
    # relievers Texas brings in (McMurtry -4, Williams +3) take off 1.
    sheet = tmp_path / "CAL.tsv"
    sheet.write_text(with_bats(data_path("teams", "CAL.tsv").read_text(), [9, 9, 5, 5, 5, 5, 4, 4, 3]))
    db = make_league(tmp_path, f"{DATES[0]},CAL,TEX\n", sheets=(data_path("teams", "TEX.tsv"), sheet))
    show, expl = play(db, 0, ["321", "556"])
    relief = steps(expl, "relievers to use", "CAL")[0]
    assert relief["sum"] == -1
    assert steps(expl, "defense", "CAL")[0]["defense"] == 10.5
    assert show["visitor"]["earned"] == 4  # 48 / 10.5, fractions dropped
    assert show["visitor"]["unearned"] == 1  # Texas's grid over a sum of 6
    assert show["visitor"]["runs"] == 5


def _triad_needing(relievers: int, end: int, cg: int) -> str:
    """A California roll (no doubles, no X-HR) making Texas use ``relievers``."""
    for w in range(1, 7):
        for r in range(1, 7):
            for g in range(1, 7):
                t = Triad(w, r, g)
                if len({w, r, g}) < 3 or t.value <= 232 or t.value > cg:
                    continue
                outs = charts.bullpen_outs(end, w).value + (3 if t.sum <= 10 else 0)
                if charts.relievers_to_use(outs, r).value == relievers:
                    return str(t)
    raise AssertionError("no such roll")


def test_fatigue_example_over_three_consecutive_days(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-05-01,CAL,TEX\n1988-05-02,CAL,TEX\n1988-05-03,CAL,TEX\n")
    used = []
    for day, (starter, end, cg, visitor, need) in enumerate(
        [("JOSE GUZMAN", 7, 555, "DOUG MCCOY", 2), ("CHARLIE HOUGH", 8, 522, "PAUL RANDALL", 2),
         ("PAUL KILGUS", 6, 612, "FRED HENDRIX", 3)]
    ):
        gid = f"TEX1988050{day + 1}0"
        ok(db, "play", gid, "--dice", "-", "--home-starter", starter, "--visitor-starter", visitor,
           input=f"{_triad_needing(need, end, cg)}\n665\n")
        # Texas's 665 beats every California starter's SHO: Texas scores 0, so
        # the game cannot go to extra innings (which would work more relievers).
        show = json.loads(ok(db, "game", "show", gid, "--json"))
        assert show["home"]["runs"] == 0 < show["visitor"]["runs"] and show["innings"] == 9
        expl = json.loads(ok(db, "game", "log", gid, "--json"))[-1]["explanation"]
        chosen = steps(expl, "relievers to use", "CAL")[0]["chosen"]
        used.append([(c["pitcher"], c["effective_rel"]) for c in chosen])
    assert used[0] == [("CRAIG MCMURTRY", -4), ("MITCH WILLIAMS", 3)]
    # Day 2: McMurtry -4+4 = 0; Williams +4 ties Mohorcic +4, who has less fatigue.
    assert used[1] == [("CRAIG MCMURTRY", 0), ("DALE MOHORCIC", 4)]
    # Day 3, three needed: Van de Berg (+2, rested, three called), Williams (+3,
    # rested yesterday).  The manual then names Mohorcic at +4, but he pitched
    # yesterday, so by the rule text he is +7: the third is Cecena (+4, no
    # fatigue) over McMurtry (+4 = -4 + 2x4).  See docs/pennant-race-charts.md.
    assert used[2] == [("ED VANDE BERG", 2), ("MITCH WILLIAMS", 3), ("JOSE CECENA", 4)]


def test_relief_defense_variant_example_scores_3_runs(tmp_path: Path) -> None:
    # relief-defense-variant.txt: batting value 30 against a starter with
    # START and ENDURANCE 4 whose three best relievers are 0, -1 and -2;
    # roll 432 -> chart says 4, not below END, so three relievers; -3 is held
    # to -2, white 4 becomes 2, defense 8, 30 / 8 -> 3 runs.
    tex = data_path("teams", "TEX.tsv").read_text()
    tex = tex.replace("JOSE GUZMAN\t3.5\t7\t4\t555\t644", "JOSE GUZMAN\t4.0\t4\t4\t666\t666")
    tex = tex.replace("CRAIG MCMURTRY\t-\t-\t-\t-\t-\t-4\t+4", "CRAIG MCMURTRY\t-\t-\t-\t-\t-\t-2\t+4")
    tex = tex.replace("DALE MOHORCIC\t-\t-\t-\t-\t-\t+4\t+3", "DALE MOHORCIC\t-\t-\t-\t-\t-\t+0\t+3")
    tex = tex.replace("MITCH WILLIAMS\t-\t-\t-\t-\t-\t+3\t+1", "MITCH WILLIAMS\t-\t-\t-\t-\t-\t-1\t+1")
    tex = tex.replace("UNEARNED RUNS\t2\t0\t1\t1\t0\t1\t2\t1", "UNEARNED RUNS\t2\t0\t1\t1\t0\t1\t0\t1")
    (tmp_path / "TEX.tsv").write_text(tex)
    (tmp_path / "CAL.tsv").write_text(with_bats(data_path("teams", "CAL.tsv").read_text(), [4, 4, 3, 3, 3, 3, 4, 3, 3]))
    db = make_league(tmp_path, f"{DATES[0]},CAL,TEX\n", ruleset="relief-defense",
                     sheets=(tmp_path / "TEX.tsv", tmp_path / "CAL.tsv"))
    show, expl = play(db, 0, ["432", "665"])
    assert show["visitor"]["runs"] == 3
    tex_relievers = [p["pitcher"] for p in show["pitching"] if p["team"] == "TEX" and p["role"] == "RP"]
    assert sorted(tex_relievers) == ["CRAIG MCMURTRY", "DALE MOHORCIC", "MITCH WILLIAMS"]


def _league_with(tmp_path: Path, cal_text: str, schedule: str) -> str:
    (tmp_path / "CAL.tsv").write_text(cal_text)
    return make_league(tmp_path, schedule, sheets=(data_path("teams", "TEX.tsv"), tmp_path / "CAL.tsv"))


def test_guzman_pitches_6_1_when_texas_loses_on_the_road(tmp_path: Path) -> None:
    # The 335 example with Texas visiting: California's 335 brings in
    # McMurtry and Williams for 1.2; Texas's 665 beats McCoy's SHO (Texas 0),
    # so California wins without batting in the ninth: Texas pitched 8.
    db = _league_with(tmp_path, data_path("teams", "CAL.tsv").read_text(), f"{DATES[0]},TEX,CAL\n")
    gid = "CAL" + DATES[0].replace("-", "") + "0"
    ok(db, "play", gid, "--dice", "-", "--visitor-starter", "JOSE GUZMAN", "--home-starter", "DOUG MCCOY",
       input="665\n335\n")
    show = json.loads(ok(db, "game", "show", gid, "--json"))
    assert show["visitor"]["runs"] == 0 < show["home"]["runs"] and show["innings"] == 9
    assert line(show, "JOSE GUZMAN")["ip"] == "6.1"
    assert line(show, "CRAIG MCMURTRY")["ip"] == "1.0" and line(show, "MITCH WILLIAMS")["ip"] == "0.2"
    expl = json.loads(ok(db, "game", "log", gid, "--json"))[-1]["explanation"]
    charged = next(s for s in expl if s.get("step") == "earned runs to relievers" and s.get("team") == "TEX")
    assert charged["charged_to"] == "MITCH WILLIAMS"  # the worst REL (+3) takes the bullpen's runs


def test_extra_inning_532_wilkerson_5_plus_the_relievers_2_wins_it(tmp_path: Path) -> None:
    # 0-0 after nine (645 beats Guzman's SHO 644; 532 beats a California
    # starter rated SHO 522), so one extra inning: Texas's red-green 32 is
    # Curt Wilkerson (E.I. 31-32, BAT 5) against California's best reliever, +2.
    cal = data_path("teams", "CAL.tsv").read_text()
    cal = cal.replace("DOUG MCCOY\t3.5\t5\t4\t634\t664", "DOUG MCCOY\t3.5\t5\t4\t511\t522")
    for old, new in (("-3\t+3", "+2\t+3"), ("-1\t+3", "+3\t+3"), ("+0\t+3", "+4\t+3")):
        cal = cal.replace(old, new, 1)
    db = _league_with(tmp_path, cal, f"{DATES[0]},CAL,TEX\n")
    show, expl = play(db, 0, ["645", "532"])
    assert show["innings"] == 10 and show["home"]["runs"] == 1 and show["visitor"]["runs"] == 0
    inning = steps(expl, "extra inning")[0]
    assert inning["home"]["batter"] == "CURT WILKERSON" and inning["home"]["ei"] == 32
    assert inning["home"]["bat"] == 5 and inning["home"]["rel"] == 2 and inning["home"]["score"] == 7
    assert inning["visitor"]["score"] < 7 and inning["result"] == "home scores"
    winner = [p for p in show["pitching"] if p["decision"] == "W"][0]
    assert winner["team"] == "TEX" and winner["role"] == "RP"
    loser = [p for p in show["pitching"] if p["decision"] == "L"][0]
    assert loser["team"] == "CAL" and loser["ip"] == "0.2"  # the walk-off inning
    assert not line(show, "JOSE GUZMAN")["cg"] and not line(show, "JOSE GUZMAN")["sho"]


def test_6_earned_runs_at_plus_1_split_2_3_read_right_with_3_bullpen_innings(tmp_path: Path) -> None:
    # 3.2's example: 6 ER with white - green = +1 reads 2/3; the number right
    # of the slash applies once the bullpen pitched 3.0 innings or more. With
    # Ray Hayward (END 3) starting, California's 312 (+1) leaves the bullpen
    # 4.0 innings; a bat value of 39 less McMurtry and Williams (-1) is 38
    # against a defense of 6 (the floor): 6 earned runs, 3 on the bullpen.
    cal = with_bats(data_path("teams", "CAL.tsv").read_text(), [5, 5, 4, 4, 4, 5, 4, 4, 4])
    db = _league_with(tmp_path, cal, f"{DATES[0]},CAL,TEX\n")
    show, expl = play(db, 0, ["312", "665"], home_starter="RAY HAYWARD")
    assert show["visitor"]["earned"] == 6
    split = next(s for s in expl if s.get("step") == "earned runs to relievers" and s.get("team") == "TEX")
    assert split["cell"] == "2/3" and split["side_of_slash"] == "right"
    assert split["bullpen"] == 3 and split["starter"] == 3
    assert line(show, "RAY HAYWARD")["er"] == 3 and line(show, "RAY HAYWARD")["ip"] == "5.0"
