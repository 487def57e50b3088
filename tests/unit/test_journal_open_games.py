"""The journal says which games a command left in progress, so a dispute loads only those."""

from __future__ import annotations

from league.domain.journal import Journal

SEASON = [f"TEX19880{4 + d // 30}{d % 30 + 1:02d}0" for d in range(60)]


def _journal(*entries: tuple[str, dict[str, object]]) -> Journal:
    j = Journal()
    for command, details in entries:
        j.record(command=command, actor="commissioner", reason="", at="1988-04-01T00:00:00", details=details)
    return j


def test_a_schedule_import_leaves_none_of_its_games_in_doubt() -> None:
    # An entry of an older version has no "open" list; a schedule import names every game.
    j = _journal(("init", {"name": "x"}), ("schedule import", {"games": SEASON}))
    assert set(j.open_games().values()) == {False}


def test_a_game_started_by_hand_after_the_import_is_known_to_be_open() -> None:
    j = _journal(("schedule import", {"games": SEASON}), ("game start", {"game": SEASON[3], "open": [SEASON[3]]}))
    state = j.open_games()
    assert state[SEASON[3]] is True
    assert [g for g, left_open in state.items() if left_open is not False] == [SEASON[3]]


def test_an_older_entry_of_a_command_that_can_leave_a_game_open_stays_unknown() -> None:
    j = _journal(("schedule import", {"games": SEASON}), ("rewind", {"game": SEASON[0], "to": 3}))
    assert j.open_games()[SEASON[0]] is None
