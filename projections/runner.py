"""The exactly-once projection runner.

One transaction per batch: lock the views' tracking rows, read the log after
the lowest position (filtered by the views' topics in SQL, so other events
are never fetched or decoded), hand each event to every view that is behind
it, write each view's new position, commit.  Rows and positions commit
together, so a crash anywhere resumes from the last commit and no event is
applied twice.  The locks (``SELECT ... FOR UPDATE`` on PostgreSQL, taken in
view-name order so runners cannot deadlock; ``BEGIN IMMEDIATE`` on SQLite)
make several runners on one database safe: the second waits, then reads the
positions the first wrote.  All views share one pass over the log.

When nothing is behind -- the schema at its head revision, every view at
the log's last event -- :func:`catch_up` learns it from two plain SELECTs
and returns: a read command then loads neither alembic nor the view
handlers, and takes no write lock (:mod:`projections.heads`).  The heavy
imports sit in the functions that need them.  A read command on SQLite
asks :func:`projections.current.current` first, which needs neither this
module nor SQLAlchemy.
"""

from __future__ import annotations

import gc
import os
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from sqlalchemy import Connection, Engine, select, update

from league.adapters.logging import get_logger
from projections.db import engine_for, immediate
from league.adapters.store import Store
from projections.eventlog import EventLog, log_for
from projections.heads import HEAD_REVISION, VIEW_NAMES
from projections.migrate import ensure_schema, revision_on
from projections.tables import tracking

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication
    from projections.view import NotificationLike, View

# Events per transaction.  Large batches make a rebuild fast (per-commit cost
# dominates); tests set LEAGUE_PROJECTION_BATCH small to get many commits.
BATCH_SIZE = int(os.environ.get("LEAGUE_PROJECTION_BATCH", "5000"))
log = get_logger("projections.runner")


def catch_up(app: "LeagueApplication", views: Iterable[str] | None = None) -> dict[str, int]:
    """Apply every new event to every view; returns events applied per view.

    Set ``LEAGUE_PROJECTIONS=external`` when ``league projections follow``
    processes keep the views (PostgreSQL): the CLI then leaves them alone.
    """
    if os.environ.get("LEAGUE_PROJECTIONS") == "external":
        return {}
    return _catch_up(app, views)


def rebuild(app: "LeagueApplication", views: Iterable[str] | None = None) -> dict[str, int]:
    """Empty the views and apply the whole log again from the first event.

    The views are emptied in the transaction of the first batch: a rebuild
    stopped before that commits leaves the old rows, never empty views.
    """
    ensure_schema(app.store)
    out = run_views(engine_for(app.store), app.recorder, _select(views), reset=True)
    log.info("projections.rebuilt", events=out)
    return out


def status(app: "LeagueApplication") -> list[dict[str, Any]]:
    """Each view's position, the log head, and how far behind it is."""
    from projections.registry import VIEWS

    ensure_schema(app.store)
    head = app.recorder.max_notification_id() or 0
    with engine_for(app.store).connect() as conn:
        rows = {r.view: r for r in conn.execute(select(tracking))}
    out = []
    for v in VIEWS:
        r = rows.get(v.name)
        position = r.position if r is not None else 0
        out.append(
            {
                "view": v.name,
                "position": position,
                "head": head,
                "lag": max(head - position, 0),
                "applied": r.applied if r is not None else 0,
                "description": v.description,
            }
        )
    return out


def follow(
    app: "LeagueApplication",
    interval: float = 0.5,
    until_idle: bool = False,
    on_applied: Callable[[dict[str, int]], None] | None = None,
) -> None:
    """Keep the views caught up until stopped (or, with ``until_idle``, until caught up).

    Polls the log: SQLite's recorder cannot subscribe, and polling one max()
    every ``interval`` seconds is cheap on PostgreSQL too.
    """
    while True:
        # Not catch_up(): LEAGUE_PROJECTIONS=external means *this* process is the runner.
        applied = {k: n for k, n in _catch_up(app).items() if n}
        if applied and on_applied is not None:
            on_applied(applied)
        if not applied:
            if until_idle:
                return
            time.sleep(interval)


def _catch_up(app: "LeagueApplication", views: Iterable[str] | None = None) -> dict[str, int]:
    names = VIEW_NAMES if views is None else tuple(views)
    if _current(app.store, log_for(app.recorder), names):
        return dict.fromkeys(names, 0)
    ensure_schema(app.store)
    return run_views(engine_for(app.store), app.recorder, _select(views))


