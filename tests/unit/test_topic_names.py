"""Every stored topic is written once, in league/domain/topics.py, and each names a class stored under it.

A topic is how a stored event finds its class again, so a second spelling of one somewhere else
could drift from the one the class is stored under, and a topic no class answers to would orphan
every event written under it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic, resolve_topic

from league.domain import topics
from league.domain.game import Game
from league.domain.journal import Journal
from league.domain.league import League
from league.rules.pa.game import PAGame
from league.domain.staff import Staff

ROOT = Path(__file__).resolve().parents[2]
TOPICS_MODULE = ROOT / "league" / "domain" / "topics.py"
FOLDERS = ("league", "projections", "commands", "migrations")
TOPIC_TEXT = re.compile(r"league:[A-Za-z]")

AGGREGATES = (Game, PAGame, Staff, League, Journal)
# The names of whole topics: the prefixes only help to match them.
NAMED = {name: value for name, value in vars(topics).items()
         if name.isupper() and not name.endswith("_PREFIX")}


def topic_literals(path: Path) -> list[int]:
    """The lines of ``path`` holding a string that starts as a topic (a docstring that names one
    in its text does not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return sorted(node.lineno for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and TOPIC_TEXT.match(node.value))


def stored_classes() -> list[type]:
    """Each aggregate class and each of its event classes (not the ``Event`` base of them all)."""
    found: list[type] = []
    for aggregate in AGGREGATES:
        found.append(aggregate)
        found += [v for k, v in vars(aggregate).items()
                  if isinstance(v, type) and issubclass(v, Aggregate.Event) and k != "Event"]
    return found


def test_no_topic_is_spelled_out_outside_the_topics_module() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}"
             for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py")) if path != TOPICS_MODULE
             for line in topic_literals(path)]
    assert found == [], "use league.domain.topics for these topics"


def test_the_check_finds_a_topic_written_out(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""Reads league:Game.Started events."""\nX = "league:Game.Started"\nY = f"league:Game.{X}"\n')
    assert topic_literals(module) == [2, 3]


@pytest.mark.parametrize("name", sorted(NAMED))
def test_each_named_topic_resolves_to_the_class_stored_under_it(name: str) -> None:
    topic = NAMED[name]
    assert get_topic(resolve_topic(topic)) == topic


def test_every_stored_class_is_stored_under_a_named_topic() -> None:
    stored = {get_topic(cls) for cls in stored_classes()}
    assert stored == set(NAMED.values())


def test_each_topic_has_one_name() -> None:
    assert len(set(NAMED.values())) == len(NAMED)

