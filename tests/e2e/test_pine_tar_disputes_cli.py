"""Settling a dispute in a Pine Tar game from the command line, as for the other card games: a mistyped
roll corrected, the game voided, each undone; the standings, ``audit --all`` and the journal after each,
on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from commands.cli import cli
from league.rules.pine_tar.cardgen import OUT as CARD_SET

GAME = "PRD202404010"


def ok(db: str, *args: str) -> str:
    r = CliRunner().invoke(cli, ["--db", db, "--log-format", "json", *args])
    assert r.exit_code == 0, (args, r.output)
    return r.output


def refused(db: str, *args: str) -> str:
    r = CliRunner().invoke(cli, ["--db", db, *args])
    assert r.exit_code == 1, (args, r.output)
    return r.output


def table(db: str) -> dict[str, tuple[int, int, int, int]]:
    return {t["team"]: (t["w"], t["l"], t["rf"], t["ra"]) for t in json.loads(ok(db, "standings", "--json"))}


def box(db: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(ok(db, "game", "show", GAME, "--json"))
    return out


def rolls(db: str) -> list[tuple[int, str, bool]]:
    log = json.loads(ok(db, "game", "log", GAME, "--json"))
    return [(e["position"], e["dice"], e["superseded"]) for e in log if e.get("dice")]


def counted(db: str) -> dict[str, tuple[int, int, int, int]]:
    """The standings the final box score implies."""
    b = box(db)
    v, h = b["visitor"]["runs"], b["home"]["runs"]
    return {"HBR": (int(v > h), int(v < h), v, h), "PRD": (int(h > v), int(h < v), h, v)}


def test_a_pine_tar_game_is_corrected_voided_and_undone(tmp_path: Path, db_url: str) -> None:
    ok(db_url, "init", "--name", "PT", "--ruleset", "pine-tar", "--seed", "5")
    ok(db_url, "teams", "import", str(CARD_SET / "hbr.txt"), str(CARD_SET / "prd.txt"))
    (tmp_path / "s.csv").write_text("date,visitor,home,game\n2024-04-01,HBR,PRD,0\n")
    ok(db_url, "schedule", "import", str(tmp_path / "s.csv"))
    ok(db_url, "sim", "--quiet", "--actor", "commish")
    played = box(db_url)
    assert played["status"] == "final" and table(db_url) == counted(db_url)
    assert "Audit passed" in ok(db_url, "audit", "--all")
    first_roll = rolls(db_url)[0]
    assert first_roll[0] == 2 and not first_roll[2]

    # correct: the first roll was really 99 (a green die of 0 is impossible: refused, nothing stored)
    assert "green" in refused(db_url, "correct", GAME, "--position", "2", "--roll", "r9w9b0g0", "--reason", "x")
    assert rolls(db_url)[0] == first_roll
    ok(db_url, "correct", GAME, "--position", "2", "--roll", "r9w9b3g2", "--reason", "typo", "--actor", "commish")
    live = [d for _, d, gone in rolls(db_url) if not gone]
    assert live[0] == "r9w9b3g2" and (2, first_roll[1], True) in rolls(db_url)
    corrected = box(db_url)
    assert corrected != played  # 99 is a BK/WP with the bases empty: ball one, every later roll moves on
    assert corrected["status"] == "final" and table(db_url) == counted(db_url)
    assert "Audit passed" in ok(db_url, "audit", "--all")

    # void: the game no longer counts; undo brings the corrected result back
    ok(db_url, "void", GAME, "--reason", "played with the wrong cards", "--actor", "commish")
    assert table(db_url) == {"HBR": (0, 0, 0, 0), "PRD": (0, 0, 0, 0)}
    assert "Audit passed" in ok(db_url, "audit", "--all")
    ok(db_url, "undo", "--reason", "the cards were right", "--actor", "commish")
    assert box(db_url) == corrected and table(db_url) == counted(db_url)
    assert "Audit passed" in ok(db_url, "audit", "--all")

    # undo the correction too: the game as first simulated stands again
    ok(db_url, "undo", "--reason", "the first roll was read right", "--actor", "commish")
    assert box(db_url) == played and table(db_url) == counted(db_url)
    assert rolls(db_url)[0] == first_roll or (2, first_roll[1], False) in rolls(db_url)
    assert "Audit passed" in ok(db_url, "audit", "--all")
    assert "every link intact" in ok(db_url, "verify")

    history = json.loads(ok(db_url, "history", "--game", GAME, "--json"))
    assert [(h["command"], h["actor"]) for h in history][1:] == [
        ("sim", "commish"), ("correct", "commish"), ("void", "commish"), ("undo", "commish"), ("undo", "commish")]
    assert [h["reason"] for h in history][2:] == [
        "typo", "played with the wrong cards", "the cards were right", "the first roll was read right"]
    assert [h["undone"] for h in history][1:] == [False, True, True, False, False]
