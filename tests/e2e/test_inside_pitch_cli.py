"""Inside Pitch through the CLI: worked examples by hand with scripted dice, events inside an at bat,
rewind between two of them, and a small season simulated on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from league.rules.inside_pitch.cardset import DATA
from tests.e2e.cli import ok, run

POS = ("c", "1b", "2b", "3b", "ss", "lf", "cf", "rf", "1b")


@pytest.fixture(autouse=True)
def inside_pitch() -> Iterator[None]:
    """The registry's line when it is there; registered for the test otherwise."""
    from league import registry
    from league.rules.inside_pitch.ruleset import RULESET

    mine = "inside-pitch" not in registry.names()
    if mine:
        registry.register(RULESET)
    yield
    if mine:
        registry.unregister(RULESET)


def js(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def grid(cells: dict[tuple[int, int], str], default: str, hits: bool = False) -> list[str]:
    """Six rows; with ``hits`` the red 5 and 6 rows are singles and doubles (so the clubs can score)."""
    row = {5: "S8", 6: "D9"} if hits else {}
    return [f"{r}: " + " ".join(cells.get((r, w), row.get(r, default)) for w in range(1, 7)) for r in range(1, 7)]


def club(code: str, batters: list[dict[str, Any]], pitcher: dict[str, Any], park: dict[str, Any]) -> str:
    lines = [f"team: {code}", f"name: Club {code}", "league: IP", "division: Test",
             f"ballpark {code}P | Park {code}", f"ratings: {park.get('ratings', 'k=0 w=0 hr=0')}",
             "hit?: S 1-5 D 6-8 HR 9-9", *grid(park.get("cells", {}), "F8")]
    for i, pos in enumerate(POS):
        b = batters[i] if i < len(batters) else {}
        ratings = "k=1 w=1 hr=1 hbp=0 gdp=0 br=3 sf=2 att=N sb=8 bnt=1 inj=0"
        lines += [f"batter {code}{i + 1} | {code} Batter {i + 1} | bats R", f"ratings: {b.get('ratings', ratings)}",
                  f"fielding: {b.get('fielding', f'{pos} r3 e3' + (' a0 pb4' if pos == 'c' else ''))}",
                  *grid(b.get("cells", {}), "G6", hits=True)]
    lines += [f"pitcher {code}P1 | {code} Pitcher | throws {pitcher.get('hand', 'R')}",
              f"ratings: start=25/7 relief=- hbp=0 gdp=0 hld=+0 sb=0 wp=1-2 pb?=3-4 blk=1 po=2-3 poe=4 "
              f"??=**:1-3/1-3 hr?=1-2/1-2 specialk={pitcher.get('specialk', '-')} inj=0",
              "stars: G6 G4 G5 F8 F7 P5", "fielding: p r3 e3", *grid(pitcher.get("cells", {}), "-")]
    return "\n".join(lines) + "\n"


def example_league(tmp_path: Path) -> tuple[str, str]:
    db = str(tmp_path / "ip.db")
    rat = "hbp=0 gdp=0 br=3 sf=2 att=N sb=8 bnt=1 inj=0"
    visitors: list[dict[str, Any]] = [
        {"ratings": f"k=10 w=1 hr=1 {rat}", "cells": {(2, 3): "G4"}},  # 2.19 Special K, first example
        {"ratings": f"k=1 w=1 hr=13/5 {rat}"},  # 4.5 [HRp] for a right-hander against a left-hander
        {"ratings": f"k=1 w=1 hr=1 {rat}", "cells": {(3, 3): "S3"}},  # 7.1 S3 with a runner on second
        {"ratings": f"k=1 w=1 hr=1 {rat}", "cells": {(4, 4): "F9"}},  # 10.3 sacrifice fly
        {"ratings": f"k=1 w=1 hr=1 {rat}"},  # 2.5 WLD with a runner on
    ]
    home_pitcher = {"hand": "L", "specialk": "1-10", "cells": {(1, 1): "K", (1, 2): "RP@", (1, 4): "WLD"}}
    home_park = {"ratings": "k=-2 w=0 hr=0", "cells": {(2, 2): "[HRp]"}}
    home_batters: list[dict[str, Any]] = [{}] * 5 + [{"fielding": "lf r4 e3 a0"}]
    (tmp_path / "VIS.txt").write_text(club("VIS", visitors, {}, {}))
    (tmp_path / "HOM.txt").write_text(club("HOM", home_batters, home_pitcher, home_park))
    ok(db, "init", "--name", "IP", "--ruleset", "inside-pitch", "--seed", "3")
    ok(db, "teams", "import", str(tmp_path / "VIS.txt"), str(tmp_path / "HOM.txt"))
    (tmp_path / "s.csv").write_text("date,visitor,home,game\n2024-04-01,VIS,HOM,0\n")
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    return db, "HOM202404010"


SCRIPT = """\
11   # batter 1: the pitcher's card, red 1 white 1: K
d9   # K 10 + park -2 = 8: 9 misses
23   # the batter's card: G4
d5   # Special K 1-10: a strikeout
12   # batter 2: RP@
22   # the ballpark: [HRp]
d14  # HR 13 against a left-hander: 14 is no home run
51   # 1d6 (red die) 5 against the left fielder's range 4: a double
d12  # the strategy roll: nothing
13   # batter 3: a blank on the pitcher's card
33   # the batter's card: S3; the runner from second (BR 3) holds at third
d12  # strategy roll
13   # batter 4: blank
44   # F9
d15  # Special K: no
21   # 1d6 2 <= SF 2: the run scores without a throw
d12  # strategy roll
14   # batter 5: WLD
d1   # in the WP range: a wild pitch, the at bat goes on
11   # the pitcher's card again: K
d20  # no strikeout
31   # the batter's card: G6
d15  # Special K: no -- the third out
"""


def plays(db: str, game: str) -> list[dict[str, Any]]:
    return [e for e in js(db, "game", "log", game) if e["type"] == "PlayResolved" and not e.get("superseded")]


def test_worked_examples_by_hand_and_a_rewind_inside_an_at_bat(tmp_path: Path) -> None:
    db, game = example_league(tmp_path)
    roster = ok(db, "roster", "HOM")
    assert "HOMP1" in roster and "lf-r4e3" in roster and "START 25/7" in roster
    ok(db, "game", "start", game)
    dice = tmp_path / "d.txt"
    dice.write_text(SCRIPT)
    ok(db, "game", "roll", game, "--dice", str(dice), "--to", "half")
    got = [(p["play"]["type"], p["play"]["play"]["label"]) for p in plays(db, game)]
    assert got == [("plate_appearance", "STRIKEOUT (Special K for G4)"), ("plate_appearance", "DOUBLE D7"),
                   ("plate_appearance", "SINGLE S3"), ("plate_appearance", "FLYBALL F9"),
                   ("wild_pitch", "WILD PITCH"), ("plate_appearance", "GROUNDBALL G6")]
    state = js(db, "game", "state", game)
    assert state["half"] == "bottom" and state["score"] == [1, 0]
    text = ok(db, "game", "log", game)
    assert "a wild pitch, every runner advances (2.5)" in text
    assert "the runner on third scores without a throw (10.3)" in text
    # step: rewind to the roll after the wild pitch: the same batter is up, the runner on second
    wild = next(p for p in plays(db, game) if p["play"]["type"] == "wild_pitch")
    ok(db, "rewind", game, "--to", str(wild["position"] + 1), "--reason", "re-roll the at bat")
    state = js(db, "game", "state", game)
    assert state["outs"] == 2 and state["bases"][1] is not None and state["bases"][0] is None
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: the game played out by the auto-manager, audited
    ok(db, "sim", "--quiet", "--finish-in-progress")
    box = js(db, "game", "show", game)
    assert box["visitor"]["runs"] == sum(box["visitor"]["line"])
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: correct the first K check (a 7, not a 9): a strikeout without the Special K roll, the rest re-resolved
    # The game was begun by a person: the rest of it is re-resolved with the person's own later entries,
    # never the computer's, and here the next one no longer fits (the corrected play asks for other dice),
    # so the game is left in progress there for its players; then they let the computer finish it.
    said = ok(db, "correct", game, "--position", "3", "--roll", "d7", "--reason", "misread the d20")
    assert "left in progress" in said
    assert js(db, "game", "state", game)["status"] == "in progress"
    first = plays(db, game)[0]
    assert first["play"]["play"]["label"] == "STRIKEOUT"  # was "STRIKEOUT (Special K for G4)"
    assert "Audit passed" in ok(db, "audit", "--all")
    ok(db, "sim", "--quiet", "--finish-in-progress")
    # step: void the game, then undo the void
    ok(db, "void", game, "--reason", "wrong cards")
    assert sum(r["w"] for r in js(db, "standings")) == 0
    ok(db, "undo", "--reason", "the cards were right")
    assert sum(r["w"] for r in js(db, "standings")) == 1


def test_a_bad_card_file_is_refused_with_file_line_and_field(tmp_path: Path) -> None:
    db, _ = example_league(tmp_path)
    bad = tmp_path / "BAD.txt"
    bad.write_text(club("BAD", [], {}, {}).replace("1: G6 G6 G6 G6 G6 G6", "1: G6 G6 X9 G6 G6 G6", 1))
    r = run(db, "teams", "import", str(bad))
    assert r.exit_code == 1
    assert "BAD.txt" in r.output and "line" in r.output and "red 1 white 3" in r.output


def test_a_small_season_through_the_cli(db_url: str, tmp_path: Path) -> None:
    files = [str(DATA / f"{code}.txt") for code in ("HBR", "MIL", "RDG", "SLV")]
    ok(db_url, "init", "--name", "IP", "--ruleset", "inside-pitch", "--seed", "11")
    assert js(db_url, "teams", "import", *files)["imported"] == ["HBR", "MIL", "RDG", "SLV"]
    days = [("HBR", "MIL"), ("RDG", "SLV")], [("MIL", "RDG"), ("SLV", "HBR")], [("HBR", "RDG"), ("MIL", "SLV")]
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home\n" + "".join(
        f"2024-04-{n + 1:02d},{v},{h}\n" for n, games in enumerate(days) for v, h in games))
    ok(db_url, "schedule", "import", str(sched))
    ok(db_url, "sim", "--quiet")
    table = js(db_url, "standings")
    assert sum(r["w"] for r in table) == sum(r["l"] for r in table) == 6
    game = "MIL202404010"
    box = js(db_url, "game", "show", game)
    for side in ("visitor", "home"):
        assert box[side]["runs"] == sum(box[side]["line"])
        outs = sum(p["outs"] for p in box[side]["pitching"])
        assert outs >= 24
    assert "Audit passed" in ok(db_url, "audit", "--all")
    assert "intact" in ok(db_url, "verify")
    assert "resting" in ok(db_url, "pitchers", "--team", "HBR")  # its last starter has not had his rest
    # step: rewind the last day's game into the middle of an at bat (before its second roll), play it again
    game = "SLV202404030"
    log = js(db_url, "game", "log", game)
    inside = next(e for e, nxt in zip(log, log[1:]) if e["type"] == "Rolled" and nxt["type"] == "Rolled")
    ok(db_url, "rewind", game, "--to", str(inside["position"] + 1), "--reason", "second die cocked")
    ok(db_url, "play", game)
    assert sum(r["w"] for r in js(db_url, "standings")) == 6
    assert "Audit passed" in ok(db_url, "audit", "--all")


