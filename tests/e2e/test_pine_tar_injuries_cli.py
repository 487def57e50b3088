"""Pine Tar's optional injuries through the CLI: ``league init --option injuries=on``, a simulated season,
the injury list, the injured benched in later games, rewind into the checks, audit; and a league without
the option plays as it always did."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.e2e.test_pine_tar_cli import ok
from league.rules.pine_tar.cardgen import OUT as CARD_SET
from league.rules.pine_tar.cards import parse_cards

CLUBS = ("hbr.txt", "prd.txt", "msa.txt", "clf.txt")
DAYS = [(1, "HBR", "PRD"), (1, "MSA", "CLF"), (2, "PRD", "MSA"), (2, "CLF", "HBR"), (3, "HBR", "MSA"),
        (3, "PRD", "CLF"), (4, "PRD", "HBR"), (4, "CLF", "MSA"), (5, "MSA", "PRD"), (5, "HBR", "CLF")]


def season(tmp_path: Path, name: str, *options: str) -> str:
    db = str(tmp_path / f"{name}.db")
    ok(db, "init", "--name", "PT", "--ruleset", "pine-tar", "--seed", "21", *options)
    ok(db, "teams", "import", *(str(CARD_SET / f) for f in CLUBS))
    sched = tmp_path / f"{name}.csv"
    sched.write_text("date,visitor,home,game\n" + "".join(f"2024-04-0{d},{v},{h},0\n" for d, v, h in DAYS))
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--quiet")
    return db


def log(db: str, game: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = json.loads(ok(db, "game", "log", game, "--json"))
    return out


def game_id(d: int, home: str) -> str:
    return f"{home}2024040{d}0"


def test_injuries_are_rolled_after_each_game_listed_and_keep_the_player_out(tmp_path: Path) -> None:
    db = season(tmp_path, "on", "--option", "injuries=on")
    hurt = json.loads(ok(db, "injuries", "--json"))
    assert hurt, "ten games of the card set's INJ 10-60 checks hurt nobody"
    first = hurt[0]
    # the game he was hurt in ends with the checks: rolls with their reasons, the play naming him
    entries = log(db, first["game"])
    checks = next(e for e in entries if e.get("type") == "PlayResolved" and e["play"].get("type") == "postgame")
    assert {"team": first["team"], "player": first["player"], "games": first["games"]} in checks["play"]["injuries"]
    assert any(e.get("type") == "Rolled" and e["purpose"].startswith("injury") for e in entries)
    assert any(e.get("type") == "PlayerInjured" for e in entries)
    # his club's next game (if within his games) leaves him out, with the reason
    later = [game_id(d, h) for d, v, h in DAYS if first["team"] in (v, h) and game_id(d, h) > first["game"]]
    if later and first["games"] >= 1:
        setup = log(db, later[0])[0]["setup"]
        side = "visitor" if setup["visitor"]["team"] == first["team"] else "home"
        assert first["player"] in {o["player"] for o in setup[side].get("out", ())}
    assert "Audit passed" in ok(db, "audit", "--all")
    # rewound into the checks (the later games re-resolved with their own rolls), it still audits
    rolled = [e["position"] for e in entries if e.get("type") == "Rolled" and e["purpose"].startswith("injury")]
    ok(db, "rewind", first["game"], "--to", str(rolled[0]), "--cascade", "--reason", "test the checks again")
    assert json.loads(ok(db, "game", "state", first["game"], "--json"))["status"] == "in progress"
    ok(db, "game", "roll", first["game"], "--to", "game")  # by hand: the checks' rolls, then the game completes
    assert json.loads(ok(db, "game", "state", first["game"], "--json"))["status"] == "final"
    assert [e["type"] for e in log(db, first["game"])][-1] == "Completed"
    ok(db, "sim", "--quiet", "--finish-in-progress")
    assert "Audit passed" in ok(db, "audit", "--all")


def test_a_league_without_the_option_rolls_no_checks_and_its_first_games_match(tmp_path: Path) -> None:
    off = season(tmp_path, "off")
    on = season(tmp_path, "on", "--option", "injuries=on")
    assert json.loads(ok(off, "injuries", "--json")) == []
    for d, v, h in DAYS:
        entries = log(off, game_id(d, h))
        assert not any("injury" in str(e.get("purpose", "")) for e in entries)
        assert entries[-1]["type"] == "Completed"
    # the checks come after the last play with the game's own dice, so nothing of the first day's games
    # (before anyone can be out) differs but the checks
    for d, v, h in DAYS[:2]:
        boxes = [json.loads(ok(db, "game", "show", game_id(d, h), "--json")) for db in (off, on)]
        assert boxes[0]["visitor"] == boxes[1]["visitor"] and boxes[0]["home"] == boxes[1]["home"]


def test_the_pitchers_calendar_shows_a_hurt_pitcher_out_with_the_reason(tmp_path: Path) -> None:
    db = season(tmp_path, "on", "--option", "injuries=on")
    hurt = json.loads(ok(db, "injuries", "--json"))
    pitchers = {c.id for f in CLUBS for c in parse_cards((CARD_SET / f).read_text(), f) if c.kind == "pitcher"}
    one = next(h for h in hurt if h["player"] in pitchers)  # the card set's INJ 10-60 hurt one in ten games
    cal = json.loads(ok(db, "pitchers", "--team", one["team"], "--as-of", one["date"], "--json"))
    rows = [r for r in cal["starters"] + cal["relievers"] if r["pitcher"] == one["player"]]
    assert rows and all(r["injured"] and r["injured"] in r["status"] for r in rows)
    assert all(r["available"] is False for r in cal["relievers"] if r["pitcher"] == one["player"])
