"""An Inside Pitch season exported with `league export retrosheet`, read by Chadwick's box-score program.

Every exported game must be read without complaint and give the same line
score, pitching lines and strikeouts as the game's own box score (``league
game show``) -- wild pitches, passed balls, pickoffs and steals inside at bats
included.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.integration.test_retrosheet_export import (assert_lines_agree, assert_strikeouts_agree,
                                                     exported_boxes, only_banner, small_season)

pytest.importorskip("chadwickpy.tools.cli")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], list[str]]:
    from league import registry
    from league.rules.inside_pitch.cardset import DATA
    from league.rules.inside_pitch.ruleset import RULESET
    from league.rules.inside_pitch.team_file import read_club

    mine = "inside-pitch" not in registry.names()
    if mine:
        registry.register(RULESET)
    try:
        teams = ("AUR", "CAS", "HBR", "MIL")
        app = small_season("IP", "inside-pitch", "chadwick", [(read_club(DATA / f"{t}.txt"), t) for t in teams])
        return exported_boxes(app, tmp_path_factory)
    finally:
        if mine:
            registry.unregister(RULESET)


def games(app: Any) -> list[Any]:
    return [app.game(g) for g in sorted(app.league().games)]


def test_chadwick_reads_every_inside_pitch_game(exported: Any) -> None:
    app, boxes, errors = exported
    assert only_banner(errors), errors
    assert sorted(boxes) == sorted(g.game for g in games(app)) and len(boxes) == 12


def test_chadwick_line_scores_pitching_lines_and_strikeouts_match(exported: Any) -> None:
    app, boxes, _ = exported
    assert_lines_agree(games(app), boxes)
    assert_strikeouts_agree(games(app), boxes)
