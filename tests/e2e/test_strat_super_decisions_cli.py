"""Super advanced decisions from the CLI: the corners in (20.7), the infield in only with a man on third
(20.3), the outfield in (21.1) (revision 2); the trail runners held or cut off for (13.622, 13.623 B,
revision 3); each played on scripted dice or refused with the reason."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import STRAT_GAME, game_state, last_play as cli_last_play, ok, refused, started_strat_game

GAME = STRAT_GAME
CARDS = {c.id: c for t in ("ANV", "BRK") for c in parse_cards((CARD_SET / f"{t}.txt").read_text(), t)}


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return started_strat_game(tmp_path_factory.mktemp("super"), "strat-o-matic-super")


@pytest.fixture
def db(started: Path, tmp_path: Path) -> str:
    shutil.copy(started, tmp_path / "g.db")
    return str(tmp_path / "g.db")


def state(db: str) -> dict[str, Any]:
    return game_state(db, GAME)


def last_play(db: str) -> dict[str, Any]:
    return cli_last_play(db, GAME)


def walk(db: str) -> None:
    ok(db, "game", "walk", GAME)
    ok(db, "game", "roll", GAME, "--to", "play")


def test_a_new_super_game_plays_revision_4() -> None:
    log_level = "super+r4"
    from league.rules.strat.card_engine import LEVELS

    assert LEVELS["strat-o-matic-super"] == (log_level, True)


def test_the_corners_in_downgrade_the_bunter_and_a_runner_may_still_be_held(db: str) -> None:
    walk(db)
    bunter = CARDS[state(db)["batter"]]
    ok(db, "game", "corners", GAME)  # 20.7: a runner on first, nobody out
    ok(db, "game", "hold", GAME, "--base", "1")  # 20.75
    ok(db, "game", "bunt", GAME)
    pending = state(db)["pending"]["strategy"]
    assert pending["corners_in"] is True and pending["held"] == [1] and pending["play"] == "sacrifice"
    ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input="d20\n34\n")  # the 29.1 d20 (nothing), the bunt
    play = last_play(db)
    assert play["strategy"]["corners_in"] is True
    column = next(s for s in play["steps"] if s.get("chart") == "super sacrifice")["column"]  # 18.5, revision 3
    grades = "ABCDE"
    assert column == grades[min(grades.index(bunter.bunting) + 1, 4)]  # 18.6


def test_the_corners_in_with_nobody_on_or_with_the_infield_in_are_refused(db: str) -> None:
    refused(db, "game", "corners", GAME, names=("a runner on base and fewer than two out", "20.7"))
    walk(db)
    refused(db, "game", "infield", GAME, names=("only with a runner on third", "20.3"))
    ok(db, "game", "corners", GAME)
    assert state(db)["pending"]["strategy"]["corners_in"] is True


def test_the_outfield_in_is_refused_unless_the_winning_run_is_on_third(db: str) -> None:
    refused(db, "game", "outfield", GAME, names=("winning run on third", "21.1"))


def test_the_corners_in_are_refused_in_advanced_play(tmp_path: Path) -> None:
    db = str(tmp_path / "a.db")
    ok(db, "init", "--name", "A", "--ruleset", "strat-o-matic", "--seed", "1")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    (tmp_path / "s.csv").write_text("date,visitor,home,game\n2024-04-01,ANV,BRK,0\n")
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    ok(db, "game", "start", GAME)
    walk(db)
    refused(db, "game", "corners", GAME, names=("super advanced", "20.2"))


def test_conceding_third_holds_the_batter_at_first(db: str) -> None:
    walk(db)  # a runner on first
    runner = state(db)["bases"][0]
    ok(db, "game", "concede", GAME)
    assert state(db)["pending"]["strategy"]["concede_third"] is True
    ok(db, "game", "send", GAME, "--base", "1")  # he tries for third whatever the standing orders say
    batter, s = state(db)["batter"], state(db)
    card = CARDS[batter]
    side = CARDS[s["pitcher"]].hand
    dice = next(f"{c}{max(1, r - 6)}{r - max(1, r - 6)}" for c in (1, 2, 3) for r in range(2, 13)
                if len(cell := card.cell(side, c, r)) == 1 and cell[0][2].kind == "SINGLE" and not cell[0][2].stars)
    ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input=f"d20\n{dice}\n")
    after = state(db)
    assert after["bases"] == [batter, None, runner]
    assert "13.5" in " ".join(x.get("note", "") for x in last_play(db)["steps"])


def test_conceding_third_with_nobody_on_first_is_refused(db: str) -> None:
    refused(db, "game", "concede", GAME, names=("13.5",))


def _single(db: str) -> str:
    """Dice for a single without asterisk on the batter's own card (the 29.1 d20 first: nothing)."""
    s = state(db)
    card, side = CARDS[s["batter"]], CARDS[s["pitcher"]].hand
    dice = next(f"{c}{max(1, r - 6)}{r - max(1, r - 6)}" for c in (1, 2, 3) for r in range(2, 13)
                if len(cell := card.cell(side, c, r)) == 1 and cell[0][2].kind == "SINGLE" and not cell[0][2].stars)
    return f"d20\n{dice}\n"


