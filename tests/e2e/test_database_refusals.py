"""A ``--db`` that cannot be a league store is refused in one line, exit 1,
within the connect timeout, and nothing is created or written."""

from __future__ import annotations

import hashlib
import sqlite3
import time
import uuid
from pathlib import Path

import pytest

from tests.conftest import _pg_connect, _pg_url, _require_pg
from tests.e2e.cli import run

# A read command and a writing one: neither may get past the check.
COMMANDS = [("standings",), ("init", "--name", "x", "--ruleset", "pennant-race")]


def _refused(db: str, args: tuple[str, ...], expect: str) -> str:
    result = run(db, *args)
    assert result.exit_code == 1, result.output
    message = result.output.strip()
    assert message.startswith("Error: ") and "\n" not in message, message
    assert expect in message
    assert "Traceback" not in result.output
    return message


@pytest.mark.parametrize("args", COMMANDS)
def test_an_unsupported_url_scheme_is_refused(args: tuple[str, ...]) -> None:
    _refused("mysql://root@127.0.0.1/league", args, "'mysql' databases are not supported")


@pytest.mark.parametrize("args", COMMANDS)
def test_a_file_in_a_missing_folder_is_refused_and_the_folder_is_not_made(tmp_path: Path,
                                                                         args: tuple[str, ...]) -> None:
    db = tmp_path / "no-such-folder" / "league.db"
    _refused(str(db), args, "does not exist")
    assert not db.parent.exists()


@pytest.mark.parametrize("args", COMMANDS)
def test_a_text_file_is_refused_and_left_as_it_was(tmp_path: Path, args: tuple[str, ...]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("date,visitor,home\n")
    _refused(str(notes), args, "not a SQLite database")
    assert notes.read_text() == "date,visitor,home\n"


@pytest.mark.parametrize("args", COMMANDS)
def test_a_damaged_sqlite_file_is_refused_and_left_as_it_was(tmp_path: Path, args: tuple[str, ...]) -> None:
    # A SQLite header and then no database: a read command checks it on the connection it reads with.
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 40)
    before = damaged.read_bytes()
    _refused(str(damaged), args, "cannot be read as a SQLite database")
    assert damaged.read_bytes() == before


def test_a_folder_is_refused(tmp_path: Path) -> None:
    _refused(str(tmp_path), ("standings",), "is a folder")


@pytest.mark.parametrize("args", COMMANDS)
def test_another_applications_sqlite_file_is_never_written(tmp_path: Path, args: tuple[str, ...]) -> None:
    other = tmp_path / "shop.db"
    with sqlite3.connect(other) as c:
        c.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        c.execute("INSERT INTO customers (name) VALUES ('Ada')")
    before = hashlib.sha256(other.read_bytes()).hexdigest()
    _refused(str(other), args, "another application's tables (customers)")
    assert hashlib.sha256(other.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shop.db"]  # no -wal or -shm either


def test_a_league_file_made_by_init_is_still_accepted(tmp_path: Path) -> None:
    db = str(tmp_path / "league.db")
    assert run(db, "init", "--name", "x", "--ruleset", "pennant-race").exit_code == 0
    assert run(db, "standings").exit_code == 0


@pytest.mark.postgres
@pytest.mark.parametrize("args", COMMANDS)
def test_a_missing_postgresql_database_is_named_within_five_seconds_and_not_created(args: tuple[str, ...]) -> None:
    _require_pg()
    name = f"league_missing_{uuid.uuid4().hex[:10]}"
    started = time.monotonic()
    _refused(_pg_url(name), args, f"no database '{name}'")
    assert time.monotonic() - started < 5
    with _pg_connect() as c:
        assert c.execute("SELECT count(*) FROM pg_database WHERE datname = %s", (name,)).fetchone()[0] == 0


@pytest.mark.parametrize("args", COMMANDS)
def test_a_postgresql_server_that_does_not_answer_is_reported_within_five_seconds(args: tuple[str, ...]) -> None:
    started = time.monotonic()
    _refused("postgresql://postgres@127.0.0.1:1/league", args, "no PostgreSQL server answers at 127.0.0.1:1")
    assert time.monotonic() - started < 5
