"""30.0 (super advanced revision 4): ball park homeruns and singles, the white triangle and clutch hitting,
read from the symbols left of a card's readings; advanced play and older revisions accept the primary
outcome (30.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules.pa.state import GameState
from league.rules.strat.cards import Card
from league.rules.strat.charts import load_charts
from league.rules.strat.results import parse_cell
from tests.unit.test_strat_helpers import card_set, game, pa, v1_reads, with_cells

park = load_charts().park

R4 = "super+r4"
CALM = "d20"  # 29.1: with runners on, super play's first d20; 3-20 brings no wild pitch, balk or passed ball


def _at(state: GameState, home: str) -> GameState:
    """The same game in ``home``'s park."""
    return replace(state, home=replace(state.home, code=home))


def test_the_shipped_clubs_each_have_a_park_and_others_play_in_the_neutral_one() -> None:
    for code in ("ANV", "BRK", "CDR", "DUN", "ELM", "FOX", "GRN", "HLV"):
        assert park(code)[0] == code
    assert park("H") == ("neutral", park("H")[1])
    assert park("H")[1]["R"] == {"homerun": 10, "single": 10}


@pytest.mark.parametrize("d20, label", [("d10", "HOMERUN"), ("d11", "FLYBALL(lf)B")])
def test_30_3_the_black_diamond_rolls_the_neutral_parks_homerun_range(d20: str, label: str) -> None:
    state, ev = pa(game(v1_reads("<> HOMERUN")), v1_reads("<> HOMERUN"), "134", d20, level=R4)
    assert ev["play"]["label"] == label and ev["result"] == label
    assert any(s.get("chart") == "ball park effects" and s["value"] == "1-10" for s in ev["steps"])


def test_30_3_the_home_clubs_park_and_the_batters_side_give_the_range() -> None:
    cards = v1_reads("<> HOMERUN")
    cards["V1"] = replace(cards["V1"], hand="L")  # FOX: 1-6 for a left-handed batter, 1-7 for a right
    _, ev = pa(_at(game(cards), "FOX"), cards, "134", "d7", level=R4)
    assert ev["play"]["label"] == "FLYBALL(rf)B"  # to his pull field
    cards["V1"] = replace(cards["V1"], hand="R")
    _, ev = pa(_at(game(cards), "FOX"), cards, "134", "d7", level=R4)
    assert ev["play"]["label"] == "HOMERUN"


def test_30_3_a_w_batters_park_homerun_is_a_single_with_two_asterisks() -> None:
    cards = v1_reads("<> HOMERUN")
    cards["V1"] = replace(cards["V1"], power=("W", "W"))
    state, ev = pa(game(cards, bases=("V9", None, None)), cards, CALM, "134", "d3", level=R4)
    assert ev["play"]["label"] == "SINGLE**"
    assert state.bases == ("V1", None, "V9")  # the other runners advance two bases


def test_30_3_a_w_batters_n_homerun_with_a_diamond_still_rolls_the_park() -> None:
    cards = v1_reads("<> N-HOMERUN")
    cards["V1"] = replace(cards["V1"], power=("W", "W"))
    _, ev = pa(game(cards), cards, "134", "d15", level=R4)
    assert ev["play"]["label"] == "FLYBALL(lf)B"


def test_30_3_a_diamond_homerun_in_a_split_skips_14_5s_wall_check() -> None:
    cards = v1_reads("<> HOMERUN 1-8, FLYBALL(lf)B 9-20")
    _, ev = pa(game(cards), cards, "134", "d8", "d4", level=R4)  # no 14.5 roll: the park's d20 decides
    assert ev["play"]["label"] == "HOMERUN"
    assert not any("14.5" in s.get("note", "") for s in ev["steps"])


@pytest.mark.parametrize("d20, label", [("d10", "SINGLE*"), ("d11", "LINEOUT(ss)")])
def test_30_4_the_upside_down_triangle_rolls_the_parks_single_range(d20: str, label: str) -> None:
    cards = v1_reads("v SINGLE")
    state, ev = pa(game(cards, bases=("V9", None, None)), cards, CALM, "134", d20, level=R4)
    assert ev["play"]["label"] == label
    assert state.bases == (("V1", "V9", None) if label == "SINGLE*" else ("V9", None, None))


def test_30_4_the_lineout_goes_to_the_fielder_the_reading_names() -> None:
    cards = v1_reads("v SINGLE(cf)")
    _, ev = pa(_at(game(cards), "GRN"), cards, "134", "d10", level=R4)  # GRN: singles on 1-9 for a righty
    assert ev["play"]["label"] == "LINEOUT(cf)"


def test_30_6_the_white_triangle_plays_the_second_reading() -> None:
    cards = v1_reads("^ STRIKEOUT / DOUBLE")
    state, ev = pa(game(cards), cards, "134", level=R4)
    assert ev["play"]["label"] == "DOUBLE" and state.bases == (None, "V1", None)


@pytest.mark.parametrize("reading, label", [("u STRIKEOUT", "SINGLE**"), ("u GROUNDBALL(ss)A", "SINGLE**"),
                                            ("u SINGLE", "POPOUT(ss)"), ("u SINGLE(lf)", "POPOUT(lf)"),
                                            ("u DOUBLE", "DOUBLE")])
