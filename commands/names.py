"""Player names for screens: a card game's box lines and views hold card ids.

A Strat-O-Matic game records players by card id (``DUN03``), which stays
exact when two players share a name; people read names.  The names are on
the cards the League aggregate keeps as each club's sheet, so every screen
asks here.  Pennant Race sheets already name their players: no map.
"""

from __future__ import annotations

from typing import Any, Iterable



def player_names(league: Any) -> dict[str, str]:
    """Card id -> the name on the card, for every club's cards (empty for sheet leagues)."""
    from league.rules.strat.cards import card_names

    names: dict[str, str] = {}
    for sheet in league.sheets.values():
        names.update(card_names((sheet or {}).get("cards") or ""))
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


def short_name(name: str) -> str:
    """"Orval Ormsby" -> "O. Ormsby": fits a box score's narrow name column."""
    first, _, last = name.partition(" ")
    return f"{first[:1]}. {last}" if last else name
