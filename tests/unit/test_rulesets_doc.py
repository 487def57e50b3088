"""docs/rulesets.md shows the toy rule system of tests/e2e/test_toy_ruleset.py as it is.

The page's example is the module's section between its two marker comments,
with the imports it needs in front; it must also run on its own.
"""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulesets.md"
MODULE = ROOT / "tests" / "e2e" / "test_toy_ruleset.py"
HEADING = "## The smallest complete example"


def doc_example() -> str:
    text = DOC.read_text()
    assert HEADING in text, f"{DOC.name} has no section {HEADING!r}"
    found = re.search(r"```python\n(.*?)```", text.split(HEADING, 1)[1], re.S)
    assert found, f"no python block under {HEADING!r} in {DOC.name}"
    return found.group(1)


def module_section() -> str:
    text = MODULE.read_text()
    start = text.index("# --- the toy rule system")
    end = text.index("# --- end of the toy rule system")
    return text[text.index("\n", start) + 1:end].strip("\n")


def split_imports(code: str) -> tuple[list[str], str]:
    """The block's leading import lines, and the rest."""
    lines = code.strip("\n").splitlines()
    n = 0
    while n < len(lines) and (lines[n].startswith(("import ", "from ")) or not lines[n].strip()):
        n += 1
    return [line for line in lines[:n] if line.strip()], "\n".join(lines[n:])


def test_the_doc_shows_the_toy_rule_system_of_the_test_as_it_is() -> None:
    imports, body = split_imports(doc_example())
    assert imports, "the example starts with its imports"
    assert body == module_section(), (
        "docs/rulesets.md's example and tests/e2e/test_toy_ruleset.py's toy differ: change both")


def test_the_doc_example_runs_on_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from league.domain.dice import SeededDice
    from league.domain.errors import InputError

    module = types.ModuleType("toy_dice")  # a module of its own, as an entry point would load it
    monkeypatch.setitem(sys.modules, module.__name__, module)
    exec(compile(doc_example(), f"{DOC.name} example", "exec", dont_inherit=True), module.__dict__)
    rules = module.RULES
    team = tmp_path / "TOY1.txt"
    team.write_text("code: TOY1\nname: Toy One\nleague: AL\ndivision: East\n")
    assert rules.read_team(team, "TOY1.txt").to_dict() == {
        "code": "TOY1", "name": "Toy One", "league": "AL", "division": "East"}
    team.write_text("code: TOY1\nname Toy One\n")
    with pytest.raises(InputError) as refused:
        rules.read_team(team, "TOY1.txt")
    assert (refused.value.source, refused.value.line) == ("TOY1.txt", 2)
    setup = {"visitor": {"team": "TOY1"}, "home": {"team": "TOY2"}}
    asked, outcome = rules.play_rolls(setup, [], SeededDice("1").roll)
    assert outcome["visitor"]["runs"] != outcome["home"]["runs"]
    assert [need.kind for need, _ in asked] == ["d20"] * len(asked)
    # the recorded rolls give the same outcome and ask for nothing more
    assert rules.play_rolls(setup, [roll for _, roll in asked], None) == ([], outcome)
