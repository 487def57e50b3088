"""Outside the rule systems nothing asks what kind of game a game is (DESIGN.md, principle 9).

The application, projections, site, exports and CLI read a game through the
life cycle every game record shares (``league.domain.lifecycle``) and its box
score through the kind its rule system declares (``Ruleset.box_kind``); the
card games' own game record lives in ``league/rules/pa``.  The stored topic
names (``league/domain/topics.py``) keep the old class name in their text:
they are stored names, not references, and are left out.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("league", "projections", "commands")
RULES = ROOT / "league" / "rules"
# Each way of asking a game's kind the application once had.
ASKS = {
    "the card games' aggregate by name": re.compile(r"\bPAGame\b"),
    "is_pa_league": re.compile(r"\bis_pa_league\b"),
    "hasattr(..., 'entries')": re.compile(r"""hasattr\([^,()]*,\s*["']entries["']\s*\)"""),
    "a pa: bool flag": re.compile(r"\bpa\s*:\s*bool\b"),
}
STORED_TOPIC = re.compile(r"""(["'])league:[A-Za-z.]*\1""")


def asks(text: str) -> list[str]:
    """What ``text`` asks about a game's kind (its stored topic names left out)."""
    text = STORED_TOPIC.sub('""', text)
    return [what for what, pattern in ASKS.items() if pattern.search(text)]


def test_nothing_outside_the_rules_asks_what_kind_of_game_a_game_is() -> None:
    found = [f"{path.relative_to(ROOT)}: {', '.join(what)}"
             for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
             if RULES not in path.parents
             for what in [asks(path.read_text(encoding="utf-8"))] if what]
    assert found == [], "ask the rule system (league.registry) or the game's shared interface instead"


def test_the_check_finds_each_way_of_asking() -> None:
    assert asks("from league.rules.pa.game import PAGame") == ["the card games' aggregate by name"]
    assert asks("pa = queries.is_pa_league(store)") == ["is_pa_league"]
    assert asks('if hasattr(g, "entries"):') == ["hasattr(..., 'entries')"]
    assert asks("    pa: bool  # plate-appearance box scores") == ["a pa: bool flag"]
    assert asks('PA_GAME = "league:PAGame"\nPA_GAME_ROLLED = "league:PAGame.Rolled"') == []
