"""The optional SO/BB pitcher rating (page 16): read from the card, and through the engine with scripted
dice a batter roll of 55-60 or 77 the rating names becomes a strikeout or a walk."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import InputError
from league.rules.pa.state import GameState
from league.rules.pine_tar import engine
from league.rules.pine_tar.cardgen import OUT
from league.rules.pine_tar.cards import Card, parse_cards
from tests.unit.test_pine_tar_examples import batter_card, game, play

TEXT = (OUT / "hbr.txt").read_text()
ON = engine.Orders(options=("so-bb",))


def pitchers(text: str) -> list[tuple[str, tuple[str, tuple[int, ...]] | None]]:
    return [(c.id, c.so_bb) for c in parse_cards(text, "hbr.txt") if c.kind == "pitcher"]


@pytest.mark.parametrize("written,read", [
    ("SO 77", ("SO", (77,))),
    ("BB 55, 77", ("BB", (55, 77))),
    ("SO 55-60, 77", ("SO", (55, 56, 57, 58, 59, 60, 77))),
    ("NC", None),
])
def test_the_manuals_so_bb_ratings_are_read_from_the_card(written: str, read: object) -> None:
    text = TEXT.replace("bkwp: --/99", f"bkwp: --/99\nso-bb: {written}", 1)
    assert read in [r for _, r in pitchers(text)]


@pytest.mark.parametrize("bad", ["SO 42", "KK 77", "BB 55-61", "SO"])
def test_an_so_bb_rating_outside_55_60_and_77_is_refused_with_its_line(bad: str) -> None:
    text = TEXT.replace("bkwp: --/99", f"bkwp: --/99\nso-bb: {bad}", 1)
    line = next(i for i, ln in enumerate(text.splitlines(), start=1) if ln == f"so-bb: {bad}")
    with pytest.raises(InputError) as err:
        parse_cards(text, "hbr.txt")
    assert f"line {line}" in str(err.value) and "so-bb" in str(err.value)


def rated(rating: tuple[str, tuple[int, ...]] | None, results: dict[int, str]
          ) -> tuple[GameState, dict[str, Card]]:
    st, cards = game()
    pitcher = st.home.pitcher
    cards[pitcher] = replace(cards[pitcher], so_bb=rating)
    batter_card(cards, st.visitor.batter, results)
    return st, cards


def test_a_so_pitcher_strikes_out_the_batter_on_a_roll_his_rating_names() -> None:
    st, cards = rated(("SO", (55, 56, 57, 58, 59, 60, 77)), {57: "1B", 61: "1B"})
    assert play(st, cards, "57", orders=ON)[1]["play"]["label"] == "STRIKEOUT"
    _, ev = play(st, cards, "57")
    assert ev["play"]["label"].startswith("SINGLE")  # the rule is off
    _, ev = play(st, cards, "61", orders=ON)
    assert ev["play"]["label"].startswith("SINGLE")  # 61 is not a SO/BB roll


def test_a_bb_pitcher_walks_the_batter_on_77_but_not_on_55_unless_it_is_named() -> None:
    st, cards = rated(("BB", (77,)), {77: "FO-CF", 55: "GO-SS"})
    new, ev = play(st, cards, "77", orders=ON)
    assert ev["play"]["label"] == "WALK" and ev["card_result"] == "FO-CF" and ev["result"] == "BB"
    assert any(s.get("rule") == "page 16" for s in ev["steps"])
    _, ev = play(st, cards, "55", orders=ON)
    assert ev["play"]["label"] == "GROUNDOUT GO-SS"


def test_an_nc_pitcher_changes_nothing() -> None:
    st, cards = rated(None, {77: "HR"})
    _, ev = play(st, cards, "77", orders=ON)
    assert ev["result"] == "HR" and not any(s.get("rule") == "page 16" for s in ev["steps"])
