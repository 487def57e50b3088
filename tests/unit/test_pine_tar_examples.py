"""Every worked example of the Pine Tar manual (pine-tar.txt), as scripted dice through the engine."""

from __future__ import annotations

import pytest
from league.domain.errors import RulesError


from dataclasses import replace
from typing import Any

from league.domain.dice import Tens
from league.rules.pa.state import GameState, evolve, new_team
from league.rules.pine_tar import engine
from league.rules.pine_tar.cardgen import OUT
from league.rules.pine_tar.cards import Card, Grade, parse_cards


def club(code: str) -> list[Card]:
    path = OUT / f"{code.lower()}.txt"
    return parse_cards(path.read_text(), path.name)


def column(results: dict[int, str], default: str = "SO") -> tuple[str, ...]:
    return tuple(results.get(n, default) for n in range(100))


def game(**changes: Any) -> tuple[GameState, dict[str, Card]]:
    """HBR at PRD, pitchers batting; every card as generated unless a test reshapes it."""
    cards: dict[str, Card] = {}
    teams = []
    for code in ("HBR", "PRD"):
        cs = club(code)
        cards.update((c.id, c) for c in cs)
        batters = [c for c in cs if c.kind == "batter"]
        pitchers = [c for c in cs if c.kind == "pitcher"]
        fielders = {c.fielding[0].position: c.id for c in batters[:8]}
        fielders["p"] = pitchers[0].id
        order = [c.id for c in batters[:8]] + [pitchers[0].id]
        eligible = {c.id: tuple(f.position for f in c.fielding) for c in cs}
        teams.append(new_team(code, order, fielders, eligible, [c.id for c in batters[8:]],
                              [c.id for c in pitchers[1:]], False))
    return evolve(GameState(teams[0], teams[1]), **changes), cards


def batter_card(cards: dict[str, Card], cid: str, results: dict[int, str], **more: Any) -> None:
    col = column(results)
    cards[cid] = replace(cards[cid], columns={"L": col, "R": col}, **more)


def pitcher_grade(cards: dict[str, Card], cid: str, grade: str, **more: Any) -> None:
    cards[cid] = replace(cards[cid], home=Grade(grade, None), away=Grade(grade, None), **more)


def d(text: str) -> Tens:
    """A roll as the manual writes it: '68' is red 6, white 8; '683' adds blue 3."""
    digits = [int(c) for c in text] + [0, 1][len(text) - 2:]
    return Tens(*digits)


def play(state: GameState, cards: dict[str, Card], *rolls: str, orders: engine.Orders = engine.Orders()
         ) -> tuple[GameState, dict[str, Any]]:
    out = engine.resolve_pa(state, cards, [d(r) for r in rolls], orders)
    assert isinstance(out, tuple), f"the play wants another roll: {out}"
    return out



# --- the walk-through of page 4-5: Chicago at Cleveland, a right-handed grade C pitcher --------------

def test_the_walk_through_half_inning_scores_two_runs_as_the_manual_tells_it() -> None:
    st, cards = game()
    home_p = st.home.pitcher
    pitcher_grade(cards, home_p, "C", throws="R")
    rizzo, zobrist, soler, russell, montero, baez = st.visitor.order[:6]
    batter_card(cards, rizzo, {14: "1B"}, br="S")
    batter_card(cards, zobrist, {n: "1B" for n in range(8, 21)}, br="M")
    batter_card(cards, soler, {78: "FO-RF"})
    batter_card(cards, russell, {68: "GO-SS"})
    batter_card(cards, montero, {15: "1B"})
    batter_card(cards, baez, {34: "SO"})
    st, ev = play(st, cards, "14")  # Rizzo: single to right
    assert ev["play"]["label"] == "SINGLE to RF" and st.bases == (rizzo, None, None)
    st, ev = play(st, cards, "16")  # Zobrist: single to left, slow Rizzo one base to second
    assert ev["play"]["label"] == "SINGLE to LF" and st.bases == (zobrist, rizzo, None)
    st, ev = play(st, cards, "78", "43")  # Soler: FO-RF, tag roll 43 <= 45: Rizzo to third
    assert st.outs == 1 and st.bases == (zobrist, None, rizzo)
    st, ev = play(st, cards, "68")  # Russell: GO-SS, white 8: PO-3 RA
    assert "PO-3 RA" in ev["play"]["label"] and ev["scored"] == [rizzo]
    assert st.outs == 2 and st.bases == (None, zobrist, None)
    st, ev = play(st, cards, "15")  # Montero: 1B on 15 off a grade C: a double to right, Zobrist scores
    assert ev["result"] == "2B" and ev["play"]["label"] == "DOUBLE to RF" and ev["scored"] == [zobrist]
    assert st.bases == (None, montero, None)
    st, ev = play(st, cards, "34")  # Baez strikes out
    assert ev["play"]["label"] == "STRIKEOUT" and st.half == "bottom" and st.score == (2, 0)


