"""Super advanced revision 4 on scripted dice: the project's Super Advanced Fielding Chart (16.3-16.7),
20.61 and 20.72's "#", 20.8's groundball tables, 23.84's SI2 and 29.3's passed balls.

The filler cards: every fielder is rated 3 with e10 and arm 0, every runner runs 1-10.  The visitor's
1-7 (white 1, colored 3+4) is the X-chance under test; then the d20 for the range section and the three
dice for the error section (an infielder's e10 line: RP on 3, E1 on 16 and 17, E2 on 4; a catcher's or
an outfielder's: E1 on 4 and 17; "134", 8, is no error).
With runners on, the 29.1 d20 comes first ("d20": no wild pitch).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules.strat.cards import Fielding
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, game, pa, step_note, v1_reads, with_cells

R4, R3 = "super+r4", "super+r3"
NO_ERROR = "134"
RARE = "111"


def _step(ev: dict, chart: str) -> dict:  # type: ignore[type-arg]
    return next(s for s in ev["steps"] if s.get("chart") == chart)


def test_16_42_the_manuals_example_single_and_error() -> None:
    # GB(1b)X, a first baseman 1b-4e15; d20 5 reads SI1; the dice 6, 5, 1 add to 12, E1 on e15's row:
    # "Final result: Single and Error" (the batter on second).
    cards = v1_reads("GROUNDBALL(1b)X")
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", 4, None, 15),))
    state, ev = pa(game(cards), cards, "134", "d5", "651", level=R4)
    assert _step(ev, "super fielding")["value"] == "SI1"
    assert _step(ev, "super fielding errors") | {"note": ""} == {
        "chart": "super fielding errors", "row": "12", "column": "1b e15-19", "value": "E1", "note": ""}
    assert ev["play"]["label"] == "SINGLE(1b) SI1 + E1"
    assert state.bases == (None, "V1", None) and state.outs == 0


def test_a_revision_3_game_reads_the_advanced_chart_on_the_same_dice() -> None:
    cards = v1_reads("GROUNDBALL(1b)X")
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", 4, None, 15),))
    state, ev = pa(game(cards), cards, "134", "d5", level=R3)  # the advanced range section: no second roll
    assert ev["play"]["label"] == "GROUNDBALL(1b)B" and state.outs == 1
    assert not any(s.get("chart", "").startswith("super") for s in ev["steps"])


@pytest.mark.parametrize("position, card, e, column, note", [
    # above the advanced chart's maximum (1b e24, ss e30, p e15): read as printed (16.3)
    ("1b", "H2", 28, "1b e28-30", ""), ("ss", "H5", 41, "ss e39-42", ""), ("p", "HP", 45, "p e44-47", ""),
    ("1b", "H2", 40, "1b e28-30", "read as e30 (16.3)"),  # above the super chart's maximum too
])
def test_16_3_e_ratings_above_the_advanced_maximum_are_read(position: str, card: str, e: int, column: str,
                                                            note: str) -> None:
    cards = v1_reads(f"GROUNDBALL({position})X")
    cards[card] = replace(cards[card], fielding=(Fielding(position, 3, None, e),))
    _, ev = pa(game(cards), cards, "134", "d10", NO_ERROR, level=R4)
    assert _step(ev, "super fielding errors")["column"] == column
    assert note in _step(ev, "super fielding errors")["note"]


@pytest.mark.parametrize("total, error", [("664", "E1"), ("665", "E1"), ("112", "E2"), ("111", "RP"),
                                          ("113", ""), ("134", ""), ("666", "")])
def test_16_42_b_the_shortstops_error_section_line_of_e10(total: str, error: str) -> None:
    cards = v1_reads("GROUNDBALL(ss)X")
    _, ev = pa(game(cards), cards, "134", "d10", total, level=R4)
    assert _step(ev, "super fielding errors")["value"] == error


@pytest.mark.parametrize("total, batter_on", [("664", 1), ("112", 2)])
def test_an_error_on_a_groundball_puts_the_batter_on_and_moves_every_runner_as_far(total: str,
                                                                                   batter_on: int) -> None:
    cards = v1_reads("GROUNDBALL(ss)X")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d10", total, level=R4)
    assert "error" in ev["play"]["label"] and state.outs == 0
    assert state.bases[batter_on - 1] == "V1" and state.bases[batter_on] == "V8"


# 16.5: the PO rare play, read on a G2 (infield range 3, d20 6-13) with the three dice 3.
@pytest.mark.parametrize("bases, outs, infield_fly", [
    (("V8", "V7", None), 0, True), (("V8", "V7", "V6"), 1, True),
    (("V8", "V7", None), 2, False), (("V8", None, None), 0, False), ((None, None, None), 0, False),
])
def test_16_5_a_po_rare_play_is_the_infield_fly_rule_or_a_single(bases: tuple, outs: int,  # type: ignore[type-arg]
                                                                 infield_fly: bool) -> None:
    cards = v1_reads("GROUNDBALL(2b)X")
    pre = ["d20"] if any(bases) else []
    state, ev = pa(game(cards, bases=bases, outs=outs), cards, *pre, "134", "d8", RARE, level=R4)
    if infield_fly:
        assert state.outs == outs + 1 and state.bases[1:] == bases[1:] and state.bases[0] == bases[0]
        assert "infield fly" in step_note(ev, "16.5")
    else:
        assert state.outs == outs and state.bases[0] == "V1" and ev["play"]["label"] == "SINGLE(2b) PO"


def test_the_hidden_ball_trick_is_its_own_play_and_the_batter_stays_up() -> None:
    cards = v1_reads("GROUNDBALL(3b)X")
    state, ev = pa(game(cards, bases=("V8", "V7", None)), cards, "d20", "134", "d1", RARE, level=R4)
    assert ev["type"] == "hidden_ball" and ev["completed"] is False
    assert state.bases == ("V8", None, None) and state.outs == 1 and state.offense.batter == "V1"


def test_the_hidden_ball_trick_with_nobody_on_leaves_the_g1() -> None:
    cards = v1_reads("GROUNDBALL(3b)X")
    state, ev = pa(game(cards), cards, "134", "d1", RARE, level=R4)
    assert ev["type"] == "plate_appearance" and state.outs == 1 and ev["play"]["label"] == "GROUNDBALL(3b) G1"


def test_catchers_interference_puts_the_batter_on_first_on_an_error() -> None:
    cards = v1_reads("CATCH-X")
    state, ev = pa(game(cards, bases=(None, "V8", None)), cards, "d20", "134", "d1", RARE, level=R4)
    assert state.bases == ("V1", "V8", None) and "ERROR" in ev["play"]["label"]


@pytest.mark.parametrize("d20, label, bases, runs", [("d1", "HOMERUN(cf) inside the park", (None, None, None), 2),
                                                    ("d8", "DOUBLE(cf) ground rule", (None, "V1", "V8"), 0)])
def test_outfield_rare_plays(d20: str, label: str, bases: tuple, runs: int) -> None:  # type: ignore[type-arg]
    cards = v1_reads("FLYBALL(cf)X")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", d20, RARE, level=R4)
    assert ev["play"]["label"] == label
    assert state.bases == bases and state.score == (runs, 0) and state.outs == 0


# 16.6 and 29.3: the catcher's P/P (range 3: d20 13-15) and P/F (10-12); the pitcher's wild pitch rating 6.
@pytest.mark.parametrize("reading", ["d13", "d11"])
def test_16_6_29_3_a_pp_or_pf_with_runners_on_is_a_passed_ball_within_the_pitchers_wp(reading: str) -> None:
    cards = v1_reads("CATCH-X")
    cards["HP"] = replace(cards["HP"], wild_pitch=6)
    start = game(cards, bases=("V8", None, "V7"))
    state, ev = pa(start, cards, "d20", "134", reading, NO_ERROR, "d6", level=R4)
    assert ev["type"] == "passed_ball" and ev["completed"] is False and ev["charged"] == "H1"
    assert state.bases == (None, "V8", None) and state.score == (1, 0) and state.offense.batter == "V1"
    state, ev = pa(start, cards, "d20", "134", reading, NO_ERROR, "d7", level=R4)
    assert ev["type"] == "plate_appearance" and ev["play"]["label"].startswith("POPOUT(c)")
    assert state.bases == start.bases and state.outs == 1


@pytest.mark.parametrize("reading, label", [("d13", "POPOUT(c) P/P"), ("d11", "FOULOUT(c) P/F")])
def test_16_6_with_nobody_on_there_is_no_passed_ball_roll(reading: str, label: str) -> None:
    cards = v1_reads("CATCH-X")
    state, ev = pa(game(cards), cards, "134", reading, NO_ERROR, level=R4)
    assert ev["play"]["label"] == label and len(ev["rolls"]) == 3 and state.outs == 1


def test_16_6_an_error_on_a_pp_is_no_passed_ball() -> None:
    cards = v1_reads("CATCH-X")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d13", "112", level=R4)
    assert ev["play"]["label"] == "POPOUT(c) P/P, 1-base error" and state.bases == ("V1", "V8", None)
    assert len(ev["rolls"]) == 4


# 16.7: an F2 (outfield range 3: d20 3-9) scores the runner on third; the runner on second may try for
# third: running 1-10, arm 0, 13.4's throw (+2 right, -2 left), and no -5 (not a cut-off play).
@pytest.mark.parametrize("fielder, top", [("rf", 12), ("lf", 8), ("cf", 10)])
@pytest.mark.parametrize("third", [None, "V6"])
def test_16_7_on_an_f2_the_runner_on_second_tries_for_third_without_the_cut_off_minus_5(
        fielder: str, top: int, third: str | None) -> None:
    cards = v1_reads(f"FLYBALL({fielder})X")
    start = game(cards, bases=(None, "V7", third))
    go = Strategy(tag_from_second=True)
    state, ev = pa(start, cards, "d20", "134", "d5", NO_ERROR, f"d{top}", level=R4, s=go)
    assert state.bases == (None, None, "V7") and state.score == ((1 if third else 0), 0) and state.outs == 1
    assert "no -5" in step_note(ev, "16.7")
    state, _ = pa(start, cards, "d20", "134", "d5", NO_ERROR, f"d{top + 1}", level=R4, s=go)
    assert state.bases == (None, None, None) and state.outs == 2 and state.score == ((1 if third else 0), 0)


def test_16_7_a_runner_on_second_not_sent_holds_on_an_f2() -> None:
    cards = v1_reads("FLYBALL(rf)X")
    state, ev = pa(game(cards, bases=(None, "V7", "V6")), cards, "d20", "134", "d5", NO_ERROR, level=R4)
    assert state.bases == (None, "V7", None) and state.score == (1, 0) and len(ev["rolls"]) == 4


# 20.61, 20.72, 23.84: a G2# (infield range 3: d20 3-4) reads SI2, a single with every runner moving two.
def test_20_61_with_the_infield_in_a_hash_reads_si2() -> None:
    cards = v1_reads("GROUNDBALL(ss)X")
    start = game(cards, bases=(None, "V7", "V6"))
    state, ev = pa(start, cards, "d20", "134", "d3", NO_ERROR, level=R4, s=Strategy(infield_in=True))
    assert ev["play"]["label"] == "SINGLE(ss) SI2" and state.score == (2, 0) and state.bases == ("V1", None, None)
    assert "20.61" in step_note(ev, "20.61")
    state, ev = pa(start, cards, "d20", "134", "d3", NO_ERROR, level=R4)  # infield back: 20.8's G2
    assert ev["play"]["label"] == "GROUNDBALL(ss) G2" and state.outs == 1


@pytest.mark.parametrize("fielder, si2", [("1b", True), ("3b", True), ("2b", False), ("ss", False)])
def test_20_72_with_the_corners_in_a_hash_to_first_or_third_reads_si2(fielder: str, si2: bool) -> None:
    cards = v1_reads(f"GROUNDBALL({fielder})X")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d4", NO_ERROR, level=R4,
                   s=Strategy(corners_in=True))
    if si2:
        assert ev["play"]["label"] == f"SINGLE({fielder}) SI2" and state.bases == ("V1", None, "V8")
        assert "20.72" in step_note(ev, "20.72")
    else:  # 20.73: the middle infielders play back, 20.8's G2 with a runner on first
        assert ev["play"]["label"] == f"GROUNDBALL({fielder}) G2" and state.bases == ("V1", None, None)


@pytest.mark.parametrize("fielder, si2", [("1b", True), ("2b", True), ("ss", False)])
def test_23_84_a_hash_to_an_infielder_holding_a_runner_reads_si2(fielder: str, si2: bool) -> None:
    # a runner held on first, a right-handed batter: the first baseman and the second baseman hold
    # him (23.82); 23.83 makes their range 4, whose G2# is the d20 3.  The shortstop's d20 3 is a G2#
    # too (range 3), read as it is.
    cards = v1_reads(f"GROUNDBALL({fielder})X")
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", "d3", NO_ERROR, level=R4,
                   s=Strategy(held=(1,)))
    assert _step(ev, "super fielding")["value"] == "G2#"
    if si2:
        assert ev["play"]["label"] == f"SINGLE({fielder}) SI2" and "23.84" in step_note(ev, "23.84")
    else:
        assert ev["play"]["label"] == f"GROUNDBALL({fielder}) G2"


# 20.8: the G1/G2/G3 tables (infield range 3: G1 d20 1-2, G2 6-13, G3 16).
@pytest.mark.parametrize("fielder, bases, d20, s, after, outs, runs", [
    ("ss", ("V8", None, None), "d1", Strategy(), (None, None, None), 2, 0),  # G1: double play (result 2)
    ("3b", (None, "V7", None), "d8", Strategy(), (None, None, "V7"), 1, 0),  # G2: he takes third (5)
    ("1b", (None, None, "V6"), "d8", Strategy(), (None, None, None), 1, 1),  # G2 back: he scores (3)
    ("1b", (None, None, "V6"), "d8", Strategy(infield_in=True), (None, None, "V6"), 1, 0),  # G2 in: holds
    ("2b", ("V8", "V7", "V6"), "d1", Strategy(infield_in=True), (None, "V8", "V7"), 2, 0),  # G1 in: 9
    ("2b", ("V8", None, None), "d16", Strategy(), (None, "V8", None), 1, 0),  # G3: runners move up
])
def test_20_8_the_g1_g2_g3_tables(fielder: str, bases: tuple, d20: str, s: Strategy,  # type: ignore[type-arg]
                                  after: tuple, outs: int, runs: int) -> None:  # type: ignore[type-arg]
    cards = v1_reads(f"GROUNDBALL({fielder})X")
    state, ev = pa(game(cards, bases=bases), cards, "d20", "134", d20, NO_ERROR, level=R4, s=s)
    assert state.bases == after and state.outs == outs and state.score == (runs, 0)
    assert "20.8" in step_note(ev, "20.8")


@pytest.mark.parametrize("d20, single", [("d1", True), ("d5", True), ("d12", False)])
def test_21_3_with_the_outfield_in_f1_and_f2_are_singles_scoring_the_runner_on_third(d20: str, single: bool) -> None:
    # the home half of the ninth, tied, the winning run on third (21.1); the home leadoff man's 1-7
    cards = card_set()
    cards["H1"] = with_cells(cards["H1"], {"1-7": "FLYBALL(lf)X"})
    start = game(cards, inning=9, half="bottom", bases=(None, None, "H8"))
    state, ev = pa(start, cards, "d20", "134", d20, NO_ERROR, level=R4, s=Strategy(outfield_in=True))
    if single:
        assert state.over and state.score == (0, 1) and ev["play"]["label"].startswith("SINGLE(lf)")
        assert "21.3" in step_note(ev, "21.3")
    else:  # F3: the runner holds
        assert ev["play"]["label"] == "FLYBALL(lf) F3" and state.outs == 1 and state.score == (0, 0)


@pytest.mark.parametrize("running, outs, goes", [(14, 0, True), (13, 0, False), (19, 1, True), (18, 1, False)])
def test_16_7_the_standing_orders_send_the_runner_on_an_f2_only_at_the_policys_threshold(
        running: int, outs: int, goes: bool) -> None:
    # send_at "second_third": 14 with none out, 19 with one (policy.SEND_AT); a centre fielder's arm 0
    from league.rules.strat.manager import ORDERS
    from league.rules.strat.card_engine import ENGINE

    cards = v1_reads("FLYBALL(cf)X")
    cards["V7"] = replace(cards["V7"], running=running)
    standing = ENGINE.strategy(ORDERS)
    assert isinstance(standing, Strategy)
    start = game(cards, bases=(None, "V7", None), outs=outs)
    rolls = ["d20", "134", "d5", NO_ERROR] + (["d1"] if goes else [])
    state, ev = pa(start, cards, *rolls, level=R4, s=standing)
    assert state.bases == ((None, None, "V7") if goes else (None, "V7", None))
    if not goes:
        assert "send_at, 16.7" in step_note(ev, "16.7")


# 20.51, 20.74: the pitcher's G3# (range 3: d20 15) with the infield in, or with the corners in and a
# runner on third alone, where he plays in too; with the corners in and a runner on first he plays back.
@pytest.mark.parametrize("bases, s, rule", [
    ((None, None, "V6"), Strategy(infield_in=True), "20.61"),
    ((None, None, "V6"), Strategy(corners_in=True), "20.51"),
    (("V8", None, None), Strategy(corners_in=True), None),
])
def test_20_51_the_pitchers_hash_reads_si2_when_he_plays_in(bases: tuple, s: Strategy,  # type: ignore[type-arg]
                                                            rule: str | None) -> None:
    cards = v1_reads("GROUNDBALL(p)X")
    _, ev = pa(game(cards, bases=bases), cards, "d20", "134", "d15", NO_ERROR, level=R4, s=s)
    assert _step(ev, "super fielding")["value"] == "G3#"
    if rule:
        assert ev["play"]["label"] == "SINGLE(p) SI2" and step_note(ev, f"SI2 ({rule})")
    else:
        assert ev["play"]["label"] == "GROUNDBALL(p) G3"


# The symbols chart's hits, a runner on first: a shortstop 3e41 (his line: E1 on 6, 12, 14, 17; E2 on 4,
# 5, 15; E3 on 16) and a centre fielder 5e30 (E1 on 12, 16, 17; E2 on 4, 5).
@pytest.mark.parametrize("fielder, d20, total, bases, runs", [
    ("ss", "d17", NO_ERROR, ("V1", "V8", None), 0),  # SI1
    ("ss", "d17", "114", (None, "V1", "V8"), 0),  # SI1 + E1: single and error
    ("ss", "d17", "113", (None, None, "V1"), 1),  # SI1 + E2
    ("ss", "d17", "664", (None, None, None), 2),  # SI1 + E3
    ("ss", "d20", NO_ERROR, ("V1", None, "V8"), 0),  # SI2
    ("ss", "d20", "114", (None, "V1", None), 1),  # SI2 + E1
    ("cf", "d17", NO_ERROR, (None, "V1", "V8"), 0),  # DO2
    ("cf", "d17", "664", (None, None, "V1"), 1),  # DO2 + E1
    ("cf", "d17", "112", (None, None, None), 2),  # DO2 + E2
    ("cf", "d19", NO_ERROR, (None, "V1", None), 1),  # DO3
    ("cf", "d20", NO_ERROR, (None, None, "V1"), 1),  # TR3
    ("cf", "d20", "664", (None, None, None), 2),  # TR3 + E1
])
def test_16_42_c_the_symbols_chart_moves_the_batter_and_runners(fielder: str, d20: str, total: str,
                                                                bases: tuple, runs: int) -> None:  # type: ignore[type-arg]
    kind = "GROUNDBALL" if fielder == "ss" else "FLYBALL"
    cards = v1_reads(f"{kind}({fielder})X")
    card, rating = ("H5", Fielding("ss", 3, None, 41)) if fielder == "ss" else ("H7", Fielding("cf", 5, 0, 30))
    cards[card] = replace(cards[card], fielding=(rating,))
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d20", "134", d20, total, level=R4)
    assert state.bases == bases and state.score == (runs, 0) and state.outs == 0
    assert ev["play"]["label"].split("(")[0] in ("SINGLE", "DOUBLE", "TRIPLE")
