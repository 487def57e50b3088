"""Games where the DH was lost, or a fielder pitched, read the same in cwbox and `league game show`.

Three ANV-BRK games are started by hand; in the first half the home team's DH
takes first base (official rule 5.11), its pitcher moves to left field, or,
its bullpen used up, its first baseman pitches (Strat 25.3).  The auto-manager
finishes them, the season is exported, and Chadwick's box-score program must
read each game without complaint, with our line scores and pitching lines.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from league.domain.dice import SeededDice
from league.export import export_retrosheet
from league.rules.pa import handplay
from tests.integration.test_retrosheet_export import assert_lines_agree, cwbox, only_banner

pytest.importorskip("chadwickpy.tools.cli")


def decide(app: Any, game: str, d: dict[str, Any]) -> None:
    handplay.decide(app, game, d, "t")


def roll(app: Any, game: str, until: str) -> dict[str, Any]:
    g = app.game(game)
    source: Any = SeededDice(f"dh:{game}:{g.version}").roll  # a dice source for any need
    return handplay.roll(app, game, source, until, "t", "seeded")


def dh_to_first(app: Any, game: str, code: str) -> None:
    decide(app, game, {"type": "defensive_replacement", "team": "home", "in": f"{code}09", "out": f"{code}02",
                       "position": "1b"})


def pitcher_to_left(app: Any, game: str, code: str) -> None:
    # the bench's only outfielder goes to right first, so nobody rated in left sits (25.2)
    decide(app, game, {"type": "defensive_replacement", "team": "home", "in": f"{code}12", "out": f"{code}08",
                       "position": "rf"})
    reliever = app.game(game).setup["home"]["bullpen"][0]
    decide(app, game, {"type": "pitcher_to_field", "team": "home", "pitcher": reliever, "position": "lf"})


def first_baseman_pitches(app: Any, game: str, code: str) -> None:
    pen = list(app.game(game).setup["home"]["bullpen"])
    while pen:
        s = handplay.game_state(app, game)
        if s["half"] == "top":  # each reliever faces a batter
            decide(app, game, {"type": "pitching_change", "team": "home", "in": pen.pop(0)})
            roll(app, game, "play")
        else:
            roll(app, game, "half")
    while handplay.game_state(app, game)["half"] != "top":
        roll(app, game, "half")
    decide(app, game, {"type": "emergency_pitcher", "team": "home", "in": f"{code}02", "fill": f"{code}13"})
    assert handplay.game_state(app, game)["fatigue"]["role"] == "emergency"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[str], dict[str, Any], list[str], Path]:
    from league.adapters.schedule import balanced_schedule
    from league.application.app import LeagueApp
    from league.rules.strat.roster import CARD_SET
    from league.rules.strat.team_file import read_card_team

    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("D", "strat-o-matic", "dh")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in ("ANV", "BRK")], actor="t")
    app.import_schedule(balanced_schedule(["ANV", "BRK"], 3, dt.date(2024, 4, 1)), "b", "t")
    games = sorted(app.league().games)[:3]
    for game, move in zip(games, (dh_to_first, pitcher_to_left, first_baseman_pitches)):
        handplay.start_game(app, game, "t")
        roll(app, game, "play")  # a change before the first play would be the starting lineup's
        move(app, game, app.league().games[game]["home"])
    app.simulate()
    directory = tmp_path_factory.mktemp("retrosheet")
    export_retrosheet(app, directory)
    boxes, errors = cwbox(directory, "2024")
    return app, games, boxes, errors, directory


def test_chadwick_reads_the_games_and_agrees_with_game_show(played: Any) -> None:
    app, games, boxes, errors, _ = played
    assert only_banner(errors), errors
    assert_lines_agree([app.game(g) for g in games], boxes)


def test_the_export_gives_the_pitcher_a_batting_slot_once_the_dh_is_lost(played: Any) -> None:
    app, games, _, _, directory = played
    text = "".join(p.read_text() for p in sorted(directory.glob("2024*.EV?")))
    first = text.split(f"id,{games[0]}\n", 1)[1].split("\nid,", 1)[0]
    home = app.league().games[games[0]]["home"]
    starter = app.game(games[0]).setup["home"]["fielders"]["p"]
    assert f"start,{starter}," in first and ",1,0,1\n" in first  # he starts, not batting
    assert any(line.startswith(f"sub,{starter},") and line.endswith(",1,2,1") for line in first.splitlines())
    assert any(line.startswith(f"sub,{home}09,") and line.endswith(",1,9,3") for line in first.splitlines())


def test_the_box_score_shows_both_positions_of_a_player_who_moved(played: Any) -> None:
    app, games, _, _, _ = played
    rows = [{r["player"]: r["pos"] for r in app.game(g).outcome["home"]["batting"]} for g in games]
    codes = [app.league().games[g]["home"] for g in games]
    starters = [app.game(g).setup["home"]["fielders"]["p"] for g in games]
    assert rows[0][f"{codes[0]}09"] == "dh-1b" and rows[0][starters[0]] == "p"
    assert rows[1][starters[1]] == "lf"  # he first batted as the left fielder
    assert rows[2][f"{codes[2]}02"] == "1b-p"