# --- grades (page 2) ---------------------------------------------------------------------------------

def test_arrieta_away_is_a_plus_twice_through_the_order_then_b() -> None:
    st, cards = game(half="bottom")  # HBR's starter pitches away, at PRD
    arrieta = st.visitor.pitcher
    cards[arrieta] = replace(cards[arrieta], away=Grade("A+", "B"), home=Grade("A", "C"))
    assert engine.grade(st, cards)[0] == "A+"
    team = st.visitor
    stint = replace(team.stint, batters=18)
    third = st.with_team("visitor", replace(team, pitchers=(stint,)))
    assert engine.grade(third, cards)[0] == "B"
    fifth = st.with_team("visitor", replace(team, pitchers=(replace(stint, batters=40),)))
    assert engine.grade(fifth, cards)[0] == "B"
    relief = st.with_team("visitor", replace(team, pitchers=(replace(stint, role="relief", batters=30),)))
    assert engine.grade(relief, cards)[0] == "A+"  # the split does not apply in relief


def test_a_pitcher_uses_his_home_grade_at_home() -> None:
    st, cards = game()
    p = st.home.pitcher
    cards[p] = replace(cards[p], home=Grade("G", None), away=Grade("A", None))
    assert engine.grade(st, cards)[0] == "G"


@pytest.mark.parametrize("grade,original,roll,new", [
    ("B", "1B", "15", "BB"),  # example 1
    ("A+", "3B", "05", "1B"),  # example 2
    ("C", "HR", "00", "HR"),  # example 3
    ("G", "2B", "10", "HR"),  # example 4
])
def test_the_four_pitcher_modifier_examples(grade: str, original: str, roll: str, new: str) -> None:
    st, cards = game()
    pitcher_grade(cards, st.home.pitcher, grade)
    batter_card(cards, st.visitor.batter, {int(roll): original})
    _, ev = play(st, cards, roll)
    assert ev["result"] == new


def test_the_modifier_reads_only_rolls_0_to_50_in_fives() -> None:
    st, cards = game()
    pitcher_grade(cards, st.home.pitcher, "B")
    batter_card(cards, st.visitor.batter, {16: "1B", 55: "1B"})
    assert play(st, cards, "16")[1]["result"] == "1B"
    assert play(st, cards, "55")[1]["result"] == "1B"


# --- walks (page 4) ----------------------------------------------------------------------------------

def test_a_bb_off_a_b_pitcher_with_first_taken_is_ball_two_then_a_walk() -> None:
    st, cards = game()
    pitcher_grade(cards, st.home.pitcher, "B")
    batter = st.visitor.batter
    batter_card(cards, batter, {67: "BB"})
    st = evolve(st, bases=(st.visitor.order[5], None, None))
    st, ev = play(st, cards, "67")
    assert not ev["completed"] and st.offense.batter == batter and ev["balls"] == 2
    st, ev = play(st, cards, "67")
    assert ev["play"]["label"] == "WALK" and st.bases[:2] == (batter, st.visitor.order[5])


def test_a_bb_off_a_c_pitcher_is_always_a_walk() -> None:
    st, cards = game()
    pitcher_grade(cards, st.home.pitcher, "C")
    batter_card(cards, st.visitor.batter, {67: "BB"})
    st = evolve(st, bases=(st.visitor.order[5], None, None))
    assert play(st, cards, "67")[1]["play"]["label"] == "WALK"


# --- balks and wild pitches (page 3-4) --------------------------------------------------------------

