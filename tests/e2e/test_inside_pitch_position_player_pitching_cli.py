"""Inside Pitch by hand through the CLI: a position player pitches (``league game emergency``).

The home club has no pitcher left once its starter is gone (the test clubs
carry one), so its DH takes the mound and pitches from the project's
position-player card (docs/inside-pitch.md, rules revision 3).  Scripted dice
read the card's K, HR? and blank lines; the auto-manager then plays the game
out with him on the mound, and the audit replays every roll.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.cli import ok
from tests.e2e.test_inside_pitch_cli import example_league, inside_pitch, js, plays  # noqa: F401 (fixture)

SCRIPTS = (
    "13   # VIS1: the position player's card, red 1 white 3: K\n"
    "d1   # K 10 + park -2: a strikeout\n",
    "16   # VIS2: red 1 white 6: HR?\n"
    "d8   # in HR? 1-8 (no pitcher's card reaches 8)\n"
    "d5   # HR 5 + park 0: a home run\n",
    "11   # VIS3: red 1 white 1: a blank\n"
    "22   # the batter's card: G6\n",
)


def test_a_position_player_pitches_from_the_projects_card_and_the_game_plays_out(tmp_path: Path) -> None:
    db, game = example_league(tmp_path)
    ok(db, "game", "start", game)
    # step: the DH (HOM9) goes to the mound; the club loses the DH
    ok(db, "game", "emergency", game, "HOM9")
    state = js(db, "game", "state", game)
    assert state["pitcher"] == "HOM9" and state["fatigue"]["role"] == "emergency"
    # step: three batters with scripted dice
    for i, script in enumerate(SCRIPTS):
        dice = tmp_path / f"d{i}.txt"
        dice.write_text(script)
        ok(db, "game", "roll", game, "--dice", str(dice), "--to", "play")
    got = [(p["play"]["card"], p["play"]["result"], p["play"]["play"]["label"]) for p in plays(db, game)]
    assert got == [("EMERGENCY", "K", "STRIKEOUT"), ("EMERGENCY", "HR?", "HOMERUN H"),
                   ("EMERGENCY", "-", "GROUNDBALL G6")]
    assert all(p["play"]["ruleset"] == "ip-3" for p in plays(db, game))
    assert "EMERGENCY's card vs RHB 1-6: HR?" in ok(db, "game", "log", game)
    state = js(db, "game", "state", game)
    assert state["outs"] == 2 and state["score"] == [1, 0] and state["fatigue"]["batters"] == 3
    # step: the auto-manager finishes the game with him pitching; the audit replays it
    ok(db, "sim", "--quiet", "--finish-in-progress")
    box = js(db, "game", "show", game)
    assert [p["pitcher"] for p in box["home"]["pitching"]] == ["HOMP1", "HOM9"]
    assert box["visitor"]["runs"] == sum(box["visitor"]["line"]) >= 1
    assert "Audit passed" in ok(db, "audit", "--all")
