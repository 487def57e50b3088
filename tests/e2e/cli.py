"""Shared steps of the end-to-end tests: run the CLI, set up a small league, edit a sheet."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from commands.cli import cli
from league.data import data_path


def run(db: str, *args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(cli, ["--db", db, *args], input=input)


def run_process(db: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """The CLI in a process of its own, with a time limit: a hang fails the test instead of the suite.

    Its standard input is empty: a command that reads ``-`` must not wait on the terminal of
    whoever runs the tests."""
    return subprocess.run([sys.executable, "-m", "commands", "--db", db, *args], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def ok(db: str, *args: str, input: str | None = None) -> str:
    r = run(db, *args, input=input)
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.output


def make_league(
    tmp_path: Path,
    schedule: str,
    *,
    sheets: tuple[Path, ...] | None = None,
    ruleset: str = "pennant-race",
    seed: str = "1",
    name: str = "league.db",
    db: str | None = None,
) -> str:
    """A league with the given sheets (default: the shipped TEX and CAL) and CSV schedule rows, in
    ``db`` (a store's URL: a PostgreSQL test's database) or else the SQLite file ``name``."""
    db = db or str(tmp_path / name)
    sched = tmp_path / f"{name}.csv"
    sched.write_text("date,visitor,home\n" + schedule)
    ok(db, "init", "--name", "test", "--ruleset", ruleset, "--seed", seed)
    ok(db, "teams", "import", *map(str, sheets or (data_path("teams", "TEX.tsv"), data_path("teams", "CAL.tsv"))))
    ok(db, "schedule", "import", str(sched))
    return db


def with_bats(text: str, bats: list[int]) -> str:
    """A sheet whose nine lineup BATs (and so its BAT VALUE) are replaced."""
    rows = text.splitlines()
    start = rows.index(next(r for r in rows if r.startswith("LINEUP"))) + 1
    for k, bat in enumerate(bats):
        cells = rows[start + k].split("\t")
        cells[3] = str(bat)
        rows[start + k] = "\t".join(cells)
    return "\n".join(
        f"BAT VALUE\t{sum(bats)}" if r.startswith("BAT VALUE") else r for r in rows
    ) + "\n"


def events(db: str) -> int:
    """How many events the store holds (SQLite or PostgreSQL URL)."""
    from league.bootstrap import open_app

    app = open_app(db, create=False)
    try:
        return int(app.recorder.max_notification_id() or 0)
    finally:
        app.close()


def refused(db: str, *args: str, names: tuple[str, ...] = (), input: str | None = None) -> str:
    """Run a command that must be refused: exit 1, ``names`` in the message, not one event stored."""
    before = events(db)
    r = run(db, *args, input=input)
    assert r.exit_code == 1, (r.output, r.exception)
    for part in names:
        assert part in r.output, (part, r.output)
    assert events(db) == before, "a refused command changed the store"
    return str(r.output)


STRAT_GAME = "BRK202404010"  # the shipped ANV at BRK, 2024-04-01: the Strat-O-Matic hand-play tests' game


def started_strat_game(where: Path, ruleset: str = "strat-o-matic") -> Path:
    """A league of the shipped ANV and BRK cards in ``where``, with :data:`STRAT_GAME` started by hand."""
    from league.rules.strat.roster import CARD_SET

    db = str(where / "g.db")
    ok(db, "init", "--name", "S", "--ruleset", ruleset, "--seed", "1")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    (where / "s.csv").write_text("date,visitor,home,game\n2024-04-01,ANV,BRK,0\n")
    ok(db, "schedule", "import", str(where / "s.csv"))
    ok(db, "game", "start", STRAT_GAME)
    return where / "g.db"


def game_state(db: str, game: str) -> dict[str, Any]:
    """``league game state GAME --json``."""
    return json.loads(ok(db, "game", "state", game, "--json"))  # type: ignore[no-any-return]


def last_play(db: str, game: str) -> dict[str, Any]:
    """The play of the game's last PlayResolved event, from ``league game log --json``."""
    log = json.loads(ok(db, "game", "log", game, "--json"))
    return next(e for e in reversed(log) if e["type"] == "PlayResolved")["play"]  # type: ignore[no-any-return]
