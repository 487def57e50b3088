"""A sample league on a real store, for projection integration tests."""

from __future__ import annotations

import datetime
from typing import Any

from league.bootstrap import open_app
from league.data import data_path
from league.rules.pennant_race.sheet import read_sheet
from league.adapters.schedule import read_schedule
from projections.migrate import upgrade


def demo_league(url: str, seed: str = "1988") -> Any:
    """The shipped 8-team league and its 504-game schedule, nothing played yet."""
    app = open_app(url)
    app.create_league(name="Test League", ruleset="pennant-race", seed=seed, actor="test")
    upgrade(app.store)
    sheets = sorted(data_path("teams").glob("*.tsv"))
    app.import_teams([(read_sheet(p, source=p.name), p.name) for p in sheets], actor="test")
    schedule = data_path("schedules", "demo.csv")
    app.import_schedule(read_schedule(schedule, known_teams=set(app.league().sheets)), source=schedule.name,
                        actor="test")
    return app


def season_dates(app: Any) -> list[datetime.date]:
    return sorted({datetime.date.fromisoformat(g["date"]) for g in app.league().games.values()})


def relevant_events(app: Any, topics: tuple[str, ...]) -> int:
    n, start = 0, 1
    while True:
        batch = app.recorder.select_notifications(start, 10000, topics=topics)
        n += len(batch)
        if len(batch) < 10000:
            return n
        start = batch[-1].id + 1
