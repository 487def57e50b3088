"""A long command's parts written on a thread while the command goes on.

``league sim`` saves a season a part at a time (about a week of games, one
transaction each, see :meth:`league.application.app.LeagueApp.simulate`).
Writing a part -- the rows, the commit, the snapshots -- used to stop the
simulation: the workers playing the next days waited while the one process
wrote.  Here the part's events are collected at once, in the command's
thread (so later changes to the same aggregates, such as the next day's
pitcher usage on a club's Staff, cannot leak into it), and written on a
thread while the next days are played.  Parts are still written one at a
time and in order: a part waits for the one before it, and a failed write
(another commissioner's command got there first) is raised in the command
at its next save or at the end, before anything after it is written.  A
crash keeps every part written before it, as before.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Any, Mapping, Protocol

from league.adapters.logging import get_logger

log = get_logger("league.save")


class Saving(Protocol):
    """What is written through: an eventsourcing Application (its public save and snapshots)."""

    @property
    def snapshotting_intervals(self) -> Mapping[Any, int]: ...

    @property
    def snapshotting_projectors(self) -> Mapping[Any, Any]: ...

    def save(self, *objs: Any) -> Any: ...

    def take_snapshot(self, aggregate_id: Any, version: int | None = None, projector_func: Any = ...) -> None: ...


class BackgroundSave:
    """Saves an application's aggregates on a thread, one part at a time; a context manager."""

    def __init__(self, app: Saving) -> None:
        self.app = app
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None

    def save(self, *aggregates: Any) -> None:
        """Collect the aggregates' new events now; write them once the part before is written."""
        events: list[Any] = []
        kinds: dict[Any, Any] = {}
        for aggregate in aggregates:
            kinds[aggregate.id] = type(aggregate)
            events.extend(aggregate.collect_events())
        self.wait()
        self._thread = threading.Thread(target=self._write, args=(events, kinds), name="league-save")
        self._thread.start()

    def _write(self, events: list[Any], kinds: dict[Any, Any]) -> None:
        # The library's public seams only: save() takes the events themselves, and the snapshots it would
        # have taken of the aggregates (an event at a multiple of the class's interval) are taken by id.
        try:
            self.app.save(*events)
            for event in events:
                kind = kinds.get(event.originator_id)
                interval = self.app.snapshotting_intervals.get(kind) if kind is not None else None
                if interval and event.originator_version % interval == 0:
                    project = self.app.snapshotting_projectors.get(kind)
                    if project is None:
                        self.app.take_snapshot(event.originator_id, version=event.originator_version)
                    else:
                        self.app.take_snapshot(event.originator_id, version=event.originator_version,
                                               projector_func=project)
        except BaseException as e:  # raised in the command's thread by wait()
            self._error = e

    def wait(self) -> None:
        """Until the part being written is written; its error, if it failed."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def __enter__(self) -> BackgroundSave:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is None:
            self.wait()
            return
        # The command failed: the part in flight is finished (or fails) before
        # its error is raised; the command's own error is the one reported.
        try:
            self.wait()
        except BaseException as failed:
            log.warning("save.part_failed", error=repr(failed))
