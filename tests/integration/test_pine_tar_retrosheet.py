"""A Pine Tar season exported with `league export retrosheet`, read by Chadwick's box-score program.

Every exported game must be read without complaint and give the same line
score, pitching lines and strikeouts as the game's own box score (``league
game show``): balls, balks and wild pitches logged as plays of their own
included.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.integration.test_retrosheet_export import (assert_lines_agree, assert_strikeouts_agree,
                                                     exported_boxes, only_banner, small_season)

pytest.importorskip("chadwickpy.tools.cli")

CARDS = Path(__file__).resolve().parents[2] / "league" / "rules" / "pine_tar" / "cards"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], list[str]]:
    from league.rules.pine_tar.team_file import read_team

    teams = ("CLF", "FRN", "GRN", "HBR")
    app = small_season("PT", "pine-tar", "chadwick", [(read_team(CARDS / f"{t.lower()}.txt"), t) for t in teams])
    return exported_boxes(app, tmp_path_factory)


def games(app: Any) -> list[Any]:
    return [app.game(g) for g in sorted(app.league().games)]


def test_chadwick_reads_every_pine_tar_game(exported: Any) -> None:
    app, boxes, errors = exported
    assert only_banner(errors), errors
    assert sorted(boxes) == sorted(g.game for g in games(app)) and len(boxes) == 12


def test_chadwick_line_scores_pitching_lines_and_strikeouts_match(exported: Any) -> None:
    app, boxes, _ = exported
    assert_lines_agree(games(app), boxes)
    assert_strikeouts_agree(games(app), boxes)
