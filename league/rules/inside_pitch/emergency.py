"""A position player pitching (``league game emergency``): the project's own pitching card.

The manual is silent on position players pitching, and a batter's card has
no pitching grid.  From rules revision 3 (``inside-pitch/3``) the pitcher's
card of a player pitching in an emergency (the stint's role ``emergency``) is
:data:`CARD_FILE`'s, every line worse than any pitcher's of the card set; his
fielding at the mound is its ``p`` rating.  He keeps his own card at bat.
Revisions 1 and 2 read his batting card as a pitching card, as they always
did (a game stored under them replays the same).  docs/inside-pitch.md.
"""

from __future__ import annotations

import functools
from pathlib import Path
from league.rules.inside_pitch.cards import Card, _Reader
from league.rules.pa.state import GameState

CARD_FILE = Path(__file__).with_name("emergency-pitcher.txt")
EMERGENCY = "EMERGENCY"
FROM_REVISION = 3


@functools.cache
def emergency_card() -> Card:
    """The position player's pitching card, read (and checked) like any pitcher's card."""
    reader = _Reader(str(CARD_FILE))
    for number, raw in enumerate(CARD_FILE.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if line:
            reader.line(number, line)
    reader.close()
    (card,) = reader.cards
    return card


def pitches_in_emergency(state: GameState, revision: int) -> bool:
    """Whether the fielding side's pitcher is a position player pitching from the project's card."""
    team = state.defense
    return revision >= FROM_REVISION and team.stint.role == "emergency" and team.stint.pitcher == team.pitcher


__all__ = ["CARD_FILE", "EMERGENCY", "emergency_card", "pitches_in_emergency"]