def test_30_7_the_horseshoe_in_the_clutch(reading: str, label: str) -> None:
    cards = v1_reads(reading)
    _, ev = pa(game(cards, outs=2, bases=(None, "V9", None)), cards, CALM, "134", level=R4)
    assert ev["play"]["label"] == label


@pytest.mark.parametrize("outs, bases", [(1, (None, "V9", None)), (2, ("V9", None, None)), (2, (None, None, None))])
def test_30_7_outside_the_clutch_the_horseshoe_is_ignored(outs: int, bases: tuple[str | None, ...]) -> None:
    cards = v1_reads("u STRIKEOUT")
    calm = (CALM,) if any(bases) else ()
    _, ev = pa(game(cards, outs=outs, bases=bases), cards, *calm, "134", level=R4)
    assert ev["play"]["label"] == "STRIKEOUT"
    cards = v1_reads("u SINGLE")
    calm = (CALM,) if any(bases) else ()
    _, ev = pa(game(cards, outs=outs, bases=bases), cards, *calm, "134", level=R4)
    assert ev["play"]["label"] == "SINGLE"


def test_30_7_with_a_runner_on_third_too() -> None:
    cards = v1_reads("u POPOUT(2b)")
    state, ev = pa(game(cards, outs=2, bases=(None, None, "V9")), cards, CALM, "134", level=R4)
    assert ev["play"]["label"] == "SINGLE**" and ev["runs"] == 1


@pytest.fixture
def marked() -> dict[str, Card]:
    """Every symbol on the visitors' 1-7 cells: V1 a diamond, V2 a triangle, V3 a white triangle, V4 a horseshoe."""
    cards = card_set()
    for cid, reading in (("V1", "<> HOMERUN"), ("V2", "v SINGLE"), ("V3", "^ STRIKEOUT / DOUBLE"),
                         ("V4", "u STRIKEOUT")):
        cards[cid] = with_cells(cards[cid], {"1-7": reading})
    return cards


@pytest.mark.parametrize("level", ["advanced", "basic", "super", "super+r2", "super+r3"])
@pytest.mark.parametrize("batter, label", [(0, "HOMERUN"), (1, "SINGLE"), (2, "STRIKEOUT"), (3, "STRIKEOUT")])
def test_30_1_other_levels_and_revisions_accept_the_primary_outcome(marked: dict[str, Card], level: str,
                                                                     batter: int, label: str) -> None:
    start = game(marked, outs=2, bases=(None, "V9", None))
    start = replace(start, visitor=replace(start.visitor, up=batter))
    calm = (CALM,) if level.startswith("super") else ()
    _, ev = pa(start, marked, *calm, "134", level=level)  # no park roll is asked for
    assert ev["play"]["label"] == label
    assert any("(30.1)" in s.get("note", "") for s in ev["steps"])


def test_a_card_without_symbols_reads_as_before_in_revision_4() -> None:
    cards = v1_reads("HOMERUN")
    _, ev = pa(game(cards), cards, "134", level=R4)
    assert ev["play"]["label"] == "HOMERUN" and not any("30." in s.get("note", "") for s in ev["steps"])


@pytest.mark.parametrize("text", ["<> HOMERUN", "v SINGLE(cf)", "^ FLYBALL(cf)B / SINGLE*", "u GROUNDBALL(ss)A",
                                  "u STRIKEOUT •", "<> N-HOMERUN 1-8, FLYBALL(lf)B 9-20"])
def test_symbols_round_trip_through_the_card_text(text: str) -> None:
    from league.rules.strat.results import cell_text

    assert cell_text(parse_cell(text)) == text


@pytest.mark.parametrize("text, why", [("<> SINGLE", "marks a HOMERUN"), ("v DOUBLE", "marks a SINGLE"),
                                       ("^ SINGLE", "second reading"), ("u <> HOMERUN", "one symbol"),
                                       ("^ SINGLE / u STRIKEOUT", "one symbol")])
def test_a_misplaced_symbol_is_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_cell(text)


def test_a_card_file_with_symbols_reads_and_writes_back() -> None:
    from league.rules.strat.cards import parse_cards
    from league.rules.strat.cardtext import format_card
    from league.rules.strat.roster import CARD_SET

    text = (CARD_SET / "ANV.txt").read_text(encoding="utf-8")
    first = text[text.index("BATTER"):text.index("END") + 3]
    card = parse_cards(first.replace("1-7 SINGLE*", "1-7 u SINGLE*"))[0]
    assert str(card.cell("basic", 1, 7)[0][2]) == "u SINGLE*"
    assert parse_cards(format_card(card))[0] == card


def test_a_card_files_misplaced_symbol_names_the_line_and_reading() -> None:
    from league.domain.errors import InputError
    from league.rules.strat.cards import parse_cards
    from league.rules.strat.roster import CARD_SET

    text = (CARD_SET / "ANV.txt").read_text(encoding="utf-8")
    first = text[text.index("BATTER"):text.index("END") + 3]
    with pytest.raises(InputError, match="basic 1-7.*black diamond"):
        parse_cards(first.replace("1-7 SINGLE*", "1-7 <> SINGLE*"), "ANV.txt")
