"""Pine Tar card files: the parser refuses bad cards naming file, line and field; the card set is as shipped."""

from __future__ import annotations

import random

import pytest

from league.domain.errors import InputError
from league.rules.pine_tar.cardgen import OUT, SEED, club_text, write_card_set
from league.rules.pine_tar.cards import parse_cards

TEXT = (OUT / "hbr.txt").read_text()


def _line(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), start=1) if ln.startswith(needle))


@pytest.mark.parametrize("old,new,field", [
    ("sbo: E", "sbo: Q", "sbo"),
    ("br: S", "br: X", "br"),
    ("ec: 3", "ec: 12", "ec"),
    ("inj: 46A", "inj: 46", "inj"),
    ("bats: R", "bats: Z", "bats"),
])
def test_a_bad_rating_is_refused_with_its_line_and_field(old: str, new: str, field: str) -> None:
    bad = TEXT.replace(old, new, 1)
    with pytest.raises(InputError) as err:
        parse_cards(bad, "hbr.txt")
    msg = str(err.value)
    assert "hbr.txt" in msg and f"line {_line(bad, new)}" in msg and field in msg


def test_a_column_with_a_gap_or_an_overlap_is_refused() -> None:
    gap = TEXT.replace("00-01 HR\n", "00 HR\n", 1)
    with pytest.raises(InputError, match="no result for 01"):
        parse_cards(gap, "hbr.txt")
    twice = TEXT.replace("00-01 HR\n", "00-02 HR\n", 1)
    with pytest.raises(InputError, match="02 is given twice"):
        parse_cards(twice, "hbr.txt")


def test_an_unknown_result_and_an_infielders_arm_are_refused() -> None:
    with pytest.raises(InputError, match="unknown result 'GO-LF'"):
        parse_cards(TEXT.replace("GO-SS", "GO-LF", 1), "hbr.txt")
    with pytest.raises(InputError, match="only outfielders have an arm"):
        parse_cards(TEXT.replace("positions: 2b, ss\n", "positions: 2b, ss\narm: E\n", 1), "hbr.txt")


def test_a_starters_third_time_grade_and_a_dual_roles_two_mips_are_read() -> None:
    cards = {c.id: c for c in parse_cards(TEXT, "hbr.txt")}
    starter = next(c for c in cards.values() if c.role == "S")
    assert starter.home is not None and starter.home.third is not None and starter.mip[1] is None
    dual = next(c for c in cards.values() if c.role == "S/R")
    assert dual.mip == (5, 2)
    closer = next(c for c in cards.values() if c.role == "C")
    assert closer.home is not None
    start = TEXT.index(f"PITCHER {closer.id}")
    bad = TEXT[:start] + TEXT[start:].replace(f"home: {closer.home}\n", f"home: {closer.home}/C\n", 1)
    with pytest.raises(InputError, match="only a starter has a third-time-through grade"):
        parse_cards(bad, "hbr.txt")


def test_the_shipped_card_set_is_what_the_generator_writes(tmp_path: object) -> None:
    from pathlib import Path

    out = Path(str(tmp_path))
    for path in write_card_set(out):
        assert path.read_text() == (OUT / path.name).read_text()


def test_thirty_generated_clubs_have_thirty_times_23_different_names() -> None:
    used: set[str] = set()
    rng = random.Random(SEED)
    for i in range(30):
        club_text(rng, f"PA{chr(65 + i % 26)}", "x", "L", "D", used)
    assert len(used) == 30 * 23
