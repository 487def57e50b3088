"""The read-model commands as users run them, on a part-played season."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from commands.cli import cli
from projections.db import dispose_all
from projections.heads import HEAD_REVISION
from projections.runner import catch_up
from tests.integration.projection_league import demo_league, season_dates


@pytest.fixture(scope="module")
def db(tmp_path_factory: Any) -> Iterator[str]:
    url = str(tmp_path_factory.mktemp("cli") / "league.db")
    app = demo_league(url)
    app.simulate(through=season_dates(app)[30], actor="test")
    catch_up(app)
    app.close()
    yield url
    dispose_all()


def run(db: str, *args: str) -> Any:
    result = CliRunner().invoke(cli, ["--db", db, *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def test_db_upgrade_is_idempotent(db: str) -> None:
    assert f"revision {HEAD_REVISION}" in run(db, "db", "upgrade").output


def test_standings_json_rows(db: str) -> None:
    rows = json.loads(run(db, "standings", "--json").output)
    assert len(rows) == 8
    assert {"team", "league", "division", "w", "l", "pct", "gb", "rf", "ra"} <= set(rows[0])
    assert rows[0]["gb"] == "-"
    early = json.loads(run(db, "standings", "--as-of", "1988-04-10", "--json").output)
    assert sum(r["w"] for r in early) < sum(r["w"] for r in rows)


def test_standings_table_has_a_title_per_division(db: str) -> None:
    out = run(db, "standings").output
    assert "AL East" in out and "AL West" in out and "PCT" in out


def test_pitchers_calendar(db: str) -> None:
    cal = json.loads(run(db, "pitchers", "--team", "TEX", "--as-of", "1988-05-01", "--json").output)
    assert cal["as_of"] == "1988-05-01"
    assert {"pitcher", "last_start", "days_of_rest", "fully_rested_on", "short_rest_ok"} <= set(cal["starters"][0])
    assert {"pitcher", "days_in_a_row", "effective_rel", "available", "note"} <= set(cal["relievers"][0])
    assert "bullpen" in run(db, "pitchers", "--team", "TEX").output


def test_stats_and_leaders(db: str) -> None:
    pitching = json.loads(run(db, "stats", "pitching", "--team", "TEX", "--json").output)
    assert pitching and all(p["team"] == "TEX" for p in pitching)
    teams = json.loads(run(db, "stats", "pitching", "--by", "team", "--json").output)
    assert sum(t["w"] for t in teams) == sum(t["l"] for t in teams)
    batting = json.loads(run(db, "stats", "batting", "--json").output)
    assert {"player", "team", "hr", "bat", "pow", "spd", "fld"} <= set(batting[0])
    era = json.loads(run(db, "leaders", "--category", "era", "--min-ip", "10", "--json").output)
    assert era and era[0]["rank"] == 1 and all(r["category"] == "era" for r in era)


def test_injuries_empty_under_pennant_race(db: str) -> None:
    assert json.loads(run(db, "injuries", "--json").output) == []


def test_projections_status_and_rebuild(db: str) -> None:
    status = json.loads(run(db, "projections", "status", "--json").output)
    assert {s["view"] for s in status} == {"league", "boxscores", "injuries", "journal"}
    assert all(s["lag"] == 0 for s in status)
    rebuilt = json.loads(run(db, "projections", "rebuild", "boxscores", "--json").output)
    assert [r["view"] for r in rebuilt] == ["boxscores"] and rebuilt[0]["events"] > 0
    run(db, "projections", "follow", "--until-idle")


def test_unknown_view_is_refused(db: str) -> None:
    result = CliRunner().invoke(cli, ["--db", db, "projections", "rebuild", "nosuch"])
    assert result.exit_code == 1 and "no view" in result.output
