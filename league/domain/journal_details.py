"""What a journal entry's details name, in plain Python (no event-sourcing library).

``league history`` reads the journal from a read model when the views are
current (so that a read command costs little more than start-up), so the words it
prints for an entry must not need the Journal aggregate's module.
"""

from __future__ import annotations

from typing import Any, Iterable


def what_changed(details: dict[str, Any]) -> str:
    """A journal entry's subject in a few words: its game, how many games, its clubs or its source."""
    named = games_named(details)
    return details.get("game") or (f"{len(named)} game(s)" if named else ", ".join(details.get("teams", []))
                                   or details.get("source", ""))


def games_named(details: dict[str, Any]) -> list[str]:
    """The games a journal entry's details name (a command's games, or the one it rewound and its cascade)."""
    named = dict.fromkeys(details.get("games") or ())
    named.update(dict.fromkeys(details.get("games_before") or {}))
    if "game" in details:
        named[details["game"]] = None
    return list(named)


def undone_entries(entries: Iterable[dict[str, Any]]) -> set[int]:
    """The numbers of the entries an undo took back (all the parts of an undone sim run)."""
    out = set()
    for e in entries:
        if e["undoes"] is not None:
            out.add(e["undoes"])
            out.update(e["details"].get("parts", ()))  # the other parts of an undone sim run
    return out