def _notes(db: str) -> str:
    return " ".join(x.get("note", "") for x in last_play(db)["steps"])


def test_cutting_off_the_throw_for_the_batter_on_a_first_to_third_try(db: str) -> None:
    walk(db)  # a runner on first: on a single the batter is his trail runner (13.611)
    runner = state(db)["bases"][0]
    ok(db, "game", "cuttrail", GAME)
    ok(db, "game", "send", GAME, "--base", "1")
    assert state(db)["pending"]["strategy"]["cut_trail"] is True
    assert "cut off the throw for the lead trail runner" in ok(db, "game", "state", GAME)
    batter = state(db)["batter"]
    ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input=_single(db) + "d1\n")  # the batter safe at 2nd
    assert state(db)["bases"] == [None, batter, runner]
    assert "13.623 B" in _notes(db) and last_play(db)["strategy"]["cut_trail"] is True


def test_holding_the_trail_runner_the_throw_goes_to_third(db: str) -> None:
    walk(db)
    runner = state(db)["bases"][0]
    ok(db, "game", "cuttrail", GAME)  # the defense would cut off for him, so the offense holds him
    ok(db, "game", "holdtrail", GAME)
    ok(db, "game", "send", GAME, "--base", "1")
    batter = state(db)["batter"]
    ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input=_single(db) + "d1\n")  # the runner safe at 3rd
    assert state(db)["bases"] == [batter, None, runner]
    assert "13.622" in _notes(db) and last_play(db)["strategy"]["hold_trail"] is True


def test_the_trail_runner_choices_with_nobody_on_are_refused(db: str) -> None:
    refused(db, "game", "holdtrail", GAME, names=("no trail runner", "13.6"))
    refused(db, "game", "cuttrail", GAME, names=("no trail runner",))
    refused(db, "game", "cutoff", GAME, names=("nobody to cut off",))


def _started_with_leads(where: Path, lead: str | None) -> Path:
    """The shipped cards with every card's supplementary stealing rating (23.1) ``lead`` (None: no card
    has one; the shipped batter cards carry one by their grade), the game started."""
    files = []
    for t in ("ANV", "BRK"):
        text = re.sub(r"(?m)^lead: .*\n", "", (CARD_SET / f"{t}.txt").read_text())
        if lead is not None:
            text = re.sub(r"(?m)^(stealing: .*)$", r"\1\nlead: " + lead, text)
        (where / f"{t}.txt").write_text(text)
        files.append(str(where / f"{t}.txt"))
    db = str(where / "g.db")
    ok(db, "init", "--name", "S", "--ruleset", "strat-o-matic-super", "--seed", "1")
    ok(db, "teams", "import", *files)
    (where / "s.csv").write_text("date,visitor,home,game\n2024-04-01,ANV,BRK,0\n")
    ok(db, "schedule", "import", str(where / "s.csv"))
    ok(db, "game", "start", GAME)
    return where / "g.db"


@pytest.fixture(scope="module")
def with_leads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every card, pitchers' too, with the same supplementary stealing rating, the game started."""
    return _started_with_leads(tmp_path_factory.mktemp("leads"), "8-10/- (19-14)")


