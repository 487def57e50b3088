"""The box score of revision 4's Super Advanced Fielding Chart plays, on scripted dice.

A hit with an error on it (16.42's "Single and Error") is the batter's hit and at bat and the fielder's
error, and the batter's run is unearned; catcher's interference is a plate appearance with no at bat and
the catcher's error; the hidden ball trick is an out for the pitcher and no plate appearance.  The dice
read as in tests/unit/test_strat_super_fielding.py (the visitor's 1-7 is the X-chance; "134" is no error,
"111" the rare play; with runners on, the 29.1 d20 comes first).  Other systems' labels read as they
always did: box scores stored before revision 4 re-derive unchanged.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from league.rules.pa.box import _kind, box_score, is_hit_with_error, reached_on_error
from league.rules.pa.state import GameState
from league.rules.pa.words import strategy_words
from league.rules.strat.cards import Card, Fielding
from tests.unit.test_strat_helpers import game, pa, v1_reads, with_cells

R4 = "super+r4"
RARE = "111"


class _Inning:
    """Plate appearances on scripted dice, kept as the fold's timeline for :func:`box_score`."""

    def __init__(self, cards: dict[str, Card], state: GameState) -> None:
        self.cards, self.state = cards, state
        self.timeline: list[tuple[str, dict[str, Any], GameState]] = []

    def pa(self, *rolls: str) -> dict[str, Any]:
        before = self.state
        self.state, ev = pa(before, self.cards, *rolls, level=R4)
        self.timeline.append(("play", ev, before))
        return ev  # type: ignore[no-any-return]

    def box(self) -> dict[str, Any]:
        return box_score(self.timeline, self.state)


def _batter(box: dict[str, Any], player: str) -> dict[str, Any]:
    return next(b for b in box["visitor"]["batting"] if b["player"] == player)


def _pitcher(box: dict[str, Any]) -> dict[str, Any]:
    return box["home"]["pitching"][0]  # type: ignore[no-any-return]


def _homer_next(cards: dict[str, Card]) -> dict[str, Card]:
    cards["V2"] = with_cells(cards["V2"], {"1-7": "HOMERUN"})
    return cards


def test_a_single_and_error_is_a_hit_an_at_bat_and_an_error_and_the_batters_run_is_unearned() -> None:
    # 16.42's example: SI1 with E1 to a 1b-4e15, the batter on second; then a homer scores him.
    cards = _homer_next(v1_reads("GROUNDBALL(1b)X"))
    cards["H2"] = replace(cards["H2"], fielding=(Fielding("1b", 4, None, 15),))
    g = _Inning(cards, game(cards))
    assert g.pa("134", "d5", "651")["play"]["label"] == "SINGLE(1b) SI1 + E1"
    g.pa("d20", "134")  # V2's homer: V1 and V2 score
    box = g.box()
    v1, v2 = _batter(box, "V1"), _batter(box, "V2")
    assert (v1["pa"], v1["ab"], v1["h"], v1["r"], v1["rbi"]) == (1, 1, 1, 1, 0)
    assert (v2["ab"], v2["h"], v2["hr"], v2["rbi"]) == (1, 1, 1, 2)
    assert box["home"]["errors"] == 1 and box["visitor"]["hits"] == 2
    assert (_pitcher(box)["h"], _pitcher(box)["r"], _pitcher(box)["er"], _pitcher(box)["bf"]) == (2, 2, 1, 2)


def test_a_triple_an_error_carries_home_is_an_unearned_run_on_the_play() -> None:
    # The centre fielder's range 3, d20 20: TR3; his e10 line reads E1 on 4: the batter scores.
    cards = v1_reads("FLYBALL(cf)X")
    g = _Inning(cards, game(cards, bases=("V8", None, None)))
    assert g.pa("d20", "134", "d20", "112")["play"]["label"] == "TRIPLE(cf) TR3 + E1"
    box = g.box()
    v1 = _batter(box, "V1")
    assert (v1["pa"], v1["ab"], v1["h"], v1["3b"], v1["r"]) == (1, 1, 1, 1, 1)
    assert v1["rbi"] == 1  # V8's run; his own is the error's (9.04)
    assert box["home"]["errors"] == 1
    assert (_pitcher(box)["h"], _pitcher(box)["r"], _pitcher(box)["er"]) == (1, 2, 1)  # V8's run is earned


