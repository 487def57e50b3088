"""Pitcher usage limits over simulated seasons, and old-version games that still audit.

The limits are checked from the finished games' outcomes (league.reports.pitcher_usage),
independently of the Staff history the engine decides from.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.application.audit import audit
from league.bootstrap import open_app
from league.adapters.schedule import balanced_schedule
from league.rules.pennant_race.sheetgen import generate_sheet
from league.reports.pitcher_usage import LIMITS, breaches, league_outings, season_usage
from league.rules.pennant_race import engine

TEAMS = [("AAA", "AL", "East"), ("BBB", "AL", "East"), ("CCC", "AL", "West"), ("DDD", "AL", "West")]


def simulate(url: str, seed: int, sheet_seed: int, ruleset: str, games: int) -> Any:
    app = open_app(url)
    app.create_league(name="usage", ruleset=ruleset, seed=str(seed), actor="test")
    sheets = [generate_sheet(c, c, lg, div, seed=sheet_seed + i) for i, (c, lg, div) in enumerate(TEAMS)]
    app.import_teams([(s, s.code) for s in sheets], actor="test")
    app.import_schedule(balanced_schedule([t[0] for t in TEAMS], games, dt.date(1988, 4, 4), seed=seed),
                        source="balanced", actor="test")
    app.simulate()
    return app


def all_breaches(app: Any, ruleset: str) -> list[str]:
    return [b for p in season_usage(league_outings(app)).values() for b in breaches(p, LIMITS[ruleset])]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), sheet_seed=st.integers(0, 10**6),
       ruleset=st.sampled_from(["pennant-race", "relief-defense"]))
def test_no_pitcher_goes_beyond_the_usage_limits(tmp_path: Path, seed: int, sheet_seed: int, ruleset: str) -> None:
    app = simulate(str(tmp_path / f"{seed}-{sheet_seed}-{ruleset}.db"), seed, sheet_seed, ruleset, 60)
    try:
        assert all_breaches(app, ruleset) == []
    finally:
        app.close()


def test_a_season_played_before_the_limits_still_audits(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Play the season as a build before the usage limits did: version 1.
    with monkeypatch.context() as m:
        m.setitem(engine.RULESET_VERSION, "pennant-race", "1")
        app = simulate(db_url, 7, 11, "pennant-race", 60)
    try:
        played = [app.game(g) for g in app.league().games]
        assert {g.ruleset_version for g in played} == {"1"}
        # Version 1 overworks the best relievers, so a replay with the limits would differ...
        assert any("appearances in 7 days" in b for b in all_breaches(app, "pennant-race"))
        # ...yet this build replays each game under the version it was played with.
        report = audit(app)
        assert report.ok, report.problems
        assert report.games == len(played)
    finally:
        app.close()


def test_a_strat_season_rests_relievers_by_27_64_and_the_limits() -> None:
    from league.application.app import LeagueApp
    from league.rules.strat.team_file import read_card_team
    from league.rules.strat.roster import CARD_SET

    clubs = ("ANV", "BRK", "CDR", "DUN")
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("T", "strat-o-matic", "usage")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in clubs], actor="t")
    app.import_schedule(balanced_schedule(list(clubs), 30, dt.date(2024, 4, 1), seed=3), "b", "t")
    app.simulate()
    assert all_breaches(app, "strat-o-matic") == []
    reasons = [r["reason"] for g in app.league().games for side in ("visitor", "home")
               for r in app.game(g).setup[side]["resting"]]
    assert any("27.64" in r for r in reasons)  # the two-day rule did rest someone
