"""``league --version`` prints the distribution's version (kept as a constant, not read from metadata)."""

from __future__ import annotations

import importlib.metadata

from click.testing import CliRunner

from commands import __version__
from commands.cli import cli


def test_version_is_the_installed_distributions() -> None:
    assert __version__ == importlib.metadata.version("league")
    r = CliRunner().invoke(cli, ["--version"], prog_name="league")
    assert r.exit_code == 0
    assert r.output == f"league, version {importlib.metadata.version('league')}\n"
