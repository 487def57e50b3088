"""A rule system defined only here plays a season through the CLI.

``ToyDice`` is the smallest complete rule system (docs/rulesets.md shows it in
full, and tests/unit/test_rulesets_doc.py keeps the two the same): each club
rolls one d20 a game, scores the die's last digit, and a tie has both clubs
roll again.  It is registered for the test only; nothing outside this module
knows its name.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

import pytest

from league.domain.dice import NeedRoll
from league.domain.errors import InputError, RulesError
from league.rules.game.ruleset import GameRuleset, Played
from league.rules.game.season import GameSeason
from tests.e2e.cli import events, ok, run

# --- the toy rule system: docs/rulesets.md shows it, from here to the end marker ---

FIELDS = ("code", "name", "league", "division")


@dataclass
class ToyTeam:
    code: str
    name: str
    league: str  # standings group the clubs by league and division
    division: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class ToyDice(GameRuleset):
    """One d20 per club per game; runs = the die's last digit; a tie: both clubs roll again."""

    family = "toy-dice"
    title = "Toy dice"
    variants = {"toy-dice": "Toy dice: one d20 per club per game"}
    team_format = "team file ('field: value' lines: code, name, league, division)"
    setups_read_history = False  # no pitchers: no game's setup depends on an earlier one

    def version(self, variant: str) -> str:
        return "1"

    def can_replay(self, ruleset: str, version: str) -> bool:
        return ruleset == "toy-dice" and version == "1"

    def read_team(self, path: Path, source: str) -> ToyTeam:
        found: dict[str, str] = {}
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            field, colon, value = (part.strip() for part in line.partition(":"))
            if not colon or field not in FIELDS:
                raise InputError(source, number, None, f"expected 'field: value', the field one of {', '.join(FIELDS)}")
            if not value:
                raise InputError(source, number, field, "empty")
            found[field] = value
        for field in FIELDS:
            if field not in found:
                raise InputError(source, None, field, "missing")
        return ToyTeam(**found)

    def team_from_dict(self, stored: Mapping[str, Any]) -> ToyTeam:
        return ToyTeam(**stored)

    def side(self, season: GameSeason, scheduled: Mapping[str, Any], side: str, day: date,
             named: str | None) -> dict[str, Any]:
        if named:
            raise RulesError(f"{self.family} games have no starters to name")
        return {"team": scheduled[side]}

    def engine_input(self, ruleset: str, version: str, setup: Mapping[str, Any], visitor: Any, home: Any) -> Any:
        return setup

    def play_rolls(self, setup: Any, rolls: list[Any], source: Callable[[NeedRoll], Any]) -> Played:
        recorded, asked = iter(rolls), []

        def roll(need: NeedRoll) -> int:
            die = next(recorded, None)
            if die is None:  # past the recorded rolls: ask for a new one
                die = source(need)
                asked.append((need, die))
            return int(die.value)

        runs = {"visitor": 0, "home": 0}
        while runs["visitor"] == runs["home"]:
            for side in runs:
                runs[side] = roll(NeedRoll("d20", side, "runs")) % 10
        outcome = {side: {"team": setup[side]["team"], "runs": runs[side]} for side in runs}
        return asked, {**outcome, "winner": max(runs, key=runs.__getitem__)}


RULES = ToyDice()

# --- end of the toy rule system ---

# --- the season through the CLI ----------------------------------------------------------------

CLUBS = {"TOY1": ("Toy One", "AL", "East"), "TOY2": ("Toy Two", "AL", "East"),
         "TOY3": ("Toy Three", "NL", "West"), "TOY4": ("Toy Four", "NL", "West")}


@pytest.fixture
def toy() -> Iterator[ToyDice]:
    from league import registry

    registry.register(RULES)
    yield RULES
    registry.unregister(RULES)


