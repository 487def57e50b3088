"""The registry loads only the rule system a league asks for, and still knows them all when listing."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from league import registry
from league.domain.errors import LeagueError

PACKAGES = ["pennant_race", "strat", "inside_pitch", "pine_tar"]


def test_the_built_in_table_names_every_variant_of_every_built_in_rule_system() -> None:
    from_packages = {name: f"league.rules.{p}.ruleset"
                     for p in PACKAGES
                     for name in importlib.import_module(f"league.rules.{p}.ruleset").RULESET.variants}
    assert registry.BUILT_IN == from_packages
    assert registry.names()[:len(from_packages)] == list(from_packages)


@pytest.mark.parametrize("name, package", [("pennant-race", "pennant_race"), ("strat-o-matic-super", "strat"),
                                           ("inside-pitch", "inside_pitch"), ("pine-tar-dh", "pine_tar")])
def test_asking_for_one_ruleset_imports_only_its_package_and_reads_no_plug_ins(name: str, package: str) -> None:
    probe = (
        "import sys\n"
        "from league import registry\n"
        f"assert {name!r} in registry.ruleset({name!r}).variants\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('league.rules.') and m.count('.') >= 2}))\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout.split("\n")
    loaded = set(eval(out[0]))
    assert package in loaded
    assert not loaded & (set(PACKAGES) - {package})
    assert out[1] == "False"


def test_an_unknown_name_is_refused_with_every_known_name() -> None:
    with pytest.raises(LeagueError) as e:
        registry.ruleset("stratomatic")
    assert "unknown ruleset 'stratomatic'" in str(e.value)
    assert "pennant-race" in str(e.value) and "pine-tar-dh" in str(e.value)
