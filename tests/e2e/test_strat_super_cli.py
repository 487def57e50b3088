"""A super advanced Strat-O-Matic league through the CLI: simulated, a wild pitch rewound, audited."""

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


def _league(tmp_path: Path, seed: str = "3", days: int = 4) -> str:
    """A super advanced league of ANV and BRK, one game a day from April 1st."""
    db = str(tmp_path / "s.db")
    ok(db, "init", "--name", "S", "--ruleset", "strat-o-matic-super", "--seed", seed)
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home,game\n" + "".join(f"2024-04-0{d},ANV,BRK,0\n" for d in range(1, days + 1)))
    ok(db, "schedule", "import", str(sched))
    return db


def _first_wild_pitch(db: str, games: list[str]) -> tuple[str, list[dict[str, Any]], int]:
    for g in games:
        log = json.loads(ok(db, "game", "log", g, "--json"))
        for i, e in enumerate(log):
            if e["type"] == "PlayResolved" and e.get("play", {}).get("type") == "wild_pitch":
                return g, log, i
    raise AssertionError("no wild pitch in the simulated games")


def test_a_game_rewound_between_a_wild_pitch_and_the_next_roll(tmp_path: Path) -> None:
    db = _league(tmp_path)
    assert "strat-o-matic-super" in ok(db, "rulesets")
    ok(db, "sim", "--quiet")
    games = [f"BRK2024040{d}0" for d in range(1, 5)]
    g, log, i = _first_wild_pitch(db, games)
    wp, nxt = log[i], log[i + 1]
    # the wild pitch is its own play: the batter is the same before and after it
    assert wp["play"]["completed"] is False and nxt["type"] in ("Rolled", "PlayResolved")
    ok(db, "rewind", g, "--to", str(nxt["position"]), "--cascade", "--reason", "check the dice after the wild pitch")
    state = json.loads(ok(db, "game", "state", g, "--json"))
    assert state["position"] > nxt["position"]  # the later events stay, superseded
    assert state["bases"] == wp["play"]["after"]["bases"] and state["score"] == wp["play"]["after"]["score"]
    assert state["batter"] == wp["play"]["batter"] and state["pending"]["rolls"] == []
    # the next roll by hand: with runners on, the 29.1 d20 comes first again
    if any(state["bases"]):
        dice = tmp_path / "d.txt"
        dice.write_text("d12\n")
        ok(db, "game", "roll", g, "--dice", str(dice))
        assert json.loads(ok(db, "game", "state", g, "--json"))["pending"]["rolls"] == ["d12"]
    ok(db, "sim", "--quiet", "--finish-in-progress")
    assert "Audit passed" in ok(db, "audit", "--all")


def test_a_game_rewound_to_just_before_the_wild_pitch_plays_it_again(tmp_path: Path) -> None:
    db = _league(tmp_path)
    ok(db, "sim", "--quiet")
    g, log, i = _first_wild_pitch(db, [f"BRK2024040{d}0" for d in range(1, 5)])
    pitch = log[i - 1]  # the 29.1 d20 that showed 1
    assert pitch["type"] == "Rolled" and pitch["dice"] == "d1"
    before = next(e for e in reversed(log[:i - 1]) if e["type"] == "PlayResolved")
    ok(db, "rewind", g, "--to", str(pitch["position"]), "--cascade", "--reason", "replay the pitch")
    state = json.loads(ok(db, "game", "state", g, "--json"))
    assert state["bases"] == before["play"]["after"]["bases"] and state["pending"]["rolls"] == []
    dice = tmp_path / "d.txt"
    dice.write_text("d15\n")  # this time no wild pitch: 3-20 reads the cards
    ok(db, "game", "roll", g, "--dice", str(dice))
    assert json.loads(ok(db, "game", "state", g, "--json"))["pending"]["rolls"] == ["d15"]
    ok(db, "sim", "--quiet", "--finish-in-progress")
    assert "Audit passed" in ok(db, "audit", "--all")


