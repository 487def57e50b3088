"""Only ``init`` (and ``demo``, which makes its own) creates a league database.

Every other command given a ``--db`` that holds no league -- a mistyped
file name, an empty PostgreSQL database -- says so, exits 1 and creates
nothing.  The commands are read from the CLI itself, so a new command is
covered the day it is added.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import click
import pytest

from commands.cli import CREATING_COMMANDS, load_all
from league.data import data_path
from tests.conftest import _pg_connect
from tests.e2e.cli import run

# Commands that never open the league database.
NO_DATABASE = {"cards generate", "site serve", "rulesets"}  # site serve serves a built folder
SHEET = str(data_path("teams", "TEX.tsv"))
# Values for the arguments and required options a command needs to get as
# far as opening the database.
VALUES: dict[str, str | list[str]] = {
    "files": SHEET, "file": SHEET, "kind": "pitching", "where": ["TEX198804040", "out"], "--team": "TEX",
    "--to": "1", "--reason": "typo", "--position": "1", "--roll": "645", "--name": "x", "--season": "1988", "--base": "1",
    "moves": ["TEX01=ss"]}


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[str, click.Command]]:
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield " ".join((*path, name)), command


def _invocation(name: str, command: click.Command, out: Path) -> list[str]:
    args = name.split()
    for p in command.params:
        if isinstance(p, click.Argument):  # optional ones too: "GAME or --all" asks for one
            value = VALUES.get(p.name or "", "TEX198804040")
            args += value if isinstance(value, list) else [value]
        elif isinstance(p, click.Option) and p.required:
            value = VALUES.get(p.opts[0], str(out))
            args += [p.opts[0], *(value if isinstance(value, list) else [value])]
    return args


COMMANDS = [(n, c) for n, c in _commands(load_all()) if n.split()[0] not in CREATING_COMMANDS and n not in NO_DATABASE]


@pytest.mark.parametrize("name,command", COMMANDS, ids=[n for n, _ in COMMANDS])
def test_a_mistyped_sqlite_path_is_refused_and_not_created(tmp_path: Path, name: str,
                                                            command: click.Command) -> None:
    typo = tmp_path / "legaue.db"
    result = run(str(typo), *_invocation(name, command, tmp_path / "out"))
    assert result.exit_code == 1, result.output
    assert "no league database here" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.postgres
@pytest.mark.parametrize("name", ["standings", "history", "audit", "sim", "teams import"])
def test_an_empty_postgresql_database_is_refused_and_left_empty(pg_url: str, tmp_path: Path, name: str) -> None:
    command = dict(COMMANDS)[name]
    result = run(pg_url, *_invocation(name, command, tmp_path / "out"))
    assert result.exit_code == 1, result.output
    assert "holds no league" in result.output
    dbname = pg_url.rsplit("/", 1)[1]
    with _pg_connect(dbname) as c:
        assert c.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone()[0] == 0


def test_init_still_makes_the_database(tmp_path: Path) -> None:
    db = tmp_path / "league.db"
    assert run(str(db), "init", "--name", "x", "--ruleset", "pennant-race").exit_code == 0
    assert run(str(db), "history").exit_code == 0
