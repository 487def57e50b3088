"""Player names for screens: a card game's box lines and views hold card ids.

A Strat-O-Matic game records players by card id (``DUN03``), which stays
exact when two players share a name; people read names.  The names are on
the cards the League aggregate keeps as each club's sheet, so every screen
asks here.  Pennant Race sheets already name their players: no map.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

_OPENING = re.compile(r"^(?:BATTER|PITCHER)\s+(\S+)")
_CARD_ID = re.compile(r"\b[A-Z][A-Z0-9]{1,3}\d{2}\b")


def player_names(league: Any) -> dict[str, str]:
    """Card id -> the name on the card, for every club's cards (empty for sheet leagues).

    A scan for each card's opening line and its ``name:`` field, not a full
    parse: the cards were checked when imported, and a screen should not pay
    for parsing a league's every reading (half a second for 192 cards).
    """
    names: dict[str, str] = {}
    for sheet in league.sheets.values():
        card = None
        for line in ((sheet or {}).get("cards") or "").splitlines():
            m = _OPENING.match(line)
            if m:
                card = m[1]
            elif card and line.startswith("name:"):
                names[card] = line.partition(":")[2].split("#", 1)[0].strip()
                card = None
    return names


def named_rows(rows: Iterable[dict[str, Any]], names: dict[str, str], keys: Iterable[str],
               for_machines: bool) -> list[dict[str, Any]]:
    """Rows naming the players in ``keys``.

    For people the name replaces the card id; for machines (``--json``) the id
    stays where it was and ``<key>_name`` is added beside it.  Without names
    (a Pennant Race league) the rows come back unchanged.
    """
    if not names:
        return list(rows)
    keys = tuple(keys)
    out = []
    for r in rows:
        r = dict(r)
        for k in keys:
            if r.get(k) in names:
                if for_machines:
                    r[f"{k}_name"] = names[r[k]]
                else:
                    r[k] = names[r[k]]
        out.append(r)
    return out


def named_text(text: str, names: dict[str, str]) -> str:
    """A line of text with every card id in it replaced by the player's name."""
    if not names:
        return text
    return _CARD_ID.sub(lambda m: names.get(m[0], m[0]), text)


def short_name(name: str) -> str:
    """"Orval Ormsby" -> "O. Ormsby": fits a box score's narrow name column."""
    first, _, last = name.partition(" ")
    return f"{first[:1]}. {last}" if last else name
