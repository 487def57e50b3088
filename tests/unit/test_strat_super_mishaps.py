"""29.1 (super advanced): wild pitches, balks and passed balls, each its own play, by scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.dice import NeedRoll
from league.rules.strat.cards import Card, Fielding
from league.rules.strat.engine import resolve_pa
from league.rules.strat.strategy import Strategy
from tests.unit.test_strat_helpers import card_set, game, pa, roll, with_cells

SUPER = "super"


@pytest.fixture
def cards() -> dict[str, Card]:
    """The home pitcher is rated wp7 and bk3, the home catcher pb4; the visitor's 1-7 is a SINGLE."""
    cards = card_set()
    cards["HP"] = replace(cards["HP"], wild_pitch=7, balk=3)
    cards["H1"] = replace(cards["H1"], passed_ball=4)
    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE"})
    return cards


def test_with_the_bases_empty_no_d20_goes_with_the_pitch(cards: dict[str, Card]) -> None:
    need = resolve_pa(game(cards), cards, None, [], Strategy(), SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "triad"


def test_advanced_play_rolls_no_d20_for_mishaps(cards: dict[str, Card]) -> None:
    need = resolve_pa(game(cards, bases=("V8", None, None)), cards, None, [], Strategy(), "advanced")
    assert isinstance(need, NeedRoll) and need.kind == "triad"


@pytest.mark.parametrize("d20", ["d3", "d20"])
def test_29_1_a_d20_of_3_to_20_reads_the_cards_as_usual(cards: dict[str, Card], d20: str) -> None:
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, d20, "134", level=SUPER)
    assert ev["type"] == "plate_appearance" and ev["result"] == "SINGLE"
    assert state.bases == ("V1", "V8", None)


