"""Each game's status, folded from the log's game events, is the same however the store reads them.

On SQLite the sim reads only the events' topics (``select_topics``) and the
payloads of rewinds and reinstatements, which alone say what status they
leave; elsewhere every event comes whole (``select_notifications``).  A
season with a game rewound to its start, one rewound mid-way, one voided
and one voided then restored by undo must give the same statuses both ways.
"""

from __future__ import annotations

import pytest

from tests.integration.test_tamper_evidence import season


def test_statuses_from_topics_equal_statuses_from_whole_events(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = season(db_url)  # three clubs, nine games, all played
    games = app.league().games
    played = sorted((g for g, s in app.game_statuses().items() if s == "final"),
                    key=lambda g: (games[g]["date"], games[g]["number"]))
    to_start, voided, restored, mid_way = played[-4:]
    # Earliest first, each with its later games re-resolved from their own rolls (--cascade).
    app.rewind(to_start, 1, reason="start again", actor="test", cascade=True)
    app.void(voided, reason="wrong roster", actor="test", cascade=True)
    app.void(restored, reason="oops", actor="test", cascade=True)
    app.undo(reason="the void was a mistake", actor="test")  # a Reinstated event
    last_roll = max(app.game(mid_way).active_positions())
    app.rewind(mid_way, last_roll, reason="misread", actor="test")  # the last game: nothing depends on it

    found = app.game_statuses()
    assert [found[g] for g in (to_start, voided, restored, mid_way)] == ["scheduled", "void", "final", "in progress"]
    assert all(found[g] == "final" for g in played[:-4])
    assert set(found) <= set(games)

    # The same statuses from every event read whole (what PostgreSQL's recorder gives).
    monkeypatch.setattr(type(app.recorder), "select_topics", None, raising=False)
    assert app.game_statuses() == found
    app.close()
