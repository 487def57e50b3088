"""One game's record read straight from the store: its events and the state they leave in force.

``league game show`` and ``game log`` read one game.  Through the aggregate
that means the event-sourcing library, the mapper and the game's classes --
imports that alone cost as much as all of ``league --version``.
The game's own events are a few dozen rows of the events table, so here
they are read with the standard library's ``sqlite3`` (psycopg on
PostgreSQL), decompressed
(:mod:`league.adapters.event_bytes`) and decoded as the JSON they are, and
folded through the very life-cycle methods the aggregates call
(:class:`league.domain.lifecycle.GameLifecycle`): status, outcome, setup and
the positions in force (what ``active_positions`` says), which is all the
two commands read.

Anything this reader does not know -- a topic outside the game life cycle
(an old ``Created``), a value tagged with a type other than the timestamp,
no such game -- answers None, and the command takes the aggregate, which
says what is wrong when something is.  ``tests/e2e/test_fast_reads.py``
holds both paths to the same bytes, through corrections, voids and undos.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from types import SimpleNamespace
from typing import Any
from uuid import UUID

from league.adapters.event_bytes import decompress, read_topic
from league.domain import lifecycle as steps
from league.domain.lifecycle import IN_PROGRESS, GameLifecycle
from projections.rows import direct, direct_postgres

_TIMESTAMP = "timestamp"


class GameRecord(GameLifecycle):
    """A game's state in force, folded as its aggregate folds it (the entries keep only their positions)."""

    # The kind of box score it makes (league.domain.boxes), as the games view keeps it; None for a game
    # the view does not hold (its rule system says).
    box: str | None = None

    def __init__(self, record: str, started: SimpleNamespace) -> None:
        self.RECORD = record
        for k in ("game", "date", "number", "visitor", "home", "ruleset", "ruleset_version"):
            setattr(self, k, getattr(started, k))
        self.setup = started.setup
        self.setup_position = 1
        self.status = IN_PROGRESS
        setattr(self, record, [])
        self.outcome = None
        self.completed_position = 0
        self.version = 1
        self._began(started.dice_source, started.actor, position=1)

    def apply(self, step: str | None, e: SimpleNamespace) -> bool:
        """Fold one event (as the aggregate's method of that step); False for one this reader does not know."""
        self.version = e.originator_version - 1  # inside the aggregate's method, the version before the event
        if step == steps.ENTRY:
            self._record().append({"position": e.originator_version})
        elif step == steps.COMPLETED:
            self._completed(e.outcome)
        elif step == steps.RESTARTED:
            self._restarted(e.setup, e.dice_source, e.actor)
        elif step == steps.HANDS_CHANGED:
            self._handed(e.by)
        elif step == steps.HELD:
            self._was_held(e.reason, e.position, e.dispute)
        elif step == steps.HOLD_RELEASED:
            self._released()
        elif step == steps.REWOUND:
            self._rewound(e.to, e.to_start)
        elif step == steps.REINSTATED:
            self._reinstated(e.state)
        elif step == steps.VOIDED:
            self._voided()
        elif step != steps.INJURED:  # the game's injuries are kept for undo only: nothing shown reads them
            return False
        self.version = e.originator_version
        return True


def read_game(store: Any, game: str) -> tuple[GameRecord, list[SimpleNamespace]] | None:
    """The game's state in force and its events in order, or None (the caller reads the aggregate)."""
    gid, rows, box = _game_rows(store, game)
    if not rows:
        return None
    events: list[SimpleNamespace] = []
    record: GameRecord | None = None
    for version, stored_topic, state in rows:
        topic = read_topic(stored_topic)
        data = decompress(state)
        if data.count(b'"_type_"') != 1:  # only the timestamp is tagged in a game's events
            return None
        fields = json.loads(data)
        stamp = fields.get(_TIMESTAMP)
        if not isinstance(stamp, dict) or stamp.get("_type_") != "datetime_iso":
            return None
        fields[_TIMESTAMP] = datetime.datetime.fromisoformat(stamp["_data_"])
        e = SimpleNamespace(originator_id=gid, originator_version=version, stored_topic=topic, **fields)
        step = steps.STEPS.get(topic)
        kept = steps.record_of(topic)
        if record is None:
            if step != steps.STARTED or kept is None or version != 1:
                return None
            record = GameRecord(kept, e)
        else:
            if step != steps.INJURED and kept != record.RECORD:  # another game record's event
                return None
            if not record.apply(step, e):
                return None
        events.append(e)
    if record is None:
        return None
    record.box = box
    return record, events


def _game_rows(store: Any, game: str) -> tuple[UUID, list[tuple[int, str, bytes]], str | None]:
    """The game's id, its rows of the events table (version, stored topic, stored state) in order, and
    the kind of box score the games view says it makes.

    The game's id as the games view keeps it (its events' originator): deriving it (a name-based
    UUID) loads hashlib, a tenth of this command's own time.  A game the view lacks is derived.
    """
    if store.kind == "postgresql":
        import psycopg

        with direct_postgres(store) as pg:
            try:
                with pg.transaction():  # a savepoint: the read goes on after a missing view
                    known = pg.execute("SELECT game_uuid, box FROM rm_games WHERE game_id = %s",
                                       (game,)).fetchall()
            except psycopg.Error:  # no views yet
                known = []
            gid = UUID(hex=known[0][0]) if len(known) == 1 else _game_id(game)
            rows = pg.execute(f'SELECT originator_version, topic, state FROM "{store.events_table}" '
                              "WHERE originator_id = %s ORDER BY originator_version", (gid,)).fetchall()
        return gid, rows, known[0][1] if len(known) == 1 else None
    with direct(store.path or "") as conn:
        try:
            known = conn.execute("SELECT game_uuid, box FROM rm_games WHERE game_id = ?", (game,)).fetchall()
        except sqlite3.Error:  # no views yet
            known = []
        gid = UUID(hex=known[0][0]) if len(known) == 1 else _game_id(game)
        # A database keeps an aggregate's id as 16 bytes or (written before) as hexadecimal text.
        rows = conn.execute(f'SELECT originator_version, topic, state FROM "{store.events_table}" '
                            "WHERE originator_id IN (?, ?) ORDER BY originator_version",
                            (gid.bytes, gid.hex)).fetchall()
    return gid, rows, known[0][1] if len(known) == 1 else None


def _game_id(game: str) -> UUID:
    from league.domain import ids

    return ids.game_id(game)
