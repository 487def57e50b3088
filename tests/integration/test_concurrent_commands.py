"""Two commissioners at once: the second command to commit is refused whole."""

from __future__ import annotations

import datetime as dt

import pytest
from eventsourcing.persistence import IntegrityError

from league.bootstrap import open_app
from league.adapters.schedule import balanced_schedule
from league.rules.pennant_race.sheetgen import generate_sheet


def test_a_conflicting_append_saves_nothing(db_url: str) -> None:
    first = open_app(db_url)
    first.create_league(name="c", ruleset="pennant-race", seed="1", actor="a")
    sheets = [generate_sheet(c, c, "AL", "East", seed=i) for i, c in enumerate(("AAA", "BBB"))]
    first.import_teams([(s, s.code) for s in sheets], actor="a")
    first.import_schedule(balanced_schedule(["AAA", "BBB"], 4, dt.date(1988, 4, 4), seed=1), "b", "a")
    second = open_app(db_url)
    games = sorted(first.league().games)
    # step: both load the journal and the staffs, then the first commits
    league_a, league_b = first.league(), second.league()
    assert league_a.version == league_b.version
    first.play([games[0]], actor="a")
    before = first.recorder.max_notification_id()
    # step: the second, working from the same versions, conflicts on commit
    with pytest.raises(IntegrityError):
        stale_journal = second.repository.get(first.journal().id, version=first.journal().version - 1)
        stale_journal.record(command="play", actor="b", reason="", at="now", details={}, undoes=None)
        second.save(stale_journal)
    assert first.recorder.max_notification_id() == before