def test_bk_wp_with_the_bases_empty_is_ball_one_and_he_bats_again() -> None:
    st, cards = game()
    batter_card(cards, st.visitor.batter, {98: "BK/WP"})
    st2, ev = play(st, cards, "98")
    assert not ev["completed"] and ev["balls"] == 1 and st2.offense.batter == st.offense.batter


@pytest.mark.parametrize("second,label", [("21", "BALK"), ("22", "WILD PITCH")])
def test_a_21_99_pitcher_balks_on_0_21_and_throws_a_wild_pitch_on_22_99(second: str, label: str) -> None:
    st, cards = game()
    cards[st.home.pitcher] = replace(cards[st.home.pitcher], bk=21, wp=99)
    batter_card(cards, st.visitor.batter, {98: "BK/WP"})
    runner = st.visitor.order[5]
    st = evolve(st, bases=(None, None, runner))
    st2, ev = play(st, cards, "98", second)
    assert ev["play"]["label"].startswith(label) and ev["scored"] == [runner] and not ev["completed"]


def test_a_dash_99_pitcher_throws_a_wild_pitch_without_a_roll_and_dash_dash_never() -> None:
    st, cards = game()
    batter_card(cards, st.visitor.batter, {98: "BK/WP"})
    st = evolve(st, bases=(st.visitor.order[5], None, None))
    cards[st.home.pitcher] = replace(cards[st.home.pitcher], bk=None, wp=99)
    assert play(st, cards, "98")[0].bases == (None, st.visitor.order[5], None)
    cards[st.home.pitcher] = replace(cards[st.home.pitcher], bk=None, wp=None)
    assert play(st, cards, "98")[0].bases == (st.visitor.order[5], None, None)


# --- base advancement on hits (page 5-6) -------------------------------------------------------------

@pytest.mark.parametrize("speed,roll,to", [("S", "16", 2), ("M", "17", 2), ("M", "16", 3), ("F", "17", 3),
                                           ("F", "16", 3), ("F", "11", 2)])
def test_a_runner_on_first_on_a_single_by_speed_and_the_odd_even_roll(speed: str, roll: str, to: int) -> None:
    st, cards = game()
    runner = st.visitor.order[5]
    cards[runner] = replace(cards[runner], br=speed)
    batter_card(cards, st.visitor.batter, {int(roll): "1B"})
    st = evolve(st, bases=(runner, None, None))
    new, _ = play(st, cards, roll)
    assert new.bases[to - 1] == runner


def test_roll_19_is_an_infield_hit_and_a_slow_batter_grounds_to_short_instead() -> None:
    st, cards = game()
    batter = st.visitor.batter
    batter_card(cards, batter, {19: "2B"}, br="M")
    assert play(st, cards, "19")[1]["play"]["label"].startswith("SINGLE (infield")
    batter_card(cards, batter, {19: "2B"}, br="S")
    assert play(st, cards, "19")[1]["play"]["label"] == "GROUNDOUT GO-SS"


# --- ground outs (page 6-8) --------------------------------------------------------------------------

def test_go_2b_on_47_with_a_runner_on_first_is_fc_runner_on_third_advances() -> None:
    st, cards = game()
    first, third = st.visitor.order[5], st.visitor.order[6]
    batter = st.visitor.batter
    batter_card(cards, batter, {47: "GO-2B"})
    new, ev = play(evolve(st, bases=(first, None, third)), cards, "47")
    assert "FC" in ev["play"]["label"] and ev["scored"] == [third] and new.bases == (batter, None, None)
    assert new.outs == 1


def test_no_runner_on_third_scores_when_a_gdp_makes_the_third_out() -> None:
    st, cards = game(outs=1)
    first, third = st.visitor.order[5], st.visitor.order[6]
    batter_card(cards, st.visitor.batter, {41: "GO-SS"})  # white 1: GDP
    new, ev = play(evolve(st, bases=(first, None, third)), cards, "41")
    assert "GDP" in ev["play"]["label"] and ev["runs"] == 0 and new.half == "bottom"


def test_with_none_out_a_gdp_lets_the_runner_on_third_score() -> None:
    st, cards = game()
    first, third = st.visitor.order[5], st.visitor.order[6]
    batter_card(cards, st.visitor.batter, {41: "GO-SS"})
    new, ev = play(evolve(st, bases=(first, None, third)), cards, "41")
    assert ev["scored"] == [third] and new.outs == 2


