"""A club's Inside Pitch card file as a registrable team (``league teams import``).

The League keeps the file's text, so the cards and the ballpark a game was
played with are in the log and the audit re-reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from league.adapters.textfile import read_text
from league.domain.errors import InputError
from league.rules.inside_pitch.cards import parse_club


@dataclass(frozen=True)
class ClubFile:
    code: str
    name: str
    league: str
    division: str
    text: str
    source: str

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "league": self.league, "division": self.division,
                "pitchers": [], "kind": "inside-pitch-cards", "cards": self.text, "source": self.source}


def read_club(path: Path, source: str | None = None) -> ClubFile:
    """One club: nine batters rated in the field (eight positions, then the DH), a starter, its ballpark."""
    source = source or str(path)
    text = read_text(path, "card file", source)
    club = parse_club(text, source)
    batters = [c for c in club.cards if c.kind == "batter"]
    if len(batters) < 9 or any(not c.fielding for c in batters[:8]):
        raise InputError(source, None, "fielding", "the first eight batters must be rated in the field "
                         "(they start, in card order) and a ninth (the DH) must follow")
    positions = sorted(c.fielding[0].position for c in batters[:8])
    if positions != sorted(("c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")):
        raise InputError(source, None, "fielding", f"the first eight batters' first positions are {positions}: "
                         "each of c, 1b, 2b, 3b, ss, lf, cf, rf once")
    if not any(c.kind == "pitcher" and c.starter is not None for c in club.cards):
        raise InputError(source, None, "ratings", "no starting pitcher (ratings: start=N)")
    return ClubFile(club.code, club.name, club.league, club.division, text, source)


__all__ = ["ClubFile", "read_club"]