def test_a_league_with_asterisks_off_plays_the_2_1_mode_and_records_the_option(tmp_path: Path) -> None:
    db = str(tmp_path / "o.db")
    ok(db, "init", "--name", "O", "--ruleset", "strat-o-matic-basic", "--seed", "3", "--option", "asterisks=off")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home,game\n2024-04-01,ANV,BRK,0\n")
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--quiet")
    log = json.loads(ok(db, "game", "log", "BRK202404010", "--json"))
    assert log[0]["setup"]["level"] == "basic+2.1"
    plays = [e["play"] for e in log if e["type"] == "PlayResolved" and e["play"].get("type") == "plate_appearance"]
    assert plays and all(p["mode"] == "2.1" for p in plays)
    assert "Audit passed" in ok(db, "audit", "--all")
    r = CliRunner().invoke(cli, ["--db", str(tmp_path / "x.db"), "init", "--name", "X", "--ruleset",
                                 "strat-o-matic", "--option", "asterisks=sometimes"])
    assert r.exit_code == 1 and "asterisks" in r.output


def test_game_show_counts_wild_pitches_balks_and_passed_balls(tmp_path: Path) -> None:
    db = _league(tmp_path)
    ok(db, "sim", "--quiet")
    g, log, _ = _first_wild_pitch(db, [f"BRK2024040{d}0" for d in range(1, 5)])
    charged: dict[str, dict[str, int]] = {}
    for e in log:
        play = e.get("play") or {}
        if e["type"] == "PlayResolved" and play.get("type") in ("wild_pitch", "balk", "passed_ball"):
            column = {"wild_pitch": "wp", "balk": "bk", "passed_ball": "pb"}[play["type"]]
            counts = charged.setdefault(play["charged"], {})
            counts[column] = counts.get(column, 0) + 1
    box = json.loads(ok(db, "game", "show", g, "--json"))
    shown: dict[str, dict[str, int]] = {}
    for side in ("visitor", "home"):
        for p in box[side]["pitching"]:
            shown[p["pitcher"]] = {k: p[k] for k in ("wp", "bk") if p[k]}
        for b in box[side]["batting"]:
            if b["pb"]:
                shown.setdefault(b["player"], {})["pb"] = b["pb"]
    assert {k: v for k, v in shown.items() if v} == charged and charged
    table = ok(db, "game", "show", g)
    pitching_header = next(line for line in table.splitlines() if "  IP" in line)
    assert pitching_header.split()[-4:] == ["WP", "BK", "PK", "DEC"]
    batting_header = next(line for line in table.splitlines() if " AB" in line)
    assert batting_header.split()[-1] == "PB"


def test_games_played_before_revision_2_keep_their_box_and_audit_clean(tmp_path: Path, monkeypatch: Any) -> None:
    from league.rules.strat import card_engine

    db = _league(tmp_path)
    with monkeypatch.context() as m:  # the super rules as they were: level "super", no "charged"
        m.setitem(card_engine.LEVELS, "strat-o-matic-super", ("super", True))
        ok(db, "sim", "--quiet", "--through", "2024-04-03")
    ok(db, "sim", "--quiet")
    levels = {}
    for d in range(1, 5):
        log = json.loads(ok(db, "game", "log", f"BRK2024040{d}0", "--json"))
        levels[d] = log[0]["setup"]["level"]
    assert levels == {1: "super", 2: "super", 3: "super", 4: "super+r4"}
    g, _, _ = _first_wild_pitch(db, [f"BRK2024040{d}0" for d in range(1, 4)])
    box = json.loads(ok(db, "game", "show", g, "--json"))
    assert all("wp" not in p for side in ("visitor", "home") for p in box[side]["pitching"])
    assert "WP" not in ok(db, "game", "show", g)
    assert "Audit passed" in ok(db, "audit", "--all")
