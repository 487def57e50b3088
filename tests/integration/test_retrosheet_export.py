"""A season exported with `league export retrosheet`, read by Chadwick's box-score program.

The Chadwick tools (the ``chadwickpy`` port, a test-only dependency) must read
every exported game and give the same line score and the same pitching lines
(runs charged included) as ``league game show`` (the game's box score), in a
season with the DH and in one without it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Sequence

import pytest
from click.testing import CliRunner

from league.export import export_retrosheet
from league.export.retrosheet import play_text
from league.rules.pa.state import GameState, new_team
from tests.integration.test_strat_games import games, season

chadwick = pytest.importorskip("chadwickpy.tools.cli")

_BOX = re.compile(r'<boxscore game_id="([^"]+)".*?</boxscore>', re.DOTALL)
_INNING = re.compile(r'<inning_line_score away="([^"]+)" home="([^"]+)" inning="(\d+)"/>')
_PITCHING = re.compile(r'<pitching team="([^"]*)">(.*?)</pitching>', re.DOTALL)
_PITCHER = re.compile(r"<pitcher (.*?)/>", re.DOTALL)
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_DEC = {"W": "W", "L": "L", "S": "SV"}
_PASSED_BALL = re.compile(r'<passedball pitcher="[^"]*" catcher="([^"]*)"')


def cwbox(directory: Path, year: str) -> tuple[dict[str, Any], list[str]]:
    """Run cwbox -X over every event file in ``directory``: {game id: parsed box}, stderr lines."""
    out: list[str] = []
    err: list[str] = []
    files = sorted(str(p) for p in directory.glob(f"{year}*.EV?"))
    status = chadwick.main(chadwick.CWBOX, ["cwbox", "-X", "-j", "1", "-y", year, "-D", str(directory), *files],
                           io=chadwick.IO(out.append, err.append))
    assert status == 0, "".join(err)
    boxes = {}
    for m in _BOX.finditer("".join(out)):
        text = m.group(0)
        line: dict[str, list[int]] = {"visitor": [], "home": []}
        for away, home, _ in _INNING.findall(text):
            line["visitor"].append(int(away))
            if home != "x":
                line["home"].append(int(home))
        pitching = {}
        for i, (_, body) in enumerate(_PITCHING.findall(text)):
            pitching[("visitor", "home")[i]] = [dict(_ATTR.findall(p)) for p in _PITCHER.findall(body)]
        passed_balls: dict[str, int] = {}
        for catcher in _PASSED_BALL.findall(text):
            passed_balls[catcher] = passed_balls.get(catcher, 0) + 1
        boxes[m.group(1)] = {"line": line, "pitching": pitching, "pb": passed_balls}
    return boxes, [e for e in "".join(err).splitlines() if e.strip() and not e.startswith("[Processing")]


def _ours(p: dict[str, Any]) -> dict[str, Any]:
    return {k: p[k] for k in ("pitcher", "outs", "bf", "h", "r", "er", "bb", "hr")} | {
        "decision": p["decision"] if p["decision"] in ("W", "L", "SV") else ""}


def _theirs(p: dict[str, str]) -> dict[str, Any]:
    return {"pitcher": p["id"], **{k: int(p[k]) for k in ("outs", "bf", "h", "r", "er", "bb", "hr")},
            "decision": _DEC.get(p.get("dec", ""), "")}


def small_season(name: str, ruleset: str, seed: str, teams: Sequence[tuple[Any, str]], schedule_seed: int = 5) -> Any:
    """A simulated in-memory season of ``teams`` (team file, code), six games a pair from 2024-04-01."""
    import datetime as dt

    from league.adapters.schedule import balanced_schedule
    from league.application.app import LeagueApp

    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league(name, ruleset, seed)
    app.import_teams(list(teams), actor="t")
    codes = [code for _, code in teams]
    app.import_schedule(balanced_schedule(codes, 6, dt.date(2024, 4, 1), seed=schedule_seed), "b", "t")
    app.simulate()
    return app


def exported_boxes(app: Any, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], list[str]]:
    """``app``'s season exported to a new folder and read by cwbox: (app, boxes, stderr lines)."""
    directory = tmp_path_factory.mktemp("retrosheet")
    export_retrosheet(app, directory)
    return app, *cwbox(directory, "2024")


def only_banner(errors: list[str]) -> bool:
    """Whether cwbox's stderr says nothing but its banner."""
    return all("Chadwick" in e or "Copyright" in e or "Turocy" in e or "free software" in e or "cwbox -h" in e
               for e in errors)


def assert_lines_agree(games: Sequence[Any], boxes: dict[str, Any]) -> None:
    """cwbox's line scores and pitching lines are the games' own box scores'."""
    for g in games:
        ours, theirs = g.outcome, boxes[g.game]
        for side in ("visitor", "home"):
            assert theirs["line"][side] == ours[side]["line"], (g.game, side)
            assert [_theirs(p) for p in theirs["pitching"][side]] == \
                [_ours(p) for p in ours[side]["pitching"]], (g.game, side)


