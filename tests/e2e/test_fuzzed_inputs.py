"""Mutated input files never crash the CLI and a refusal never changes the store.

A seeded mutator takes real inputs -- a roster sheet, a Strat-O-Matic card
file, a CSV and a Retrosheet schedule, a dice script -- and damages them the
ways files get damaged (bytes flipped or cut, lines lost, doubled or
swapped, fields emptied, text in another encoding).  Each of the 240
results goes to the command that reads it: the exit status is 0 or 1,
never a traceback, and every refusal leaves the event count as it was.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli
from league.data import data_path

RUNS_PER_KIND = 48
SHEET = data_path("teams", "TEX.tsv").read_bytes()
CARDS = data_path("cards", "ANV.txt").read_bytes()
CSV = b"date,visitor,home\n1988-04-04,CAL,TEX\n1988-04-05,CAL,TEX\n1988-04-06,TEX,CAL\n"
RETROSHEET = b"".join(data_path("retrosheet", "1988SKED.TXT").read_bytes().splitlines(keepends=True)[:6])
DICE = b"645   # visitor offense\n321\n# a comment\n552\n"


def _mutate(data: bytes, rng: random.Random) -> bytes:
    lines = data.splitlines(keepends=True)
    kind = rng.randrange(9)
    if kind == 0 and data:  # flip bytes
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 1:  # cut short
        return data[: rng.randrange(len(data) + 1)]
    if kind == 2 and lines:  # a line lost
        del lines[rng.randrange(len(lines))]
    elif kind == 3 and lines:  # a line doubled
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif kind == 4 and len(lines) > 1:  # two lines swapped
        i, j = rng.sample(range(len(lines)), 2)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 5 and lines:  # a field emptied or replaced
        i = rng.randrange(len(lines))
        cells = lines[i].split(b"\t") if b"\t" in lines[i] else lines[i].split(b",")
        cells[rng.randrange(len(cells))] = rng.choice([b"", b"-", b"99999", b"x", b"\xff\xfe", b"1.5"])
        lines[i] = (b"\t" if b"\t" in lines[i] else b",").join(cells)
    elif kind == 6:  # another encoding
        return data.decode("utf-8", "replace").replace("E", "\u00c9").encode("latin-1", "replace")
    elif kind == 7:  # binary noise
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 400)))
    else:  # tabs turned to spaces, or a number made huge
        return data.replace(b"\t", b" ", rng.randint(1, 5)) if rng.random() < 0.5 else data.replace(
            b"4", b"4000000000", 1)
    return b"".join(lines)


def _events(db: Path) -> int:
    with sqlite3.connect(db) as c:
        return int(c.execute("SELECT count(*) FROM stored_events").fetchone()[0])


def _league(path: Path, ruleset: str, teams: list[Path], schedule: bytes | None) -> Path:
    def ok(*args: str) -> None:
        r = CliRunner().invoke(cli, ["--db", str(path), *args])
        assert r.exit_code == 0, r.output

    ok("init", "--name", "fuzz", "--ruleset", ruleset, "--seed", "5")
    if teams:
        ok("teams", "import", *map(str, teams))
    if schedule:
        sched = path.with_suffix(".csv")
        sched.write_bytes(schedule)
        ok("schedule", "import", str(sched))
    return path


KINDS: dict[str, tuple[bytes, str, Callable[[Path], list[str]]]] = {
    "sheet": (SHEET, "TEX.tsv", lambda f: ["teams", "import", str(f)]),
    "cards": (CARDS, "ANV.txt", lambda f: ["teams", "import", str(f)]),
    "csv schedule": (CSV, "games.csv", lambda f: ["schedule", "import", str(f)]),
    "retrosheet schedule": (RETROSHEET, "1988SKED.TXT", lambda f: ["schedule", "import", str(f)]),
    "dice script": (DICE, "rolls.txt", lambda f: ["play", "TEX198804050", "--dice", str(f)]),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_mutated_files_get_an_answer_never_a_traceback_and_refusals_store_nothing(tmp_path: Path, kind: str) -> None:
    original, name, command = KINDS[kind]
    if kind == "cards":
        template = _league(tmp_path / "template.db", "strat-o-matic", [], None)
    elif kind == "dice script":
        template = _league(tmp_path / "template.db", "pennant-race",
                           [data_path("teams", "TEX.tsv"), data_path("teams", "CAL.tsv")], CSV)
    else:
        template = _league(tmp_path / "template.db", "pennant-race",
                           [data_path("teams", "CAL.tsv")] if kind == "sheet" else
                           [data_path("teams", t) for t in ("TEX.tsv", "CAL.tsv")] if kind == "csv schedule" else [],
                           None)
    rng = random.Random(f"fuzz:{kind}")
    for run in range(RUNS_PER_KIND):
        db = tmp_path / f"run{run}.db"
        shutil.copy(template, db)
        damaged = tmp_path / name
        damaged.write_bytes(_mutate(original, rng))
        before = _events(db)
        result = CliRunner().invoke(cli, ["--db", str(db), *command(damaged)])
        where = (kind, run, damaged.read_bytes()[:200], result.output[-500:])
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        assert not crashed, (where, repr(result.exception))
        assert result.exit_code in (0, 1), where
        if result.exit_code == 1:
            assert result.output.strip().startswith("Error") or "Error:" in result.output, where
            assert _events(db) == before, where
        db.unlink()