def _current(store: Store, log: Callable[[Connection], EventLog], names: Sequence[str]) -> bool:
    """Whether the schema is at its head and every view in ``names`` has the log's last event.

    Read without a lock: the log's head first, then the positions, so a
    view found at that head holds at least every event there was when the
    command began.  Anything unexpected (no schema yet, a view unknown to
    the database) answers False, and the runner's full path deals with it.
    """
    with engine_for(store).connect() as conn:
        if revision_on(conn) != HEAD_REVISION:
            return False
        head = log(conn).max_notification_id() or 0
        rows = conn.execute(select(tracking.c.view, tracking.c.position)).all()
    positions = {str(view): int(position) for view, position in rows}
    return all(positions.get(name, -1) >= head for name in names)


def run_views(
    engine: Engine, recorder: EventLog, views: Sequence[View], batch_size: int | None = None,
    reset: bool = False,
) -> dict[str, int]:
    """Bring the views up to the log head; returns events applied per view.

    With ``reset`` the views are first emptied and set back to position 0.
    """
    reader = log_for(recorder)
    batch_size = batch_size or BATCH_SIZE
    ordered = sorted(views, key=lambda v: v.name)  # one lock order for every runner
    totals = {v.name: 0 for v in views}
    while True:
        with _no_gc(), immediate(engine.connect()) as conn, conn.begin():
            positions = {v.name: _lock(conn, v.name) for v in ordered}
            if reset:
                for v in ordered:
                    v.reset(conn)
                    conn.execute(update(tracking).where(tracking.c.view == v.name).values(position=0, applied=0))
                    positions[v.name] = 0
                reset = False
            events = reader(conn)
            head = events.max_notification_id() or 0
            behind = [v for v in ordered if positions[v.name] < head]
            if not behind:
                return totals
            topics = sorted({t for v in behind for t in v.topics})
            start = min(positions[v.name] for v in behind)
            batch = events.select_notifications(start + 1, batch_size, stop=head, topics=topics)
            finished = len(batch) < batch_size
            # A short batch saw every matching event up to head: skip the rest of the gap.
            end = head if finished else batch[-1].id
            applied = _apply(conn, behind, positions, batch, end)
        for name, count in applied.items():
            totals[name] += count
        if finished:
            return totals


def _apply(
    conn: Connection, views: list[View], positions: dict[str, int], batch: Sequence[NotificationLike], end: int
) -> dict[str, int]:
    """Hand the batch to the views behind each event; write their positions; events applied per view."""
    from projections.view import Writer

    writers = {v.name: Writer(conn) for v in views}  # separate caches and buffers per view
    readers: dict[str, list[View]] = {}
    for v in views:
        for t in v.topics:
            readers.setdefault(t, []).append(v)
    applied = dict.fromkeys(writers, 0)
    for n in batch:
        for v in readers[n.topic]:
            if n.id > positions[v.name]:  # a view ahead of the others has this one already
                v.handle(writers[v.name], n)
                applied[v.name] += 1
    for v in views:
        writers[v.name].flush()
        conn.execute(
            update(tracking)
            .where(tracking.c.view == v.name)
            .values(position=end, applied=tracking.c.applied + applied[v.name])
        )
    return applied


@contextmanager
def _no_gc() -> Iterator[None]:
    """A batch allocates many small acyclic objects (rows, decoded payloads):
    the cyclic collector would scan them again and again for nothing."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _lock(conn: Connection, name: str) -> int:
    """Lock the view's tracking row (creating it at 0) and return its position."""
    from sqlalchemy.dialects.postgresql import insert as pg_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    query = select(tracking.c.position).where(tracking.c.view == name).with_for_update()
    position = conn.execute(query).scalar()
    if position is None:
        insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
        conn.execute(insert(tracking).values(view=name, position=0, applied=0).on_conflict_do_nothing())
        position = conn.execute(query).scalar_one()
    return int(position)


def _select(names: Iterable[str] | None) -> list[View]:
    from projections.registry import BY_NAME, VIEWS

    if names is None:
        return list(VIEWS)
    out = []
    for name in names:
        if name not in BY_NAME:
            from league.domain.errors import NotFoundError

            raise NotFoundError(f"no view {name!r} (views: {', '.join(BY_NAME)})")
        out.append(BY_NAME[name])
    return out
