"""Many commissioners at once on one PostgreSQL league: no traceback, ever.

Each round starts eight readers and two writers together, as separate
processes (forked from this one, so no interpreter start-up is timed): the
two writers both try to play the same next day.  Exactly one of them plays
it; the other finds nothing left to play or is refused with the clear
"the league changed" message.  Opening the store used to run
eventsourcing's CREATE statements in every process, and processes doing it
together crashed in the catalog ("tuple concurrently updated").
"""

from __future__ import annotations

import datetime as dt
import json
import multiprocessing
import os
import sys
from pathlib import Path

import pytest

from league.data import data_path
from tests.e2e.cli import run_process

pytestmark = pytest.mark.postgres

ROUNDS = 20
READERS = (
    ("standings",), ("stats", "pitching"), ("history",), ("leaders",),
    ("pitchers", "--team", "TEX"), ("injuries",), ("standings", "--json"), ("verify",),
)
FIRST_DAY = dt.date(1988, 4, 4)


def _command(args: list[str], out: str) -> None:
    """A forked child: one CLI command, its output (and any traceback) in ``out``."""
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    # pytest's capture replaced the Python-level streams: write to the file
    sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
    from commands.cli import cli

    cli.main(args=args, prog_name="league")


def _games_played(db: str) -> int:
    rows = json.loads(run_process(db, "standings", "--json").stdout)
    return sum(r["w"] for r in rows)


def test_eight_readers_and_two_writers_at_once_never_crash_and_each_day_is_played_once(
        pg_url: str, tmp_path: Path) -> None:
    # step: a two-club league with one game a day, made by the CLI in child processes
    schedule = tmp_path / "days.csv"
    schedule.write_text("date,visitor,home\n" + "".join(
        f"{FIRST_DAY + dt.timedelta(days=d)},TEX,CAL\n" for d in range(ROUNDS)))
    for args in (("init", "--name", "crowd", "--ruleset", "pennant-race", "--seed", "7"),
                 ("teams", "import", str(data_path("teams", "TEX.tsv")), str(data_path("teams", "CAL.tsv"))),
                 ("schedule", "import", str(schedule))):
        done = run_process(pg_url, *args)
        assert done.returncode == 0, done.stderr

    fork = multiprocessing.get_context("fork")
    for day in range(ROUNDS):
        # step: ten commands at once; both writers want the same day
        through = str(FIRST_DAY + dt.timedelta(days=day))
        jobs = [(["--db", pg_url, "sim", "--through", through, "--quiet"], f"writer{w}") for w in range(2)]
        jobs += [(["--db", pg_url, *args], f"reader{r}") for r, args in enumerate(READERS)]
        procs = []
        for args, name in jobs:
            out = str(tmp_path / f"{day}-{name}.txt")
            procs.append((name, out, fork.Process(target=_command, args=(args, out))))
        for _, _, p in procs:
            p.start()
        for _, _, p in procs:
            p.join(120)
        # step: no traceback, and every refusal is the clear one-line message
        for name, out, p in procs:
            text = Path(out).read_text()
            assert "Traceback" not in text, (day, name, text)
            assert p.exitcode in (0, 1), (day, name, p.exitcode, text)
            if p.exitcode == 1:
                assert name.startswith("writer") and "the league changed while this command ran" in text, (
                    day, name, text)
        # step: exactly one writer played the day
        assert _games_played(pg_url) == day + 1

    # step: the log is whole
    for args in (("verify",), ("audit", "--all")):
        done = run_process(pg_url, *args)
        assert done.returncode == 0, done.stdout + done.stderr
