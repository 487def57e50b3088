"""A league file may be named with the characters a URI reserves ("Season #2.db", "odd?name.db", "100%.db").

Before, ``verify`` on ``Season #2.db`` opened ``Season `` (a ``#`` ends a
URI's path), created that empty file and said it held no league, and the
views of ``odd?name.db`` were written into a file named ``odd``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.cli import make_league, ok, run

SCHEDULE = "1988-04-04,TEX,CAL\n1988-04-05,CAL,TEX\n"


@pytest.mark.parametrize("name", ["Season #2.db", "odd?name.db", "100% sure.db"])
def test_every_command_uses_the_named_file_and_creates_no_other(tmp_path: Path, name: str) -> None:
    db = make_league(tmp_path, SCHEDULE, name=name)
    ok(db, "sim")
    rows = json.loads(ok(db, "standings", "--json"))
    assert sum(r["w"] for r in rows) == 2
    assert "every link intact" in ok(db, "verify")
    assert "re-derived exactly" in ok(db, "audit", "--all")
    game = json.loads(ok(db, "schedule", "list", "--status", "played", "--json"))[0]["game"]
    assert ok(db, "game", "log", game)
    assert ok(db, "history")
    ok(db, "db", "upgrade")
    ok(db, "projections", "rebuild")
    assert json.loads(ok(db, "standings", "--json")) == rows
    made = {p.name for p in tmp_path.iterdir()} - {f"{name}.csv"}
    assert made <= {name, f"{name}-wal", f"{name}-shm"}, made


def test_a_mistyped_name_with_a_hash_creates_nothing(tmp_path: Path) -> None:
    typo = tmp_path / "Season #3.db"
    for args in (["verify"], ["standings"], ["audit", "--all"]):
        result = run(str(typo), *args)
        assert result.exit_code == 1 and "no league database here" in result.output, result.output
    assert list(tmp_path.iterdir()) == []