def test_lr_out_with_no_runner_on_first_retires_the_lead_runner() -> None:
    st, cards = game()
    second, third = st.visitor.order[5], st.visitor.order[6]
    batter = st.visitor.batter
    batter_card(cards, batter, {39: "GO-SS"})  # white 9: LR Out on the no-runner-on-1st table
    new, ev = play(evolve(st, bases=(None, second, third)), cards, "39")
    assert "LR out" in ev["play"]["label"] and new.bases == (batter, None, second) and new.outs == 1


def test_a_ground_out_with_two_out_is_just_the_third_out() -> None:
    st, cards = game(outs=2)
    batter_card(cards, st.visitor.batter, {47: "GO-2B"})
    new, ev = play(evolve(st, bases=(st.visitor.order[5], None, None)), cards, "47")
    assert ev["play"]["label"] == "GROUNDOUT GO-2B" and new.half == "bottom"


# --- fly outs and tag rolls (page 8) -----------------------------------------------------------------

def test_tag_roll_49_on_a_fly_to_right_scores_the_runner_on_third_and_holds_the_one_on_second() -> None:
    st, cards = game()
    second, third = st.visitor.order[5], st.visitor.order[6]
    batter_card(cards, st.visitor.batter, {78: "FO-RF"})
    new, ev = play(evolve(st, bases=(None, second, third)), cards, "78", "49")
    assert ev["scored"] == [third] and new.bases == (None, second, None) and new.outs == 1


def test_tag_roll_77_throws_out_the_lead_runner() -> None:
    st, cards = game()
    third = st.visitor.order[6]
    batter_card(cards, st.visitor.batter, {78: "FO-CF"})
    new, ev = play(evolve(st, bases=(None, None, third)), cards, "78", "77")
    assert ev["runs"] == 0 and new.outs == 2 and new.bases == (None, None, None)


def test_no_tag_roll_on_a_fly_to_left_with_a_runner_on_second_only() -> None:
    st, cards = game()
    batter_card(cards, st.visitor.batter, {78: "FO-LF"})
    new, ev = play(evolve(st, bases=(None, st.visitor.order[5], None)), cards, "78")
    assert len(ev["rolls"]) == 1 and new.bases[1] == st.visitor.order[5]


# --- errors (page 11) --------------------------------------------------------------------------------

@pytest.mark.parametrize("outs,runner_to", [(1, 2), (2, 3)])
def test_error_check_68_goes_to_the_shortstop_rs_1_star(outs: int, runner_to: int) -> None:
    st, cards = game(outs=outs)
    ss = st.home.at("ss")
    assert ss is not None
    cards[ss] = replace(cards[ss], ec=4)
    batter = st.visitor.batter
    runner = st.visitor.order[5]
    batter_card(cards, batter, {92: "ROE/PO"})
    new, ev = play(evolve(st, bases=(runner, None, None)), cards, "92", "684")
    assert ev["play"]["label"].startswith("ERROR by SS") and new.bases[0] == batter
    assert new.bases[runner_to - 1] == runner


def test_no_error_when_the_blue_die_beats_the_ec_and_ec_9_always_errs() -> None:
    st, cards = game()
    ss = st.home.at("ss")
    assert ss is not None
    batter_card(cards, st.visitor.batter, {92: "ROE/LO"})
    cards[ss] = replace(cards[ss], ec=4)
    assert play(st, cards, "92", "685")[1]["play"]["label"] == "LINEOUT to SS"
    cards[ss] = replace(cards[ss], ec=9)
    assert play(st, cards, "92", "689")[1]["play"]["label"].startswith("ERROR")


# --- sacrifices (page 9-10) --------------------------------------------------------------------------

@pytest.mark.parametrize("roll,label,batter_to", [
    ("88", "SINGLE (bunt, I-Hit)", 1), ("86", "SAC", 0), ("87", "SAC", 0), ("89", "ERROR by 3B (bunt)", 1),
    ("90", "GROUNDOUT (bunt) FC, lead runner out", 1), ("99", "POPUP (bunt) PODP", 0)])