def test_29_1_b_d20_1_and_a_roll_within_the_wp_rating_is_a_wild_pitch(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", None, "V9"))
    state, ev = pa(start, cards, "d1", "d7", level=SUPER)
    assert ev["type"] == "wild_pitch" and ev["completed"] is False
    assert state.bases == (None, "V8", None) and state.score == (1, 0)  # all runners up one base
    assert state.offense.batter == "V1" and state.outs == 0  # the batter is still up
    assert [r["roll"] for r in ev["rolls"]] == ["d1", "d7"]


def test_29_1_b_a_roll_above_the_wp_rating_rerolls_the_three_dice(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", None, None))
    need = resolve_pa(start, cards, None, [roll("d1"), roll("d8")], Strategy(), SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "triad"  # 29.1 D: three dice, no d20
    state, ev = pa(start, cards, "d1", "d8", "134", level=SUPER)
    assert ev["type"] == "plate_appearance" and ev["result"] == "SINGLE"
    assert state.bases == ("V1", "V8", None)


def test_29_1_c_d20_2_white_1_to_3_is_a_possible_balk_on_the_bk_rating(cards: dict[str, Card]) -> None:
    start = game(cards, bases=(None, "V8", None))
    state, ev = pa(start, cards, "d2", "366", "d3", level=SUPER)
    assert ev["type"] == "balk" and state.bases == (None, None, "V8")
    _, ev = pa(start, cards, "d2", "366", "d4", "134", level=SUPER)  # above bk3: no balk
    assert ev["type"] == "plate_appearance" and ev["result"] == "SINGLE"


def test_29_1_c_d20_2_white_4_to_6_is_a_possible_passed_ball_on_the_catchers_pb(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", "V9", None))
    state, ev = pa(start, cards, "d2", "411", "d4", level=SUPER)
    assert ev["type"] == "passed_ball" and state.bases == (None, "V8", "V9")
    _, ev = pa(start, cards, "d2", "411", "d5", "134", level=SUPER)  # above pb4
    assert ev["type"] == "plate_appearance"


def test_25_2_a_catcher_out_of_position_has_pb_20(cards: dict[str, Card]) -> None:
    for player in ("H1", "H10"):  # nobody left rated at c
        cards[player] = replace(cards[player], fielding=(Fielding("1b", 3, None, 10),))
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d2", "511", "d20", level=SUPER)
    assert ev["type"] == "passed_ball" and state.bases == (None, "V8", None)


def test_a_runner_scoring_from_third_on_a_wild_pitch_with_two_out_counts(cards: dict[str, Card]) -> None:
    state, ev = pa(game(cards, outs=2, bases=(None, None, "V8")), cards, "d1", "d1", level=SUPER)
    assert ev["runs"] == 1 and state.outs == 2 and state.bases == (None, None, None)


def test_after_a_wild_pitch_empties_the_bases_the_next_roll_is_the_three_dice(cards: dict[str, Card]) -> None:
    state, _ = pa(game(cards, bases=(None, None, "V8")), cards, "d1", "d2", level=SUPER)
    need = resolve_pa(state, cards, None, [], Strategy(), SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "triad"


def test_several_mishaps_may_come_while_one_batter_is_up(cards: dict[str, Card]) -> None:
    state, _ = pa(game(cards, bases=("V8", None, None)), cards, "d1", "d1", level=SUPER)
    state, ev = pa(state, cards, "d1", "d7", level=SUPER)
    assert ev["type"] == "wild_pitch" and state.bases == (None, None, "V8")
    state, ev = pa(state, cards, "d9", "134", level=SUPER)
    assert ev["batter"] == "V1" and state.score == (1, 0)


def test_no_d20_with_an_intentional_walk(cards: dict[str, Card]) -> None:
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, level=SUPER, s=Strategy(play="ibb"))
    assert ev["rolls"] == [] and state.bases == ("V1", "V8", None)


def test_the_d20_also_goes_with_the_bunt_chart(cards: dict[str, Card]) -> None:
    need = resolve_pa(game(cards, bases=("V8", None, None)), cards, None, [], Strategy(play="sacrifice"), SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "d20"
    state, ev = pa(game(cards, bases=("V8", None, None)), cards, "d1", "d3", level=SUPER,
                   s=Strategy(play="sacrifice"))
    assert ev["type"] == "wild_pitch" and state.bases == (None, "V8", None)


# --- revision 2: whose mishap it is, and the box score's columns ---------------------------------

SUPER_R2 = "super+r2"


def test_revision_2_names_the_pitcher_for_a_wild_pitch_or_balk_and_the_catcher_for_a_passed_ball(
        cards: dict[str, Card]) -> None:
    _, wp = pa(game(cards, bases=("V8", None, None)), cards, "d1", "d7", level=SUPER_R2)
    _, bk = pa(game(cards, bases=("V8", None, None)), cards, "d2", "366", "d3", level=SUPER_R2)
    _, pb = pa(game(cards, bases=("V8", None, None)), cards, "d2", "411", "d4", level=SUPER_R2)
    assert (wp["type"], wp["charged"]) == ("wild_pitch", "HP")
    assert (bk["type"], bk["charged"]) == ("balk", "HP")
    assert (pb["type"], pb["charged"]) == ("passed_ball", "H1")  # the home catcher


def test_revision_1_events_are_as_they_were_stored(cards: dict[str, Card]) -> None:
    _, ev = pa(game(cards, bases=("V8", None, None)), cards, "d1", "d7", level=SUPER)
    assert ev["type"] == "wild_pitch" and "charged" not in ev


def _box(cards: dict[str, Card], level: str, *plays: tuple[str, ...]) -> dict:  # type: ignore[type-arg]
    from league.rules.pa.box import box_score

    state = game(cards, bases=("V8", None, None))
    timeline = []
    for rolls in plays:
        new, ev = pa(state, cards, *rolls, level=level)
        timeline.append(("play", ev, state))
        state = new
    return box_score(timeline, state)


def test_the_box_score_counts_wp_and_bk_for_the_pitcher_and_pb_for_the_catcher(cards: dict[str, Card]) -> None:
    # a wild pitch (V8 to second), a passed ball (to third), a balk (he scores), then a single
    box = _box(cards, SUPER_R2, ("d1", "d7"), ("d2", "411", "d4"), ("d2", "366", "d3"), ("134",))
    (pitcher,) = box["home"]["pitching"]
    assert (pitcher["pitcher"], pitcher["wp"], pitcher["bk"], pitcher["pk"], pitcher["r"]) == ("HP", 1, 1, 0, 1)
    pb = {b["player"]: b["pb"] for b in box["home"]["batting"]}
    assert pb["H1"] == 1 and sum(pb.values()) == 1
    assert box["visitor"]["pitching"][0]["wp"] == 0  # both sides have the columns
    assert box["visitor"]["batting"][0]["ab"] == 1  # the mishaps are no at bat


def test_a_box_without_a_charged_mishap_has_no_new_columns(cards: dict[str, Card]) -> None:
    # revision 1 stored no "charged": its boxes keep the shape they were stored with, so they audit clean
    box = _box(cards, SUPER, ("d1", "d7"), ("d9", "134"))
    assert "wp" not in box["home"]["pitching"][0] and "pb" not in box["home"]["batting"][0]
    box = _box(cards, SUPER_R2, ("d9", "134"))
    assert "wp" not in box["home"]["pitching"][0]
