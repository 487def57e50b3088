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


class Collected:
    """An aggregate's new events, collected when its part was handed over: what ``save`` collects from."""

    __slots__ = ("id", "kind", "events")

    def __init__(self, aggregate_id: Any, kind: type, events: list[Any]) -> None:
        self.id = aggregate_id
        self.kind = kind
        self.events = events

    def collect_events(self) -> list[Any]:
        return self.events


class BackgroundSave:
    """Saves an application's aggregates on a thread, one part at a time; a context manager."""

    def __init__(self, app: Saving) -> None:
        self.app = app
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None

    def save(self, *aggregates: Any) -> None:
        """Collect the aggregates' new events now; write them once the part before is written."""
        part = [Collected(a.id, type(a), list(a.collect_events())) for a in aggregates]
        self.wait()
        self._thread = threading.Thread(target=self._write, args=(part,), name="league-save")
        self._thread.start()

    def _write(self, part: list[Collected]) -> None:
        # The library's public seams only: save() takes what has events to collect (each aggregate's, as
        # collected when it was handed over), and the snapshots it would have taken of the aggregates (an
        # event at a multiple of the class's interval) are taken by id.
        try:
            self.app.save(*part)
            for collected in part:
                self._snapshots(collected)
        except BaseException as e:  # raised in the command's thread by wait()
            self._error = e

    def _snapshots(self, collected: Collected) -> None:
        kind = collected.kind
        interval = self.app.snapshotting_intervals.get(kind)
        if not interval:
            return
        project = self.app.snapshotting_projectors.get(kind)
        for event in collected.events:
            if event.originator_version % interval != 0:
                continue
            if project is None:
                self.app.take_snapshot(collected.id, version=event.originator_version)
            else:
                self.app.take_snapshot(collected.id, version=event.originator_version, projector_func=project)

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