def test_optional_rules_are_league_options_kept_in_each_games_setup(tmp_path: Path) -> None:
    db = str(tmp_path / "o.db")
    bad = run(db, "init", "--name", "O", "--ruleset", "inside-pitch", "--option", "exhausted=maybe")
    assert bad.exit_code == 1 and "exhausted" in bad.output
    ok(db, "init", "--name", "O", "--ruleset", "inside-pitch", "--seed", "5", "--option", "exhausted=on",
       "--option", "pull=on", "--option", "strategy-each-change=on")
    ok(db, "teams", "import", str(DATA / "AUR.txt"), str(DATA / "CAS.txt"))
    (tmp_path / "s.csv").write_text("date,visitor,home\n2024-04-01,AUR,CAS\n2024-04-02,CAS,AUR\n")
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    ok(db, "sim", "--quiet")
    started = js(db, "game", "log", "CAS202404010")[0]
    assert "exhausted" in json.dumps(started)
    assert "Audit passed" in ok(db, "audit", "--all")


def test_the_managers_calls_reach_the_plays_and_a_call_inside_pitch_lacks_is_refused(tmp_path: Path) -> None:
    from tests.e2e.cli import refused

    db, game = example_league(tmp_path)
    ok(db, "game", "start", game)
    # a Strat-O-Matic choice this game does not have: refused by name, nothing stored
    refused(db, "game", "cutoff", game, names=("Inside Pitch has no such order: cut_off",))
    ok(db, "game", "walk", game)
    ok(db, "game", "roll", game, "--to", "play")
    (first,) = plays(db, game)
    assert first["play"]["type"] == "plate_appearance" and "intentional" in json.dumps(first["play"]).lower()
    assert js(db, "game", "state", game)["bases"][0] == "VIS1"


def test_league_options_reach_the_orders_the_engine_plays_with() -> None:
    from league.rules.inside_pitch.card_engine import InsidePitchCards

    engine = InsidePitchCards((("exhausted", "on"), ("pull", "on")))
    orders = engine.strategy(engine.standing_orders)
    assert orders.exhausted and orders.pull and not orders.restrike
    assert engine.strategy({**orders.fact(), "infield_in": True}).infield == "in"
    assert not InsidePitchCards().strategy(InsidePitchCards().standing_orders).exhausted
