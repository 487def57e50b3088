"""league sim writes its parts on a thread: in order, as they were when handed over, failures not lost."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from league.application.background_save import BackgroundSave
from league.domain.journal import Journal


class FakeApp:
    """Records what each write received; the writes numbered in ``fail`` raise."""

    snapshotting_intervals = {Journal: 3}
    snapshotting_projectors: dict[Any, Any] = {}

    def __init__(self, fail: tuple[int, ...] = ()) -> None:
        self.parts: list[list[int]] = []
        self.snapshots: list[int] = []
        self.fail = fail
        self.gate = threading.Event()
        self.gate.set()

    def save(self, *objs: Any) -> list[Any]:
        """As the library's save: each object's events, from its collect_events()."""
        self.gate.wait()
        if len(self.parts) + 1 in self.fail:
            self.parts.append([])
            raise RuntimeError(f"write {len(self.parts)} refused")
        self.parts.append([e.originator_version for obj in objs for e in obj.collect_events()])
        return []

    def take_snapshot(self, aggregate_id: Any, version: int | None = None, projector_func: Any = None) -> None:
        assert version is not None
        self.snapshots.append(version)


def _entry(journal: Journal, n: int) -> None:
    journal.record(command=f"sim {n}", actor="t", reason="", at="2024-04-01T00:00:00", details={})


def test_a_part_is_written_as_it_was_handed_over_and_parts_in_order() -> None:
    app, journal = FakeApp(), Journal()
    app.gate.clear()  # the first write waits while the command goes on
    with BackgroundSave(app) as writer:
        _entry(journal, 1)
        writer.save(journal)
        _entry(journal, 2)  # made while part 1 is still being written
        _entry(journal, 3)
        app.gate.set()
        writer.save(journal)
    assert app.parts == [[1, 2], [3, 4]]
    assert app.snapshots == [3]  # the version at the class's interval, after its part was written


def test_a_failed_write_is_raised_at_the_next_save_and_nothing_after_it_is_written() -> None:
    app, journal = FakeApp(fail=(1,)), Journal()
    with pytest.raises(RuntimeError, match="write 1 refused"):
        with BackgroundSave(app) as writer:
            _entry(journal, 1)
            writer.save(journal)
            _entry(journal, 2)
            writer.save(journal)  # raises part 1's failure before part 2 is written
    assert app.parts == [[]]


def test_a_failed_last_write_is_raised_when_the_command_ends() -> None:
    app, journal = FakeApp(fail=(1,)), Journal()
    with pytest.raises(RuntimeError, match="write 1 refused"):
        with BackgroundSave(app) as writer:
            _entry(journal, 1)
            writer.save(journal)
