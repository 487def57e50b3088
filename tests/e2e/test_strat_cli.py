"""A Strat-O-Matic game through the CLI: set up, played by hand with scripted dice, rewound, simulated."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from commands.cli import cli
from league.rules.strat.roster import CARD_SET


def ok(db: str, *args: str) -> str:
    r = CliRunner().invoke(cli, ["--db", db, "--log-format", "json", *args])
    assert r.exit_code == 0, (args, r.output)
    return r.output


def test_a_strat_game_played_by_hand_rewound_and_simulated(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    # step: a league, two clubs' card files, a two-game schedule
    ok(db, "init", "--name", "S", "--ruleset", "strat-o-matic", "--seed", "1")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home,game\n2024-04-01,ANV,BRK,0\n2024-04-02,ANV,BRK,0\n")
    ok(db, "schedule", "import", str(sched))
    g = "BRK202404010"
    # step: start, then physical dice: a 1-5 reading off the batter's card
    ok(db, "game", "start", g)
    dice = tmp_path / "d.txt"
    dice.write_text("315  # white 3, colored 1+5\n")
    ok(db, "game", "roll", g, "--dice", str(dice))
    state: dict[str, Any] = json.loads(ok(db, "game", "state", g, "--json"))
    assert state["position"] == 2 and state["inning"] == 1
    # step: a bad script line is refused, naming the file and line, and nothing is saved
    dice.write_text("d31\n")
    r = CliRunner().invoke(cli, ["--db", db, "game", "roll", g, "--dice", str(dice)])
    assert r.exit_code == 1 and "line 1" in r.output
    # step: an illegal decision is refused (nobody on second to steal third)
    r = CliRunner().invoke(cli, ["--db", db, "game", "steal", g, "--base", "2"])
    assert r.exit_code == 1
    # step: roll to the end of the half, rewind to the second roll, then play the game out
    ok(db, "game", "roll", g, "--to", "half")
    after_half = json.loads(ok(db, "game", "state", g, "--json"))
    assert after_half["half"] == "bottom" and after_half["outs"] == 0
    ok(db, "rewind", g, "--to", "2", "--reason", "mistyped")
    assert json.loads(ok(db, "game", "state", g, "--json"))["position"] > after_half["position"]
    log = json.loads(ok(db, "game", "log", g, "--json"))
    assert [e["type"] for e in log][:2] == ["Started", "PlayResolved"]
    # step: the rest of the season by the auto-manager; injuries may stop hand play, so sim resumes it
    out = CliRunner().invoke(cli, ["--db", db, "game", "roll", g, "--to", "game"])
    assert out.exit_code == 0, out.output
    ok(db, "sim", "--quiet", "--finish-in-progress")
    box = json.loads(ok(db, "game", "show", "BRK202404020", "--json"))
    assert box["visitor"]["runs"] == sum(box["visitor"]["line"])
    assert "R  H  E" in ok(db, "game", "show", "BRK202404020")
    assert "Audit passed" in ok(db, "audit", "--all")


def test_the_cli_offers_exactly_the_engines_stopping_points() -> None:
    from commands.pa_game import UNTIL
    from league.rules.pa.handplay import UNTIL as ENGINE_UNTIL

    assert UNTIL == ENGINE_UNTIL
