"""Substitutions made before a game's first pitch export to files Chadwick reads.

A Retrosheet ``sub`` record belongs to the play before it, so a change made
right after ``league game start`` (a new pitcher, a pinch hitter for the
leadoff man) is written after a "no play" record (``play,1,0,<batter>,??,,NP``),
Retrosheet's event for a substitution with no play.  The start records keep the lineups as
they were when the game started; the replaced starter has his pitching line of
no batters faced, as in ``league game show``.  The auto-manager plays the games
out; cwbox must read them with our line scores and pitching lines.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from league.export import export_retrosheet
from league.rules.pa import handplay
from tests.integration.test_retrosheet_export import assert_lines_agree, cwbox, only_banner

pytest.importorskip("chadwickpy.tools.cli")

PINE_TAR = Path(__file__).resolve().parents[2] / "league" / "rules" / "pine_tar" / "cards"


def strat_teams() -> list[tuple[Any, str]]:
    from league.rules.strat.roster import CARD_SET
    from league.rules.strat.team_file import read_card_team

    return [(read_card_team(CARD_SET / f"{t}.txt"), t) for t in ("ANV", "BRK")]


def pine_tar_teams() -> list[tuple[Any, str]]:
    from league.rules.pine_tar.team_file import read_team

    return [(read_team(PINE_TAR / f"{t.lower()}.txt"), t) for t in ("CLF", "FRN")]


def changes_before_the_first_pitch(app: Any, game: str) -> dict[str, str]:
    """The home side brings in a reliever and the visitor pinch-hits for his leadoff man; who went out."""
    setup = app.game(game).setup
    starter, leadoff = setup["home"]["fielders"]["p"], setup["visitor"]["order"][0]
    handplay.decide(app, game, {"type": "pitching_change", "team": "home", "in": setup["home"]["bullpen"][0]}, "t")
    handplay.decide(app, game, {"type": "pinch_hit", "team": "visitor", "in": setup["visitor"]["bench"][0]}, "t")
    return {"starter": starter, "leadoff": leadoff}


@pytest.fixture(scope="module", params=["strat-o-matic", "pine-tar"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    from league.adapters.schedule import balanced_schedule
    from league.application.app import LeagueApp

    ruleset = request.param
    teams = strat_teams() if ruleset == "strat-o-matic" else pine_tar_teams()
    codes = [code for _, code in teams]
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("P", ruleset, "before the first pitch")
    app.import_teams(teams, actor="t")
    app.import_schedule(balanced_schedule(codes, 1, dt.date(2024, 4, 1)), "b", "t")
    game = sorted(app.league().games)[0]
    handplay.start_game(app, game, "t")
    gone = changes_before_the_first_pitch(app, game)
    app.simulate()  # the auto-manager plays it out
    directory = tmp_path_factory.mktemp("retrosheet")
    export_retrosheet(app, directory)
    boxes, errors = cwbox(directory, "2024")
    text = "".join(p.read_text() for p in sorted(directory.glob("2024*.EV?")))
    return app, game, gone, boxes, errors, text


def test_chadwick_reads_the_game_with_the_line_score_of_game_show(played: Any) -> None:
    app, game, _, boxes, errors, _ = played
    assert only_banner(errors), errors
    assert app.game(game).is_final
    assert_lines_agree([app.game(game)], boxes)


def test_the_replaced_starter_started_and_faced_nobody(played: Any) -> None:
    app, game, gone, boxes, _, _ = played
    first = boxes[game]["pitching"]["home"][0]
    assert first["id"] == gone["starter"] and (first["gs"], first["bf"], first["outs"]) == ("1", "0", "0")
    ours = app.game(game).outcome["home"]["pitching"][0]
    assert ours["pitcher"] == gone["starter"] and ours["bf"] == 0


def test_the_changes_follow_a_no_play_record_before_the_first_play(played: Any) -> None:
    app, game, gone, _, _, text = played
    lines = text.split(f"id,{game}\n", 1)[1].splitlines()
    plays = [i for i, line in enumerate(lines) if line.startswith("play,")]
    assert lines[plays[0]] == f"play,1,0,{gone['leadoff']},??,,NP"
    setup = app.game(game).setup
    starter_slot = next(line.split(",")[-2] for line in lines if line.startswith(f"start,{gone['starter']},"))
    subs = {s.split(",")[1]: s.split(",")[-3:] for s in lines[plays[0] + 1:plays[1]]}
    assert subs == {setup["home"]["bullpen"][0]: ["1", starter_slot, "1"],  # the reliever bats where the starter did
                    setup["visitor"]["bench"][0]: ["0", "1", "11"]}  # the pinch hitter leads off
    assert f"start,{gone['leadoff']}," in text and f"start,{gone['starter']}," in text