@pytest.fixture
def no_leads(tmp_path_factory: pytest.TempPathFactory) -> str:
    """No card with a supplementary stealing rating (cards written before 23.1's line), the game started."""
    return str(_started_with_leads(tmp_path_factory.mktemp("noleads"), None))


def _first_and_third(db: str) -> None:
    """An intentional walk, then a single without asterisk on which the defense concedes third (13.5)."""
    walk(db)
    ok(db, "game", "concede", GAME)
    ok(db, "game", "send", GAME, "--base", "1")
    ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input=_single(db))
    assert state(db)["bases"][0] and state(db)["bases"][2] and not state(db)["bases"][1]


def test_the_delayed_steal_of_home_played_and_cut_off(with_leads: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    shutil.copy(with_leads, db)
    _first_and_third(db)
    first, _, third = state(db)["bases"]
    ok(db, "game", "cuthome", GAME)  # 23.91 D: the runner on third thrown at, on 14 - 5 = 9
    ok(db, "game", "delayed", GAME)
    ok(db, "game", "steal", GAME, "--base", "1", "--base", "3")
    ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input="d9\n")
    after = state(db)
    assert after["bases"] == [None, first, None] and after["score"] == [1, 0] and third not in after["bases"]
    assert "23.91 D" in " ".join(x.get("note", "") for x in last_play(db)["steps"])


def test_the_catcher_holds_the_ball(with_leads: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    shutil.copy(with_leads, db)
    _first_and_third(db)
    first, _, third = state(db)["bases"]
    ok(db, "game", "holdball", GAME)
    ok(db, "game", "delayed", GAME)
    ok(db, "game", "steal", GAME, "--base", "1", "--base", "3")
    ok(db, "game", "roll", GAME, "--to", "play")  # no dice: nobody is thrown at (23.91 B)
    assert state(db)["bases"] == [None, first, third]


def test_the_catcher_holds_the_ball_on_a_steal_of_second(with_leads: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    shutil.copy(with_leads, db)
    walk(db)
    runner = state(db)["bases"][0]
    ok(db, "game", "holdball", GAME)  # 23.31, revision 4: declared before the steal's d20
    ok(db, "game", "steal", GAME, "--base", "1")
    # the 29.2 d20 and the lead dice, then nothing: no throw, so no d20 for the steal and no T check
    ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input="d20\n44\n")
    assert state(db)["bases"] == [None, runner, None] and state(db)["outs"] == 0
    assert "23.31" in " ".join(x.get("note", "") for x in last_play(db)["steps"])


def test_the_delayed_steal_is_refused_without_first_and_third_or_lead_ratings(no_leads: str) -> None:
    db = no_leads
    refused(db, "game", "delayed", GAME, names=("first and third", "23.91"))
    refused(db, "game", "holdball", GAME, names=("first and third",))
    _first_and_third(db)
    ok(db, "game", "delayed", GAME)  # these cards carry no lead: rating, so the steal itself is refused
    refused(db, "game", "steal", GAME, "--base", "1", "--base", "3", names=("no lead: rating", "23.1"))


def test_the_shipped_cards_lead_ratings_allow_the_delayed_steal(db: str) -> None:
    # the shipped batter cards carry a lead: rating by their stealing grade (cardgen.LEAD_BY_GRADE)
    _first_and_third(db)
    first, _, third = state(db)["bases"]
    assert CARDS[first].lead is not None and CARDS[third].lead is not None
    ok(db, "game", "delayed", GAME)
    ok(db, "game", "steal", GAME, "--base", "1", "--base", "3")


def test_a_foul_bunt_keeps_the_batter_up_and_refuses_the_hit_and_run(db: str) -> None:
    walk(db)
    batter = state(db)["batter"]
    ok(db, "game", "bunt", GAME)
    out = ok(db, "game", "roll", GAME, "--to", "play", "--dice", "-", input="d20\n13\n")  # 4: 1AND2 in every column
    assert "1AND2" in out or "1 and 2" in out
    assert state(db)["batter"] == batter and state(db)["outs"] == 0
    refused(db, "game", "hitrun", GAME, names=("1AND2", "18.8, 19.7"))
    assert "bunt_foul" in ok(db, "game", "log", GAME, "--json")
    ok(db, "game", "bunt", GAME)  # he may bunt again
