"""Losing the DH (official rule 5.11) and a fielder moving to the mound (Strat 25.3), by hand.

The shipped ANV at BRK (strat-o-matic: the DH).  Both lineups: c 01, 1b 02,
2b 03, ss 04, 3b 05, lf 06, cf 07, rf 08, the DH 09 batting ninth; bench
10-13; ANV's starter ANV14 and bullpen ANV19-ANV24, BRK's starter BRK14.
Each decision is one event with words in the log; a refused one exits 1 and
stores nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.cli import STRAT_GAME as GAME, game_state, last_play, ok, refused, started_strat_game


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(started_strat_game(tmp_path))


def log(db: str) -> list[str]:
    return [e["summary"] for e in json.loads(ok(db, "game", "log", GAME, "--json"))]


def to_bottom(db: str) -> dict[str, Any]:
    ok(db, "game", "roll", GAME, "--to", "half")
    s = game_state(db, GAME)
    assert s["half"] == "bottom"
    return s


def test_the_dh_takes_the_field_and_the_pitcher_bats_in_the_replaced_mans_slot(db: str) -> None:
    out = ok(db, "game", "sub", GAME, "BRK09", "--for", "BRK02", "--position", "1b")
    assert "the DH Mack Dunfield takes the field at 1B for Emmett Kettering; the DH is lost, the pitcher bats" \
        in ok(db, "game", "log", GAME)
    assert "Error" not in out
    assert log(db)[-1] == "home: the DH BRK09 takes the field at 1B for BRK02; the DH is lost, the pitcher bats"
    # step: in the bottom half the pitcher Dale Kimble (BRK14) bats second, where BRK02 batted
    to_bottom(db)
    ok(db, "game", "walk", GAME)
    ok(db, "game", "roll", GAME, "--to", "play")
    assert game_state(db, GAME)["batter"] == "BRK14"
    ok(db, "game", "roll", GAME, "--to", "play")
    assert last_play(db, GAME)["batter"] == "BRK14"
    # step: he bats from a pitchers' hitting card (11.1)
    assert last_play(db, GAME)["card"].startswith("PH")


def test_the_dh_to_the_field_is_refused_at_another_position_or_once_the_dh_is_lost(db: str) -> None:
    refused(db, "game", "sub", GAME, "BRK09", "--for", "BRK02", "--position", "3b",
            names=("the DH takes the position of the man he replaces", "BRK02 plays 1b, not 3b"))
    ok(db, "game", "sub", GAME, "BRK09", "--for", "BRK02", "--position", "1b")
    refused(db, "game", "sub", GAME, "BRK09", "--for", "BRK03", "--position", "2b",
            names=("BRK09 is already in the game at 1b (the DH was lost)",))
    refused(db, "game", "sub", GAME, "BRK02", "--for", "BRK03", "--position", "2b", names=("may not re-enter",))


def test_the_pitcher_moves_to_the_field_and_the_new_pitcher_bats_for_the_dh(db: str) -> None:
    to_bottom(db)  # ANV in the field
    refused(db, "game", "pitch", GAME, "ANV19", "--move-to", "lf",
            names=("ANV14 is not rated at lf and ANV12 is available",))
    refused(db, "game", "pitch", GAME, "ANV19", "--move-to", "p", names=("nobody at p",))
    refused(db, "game", "pitch", GAME, "BRK18", "--move-to", "1b", names=("not in the ANV bullpen",))
    # step: ANV12, the bench's only outfielder, comes in for ANV08 in right: nobody rated in left sits now
    ok(db, "game", "sub", GAME, "ANV12", "--for", "ANV08", "--position", "rf")
    ok(db, "game", "pitch", GAME, "ANV19", "--move-to", "lf")
    assert log(db)[-1] == ("visitor: the pitcher moves to the field at LF for ANV06, new pitcher ANV19; "
                           "the DH is lost, the pitcher bats")
    s = game_state(db, GAME)
    assert s["pitcher"] == "ANV19" and s["fatigue"]["role"] == "relief"
    # step: the old pitcher ANV14 bats sixth (ANV06's slot), the new one ninth (the DH's)
    ok(db, "game", "roll", GAME, "--to", "half")
    seen = set()
    for _ in range(12):
        st = game_state(db, GAME)
        if st["half"] != "top" or st["over"]:
            break
        seen.add(st["batter"])
        ok(db, "game", "walk", GAME)
        ok(db, "game", "roll", GAME, "--to", "play")
    assert {"ANV14", "ANV19"} <= seen and not {"ANV06", "ANV09"} & seen


def use_up_the_anv_bullpen(db: str) -> None:
    for reliever in ("ANV19", "ANV20", "ANV21", "ANV22", "ANV23", "ANV24"):
        ok(db, "game", "pitch", GAME, reliever)


def test_a_fielder_moves_to_the_mound_only_when_the_bullpen_is_empty(db: str) -> None:
    to_bottom(db)
    refused(db, "game", "emergency", GAME, "ANV02", "--fill", "ANV13", names=("ANV still has pitchers",))
    use_up_the_anv_bullpen(db)
    refused(db, "game", "emergency", GAME, "ANV02", names=("ANV02 plays 1b: name who takes his place",))
    refused(db, "game", "emergency", GAME, "ANV13", "--fill", "ANV12",
            names=("ANV13 is not in the field: a bench player pitching leaves no position to fill",))
    refused(db, "game", "emergency", GAME, "ANV02", "--fill", "ANV01", names=("ANV01 is already in the game",))
    refused(db, "game", "emergency", GAME, "ANV04", "--fill", "ANV13",
            names=("ANV13 is not rated at ss and ANV11 is available",))  # 10.1, 25.2: the rated man plays there
    ok(db, "game", "emergency", GAME, "ANV02", "--fill", "ANV13")
    assert log(db)[-1] == ("visitor: ANV02 moves from 1B to the mound (a position player pitching), ANV13 takes "
                           "his place at 1B; the DH is lost, the pitcher bats")
    s = game_state(db, GAME)
    assert s["pitcher"] == "ANV02" and s["fatigue"]["role"] == "emergency"
    ok(db, "game", "roll", GAME, "--to", "play")
    assert last_play(db, GAME)["card"] == "EMERGENCY"  # 25.3's card


def test_the_dh_may_fill_for_the_fielder_who_pitches_or_pitch_himself(db: str, tmp_path: Path) -> None:
    to_bottom(db)
    use_up_the_anv_bullpen(db)
    ok(db, "game", "emergency", GAME, "ANV02", "--fill", "ANV09")
    assert log(db)[-1] == ("visitor: ANV02 moves from 1B to the mound (a position player pitching), ANV09 takes "
                           "his place at 1B; the DH is lost, the pitcher bats")
    refused(db, "game", "emergency", GAME, "ANV03", "--fill", "ANV09", names=("ANV09 is already in the game",))


def test_the_dh_himself_may_pitch(db: str) -> None:
    to_bottom(db)
    use_up_the_anv_bullpen(db)
    refused(db, "game", "emergency", GAME, "ANV09", "--fill", "ANV13", names=("ANV09 is the DH: he leaves no "
                                                                             "position for ANV13 to fill",))
    ok(db, "game", "emergency", GAME, "ANV09")
    assert log(db)[-1] == "visitor: ANV09 moves from DH to the mound (a position player pitching); the DH is lost, " \
        "the pitcher bats"
    assert game_state(db, GAME)["pitcher"] == "ANV09"


def test_a_bench_player_still_comes_in_to_pitch_and_no_fill_is_taken(db: str) -> None:
    to_bottom(db)
    use_up_the_anv_bullpen(db)
    ok(db, "game", "emergency", GAME, "ANV13")
    assert log(db)[-1] == "visitor: emergency pitcher ANV13 (a position player)"
    assert game_state(db, GAME)["pitcher"] == "ANV13"


def test_fielders_switch_positions_but_the_dh_does_not(db: str) -> None:
    refused(db, "game", "switch", GAME, "BRK03=ss", "BRK04=2b", names=("BRK03 is not rated at ss and BRK11 is "
                                                                      "available",))
    refused(db, "game", "switch", GAME, "BRK09=1b", "BRK02=dh", names=("the DH does not switch positions",))
    refused(db, "game", "switch", GAME, "BRK11=2b", names=("BRK11 is not in the field",))
    # step: BRK11 (2b, ss, 3b) replaces the shortstop, then trades places with the second baseman
    ok(db, "game", "sub", GAME, "BRK11", "--for", "BRK04", "--position", "ss")
    refused(db, "game", "switch", GAME, "BRK11=2b", names=("two players at 2b",))
    ok(db, "game", "switch", GAME, "BRK11=2b", "BRK03=ss")
    assert log(db)[-1] == "home: positions switched: BRK11 to 2B, BRK03 to SS"