def test_catchers_interference_is_a_plate_appearance_with_no_at_bat_and_the_catchers_error() -> None:
    cards = _homer_next(v1_reads("CATCH-X"))
    g = _Inning(cards, game(cards, bases=(None, "V8", None)))
    assert g.pa("d20", "134", "d1", RARE)["play"]["label"] == "CATCHER'S INTERFERENCE, ERROR(c)"
    g.pa("d20", "134")  # V2's homer: V8 (on before), V1 (on by the interference) and V2 score
    box = g.box()
    v1 = _batter(box, "V1")
    assert (v1["pa"], v1["ab"], v1["h"], v1["r"], v1["rbi"]) == (1, 0, 0, 1, 0)
    assert box["home"]["errors"] == 1
    assert (_pitcher(box)["bf"], _pitcher(box)["r"], _pitcher(box)["er"]) == (2, 3, 2)


def test_catchers_interference_with_the_bases_loaded_drives_in_the_forced_run() -> None:
    cards = v1_reads("CATCH-X")
    g = _Inning(cards, game(cards, bases=("V6", "V7", "V8")))
    g.pa("d20", "134", "d1", RARE)
    box = g.box()
    v1 = _batter(box, "V1")
    assert (v1["pa"], v1["ab"], v1["rbi"]) == (1, 0, 1)  # 9.04(a)(2)
    assert (_pitcher(box)["r"], _pitcher(box)["er"]) == (1, 1)  # V8 was on before the interference


def test_the_hidden_ball_trick_is_an_out_for_the_pitcher_and_no_plate_appearance() -> None:
    cards = v1_reads("GROUNDBALL(3b)X")
    g = _Inning(cards, game(cards, bases=("V8", "V7", None)))
    assert g.pa("d20", "134", "d1", RARE)["type"] == "hidden_ball"
    g.pa("d20", "111")  # V1, still up, strikes out (the filler's other cells)
    box = g.box()
    v1 = _batter(box, "V1")
    assert (v1["pa"], v1["ab"], v1["so"]) == (1, 1, 1)
    assert (_pitcher(box)["outs"], _pitcher(box)["bf"]) == (2, 1)
    assert box["home"]["errors"] == 0 and "pk" not in _pitcher(box)


@pytest.mark.parametrize("label", [
    "SINGLE(lf)", "SINGLE**", "DOUBLE(cf)", "1 base error-1", "ERROR E6 (#1)", "GROUNDBALL(ss) G1, 1-base error",
    "SINGLE S6, throw away by E6 (#4)", "DOUBLE D8, misplayed by E8 (#5)", "SINGLE S7, throwing error E7 (#8)",
    "LINEOUT L6, throwing error E6 (#7)", "WALK", "GROUNDBALL(ss)A",
])
def test_labels_older_games_have_read_as_they_always_did(label: str) -> None:
    # Before revision 4 a batter reached on an error exactly when the play's kind was "e".
    assert not is_hit_with_error(label)
    assert reached_on_error(label) == (_kind(label) == "e")


@pytest.mark.parametrize("label, kind", [("SINGLE(1b) SI1 + E1", "1b"), ("DOUBLE(lf) DO2 + E2", "2b"),
                                         ("TRIPLE(rf) TR3 + E1", "3b")])
def test_a_hit_with_an_error_keeps_its_hit(label: str, kind: str) -> None:
    assert _kind(label) == kind and is_hit_with_error(label) and reached_on_error(label)


def test_16_7_the_f2_try_from_second_reads_in_words() -> None:
    words = strategy_words({"send_at": {"second_third": [14, 19]}})
    assert words == ["a runner tries only when his chance (of 20) reaches, with none/one/two out: second to third "
                     "on an F2 fly ball 14/19"]
