"""A Pine Tar season exported with `league export retrosheet`, read by Chadwick's box-score program.

Every exported game must be read without complaint and give the same line
score, pitching lines and strikeouts as the game's own box score (``league
game show``): balls, balks and wild pitches logged as plays of their own
included.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from league.export import export_retrosheet
from tests.integration.test_retrosheet_export import _ours, _theirs, cwbox

pytest.importorskip("chadwickpy.tools.cli")

CARDS = Path(__file__).resolve().parents[2] / "league" / "rules" / "pine_tar" / "cards"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], list[str]]:
    from league.adapters.schedule import balanced_schedule
    from league.application.app import LeagueApp
    from league.rules.pine_tar.team_file import read_team

    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("PT", "pine-tar", "chadwick")
    teams = ("CLF", "FRN", "GRN", "HBR")
    app.import_teams([(read_team(CARDS / f"{t.lower()}.txt"), t) for t in teams], actor="t")
    app.import_schedule(balanced_schedule(list(teams), 6, dt.date(2024, 4, 1), seed=5), "b", "t")
    app.simulate()
    directory = tmp_path_factory.mktemp("retrosheet")
    export_retrosheet(app, directory)
    return app, *cwbox(directory, "2024")


def games(app: Any) -> list[Any]:
    return [app.game(g) for g in sorted(app.league().games)]


def test_chadwick_reads_every_pine_tar_game(exported: Any) -> None:
    app, boxes, errors = exported
    assert all("Chadwick" in e or "Copyright" in e or "Turocy" in e or "free software" in e or "cwbox -h" in e
               for e in errors), errors
    assert sorted(boxes) == sorted(g.game for g in games(app)) and len(boxes) == 12


def test_chadwick_line_scores_pitching_lines_and_strikeouts_match(exported: Any) -> None:
    app, boxes, _ = exported
    for g in games(app):
        ours, theirs = g.outcome, boxes[g.game]
        for side in ("visitor", "home"):
            assert theirs["line"][side] == ours[side]["line"], (g.game, side)
            assert [_theirs(p) for p in theirs["pitching"][side]] == [_ours(p) for p in ours[side]["pitching"]], \
                (g.game, side)
            assert [int(p["so"]) for p in theirs["pitching"][side]] == [p["so"] for p in ours[side]["pitching"]]
