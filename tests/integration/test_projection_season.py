"""A whole simulated season: incremental views equal a rebuild, and the stats add up."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from sqlalchemy import select

from projections import queries
from projections.db import dispose_all, engine_for
from projections.registry import VIEWS
from projections.runner import catch_up, rebuild, status
from projections.snapshot import snapshot
from projections.tables import box_pitching, box_team, tracking
from tests.integration.projection_league import demo_league, relevant_events, season_dates


@pytest.fixture
def season(db_url: str) -> Iterator[Any]:
    # step: a league, then the season in chunks with a catch-up after each (the CLI's rhythm)
    app = demo_league(db_url)
    catch_up(app)
    dates = season_dates(app)
    for through in (dates[5], dates[len(dates) // 2], dates[-1]):
        app.simulate(through=through, actor="test")
        catch_up(app)
    yield app
    app.close()
    dispose_all()


def test_rebuilt_views_equal_the_incremental_ones(season: Any) -> None:
    incremental = snapshot(season.store)
    assert len(incremental["rm_box_team"]) == 2 * 504
    rebuild(season)
    assert snapshot(season.store) == incremental


def test_each_event_was_applied_exactly_once(season: Any) -> None:
    with engine_for(season.store).connect() as conn:
        applied = {r.view: r.applied for r in conn.execute(select(tracking))}
    for view in VIEWS:
        assert applied[view.name] == relevant_events(season, view.topics), view.name
    assert {s["lag"] for s in status(season)} == {0}


def test_a_seasons_pitching_stats_add_up(season: Any) -> None:
    pitchers = queries.pitching_stats(season.store)
    teams = queries.team_pitching(season.store)
    games = 504
    for t in teams:
        mine = [p for p in pitchers if p["team"] == t["team"]]
        assert t["er"] == sum(p["er"] for p in mine)
        assert t["outs"] == sum(p["outs"] for p in mine)
        assert sum(p["gs"] for p in mine) == t["g"]
    assert sum(p["w"] for p in pitchers) == sum(p["l"] for p in pitchers) == games
    assert sum(p["sv"] for p in pitchers) <= _save_situations(season)
    standings = queries.standings(season.store)
    assert sum(r["w"] for r in standings) == sum(r["l"] for r in standings) == games
    assert sum(r["rf"] for r in standings) == sum(r["ra"] for r in standings)


def test_listings_have_the_promised_json_fields(season: Any) -> None:
    row = queries.standings(season.store)[0]
    assert {"team", "league", "division", "w", "l", "pct", "gb", "rf", "ra"} <= set(row)
    assert row["gb"] == "-" and row["pct"].endswith(tuple("0123456789")) and "." in row["pct"]
    p = queries.pitching_stats(season.store)[0]
    assert {"pitcher", "team", "g", "gs", "w", "l", "sv", "ip", "er", "era"} <= set(p)
    whole, _, thirds = p["ip"].partition(".")
    assert whole.isdigit() and thirds in ("0", "1", "2")
    cal = queries.pitcher_calendar(season, "TEX")
    assert cal["starters"] and cal["relievers"]
    assert queries.leaders(season.store, "era", min_ip="100")


def _save_situations(app: Any) -> int:
    """Games not completed by the winner's starter and decided by three runs or fewer."""
    with engine_for(app.store).connect() as conn:
        winners = conn.execute(select(box_team).where(box_team.c.won)).all()
        cg = {(r.game_key, r.team) for r in conn.execute(select(box_pitching).where(box_pitching.c.cg))}
    return sum(1 for w in winners if w.runs - w.opp_runs <= 3 and (w.game_key, w.team) not in cg)


def test_a_rebuild_that_fails_part_way_leaves_the_old_views(season: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    before = snapshot(season.store)
    boxscores = next(v for v in VIEWS if v.name == "boxscores")
    handled = 0

    def fails_at_the_hundredth(w: Any, n: Any) -> None:
        nonlocal handled
        handled += 1
        if handled == 100:
            raise RuntimeError("disk full")
        original(w, n)

    original = boxscores.handlers["league:Game.Completed"]
    monkeypatch.setitem(boxscores.handlers, "league:Game.Completed", fails_at_the_hundredth)
    with pytest.raises(RuntimeError, match="disk full"):
        rebuild(season)
    # The views were emptied in the failed batch's transaction: nothing of it stands.
    assert snapshot(season.store) == before
    monkeypatch.undo()
    rebuild(season)
    assert snapshot(season.store) == before
