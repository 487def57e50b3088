"""Every command explains itself: help text with an example, and --help works."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from commands.cli import load_all

cli = load_all()  # every command module imported: the CLI loads them as commands run


def commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from commands(cmd, path + (name,))
        else:
            yield path + (name,)


@pytest.mark.parametrize("path", list(commands()), ids=" ".join)
def test_every_command_has_help_with_an_example(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Example:" in result.output, f"'league {' '.join(path)}' needs an Example in its help"


def test_listing_commands_offer_json() -> None:
    for path in (("standings",), ("leaders",), ("injuries",), ("stats", "pitching"), ("history",),
                 ("game", "show"), ("game", "log"), ("pitchers",), ("report", "realism"), ("schedule", "list"),
                 ("teams", "list"), ("roster",), ("audit",), ("verify",), ("play",), ("sim",)):
        assert "--json" in CliRunner().invoke(cli, [*path, "--help"]).output, path


def test_spreadsheet_tables_offer_csv() -> None:
    for path in (("standings",), ("stats", "batting"), ("leaders",), ("schedule", "list"), ("teams", "list")):
        assert "--csv" in CliRunner().invoke(cli, [*path, "--help"]).output, path
