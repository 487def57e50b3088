"""The scorebook names a plate-appearance game's kinds of event itself, so other games' logs load no card words."""

from __future__ import annotations

from league.application import scorebook
from league.rules.pa.words import PA_KINDS


def test_the_scorebook_knows_the_kinds_the_card_words_describe() -> None:
    assert scorebook._PA_KINDS == PA_KINDS
