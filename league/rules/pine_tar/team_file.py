"""A club's Pine Tar card file as a registrable team (``league teams import``).

The League keeps the file's text, so the cards a game was played with are in
the log and nothing depends on files staying put.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from league.adapters.textfile import read_text
from league.domain.errors import InputError
from league.rules.pine_tar.cards import parse_cards

_TITLE = re.compile(r"^#\s*(.+?)\s*\(([A-Z0-9]{2,4})\)")
_META = re.compile(r"^#\s*(league|division):\s*(.+?)\s*$")


@dataclass(frozen=True)
class PineTarTeam:
    code: str
    name: str
    league: str
    division: str
    text: str
    source: str

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "league": self.league, "division": self.division,
                "pitchers": [], "kind": "pine-tar-cards", "cards": self.text, "source": self.source}


def read_team_text(text: str, source: str) -> PineTarTeam:
    cards = parse_cards(text, source)
    teams = sorted({c.team for c in cards})
    if len(teams) != 1:
        raise InputError(source, None, "team", f"a card file holds one club's cards, found {teams or 'none'}")
    code = teams[0]
    batters = [c for c in cards if c.kind == "batter"]
    if len(batters) < 9:
        raise InputError(source, None, "positions", "a club needs nine batters: eight fielders in card order "
                         "and a ninth (the DH, or the first man on the bench)")
    placed = [c.fielding[0].position for c in batters[:8]]
    if sorted(placed) != sorted(["c", "1b", "2b", "3b", "ss", "lf", "cf", "rf"]):
        raise InputError(source, None, "positions", "the first eight batters' first positions must be "
                         f"c, 1b, 2b, 3b, ss, lf, cf and rf once each, found {', '.join(placed)}")
    if not any(c.kind == "pitcher" and c.starter is not None for c in cards):
        raise InputError(source, None, "role", "no starting pitcher (role: S)")
    lines = text.splitlines()
    m = _TITLE.match(lines[0]) if lines else None
    meta: dict[str, str] = {mm[1]: mm[2] for ln in lines[:10] if (mm := _META.match(ln))}
    return PineTarTeam(code, m[1] if m and m[2] == code else code, meta.get("league", ""),
                       meta.get("division", ""), text, source)


def read_team(path: Path, source: str | None = None) -> PineTarTeam:
    source = source or str(path)
    return read_team_text(read_text(path, "card file", source), source)


__all__ = ["PineTarTeam", "read_team", "read_team_text"]
