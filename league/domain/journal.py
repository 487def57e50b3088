"""The commissioner's journal: who did what, why, and what it changed.

Each commissioner command appends one entry, saved in the same transaction as
the events it caused, with the details undo needs (which games, which
teams, the league version before).  ``league history`` reads it; ``league undo`` walks it
backwards and writes compensating events (nothing is ever removed).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from league.domain import ids, topics
from league.domain.base import LeagueAggregate

# Re-exported: `league history` reads them on a read model without this module (and eventsourcing).
from league.domain.journal_details import games_named, undone_entries, what_changed  # noqa: F401


class Journal(LeagueAggregate):
    TOPIC = topics.JOURNAL

    class Created(LeagueAggregate.Created):
        TOPIC = topics.JOURNAL_CREATED

    @staticmethod
    def create_id() -> UUID:
        return ids.JOURNAL_ID

    @event("Started", topic=topics.JOURNAL_STARTED)
    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []

    @event("CommandRecorded", topic=topics.JOURNAL_COMMAND_RECORDED)
    def record(
        self,
        command: str,
        actor: str,
        reason: str,
        at: str,
        details: dict[str, Any],
        undoes: int | None = None,
    ) -> None:
        self.entries.append(
            {
                "entry": len(self.entries) + 1,
                "command": command,
                "actor": actor,
                "reason": reason,
                "at": at,
                "details": details,
                "undoes": undoes,
            }
        )

    def undone(self) -> set[int]:
        return undone_entries(self.entries)

    def open_games(self) -> dict[str, bool | None]:
        """Every game a command saved: left in progress (True), not (False), or not recorded (None).

        Entries written before the journal kept ``open`` say nothing (None),
        except a sim's, which finishes every game it saves, and those of
        commands that never set a game up (a schedule import names every game
        of the season: leaving those unknown made each dispute load them all).
        """
        state: dict[str, bool | None] = {}
        for e in self.entries:
            d = e["details"]
            known = d.get("open")
            if known is None and e["command"] in LEAVE_NOTHING_OPEN:
                known = []
            for game in games_named(d):
                state[game] = None if known is None else game in known
        return state

    def run_of(self, entry: dict[str, Any]) -> list[dict[str, Any]]:
        """The entries of the command ``entry`` belongs to: the parts of its sim run, or itself.

        A sim saves (and journals) about a week at a time; entries of one run
        share its ``run`` number (the entry number of its first part).
        """
        run = entry["details"].get("run")
        if entry["command"] != "sim" or run is None:
            return [entry]
        done = self.undone()
        return [e for e in self.entries
                if e["command"] == "sim" and e["details"].get("run") == run and e["entry"] not in done]

    def last_undoable(self) -> dict[str, Any] | None:
        """The latest entry that is neither an undo nor already undone."""
        done = self.undone()
        for e in reversed(self.entries):
            if e["undoes"] is None and e["entry"] not in done:
                return e
        return None


# Commands whose entries name games without ever leaving one in progress.
LEAVE_NOTHING_OPEN = ("sim", "init", "teams import", "schedule import")