def assert_strikeouts_agree(games: Sequence[Any], boxes: dict[str, Any]) -> None:
    """cwbox's strikeouts by pitcher are the games' own box scores'."""
    for g in games:
        for side in ("visitor", "home"):
            assert [int(p["so"]) for p in boxes[g.game]["pitching"][side]] == \
                [p["so"] for p in g.outcome[side]["pitching"]], (g.game, side)


def season_without_dh() -> Any:
    """Basic rules: pitchers bat, so the auto-manager pinch-hits for them late."""
    from league.rules.strat.roster import CARD_SET
    from league.rules.strat.team_file import read_card_team

    teams = ("ANV", "BRK", "CDR", "DUN")
    return small_season("B", "strat-o-matic-basic", "nodh", [(read_card_team(CARD_SET / f"{t}.txt"), t) for t in teams])


@pytest.fixture(scope="module")
def without_dh(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    """The season without the DH and the directory it was exported to."""
    app = season_without_dh()
    directory = tmp_path_factory.mktemp("retrosheet")
    export_retrosheet(app, directory)
    return app, directory


def season_super() -> Any:
    """Super advanced rules: wild pitches, balks and passed balls are plays of their own (29.1)."""
    from league.rules.strat.roster import CARD_SET
    from league.rules.strat.team_file import read_card_team

    teams = ("ANV", "BRK", "CDR", "DUN")
    # seed s2: a balk, wild pitches and passed balls in the 36 games (s1 had no balk once the shipped cards
    # carried lead: ratings, whose steals change the games)
    return small_season("S", "strat-o-matic-super", "s2", [(read_card_team(CARD_SET / f"{t}.txt"), t) for t in teams],
                        schedule_seed=3)


@pytest.fixture(scope="module")
def super_exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], list[str]]:
    return exported_boxes(season_super(), tmp_path_factory)


@pytest.fixture(scope="module", params=["with the DH", "without the DH", "super advanced"])
def exported(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, Any], list[str]]:
    if request.param == "without the DH":
        app, directory = request.getfixturevalue("without_dh")
        return app, *cwbox(directory, "2024")
    if request.param == "super advanced":
        return request.getfixturevalue("super_exported")  # type: ignore[no-any-return]
    return exported_boxes(season(), tmp_path_factory)


def test_chadwick_reads_every_exported_game_without_complaint(exported: Any) -> None:
    app, boxes, errors = exported
    assert only_banner(errors), errors
    assert sorted(boxes) == sorted(g.game for g in games(app))


def test_chadwick_box_scores_have_our_line_scores_and_pitching_lines(exported: Any) -> None:
    app, boxes, _ = exported
    assert_lines_agree(games(app), boxes)


def test_chadwick_strikeouts_equal_game_show(exported: Any) -> None:
    app, boxes, _ = exported
    assert_strikeouts_agree(games(app), boxes)


