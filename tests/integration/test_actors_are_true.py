"""Who made each entry of a game is what the game's record says.

A small Strat-O-Matic season (four clubs, three days): the first day
simulated; one game of the second day played by hand by alice, with a pitching
change by bob, the other manager; another begun by hand by carol and finished
by ``league sim --finish-in-progress`` with the rest of the season.  Read
through the application:

- every decision of a simulated game is the auto-manager's, and so is every entry;
- every decision in the hand game is the person's who made it, and every entry a person's;
- the game carol began is played by both: her entries hers, the rest the auto-manager's;
- ``played_by`` says "computer", "hand" and "both" for them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from league.bootstrap import open_app
from league.domain.actors import person
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import ok, run

CLUBS = ("ANV", "BRK", "CDR", "DUN")
SCHEDULE = """date,visitor,home,game
2024-04-01,ANV,BRK,0
2024-04-01,CDR,DUN,0
2024-04-02,ANV,BRK,0
2024-04-02,DUN,CDR,0
2024-04-03,BRK,CDR,0
2024-04-03,ANV,DUN,0
"""
SIMMED = ("BRK202404010", "DUN202404010", "CDR202404030", "DUN202404030")
ALICES = "BRK202404020"  # ANV at BRK, by hand
CAROLS = "CDR202404020"  # DUN at CDR, begun by hand, finished by the sim


def state(db: str, game: str) -> dict[str, Any]:
    return json.loads(ok(db, "game", "state", game, "--json"))  # type: ignore[no-any-return]


def change_pitchers(db: str, game: str, actor: str) -> None:
    """The club in the field brings in the first reliever the rules let in."""
    s = state(db, game)
    team = s["home"] if s["half"] == "top" else s["visitor"]
    for p in json.loads(ok(db, "roster", team, "--json"))["players"]:
        if "reliever" in p["role"] and run(db, "game", "pitch", game, p["id"], "--actor", actor).exit_code == 0:
            return
    raise AssertionError(f"no reliever of {team} could come in")


def finish_by_hand(db: str, game: str, actor: str) -> None:
    """Roll to the end; where the rules stop for a manager (a tired or hurt pitcher, a hurt fielder), act."""
    for _ in range(20):
        r = run(db, "game", "roll", game, "--to", "game", "--json", "--actor", actor)
        why = json.loads(r.output).get("stopped") if r.exit_code == 0 else r.output
        if state(db, game)["status"] == "final":
            return
        hurt = re.search(r"(\w+) must replace injured ([^,\n(]+)", why or "")
        if hurt and not _pitcher(db, hurt.group(1), hurt.group(2).strip()):
            _replace(db, game, hurt.group(1), hurt.group(2).strip(), actor)
        elif why:
            change_pitchers(db, game, actor)
    raise AssertionError(f"{game} never ended")


def _pitcher(db: str, team: str, name: str) -> bool:
    players = json.loads(ok(db, "roster", team, "--json"))["players"]
    return next(p for p in players if name in (p["player"], p["id"]))["role"] != "batter"


def _replace(db: str, game: str, team: str, name: str, actor: str) -> None:
    players = json.loads(ok(db, "roster", team, "--json"))["players"]
    hurt = next(p for p in players if name in (p["player"], p["id"]))
    for pos in ("dh", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf"):
        for p in players:
            if p["role"] == "batter" and p["id"] != hurt["id"] and run(
                    db, "game", "sub", game, p["id"], "--for", hurt["id"], "--position", pos,
                    "--actor", actor).exit_code == 0:
                return
    raise AssertionError(f"nobody could replace {name}")


@pytest.fixture
def season(tmp_path: Path) -> Iterator[Any]:
    db = str(tmp_path / "actors.db")
    ok(db, "init", "--name", "A", "--ruleset", "strat-o-matic", "--seed", "1")
    ok(db, "teams", "import", *(str(CARD_SET / f"{t}.txt") for t in CLUBS))
    (tmp_path / "s.csv").write_text(SCHEDULE)
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    ok(db, "sim", "--through", "2024-04-01")
    # alice plays her game; bob, managing the club in the field, changes pitchers in the second inning
    ok(db, "game", "start", ALICES, "--actor", "alice")
    ok(db, "game", "roll", ALICES, "--to", "half", "--actor", "alice")
    ok(db, "game", "roll", ALICES, "--to", "half", "--actor", "alice")
    change_pitchers(db, ALICES, "bob")
    finish_by_hand(db, ALICES, "alice")
    # carol plays a half-inning and a pitching change, then leaves the game to the sim
    ok(db, "game", "start", CAROLS, "--actor", "carol")
    ok(db, "game", "roll", CAROLS, "--to", "half", "--actor", "carol")
    change_pitchers(db, CAROLS, "carol")
    ok(db, "game", "roll", CAROLS, "--to", "play", "--actor", "carol")
    ok(db, "sim", "--finish-in-progress", "--quiet", "--actor", "commish")
    app = open_app(db, create=False)
    yield app
    app.close()


def decisions(app: Any, game: str) -> list[tuple[int, str, str]]:
    """Each decision in force: (position, its event's actor, whose hands the game says made it)."""
    g = app.game(game)
    active = {e["position"] for e in g.in_force()}
    return [(e.originator_version, e.actor, g.by_at(e.originator_version)) for e in app.game_events(game)
            if type(e).__name__ == "DecisionMade" and e.originator_version in active]


def makers(app: Any, game: str) -> list[str]:
    """Who made each entry in force, in order."""
    g = app.game(game)
    return [g.by_at(e["position"]) for e in g.in_force()]


def test_every_decision_of_a_simulated_game_is_the_auto_managers(season: Any) -> None:
    for game in SIMMED:
        g = season.game(game)
        assert g.status == "final" and g.played_by == "computer"
        made = decisions(season, game)
        assert made, f"the auto-manager made no decision in {game}"
        assert {actor for _, actor, _ in made} == {"auto-manager"}
        assert set(makers(season, game)) == {"auto-manager"}


def test_every_entry_of_a_hand_game_is_the_person_who_made_it(season: Any) -> None:
    g = season.game(ALICES)
    assert g.status == "final" and g.played_by == "hand"
    made = decisions(season, ALICES)
    assert made[0][1] == "bob", "bob's pitching change is his"
    assert {actor for _, actor, _ in made} <= {"alice", "bob"} and "auto-manager" not in {a for _, a, _ in made}
    assert all(actor == by for _, actor, by in made), made
    rolls = [by for e, by in zip(g.in_force(), makers(season, ALICES)) if e["kind"] != "decision"]
    assert rolls and set(rolls) == {"alice"}, "every roll is alice's"


def test_a_game_begun_by_hand_and_finished_by_the_sim_is_played_by_both(season: Any) -> None:
    g = season.game(CAROLS)
    assert g.status == "final" and g.played_by == "both"
    who = makers(season, CAROLS)
    first_computer = who.index("auto-manager")
    assert who[0] == "carol" and set(who[:first_computer]) == {"carol"}
    assert set(who[first_computer:]) == {"auto-manager"}, "once the sim takes over, the rest is the computer's"
    made = decisions(season, CAROLS)
    assert ("carol", "carol") in {(actor, by) for _, actor, by in made}
    assert all(person(actor) == by for _, actor, by in made), made
    assert any(actor == "auto-manager" for _, actor, _ in made)
