"""Seeded dice roll what ``random.Random(seed).randint`` rolled: a seed's season stays the same season."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from league.domain.dice import D20, NeedRoll, Pair, SeededDice, Tens, Triad

KINDS = ("triad", "pair", "d20", "d10")


def _randint_roll(rng: random.Random, kind: str) -> object:
    """The rolls as SeededDice made them with randint, the reference."""
    r = rng.randint
    if kind == "d20":
        return D20(r(1, 20))
    if kind == "d10":
        return Tens(r(0, 9), r(0, 9), r(0, 9), r(1, 6))
    if kind == "triad":
        return Triad(r(1, 6), r(1, 6), r(1, 6))
    return Pair(r(1, 6), r(1, 6))


@given(seed=st.text(max_size=30), kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=200))
def test_seeded_dice_roll_what_randint_rolled_for_the_same_seed(seed: str, kinds: list[str]) -> None:
    dice, reference = SeededDice(seed), random.Random(seed)
    rolled = [dice.roll(NeedRoll(k, "home", "test")) for k in kinds]  # type: ignore[arg-type]
    assert rolled == [_randint_roll(reference, k) for k in kinds]


def test_every_face_comes_up() -> None:
    dice = SeededDice("faces")
    triads = {dice.roll(NeedRoll("triad", "home", "t")) for _ in range(3000)}
    assert {t.white for t in triads} == {t.red for t in triads} == {t.green for t in triads} == set(range(1, 7))
    d20s = {dice.roll(NeedRoll("d20", "home", "t")) for _ in range(2000)}
    assert d20s == {D20(v) for v in range(1, 21)}
    tens = [dice.roll(NeedRoll("d10", "home", "t")) for _ in range(2000)]
    assert {t[0] for t in tens} == set(range(10)) and {t[3] for t in tens} == set(range(1, 7))