def test_the_command_writes_one_game_and_says_what_it_wrote(tmp_path: Path) -> None:
    import click

    from commands.cli import Context
    from commands.export import register

    app = season()
    game = games(app)[0]

    @click.group()
    @click.pass_context
    def cli(ctx: click.Context) -> None:
        ctx.obj = Context(None)
        ctx.obj._app = app  # the shared in-memory league

    register(cli)
    result = CliRunner().invoke(cli, ["export", "retrosheet", game.game, str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    assert f"2024{game.home}.EVA" in result.output
    text = (tmp_path / f"2024{game.home}.EVA").read_text()
    assert text.startswith(f"id,{game.game}\n") and text.count("\nid,") == 0
    assert (tmp_path / "TEAM2024").exists() and (tmp_path / f"{game.visitor}2024.ROS").exists()
    boxes, _ = cwbox(tmp_path, "2024")
    assert list(boxes) == [game.game]


def team(code: str) -> Any:
    """A side with the DH: players CODE1-CODE9 and the pitcher CODEP."""
    order = [f"{code}{i}" for i in range(1, 10)]
    fielders = dict(zip(("c", "1b", "2b", "ss", "3b", "lf", "cf", "rf", "dh"), order)) | {"p": f"{code}P"}
    return new_team(code, order, fielders, {}, [], [], True)


def test_runner_movements_and_unearned_runs_are_written_out() -> None:
    st = GameState(team("V"), team("H"), bases=("V1", "V2", "V3"))
    ev = {"type": "plate_appearance", "batter": "V4", "scored": ["V3", "V2"], "runs": 2, "completed": True,
          "play": {"label": "DOUBLE(lf)", "batter": 2, "runners": [3, 4, 4]}}
    assert play_text(ev, st, unearned={"V2"}) == "D7.3-H;2-H(UR);1-3"
    gdp = {"type": "plate_appearance", "batter": "V4", "scored": [], "runs": 0, "completed": True, "outs_made": 2,
           "play": {"label": "GROUNDBALL(ss)A", "batter": 0, "runners": [0, None, None]}}
    on_first = GameState(team("V"), team("H"), bases=("V1", None, None))
    assert play_text(gdp, on_first, set()) == "63/G.1X2(64)"
    # with two out the force at second ends the inning: the batter is not out too
    assert play_text({**gdp, "outs_made": 1}, on_first, set()) == "FC6.1X2(64)"
    steal = {"type": "steal", "runners": [1], "scored": [], "outs_made": 1, "play": {"label": "steal", "batter": None,
                                                                     "runners": [0, None, None]}}
    assert play_text(steal, GameState(team("V"), team("H"), bases=("V1", None, None)), set()) == "CS2(24)"


def test_an_error_read_on_the_advanced_fielding_chart_is_charged_to_that_fielder() -> None:
    st = GameState(team("V"), team("H"), bases=(None, None, None))
    ev = {"type": "plate_appearance", "batter": "V4", "scored": [], "runs": 0, "completed": True, "outs_made": 0,
          "play": {"label": "1 base error-1", "batter": 1, "runners": [None, None, None]},
          "steps": [{"chart": "advanced fielding", "row": "9", "column": "3b 2", "value": "E-RATING"},
                    {"chart": "advanced fielding e-rating", "row": "5", "column": "3b e8-11", "value": "E(1)"}]}
    assert play_text(ev, st, set()) == "E5"


def test_a_walk_off_stops_the_runners_behind_the_winning_run_so_nobody_is_passed() -> None:
    st = GameState(team("V"), team("H"), inning=9, half="bottom", score=(3, 3), bases=("H1", "H2", None))
    # The engine sends both runners home; only the winning run counts.
    triple = {"type": "plate_appearance", "batter": "H4", "scored": ["H2"], "runs": 1, "completed": True,
              "outs_made": 0, "play": {"label": "TRIPLE(rf)", "batter": 3, "runners": [4, 4, None]}}
    assert play_text(triple, st, set()) == "T9.2-H;1-3;B-2"


def test_without_the_dh_a_pinch_hitter_for_the_pitcher_gets_no_pitching_line(without_dh: Any) -> None:
    app, directory = without_dh
    records = "".join(p.read_text() for p in sorted(directory.glob("2024*.EV?")))
    batted_for_pitcher = 0
    for game_text in records.split("id,")[1:]:
        game = app.game(game_text.split("\n", 1)[0])
        took_the_mound: dict[str, set[str]] = {"visitor": set(), "home": set()}
        pitcher_slot = {"0": 0, "1": 0}
        for rec in re.findall(r"^(?:start|sub),.*$", game_text, re.MULTILINE):
            fields = rec.split(",")
            player, (team, slot, pos) = fields[1], fields[-3:]
            if pos == "1":
                took_the_mound[("visitor", "home")[int(team)]].add(player)
                pitcher_slot[team] = int(slot)
            elif pos == "11" and int(slot) == pitcher_slot[team]:
                batted_for_pitcher += 1
        for side in ("visitor", "home"):
            assert {p["pitcher"] for p in game.outcome[side]["pitching"]} == took_the_mound[side], (game.game, side)
    assert batted_for_pitcher > 0  # the sample has the case


def test_chadwick_counts_the_wild_pitches_balks_and_passed_balls_game_show_has(super_exported: Any) -> None:
    app, boxes, _ = super_exported
    totals = {"wp": 0, "bk": 0, "pb": 0}
    for g in games(app):
        theirs = boxes[g.game]
        for side in ("visitor", "home"):
            ours = g.outcome[side]
            assert [(p["id"], int(p["wp"]), int(p["bk"])) for p in theirs["pitching"][side]] == \
                [(p["pitcher"], p.get("wp", 0), p.get("bk", 0)) for p in ours["pitching"]], (g.game, side)
            for b in ours["batting"]:
                assert theirs["pb"].get(b["player"], 0) == b.get("pb", 0), (g.game, b["player"])
                totals["pb"] += b.get("pb", 0)
            for p in ours["pitching"]:
                totals["wp"] += p.get("wp", 0)
                totals["bk"] += p.get("bk", 0)
    assert all(totals.values()), totals  # the sample has each kind


def test_wild_pitches_balks_passed_balls_and_pickoffs_have_their_own_events() -> None:
    st = GameState(team("V"), team("H"), bases=("V1", None, "V3"))
    wp = {"type": "wild_pitch", "batter": "V4", "scored": ["V3"], "runs": 1, "completed": False, "outs_made": 0,
          "charged": "HP", "play": {"label": "WILD PITCH", "batter": None, "runners": [2, None, 4]}}
    assert play_text(wp, st, set()) == "WP.3-H;1-2"
    assert play_text({**wp, "type": "balk", "play": {**wp["play"], "label": "BALK"}}, st, set()) == "BK.3-H;1-2"
    assert play_text({**wp, "type": "passed_ball", "charged": "H1"}, st, set()) == "PB.3-H;1-2"
    pickoff = {"type": "pickoff", "runners": [1], "scored": [], "runs": 0, "completed": False, "outs_made": 1,
               "charged": "HP", "play": {"label": "PICKED OFF", "batter": None, "runners": [0, None, 3]}}
    assert play_text(pickoff, st, set()) == "PO1(13)"
