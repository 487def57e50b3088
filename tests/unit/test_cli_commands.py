"""The CLI's table of which module defines each command matches what the modules register."""

from __future__ import annotations

import importlib

import click
from click.testing import CliRunner

from commands.cli import COMMANDS, cli


def test_every_command_is_found_in_the_modules_the_table_names() -> None:
    registered: dict[str, str] = {}
    for module in sorted({m for mods in COMMANDS.values() for m in mods}):
        group = click.Group("probe")
        importlib.import_module(f"commands.{module}").register(group)
        registered.update(dict.fromkeys(group.commands, module))
    assert set(registered) == set(COMMANDS)
    for name, module in registered.items():
        assert module in COMMANDS[name], name


def test_help_lists_every_command() -> None:
    out = CliRunner().invoke(cli, ["--help"]).output
    for name in COMMANDS:
        assert f"  {name} " in out, name


def test_a_group_command_has_the_subcommands_other_modules_add() -> None:
    out = CliRunner().invoke(cli, ["schedule", "--help"]).output
    assert " list " in out and " import " in out
