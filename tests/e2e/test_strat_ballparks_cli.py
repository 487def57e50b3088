"""30.3 through the CLI: a super advanced league whose card file carries a black diamond plays it in the
home club's park by hand with scripted dice; the same card in an advanced league reads its primary outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import STRAT_GAME, game_state, last_play, ok


def _diamond_cards(where: Path) -> Path:
    """ANV's cards with the leadoff man's 1-7 against either hand a black-diamond homerun."""
    lines = (CARD_SET / "ANV.txt").read_text(encoding="utf-8").splitlines()
    end = lines.index("END")  # the first card, ANV01
    for i in range(end):
        if lines[i].startswith("1-7 ") and any(s in lines[:i] for s in ("[vs LHP]", "[vs RHP]")):
            lines[i] = "1-7 <> HOMERUN"
    path = where / "ANV.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _started(where: Path, ruleset: str) -> str:
    db = str(where / "g.db")
    ok(db, "init", "--name", "S", "--ruleset", ruleset, "--seed", "1")
    ok(db, "teams", "import", str(_diamond_cards(where)), str(CARD_SET / "BRK.txt"))
    (where / "s.csv").write_text("date,visitor,home,game\n2024-04-01,ANV,BRK,0\n")
    ok(db, "schedule", "import", str(where / "s.csv"))
    ok(db, "game", "start", STRAT_GAME)
    assert game_state(db, STRAT_GAME)["batter"] == "ANV01"
    return db


def _roll(db: str, where: Path, *dice: str) -> None:
    (where / "d.txt").write_text("".join(f"{d}\n" for d in dice))
    ok(db, "game", "roll", STRAT_GAME, "--dice", str(where / "d.txt"), "--to", "play")


@pytest.mark.parametrize("d20, label, runs", [("d8", "HOMERUN", 1), ("d9", "FLYBALL(lf)B", 0)])
def test_a_black_diamond_reads_the_home_parks_homerun_range(tmp_path: Path, d20: str, label: str,
                                                            runs: int) -> None:
    db = _started(tmp_path, "strat-o-matic-super")
    _roll(db, tmp_path, "134", d20)  # BRK's Heron Park: a right-handed batter's homerun on 1-8
    play = last_play(db, STRAT_GAME)
    assert play["play"]["label"] == label and play["runs"] == runs
    park = next(s for s in play["steps"] if s.get("chart") == "ball park effects")
    assert park["row"] == "BRK" and park["value"] == "1-8"
    assert "Audit passed" in ok(db, "audit", "--all")


def test_an_advanced_league_accepts_the_primary_homerun(tmp_path: Path) -> None:
    db = _started(tmp_path, "strat-o-matic")
    _roll(db, tmp_path, "134")  # no park roll asked for
    play = last_play(db, STRAT_GAME)
    assert play["play"]["label"] == "HOMERUN" and play["cell"] == "<> HOMERUN"
    assert json.loads(ok(db, "game", "state", STRAT_GAME, "--json"))["pending"]["rolls"] == []