def test_a_shc_89_sacrifice(roll: str, label: str, batter_to: int) -> None:
    st, cards = game()
    batter = st.visitor.batter
    cards[batter] = replace(cards[batter], shc=89)
    runner = st.visitor.order[5]
    new, ev = play(evolve(st, bases=(runner, None, None)), cards, roll, orders=engine.Orders(play="sacrifice"))
    assert ev["play"]["label"] == label and ev["play"]["batter"] == batter_to
    score = [s["step"] for s in ev["steps"]]
    if roll == "86":
        assert any("SH 5-4" in s for s in score)
    if roll == "87":
        assert any("SH 3-4" in s for s in score)


def test_a_squeeze_takes_25_off_the_shc() -> None:
    st, cards = game()
    batter = st.visitor.batter
    cards[batter] = replace(cards[batter], shc=89)
    third = st.visitor.order[5]
    new, ev = play(evolve(st, bases=(None, None, third)), cards, "63", orders=engine.Orders(play="squeeze"))
    assert ev["play"]["label"] == "SAC" and ev["scored"] == [third]
    new, ev = play(evolve(st, bases=(None, None, third)), cards, "65", orders=engine.Orders(play="squeeze"))
    assert ev["play"]["label"] == "GROUNDOUT (bunt) FC, lead runner out" and ev["runs"] == 0


# --- stealing (page 12) ------------------------------------------------------------------------------

@pytest.mark.parametrize("base,roll,safe", [(1, "70", True), (1, "74", False), (2, "68", True), (2, "70", False)])
def test_the_catcher_ar_minus_9_example(base: int, roll: str, safe: bool) -> None:
    st, cards = game()
    catcher = st.home.at("c")
    assert catcher is not None
    cards[catcher] = replace(cards[catcher], ar=-9)
    runner = st.visitor.order[5]
    cards[runner] = replace(cards[runner], sbc=82, sbo="A")
    bases = (runner, None, None) if base == 1 else (None, runner, None)
    out = engine.resolve_steal(evolve(st, bases=bases), cards, [d(roll)], (base,))
    assert isinstance(out, tuple)
    new, ev = out
    assert ev["play"]["label"] == ("STOLEN BASE" if safe else "CAUGHT STEALING")
    assert (new.bases[base] == runner) is safe


# --- maximum innings (page 10-11) --------------------------------------------------------------------

def test_a_mip_6_starter_who_allowed_one_run_may_pitch_the_seventh_but_not_the_eighth() -> None:
    st, cards = game(inning=7)
    p = st.home.pitcher
    cards[p] = replace(cards[p], mip=(6, None))
    st = engine.with_extra(st, **{f"runs:{p}": 1})
    assert not engine.over_limit(st, cards, st.home)
    assert engine.over_limit(evolve(st, inning=8), cards, st.home)
    three = engine.with_extra(st, **{f"runs:{p}": 3})
    assert engine.over_limit(three, cards, st.home)


def test_a_pitcher_past_his_mip_must_be_changed_while_relievers_are_left() -> None:
    st, cards = game(inning=8)
    p = st.home.pitcher
    cards[p] = replace(cards[p], mip=(6, None))
    with pytest.raises(RulesError, match="maximum innings"):
        engine.resolve_pa(st, cards, [])


# --- optional rules (pages 12-17), each a league option ----------------------------------------------

def _on(*rules: str, play: str = "swing") -> engine.Orders:
    return engine.Orders(play=play, options=tuple(sorted(rules)))


def test_positive_defensive_roll_example_1_a_pos_second_baseman_turns_the_double_into_a_ground_out() -> None:
    st, cards = game()
    second = st.home.at("2b")
    assert second is not None
    cards[second] = replace(cards[second], rg="Pos")
    batter_card(cards, st.visitor.batter, {11: "2B"})
    new, ev = play(st, cards, "11", "36", orders=_on("defensive-rolls"))
    assert ev["play"]["label"].startswith("GROUNDOUT GO-2B") and new.outs == 1
    # with a runner on and fewer than two out, a new roll resolves the ground out
    runner = st.visitor.order[5]
    new, ev = play(evolve(st, bases=(runner, None, None)), cards, "11", "36", "41", orders=_on("defensive-rolls"))
    assert "GDP" in ev["play"]["label"] and new.outs == 2