def cli_json(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def standings(db: str) -> dict[str, tuple[int, int]]:
    return {r["team"]: (r["w"], r["l"]) for r in cli_json(db, "standings")}


def test_a_toy_rule_system_plays_a_season_through_the_cli(toy: ToyDice, tmp_path: Path) -> None:
    db = str(tmp_path / "toy.db")
    # step: a league of the toy rule system
    assert "toy-dice" in [r["ruleset"] for r in cli_json(db, "rulesets")]
    ok(db, "init", "--name", "Toy", "--ruleset", "toy-dice", "--seed", "7")
    # step: four clubs from four little team files
    files = []
    for code, (name, lg, div) in CLUBS.items():
        f = tmp_path / f"{code}.txt"
        f.write_text(f"code: {code}\nname: {name}\nleague: {lg}\ndivision: {div}\n")
        files.append(str(f))
    assert cli_json(db, "teams", "import", *files)["imported"] == list(CLUBS)
    # step: twelve days, two games a day: every club at every other one's park twice
    days = []
    for a, b, c, d in (("TOY1", "TOY2", "TOY3", "TOY4"), ("TOY1", "TOY3", "TOY2", "TOY4"),
                       ("TOY1", "TOY4", "TOY2", "TOY3")):
        days += [[(a, b), (c, d)], [(b, a), (d, c)]]
    days *= 2
    sched = tmp_path / "toy.csv"
    sched.write_text("date,visitor,home\n" + "".join(
        f"2030-04-{n + 1:02d},{v},{h}\n" for n, games in enumerate(days) for v, h in games))
    assert cli_json(db, "schedule", "import", str(sched))["scheduled"] == 24
    # step: the season simulated, every game decided
    ok(db, "sim", "--quiet")
    table = standings(db)
    assert set(table) == set(CLUBS)
    assert sum(w for w, _ in table.values()) == sum(l for _, l in table.values()) == 24
    assert all(w + l == 12 for w, l in table.values())
    # step: a game's log shows the d20 of each club, then the score
    game = "TOY2203004010"  # TOY1 at TOY2 on 2030-04-01
    log = cli_json(db, "game", "log", game)
    rolls = [e for e in log if e["type"] == "DiceRolled"]
    assert len(rolls) >= 2 and len(rolls) % 2 == 0
    assert [e["team"] for e in rolls[:2]] == ["visitor", "home"]
    assert all(e["dice"].startswith("d") for e in rolls)
    assert log[-1]["type"] == "Completed"
    assert f"visitor: {rolls[0]['dice']} (runs)" in ok(db, "game", "log", game)
    # step: the audit re-derives every game from its rolls
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: rewind to the home club's first roll, play the game again with fresh dice, audit
    home_roll = rolls[1]["position"]
    ok(db, "rewind", game, "--to", str(home_roll), "--reason", "home die rolled off the table")
    rewound = standings(db)
    assert sum(w for w, _ in rewound.values()) == 23  # the game counts no more
    ok(db, "play", game)
    replayed = cli_json(db, "game", "log", game)
    in_force = [e for e in replayed if e["type"] == "DiceRolled" and not e["superseded"]]
    assert in_force[0] == rolls[0] and in_force[1]["position"] > log[-1]["position"]  # the visitor's die kept
    assert replayed[-1]["type"] == "Completed"
    assert sum(w for w, _ in standings(db).values()) == 24
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: undo the replay (the game counts no more), then undo the rewind (the first result stands)
    ok(db, "undo", "--reason", "the die was fine after all")
    assert standings(db) == rewound
    ok(db, "undo", "--reason", "the die was fine after all")
    assert standings(db) == table
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: the log's chain and cross-checks hold, and a game reads as a box score
    assert "every link intact" in ok(db, "verify")
    shown = cli_json(db, "game", "show", game)
    assert (shown["visitor"]["team"], shown["home"]["team"]) == ("TOY1", "TOY2")
    assert shown["winner"] == ("TOY1" if shown["visitor"]["runs"] > shown["home"]["runs"] else "TOY2")


def test_a_bad_toy_team_file_is_refused_naming_file_and_line(toy: ToyDice, tmp_path: Path) -> None:
    db = str(tmp_path / "toy.db")
    ok(db, "init", "--name", "Toy", "--ruleset", "toy-dice", "--seed", "7")
    good = tmp_path / "TOY1.txt"
    good.write_text("code: TOY1\nname: Toy One\nleague: AL\ndivision: East\n")
    ok(db, "teams", "import", str(good))
    clubs = cli_json(db, "teams", "list")
    before = events(db)
    bad = tmp_path / "TOY2.txt"
    for text, where in (("code: TOY2\nname: Toy Two\nleague AL\ndivision: West\n", "line 3"),
                        ("code: TOY2\nname: Toy Two\nleague: AL\ndivision:\n", "line 4, field division"),
                        ("code: TOY2\nname: Toy Two\nleague: AL\n", "field division: missing")):
        bad.write_text(text)
        r = run(db, "teams", "import", str(good), str(bad))
        assert r.exit_code == 1, (r.output, r.exception)
        assert f"{bad}, {where}" in r.output
        assert events(db) == before  # not even the good file of the two
        assert cli_json(db, "teams", "list") == clubs
