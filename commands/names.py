"""Player names for screens: a card game's box lines and views hold card ids.

A card game records players by card id (``DUN03``), which stays exact
when two players share a name; people read names.  The league's rule
system reads them from the team files the League aggregate keeps
(``Ruleset.player_names``), so every screen asks here.  Roster sheets
already name their players: no map.
"""

from __future__ import annotations

from typing import Any, Iterable


def player_names(league: Any) -> dict[str, str]:
    """Player id -> name, for every club (empty where the games record names)."""
    from league import registry

    rules = registry.ruleset(league.ruleset)
    names: dict[str, str] = {}
    for sheet in league.sheets.values():
        names.update(rules.player_names(sheet or {}))
    return names


def league_player_names(ctx: Any) -> dict[str, str]:
    """The league's player names: from the league view when it is current, else from the League aggregate.

    A view command knows (``ctx.direct``, ``commands.views.fresh``); one that reads
    aggregates asks (:func:`projections.current.current`, always False with
    ``LEAGUE_FAST_READS=0``).  The aggregate's names need the rule system.
    """
    from projections.current import current

    if ctx.direct or (not ctx.has_app and current(ctx.store)):
        from projections.queries.league import player_names as viewed

        return viewed(ctx.store)
    return player_names(ctx.reader.league())


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
