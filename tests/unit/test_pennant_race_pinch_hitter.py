"""Manual 1.4: without the DH a pinch hitter's BAT counts in the team's BAT value instead of the pitcher's.

The manual prints no worked example for 1.4 (its Texas sheet has a DH,
Ruben Sierra), so the examples here play the manual's own rolls with
California as a club without the DH: the pitcher bats in Brian Downing's
(DH) spot with BAT 0, so the sheet's BAT VALUE is 27 - 3 + 0 = 24, and the
best bat on the bench is Mark McLemore's 2 (tied with Thad Bosley; the
first on the bench goes up).  Ruleset version 3 applies the rule; games of
versions 1 and 2 replay as they were played.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from league.domain.dice import NeedRoll, Pair, Roll, Triad, roll_from_text
from league.rules.pennant_race import engine
from league.rules.pennant_race.outcome import GameOutcome
from league.rules.pennant_race.ratings import Batter, TeamSheet
from league.rules.pennant_race.ruleset import RULESET
from tests.unit.texas import CALIFORNIA, TEXAS, game, play, steps

PITCHER = Batter("5", "PITCHER", "P", 0, 0, 0, xhr=None, fld=0, ei=(31, 33), dice=15)


def without_dh(sheet: TeamSheet, pitcher: Batter = PITCHER, bench: tuple[Batter, ...] | None = None) -> TeamSheet:
    """The sheet with the pitcher batting in the DH's spot; BAT VALUE the nine men's BAT, as the reader checks."""
    lineup = tuple(pitcher if b.pos == "DH" else b for b in sheet.lineup)
    return replace(sheet, lineup=lineup, bat_value=sum(b.bat for b in lineup),
                   bench=sheet.bench if bench is None else bench)


NL_CALIFORNIA = without_dh(CALIFORNIA)


def at_texas(version: str | None = None, visitor: TeamSheet = NL_CALIFORNIA,
             ruleset: str = "pennant-race") -> engine.GameSetup:
    # Mike Witt (SHO 653) for California, Jose Guzman (CG 555, SHO 644, ST 3.5, END 7) for Texas.
    return replace(game("MIKE WITT", "JOSE GUZMAN", visitor=visitor, ruleset=ruleset), version=version)


def test_the_sheet_is_a_club_without_the_dh() -> None:
    assert NL_CALIFORNIA.bat_value == 24
    assert NL_CALIFORNIA.pitcher_spot == PITCHER
    assert NL_CALIFORNIA.pinch_hitter is not None and NL_CALIFORNIA.pinch_hitter.name == "MARK MCLEMORE"
    assert TEXAS.pitcher_spot is None  # a DH bats: 1.4 has nothing to replace


def test_612_a_complete_game_scores_on_the_bat_value_with_the_pinch_hitter_in_it() -> None:
    # 612 against Guzman: above his CG (555), not above his SHO (644): a complete game.  No double,
    # sum 9: "the total offense is simply determined by the team Bat Value" (2.0) -- here
    # 24 - 0 (the pitcher) + 2 (McLemore) = 26.  Fielding chart, sum 9, green even: RF, Espy +1,
    # so the defense is (6 + 1) x 3.5 = 24.5: 26 / 24.5 = 1 earned run; the Texas grid gives 2
    # unearned at sum 9.  Texas's 656 beats Witt's SHO (653): shut out.
    o = play(at_texas(), "612", "656")
    assert isinstance(o, GameOutcome) and o.ruleset_version == "3"
    (ph,) = steps(o, "pinch hitter")
    assert ph == {"step": "pinch hitter", "rule": "1.4", "pitcher_spot": "PITCHER", "pitcher_bat": 0,
                  "pinch_hitter": "MARK MCLEMORE", "ph_bat": 2, "sheet_bat_value": 24, "bat_value": 26,
                  "batting": "CAL"}
    assert steps(o, "earned runs", offense=26, defense=24.5, runs=1)
    assert o.visitor.offense["bat_value"] == 26 and o.visitor.offense["total"] == 26
    assert (o.visitor.earned, o.visitor.unearned, o.visitor.runs) == (1, 2, 3)
    assert (o.home.runs, o.winner) == (0, "visitor")


def test_the_1_4_step_comes_before_the_bonuses_it_is_the_base_of() -> None:
    o = play(at_texas(), "452", "656")
    names = [s["step"] for s in o.explanation if s.get("batting") == "CAL"]
    assert names.index("pinch hitter") == names.index("complete game check") + 1
    assert names.index("pinch hitter") < names.index("bat bonus")


def test_452_the_manuals_bat_bonus_roll_adds_to_the_pinch_hit_bat_value() -> None:
    # 2.1.c's 452: sum 11 calls the DICE 11 man (Devon White, BAT 3).  Not a CG against Guzman:
    # END 7, white 4 -> 1.1 innings, red 5 -> two relievers, McMurtry (-4) and Williams (+3) = -1
    # (2.1.d).  Offense 26 + 3 - 1 = 28 over a defense of 4 x 3.5 = 14: 2 runs (version 2: 26 / 14 = 1).
    o = play(at_texas(), "452", "656")
    assert steps(o, "bat bonus", batter="DEVON WHITE", bat=3)
    assert o.visitor.offense | {"bat_value": 26, "bat": 3, "relief": -1, "total": 28} == o.visitor.offense
    assert o.visitor.runs == 2
    old = play(at_texas("2"), "452", "656")
    assert (old.visitor.offense["total"], old.visitor.runs) == (26, 1)


def test_a_version_2_game_still_gives_its_old_outcome() -> None:
    # The same setup and rolls as the 612 example, played under version 2: the sheet's BAT VALUE
    # as printed (24), no 1.4 step, 24 / 24.5 = 0 earned + 2 unearned: California wins 2-0.
    for version in ("1", "2"):
        o = play(at_texas(version), "612", "656")
        assert o.ruleset_version == version
        assert not steps(o, "pinch hitter")
        assert o.visitor.offense["bat_value"] == 24 and o.visitor.offense["total"] == 24
        assert (o.visitor.earned, o.visitor.unearned, o.visitor.runs, o.home.runs) == (0, 2, 2, 0)


def _fixed(need: NeedRoll) -> Roll:
    return Pair(3, 4) if need.kind == "pair" else Triad(3, 4, 5)


def _every_visitor_triad(setup: engine.GameSetup) -> list[dict[str, Any]]:
    """The outcome for each of the 216 visitor triads (home 452, then fixed dice), without its version."""
    out = []
    for t in range(216):
        rolls: list[Roll] = [Triad(t // 36 + 1, t // 6 % 6 + 1, t % 6 + 1), roll_from_text("452")]
        d = engine.play(setup, rolls, _fixed)[1].to_dict()
        d.pop("ruleset_version")
        out.append(d)
    return out


@pytest.mark.parametrize("ruleset", ["pennant-race", "relief-defense"])
def test_a_game_with_the_dh_is_unaffected(ruleset: str) -> None:
    # The manual's California at Texas: both lineups have a DH, so versions 2 and 3 agree on every roll.
    dh = {v: _every_visitor_triad(at_texas(v, visitor=CALIFORNIA, ruleset=ruleset)) for v in ("2", "3")}
    assert dh["2"] == dh["3"]
    assert not any(s["step"] == "pinch hitter" for o in dh["3"] for s in o["explanation"])
    # ...while without the DH they differ: the comparison can fail.
    nl = {v: _every_visitor_triad(at_texas(v, ruleset=ruleset)) for v in ("2", "3")}
    assert nl["2"] != nl["3"]


def test_the_relief_defense_variant_applies_1_4_too() -> None:
    # The variant divides "the team Batting Value" (its example: 30) like Pennant Race.
    o = play(at_texas(ruleset="relief-defense"), "612", "656")
    assert steps(o, "pinch hitter", bat_value=26)
    assert o.visitor.offense["total"] == 26


def test_a_sheet_that_already_rates_the_pitchers_spot_by_the_pinch_hitter_is_not_counted_twice() -> None:
    # The Lahman generator writes the best bench BAT on the pitcher's line (docs/real-seasons.md):
    # the swap replaces that BAT by the same value, so the BAT VALUE stays the sheet's.
    folded = without_dh(CALIFORNIA, replace(PITCHER, bat=2))
    assert folded.bat_value == 26
    new, old = play(at_texas(visitor=folded), "612", "656"), play(at_texas("2", visitor=folded), "612", "656")
    assert steps(new, "pinch hitter", pitcher_bat=2, ph_bat=2, sheet_bat_value=26, bat_value=26)
    assert new.visitor.offense == old.visitor.offense and new.visitor.runs == old.visitor.runs == 3


def test_the_pinch_hitter_is_the_best_bat_on_the_bench_never_a_pitcher() -> None:
    bench = (Batter("A", "SLOW BAT", "C", 1, 0, 0, fld=0),
             Batter("B", "HITTING PITCHER", "P", 6, 0, 0, fld=0),
             Batter("C", "GOOD BAT", "1B", 4, 0, 0, fld=0),
             Batter("D", "ALSO GOOD", "LF", 4, 0, 0, fld=0))
    o = play(at_texas(visitor=without_dh(CALIFORNIA, bench=bench)), "612", "656")
    assert steps(o, "pinch hitter", pinch_hitter="GOOD BAT", ph_bat=4, bat_value=28)


def test_without_a_bench_the_pitcher_bats() -> None:
    o = play(at_texas(visitor=without_dh(CALIFORNIA, replace(PITCHER, bat=1), bench=())), "612", "656")
    assert steps(o, "pinch hitter", pitcher_bat=1, pinch_hitter=None, ph_bat=None, bat_value=25)
    assert o.visitor.offense["total"] == 25


def test_the_text_says_instead_so_a_weaker_pinch_hitter_still_replaces_a_hitting_pitcher() -> None:
    o = play(at_texas(visitor=without_dh(CALIFORNIA, replace(PITCHER, bat=3))), "612", "656")
    assert steps(o, "pinch hitter", pitcher_bat=3, ph_bat=2, sheet_bat_value=27, bat_value=26)


def test_a_shut_out_side_computes_nothing_so_records_no_1_4_step() -> None:
    # 3.1: after a shutout "no calculations must be done"; 656 beats Guzman's SHO (644).
    o = play(at_texas(), "656", "656")
    assert o.visitor.shutout_by_triad and not steps(o, "pinch hitter", batting="CAL")


def test_new_games_are_version_3_and_every_older_version_still_replays() -> None:
    assert engine.RULESET_VERSION == {"pennant-race": "3", "relief-defense": "3"}
    for ruleset in ("pennant-race", "relief-defense"):
        assert RULESET.version(ruleset) == "3"
        assert all(RULESET.can_replay(ruleset, v) for v in ("1", "2", "3"))
        assert not RULESET.can_replay(ruleset, "4")
