"""league sim writes its parts on a thread: in order, as they were when handed over, failures not lost."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from league.application.background_save import BackgroundSave
from league.domain.journal import Journal


class FakeApp:
    """Records what each write received; the writes numbered in ``fail`` raise."""

    def __init__(self, fail: tuple[int, ...] = ()) -> None:
        self.parts: list[list[int]] = []
        self.fail = fail
        self.gate = threading.Event()
        self.gate.set()

    def _record(self, part: Any) -> list[Any]:
        self.gate.wait()
        if len(self.parts) + 1 in self.fail:
            self.parts.append([])
            raise RuntimeError(f"write {len(self.parts)} refused")
        self.parts.append([e.originator_version for e in part.events])
        return []

    def _take_snapshots(self, part: Any) -> None:
        pass

    def _notify(self, recordings: Any) -> None:
        pass


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