def test_positive_defensive_roll_example_2_a_neu_center_fielder_lets_the_single_stand_in_center() -> None:
    st, cards = game()
    cf = st.home.at("cf")
    assert cf is not None
    cards[cf] = replace(cards[cf], rg="Neu")
    batter_card(cards, st.visitor.batter, {11: "1B"})
    _, ev = play(st, cards, "11", "49", orders=_on("defensive-rolls"))
    assert ev["play"]["label"] == "SINGLE to CF"


def test_a_catcher_who_fails_the_positive_roll_turns_any_hit_into_an_infield_hit() -> None:
    st, cards = game()
    c = st.home.at("c")
    assert c is not None
    cards[c] = replace(cards[c], rg="Neg")
    batter_card(cards, st.visitor.batter, {22: "1B"})
    _, ev = play(st, cards, "22", "02", orders=_on("defensive-rolls"))
    assert ev["play"]["label"].startswith("SINGLE (infield")


def test_without_the_option_no_defensive_roll_is_taken() -> None:
    st, cards = game()
    batter_card(cards, st.visitor.batter, {11: "2B"})
    _, ev = play(st, cards, "11")
    assert ev["play"]["label"] == "DOUBLE to LF" and len(ev["rolls"]) == 1


@pytest.mark.parametrize("outs,to", [(0, 2), (2, 3)])
def test_a_negative_check_on_66_turns_a_go_to_a_neg_fielder_into_a_single(outs: int, to: int) -> None:
    st, cards = game(outs=outs)
    ss = st.home.at("ss")
    assert ss is not None
    cards[ss] = replace(cards[ss], rg="Neg")
    runner = st.visitor.order[5]
    batter_card(cards, st.visitor.batter, {66: "GO-SS", 88: "SO"})
    new, ev = play(evolve(st, bases=(runner, None, None)), cards, "66", orders=_on("defensive-rolls"))
    assert ev["play"]["label"].startswith("SINGLE (infield") and new.bases[to - 1] == runner
    _, ev = play(st, cards, "88", orders=_on("defensive-rolls"))
    assert ev["play"]["label"] == "STRIKEOUT"  # no check on a strikeout


def test_the_risp_penalty_lowers_a_b_lefty_to_c_against_a_righty_with_a_runner_on_second() -> None:
    st, cards = game()
    pitcher_grade(cards, st.home.pitcher, "B", throws="L")
    batter = st.visitor.batter
    batter_card(cards, batter, {15: "1B"}, bats="R")
    runner = st.visitor.order[5]
    _, ev = play(evolve(st, bases=(None, runner, None)), cards, "15", orders=_on("risp-penalty"))
    assert ev["grade"] == "C" and ev["result"] == "2B"  # a C's 1B on 15 is a double; a B's a walk
    _, ev = play(evolve(st, bases=(None, runner, None)), cards, "15")
    assert ev["grade"] == "B"


@pytest.mark.parametrize("arm,roll,out", [("W", "05", True), ("W", "06", False), ("A", "10", True),
                                          ("E", "20", True), ("E", "21", False)])
def test_a_play_at_the_plate_by_the_outfielders_arm(arm: str, roll: str, out: bool) -> None:
    st, cards = game()
    rf = st.home.at("rf")
    assert rf is not None
    cards[rf] = replace(cards[rf], arm=arm)
    runner = st.visitor.order[5]
    cards[runner] = replace(cards[runner], br="M")
    batter_card(cards, st.visitor.batter, {14: "1B"})  # even: a medium runner from second scores
    new, ev = play(evolve(st, bases=(None, runner, None)), cards, "14", roll, orders=_on("plays-at-the-plate"))
    assert (ev["runs"] == 0) is out and new.outs == (1 if out else 0)


def test_the_randomizer_reads_red_on_an_odd_green_die_and_blue_on_an_even_one() -> None:
    st, cards = game()
    batter_card(cards, st.visitor.batter, {14: "1B", 74: "HR"})
    _, ev = play(st, cards, "1471", orders=_on("randomizer"))  # green 1: red 1, white 4
    assert ev["roll"] == 14
    _, ev = play(st, cards, "1472", orders=_on("randomizer"))  # green 2: blue 7, white 4
    assert ev["roll"] == 74 and ev["play"]["label"] == "HOMERUN"
