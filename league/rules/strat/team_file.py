"""A club's Strat-O-Matic card file as a registrable team (``league teams import``).

The League aggregate keeps the file's text as the club's sheet, so the cards a
game was played with are in the log (audit re-reads them at the league
version the game started with) and nothing depends on files staying put.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from league.domain.errors import InputError
from league.adapters.textfile import read_text
from league.rules.strat.cards import parse_cards

_TITLE = re.compile(r"^#\s*(.+?)\s*\(([A-Z0-9]{2,4})\)")


@dataclass(frozen=True)
class CardTeam:
    code: str
    name: str
    text: str
    source: str

    def to_dict(self) -> dict[str, Any]:
        # league/division/pitchers keep the "league" read model's contract.
        return {"code": self.code, "name": self.name, "league": "", "division": "", "pitchers": [],
                "kind": "strat-cards", "cards": self.text, "source": self.source}


def read_card_team(path: Path, source: str | None = None) -> CardTeam:
    """One team's cards: nine batters with a fielding rating, at least one starter."""
    source = source or str(path)
    text = read_text(path, "card file", source)
    cards = parse_cards(text, source)
    teams = sorted({c.team for c in cards})
    if len(teams) != 1:
        raise InputError(source, None, "team", f"a card file holds one team's cards, found {teams or 'none'}")
    code = teams[0]
    batters = [c for c in cards if c.kind == "batter"]
    if len(batters) < 9 or any(not c.fielding for c in batters[:8]):
        raise InputError(source, None, "fielding", "the first eight batters must be rated in the field "
                         "(they start, in card order) and a ninth must follow")
    if not any(c.kind == "pitcher" and c.starter is not None for c in cards):
        raise InputError(source, None, "endurance", "no starting pitcher (endurance: starter(N))")
    first = text.splitlines()[0] if text else ""
    m = _TITLE.match(first)
    name = m[1] if m and m[2] == code else code
    return CardTeam(code, name, text, source)
