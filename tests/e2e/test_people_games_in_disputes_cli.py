"""A dispute that reaches a game people played never lets the computer play it for them.

For each rule family, on SQLite and PostgreSQL: an earlier day is simulated,
a later game of one of its clubs is played by hand (``--actor alice``, with a
pitching change of hers in the card games), and the earlier game is voided or
corrected with ``--cascade``.  The hand game either keeps every one of alice's
entries, in order (re-resolved with them), or stays exactly as played and is
held for the commissioner's review.  A held game is accepted, replayed and
played on, each step undone; undo gives back the standings and statistics.
A dispute without a mode is refused and stores nothing; ``--later stand``
leaves every later game as it was; ``--cascade --clubs`` and ``--through``
leave the later games outside their scope as they were.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from league.data import data_path
from tests.e2e.cli import events, make_league, ok, run

ALICE = "alice"
# The events that hold a game's entries: its rolls, plays and decisions.
ENTRY_TYPES = ("DiceRolled", "Rolled", "PlayResolved", "DecisionMade")


# --- reading what a user sees -------------------------------------------------------------------


def js(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def game_log(db: str, game: str) -> list[dict[str, Any]]:
    return js(db, "game", "log", game)  # type: ignore[no-any-return]


def entries(log: list[dict[str, Any]]) -> list[tuple[str, Any, Any]]:
    """The game's entries in force, in order: (kind, dice, decision), the kind a roll or a decision (whether
    a roll settles a play is the game's reading of it, which a new setup may change)."""
    return [("decision" if e["type"] == "DecisionMade" else "roll", e.get("dice"), e.get("decision")) for e in log
            if e["type"] in ENTRY_TYPES and not e["superseded"]]


def results(db: str) -> tuple[Any, Any, Any]:
    """What undo must give back: the standings and both tables of statistics."""
    return js(db, "standings"), js(db, "stats", "pitching"), js(db, "stats", "batting")


def held(db: str) -> dict[str, dict[str, Any]]:
    return {h["game"]: h for h in js(db, "review")}


def state(db: str, game: str) -> dict[str, Any]:
    return js(db, "game", "state", game)  # type: ignore[no-any-return]


def audited(db: str) -> None:
    assert "Audit passed" in ok(db, "audit", "--all")
    assert "every link intact" in ok(db, "verify")


def who_made(db: str, game: str) -> tuple[str, list[tuple[int, str, str]]]:
    """How the game was played, and each entry in force: (position, who made it, the decision's actor).

    Read through the application: which hands made an entry is the game's own record."""
    from league.bootstrap import open_app

    app = open_app(db, create=False)
    try:
        g = app.game(game)
        actors = {e.originator_version: e.actor for e in app.game_events(game)
                  if type(e).__name__ == "DecisionMade"}
        return g.played_by, [(e["position"], g.by_at(e["position"]), actors.get(e["position"], ""))
                             for e in g.in_force()]
    finally:
        app.close()


def assert_alices_entries_are_hers(db: str, game: str) -> None:
    """Every entry in force is alice's; no decision in it was the auto-manager's."""
    played_by, made = who_made(db, game)
    assert played_by == "hand"
    assert made and {by for _, by, _ in made} == {ALICE}, made
    decisions = [actor for _, _, actor in made if actor]
    assert "auto-manager" not in decisions
    assert all(actor.startswith(ALICE) for actor in decisions), decisions


def other_roll(dice: str) -> str:
    """A different roll of the same kind: each die turned over."""
    if dice.startswith("d"):
        return f"d{21 - int(dice[1:])}"
    if dice.startswith("r"):  # Pine Tar's red, white and blue ten-sided dice and its green six-sided one
        r, w, b, g = (int(dice[i]) for i in (1, 3, 5, 7))
        return f"r{9 - r}w{9 - w}b{9 - b}g{7 - g}"
    return "".join(str(7 - int(x)) for x in dice)


def refused_without_a_mode(db: str, game: str, later: list[str]) -> str:
    """A dispute with later games and no mode: exit 1, the choices named, the store as it was."""
    journal, stored = ok(db, "history", "--json"), events(db)
    logs = {g: ok(db, "game", "log", g, "--json") for g in [game, *later]}
    r = run(db, "void", game, "--reason", "wrong roster")
    assert r.exit_code == 1, r.output
    for choice in ("--later stand", "--cascade", "--cascade --clubs", "--cascade --through"):
        assert choice in r.output, (choice, r.output)
    assert ok(db, "history", "--json") == journal and events(db) == stored
    assert {g: ok(db, "game", "log", g, "--json") for g in logs} == logs
    return str(r.output)


# --- card games ----------------------------------------------------------------------------------


def _strat() -> list[Path]:
    from league.rules.strat.roster import CARD_SET

    return [CARD_SET / f"{t}.txt" for t in ("ANV", "BRK", "CDR", "DUN")]


def _pine_tar() -> list[Path]:
    from league.rules.pine_tar.cardgen import OUT

    return [OUT / f for f in ("hbr.txt", "prd.txt", "msa.txt", "clf.txt")]


def _inside_pitch() -> list[Path]:
    from league.rules.inside_pitch.cardset import DATA

    return [DATA / f"{c}.txt" for c in ("HBR", "MIL", "RDG", "SLV")]


# ruleset: (card files, clubs, seed).  The seeds were chosen for what the void shows: in Strat-O-Matic
# and Inside Pitch alice's rolls no longer fit the game's new starters (held); in Pine Tar they still do.
CARD_LEAGUES = {
    "strat-o-matic": (_strat, ("ANV", "BRK", "CDR", "DUN"), "1"),
    "inside-pitch": (_inside_pitch, ("HBR", "MIL", "RDG", "SLV"), "1"),
    "pine-tar": (_pine_tar, ("HBR", "PRD", "MSA", "CLF"), "2"),
}


def card_league(db: str, tmp_path: Path, ruleset: str, seed: str | None = None) -> tuple[str, ...]:
    """Three days: A at B and C at D, A at B and D at C, B at C and A at D.  Returns the clubs."""
    files, clubs, default_seed = CARD_LEAGUES[ruleset]
    a, b, c, d = clubs
    ok(db, "init", "--name", "P", "--ruleset", ruleset, "--seed", seed or default_seed)
    ok(db, "teams", "import", *map(str, files()))
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home,game\n" + "".join(f"2024-04-0{n},{v},{h},0\n" for n, v, h in [
        (1, a, b), (1, c, d), (2, a, b), (2, d, c), (3, b, c), (3, a, d)]))
    ok(db, "schedule", "import", str(sched))
    return clubs


def roster(db: str, team: str) -> list[dict[str, Any]]:
    return js(db, "roster", team)["players"]  # type: ignore[no-any-return]


def bring_in_a_reliever(db: str, game: str) -> str:
    """alice changes pitchers for the club in the field: the first reliever the rules let in."""
    s = state(db, game)
    team = s["home"] if s["half"] == "top" else s["visitor"]
    for p in roster(db, team):
        if p["role"] in ("reliever", "R", "C", "S/R", "starter/reliever") and p["status"] == "active":
            if run(db, "game", "pitch", game, p["id"], "--actor", ALICE).exit_code == 0:
                return str(p["id"])
    raise AssertionError(f"no reliever of {team} could come in to {game}")


def replace_the_injured(db: str, game: str, team: str, name: str) -> None:
    players = roster(db, team)
    hurt = next(p for p in players if name in (p["player"], p["id"]))  # named, or (refused before a roll) by id
    if hurt["role"] != "batter":
        bring_in_a_reliever(db, game)
        return
    for pos in ("dh", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf"):
        for p in players:
            if p["role"] == "batter" and p["id"] != hurt["id"] and run(
                    db, "game", "sub", game, p["id"], "--for", hurt["id"], "--position", pos,
                    "--actor", ALICE).exit_code == 0:
                return
    raise AssertionError(f"nobody could replace {name} in {game}")


def play_to_the_end(db: str, game: str) -> None:
    """alice rolls the game to its end, changing pitchers and replacing the injured where the rules ask."""
    for _ in range(20):
        r = run(db, "game", "roll", game, "--to", "game", "--json", "--actor", ALICE)
        why = json.loads(r.output).get("stopped") if r.exit_code == 0 else r.output
        if r.exit_code == 0 and not why and state(db, game)["status"] == "final":
            return
        hurt = re.search(r"(\w+) must replace injured ([^,\n(]+)", why or "")
        if hurt:
            replace_the_injured(db, game, hurt.group(1), hurt.group(2).strip())
        elif why and "pitch" in why:
            bring_in_a_reliever(db, game)
        elif why:
            raise AssertionError(why)
    raise AssertionError(f"{game} never ended")


def hand_played(db: str, game: str) -> None:
    """alice plays ``game`` by hand: two half-innings, a pitching change of hers, then to the end."""
    ok(db, "game", "start", game, "--actor", ALICE)
    ok(db, "game", "roll", game, "--to", "half", "--actor", ALICE)
    ok(db, "game", "roll", game, "--to", "half", "--actor", ALICE)
    bring_in_a_reliever(db, game)
    play_to_the_end(db, game)


def season_with_alices_game(db: str, tmp_path: Path, ruleset: str) -> tuple[str, str, list[str]]:
    """The first day simulated, B's game of the second day alice's, the rest simulated.

    Returns the first day's game of B (the one disputed), alice's game, and the games after the first day."""
    a, b, c, d = card_league(db, tmp_path, ruleset)
    ok(db, "sim", "--through", "2024-04-01")
    mine = f"{b}202404020"
    hand_played(db, mine)
    ok(db, "sim")
    assert state(db, mine)["status"] == "final"
    assert_alices_entries_are_hers(db, mine)
    return f"{b}202404010", mine, [mine, f"{c}202404020", f"{c}202404030", f"{d}202404030"]


@pytest.mark.parametrize("ruleset", ["strat-o-matic", "inside-pitch"])
def test_a_void_whose_new_starters_no_longer_fit_alices_rolls_holds_her_game_for_review_and_undo_takes_back_each_step(
        db_url: str, tmp_path: Path, ruleset: str) -> None:
    disputed, mine, later = season_with_alices_game(db_url, tmp_path, ruleset)
    played = game_log(db_url, mine)
    season = results(db_url)
    # step: without a mode the void is refused, naming the choices and alice's game; nothing is stored
    assert mine in refused_without_a_mode(db_url, disputed, later)
    # step: a roll of the earlier game corrected with --cascade: it keeps its pitchers' starts, so alice's
    # game, set up as before, stays exactly as she played it
    roll = next(e for e in game_log(db_url, disputed) if e.get("dice") and not e["superseded"])
    done = js(db_url, "correct", disputed, "--position", str(roll["position"]), "--roll", other_roll(roll["dice"]),
              "--cascade", "--reason", "typo")
    assert mine not in {c["game"] for c in done["cascaded"]}
    assert game_log(db_url, mine) == played
    audited(db_url)
    ok(db_url, "undo", "--reason", "it was right")
    assert results(db_url) == season
    # step: the void with --cascade: alice's game is held exactly as played, one Held event more
    done = js(db_url, "void", disputed, "--cascade", "--reason", "wrong roster")
    report = {r["game"]: r for r in done["cascaded"]}
    assert report[mine]["status"] == "held for review" and report[mine]["reason"]
    listed = held(db_url)
    assert listed[mine]["reason"] == report[mine]["reason"] and listed[mine]["played"] == "hand"
    now = game_log(db_url, mine)
    assert now[:-1] == played and now[-1]["type"] == "Held", "a held game stays exactly as played"
    assert_alices_entries_are_hers(db_url, mine)
    audited(db_url)
    # step: accepted as played: no longer listed; undone: held again
    ok(db_url, "review", "accept", mine, "--reason", "both managers agree", "--actor", "carol")
    assert mine not in held(db_url) and entries(game_log(db_url, mine)) == entries(played)
    audited(db_url)
    ok(db_url, "undo", "--reason", "not yet")
    assert mine in held(db_url)
    # step: replayed from today's history: in progress, and alice plays on
    ok(db_url, "review", "replay", mine, "--reason", "replay it", "--actor", "carol")
    assert mine not in held(db_url)
    replayed = state(db_url, mine)
    assert replayed["status"] == "in progress"
    replayed_entries = entries(game_log(db_url, mine))
    ok(db_url, "game", "roll", mine, "--to", "game", "--actor", ALICE)
    assert state(db_url, mine)["position"] > replayed["position"]
    assert entries(game_log(db_url, mine))[:len(replayed_entries)] == replayed_entries
    audited(db_url)
    # step: each step undone in turn: the replay as it was, then the hold, then the season
    ok(db_url, "undo", "--reason", "rolled too soon")
    assert entries(game_log(db_url, mine)) == replayed_entries
    assert {k: v for k, v in state(db_url, mine).items() if k != "position"} == {
        k: v for k, v in replayed.items() if k != "position"}
    ok(db_url, "undo", "--reason", "not yet")
    assert mine in held(db_url) and entries(game_log(db_url, mine)) == entries(played)
    ok(db_url, "undo", "--reason", "the roster was right")
    assert held(db_url) == {}
    assert results(db_url) == season and entries(game_log(db_url, mine)) == entries(played)
    audited(db_url)


def test_a_void_whose_new_starters_still_take_alices_entries_re_resolves_her_pine_tar_game_with_them(
        db_url: str, tmp_path: Path) -> None:
    disputed, mine, later = season_with_alices_game(db_url, tmp_path, "pine-tar")
    played = game_log(db_url, mine)
    season = results(db_url)
    assert mine in refused_without_a_mode(db_url, disputed, later)
    done = js(db_url, "void", disputed, "--cascade", "--reason", "wrong roster")
    mine_now = next(c for c in done["cascaded"] if c["game"] == mine)
    assert mine_now["status"] in ("re-resolved with its own entries", "replayed, same result")
    assert mine_now["fresh_rolls"] == 0
    assert entries(game_log(db_url, mine)) == entries(played), "every entry of alice's, in order"
    assert_alices_entries_are_hers(db_url, mine)
    assert held(db_url) == {}
    audited(db_url)
    ok(db_url, "undo", "--reason", "the roster was right")
    assert results(db_url) == season and entries(game_log(db_url, mine)) == entries(played)
    audited(db_url)


def test_a_void_is_not_refused_when_alices_pine_tar_game_now_needs_a_pitching_change_before_her_next_roll(
        tmp_path: Path) -> None:
    db = str(tmp_path / "pt.db")
    _, b, _, _ = card_league(db, tmp_path, "pine-tar", seed="1")
    mine = f"{b}202404020"
    ok(db, "sim", "--through", "2024-04-01")
    hand_played(db, mine)
    ok(db, "sim")
    played = game_log(db, mine)
    r = run(db, "void", f"{b}202404010", "--cascade", "--json", "--reason", "wrong roster")
    assert r.exit_code == 0, r.output
    status = {c["game"]: c["status"] for c in json.loads(r.output)["cascaded"]}[mine]
    if status == "held for review":  # her entry that can no longer stand: the game as played, for review
        assert game_log(db, mine)[:-1] == played
    else:
        assert entries(game_log(db, mine)) == entries(played)
    assert_alices_entries_are_hers(db, mine)


# --- Pennant Race --------------------------------------------------------------------------------

SERIES = "".join(f"1988-04-{d:02d},CAL,TEX\n" for d in range(4, 10))
OPENER, MINE = "TEX198804040", "TEX198804050"
LATER = [f"TEX1988040{d}0" for d in range(5, 10)]


def played_with_dice(db: str, tmp_path: Path, game: str, rolls: list[str]) -> None:
    """``league play GAME --dice FILE --actor alice``; a pair is added while the game asks for one."""
    script = tmp_path / f"{game}.txt"
    for _ in range(8):  # up to three extra home runs a club
        script.write_text("\n".join(rolls) + "\n")
        r = run(db, "play", game, "--dice", str(script), "--actor", ALICE)
        if r.exit_code == 0:
            return
        assert "needs a pair" in r.output, r.output
        rolls = [*rolls, "35"]
    raise AssertionError(f"{game} kept asking for rolls")


def starters(box: dict[str, Any]) -> list[str]:
    return [p["pitcher"] for p in box["pitching"] if p["role"] == "SP"]


def pennant_race(db: str, tmp_path: Path) -> str:
    """The shipped CAL at TEX for six days: the opener simulated, the next game alice's dice, the rest simmed."""
    make_league(tmp_path, SERIES, seed="4", db=db)
    ok(db, "sim", "--through", "1988-04-04")
    played_with_dice(db, tmp_path, MINE, ["556", "452"])
    ok(db, "sim")
    return db


def test_a_pennant_race_game_played_with_physical_dice_is_re_resolved_with_alices_own_rolls(
        db_url: str, tmp_path: Path) -> None:
    db = pennant_race(db_url, tmp_path)
    assert_alices_entries_are_hers(db, MINE)
    played = game_log(db, MINE)
    shown = js(db, "game", "show", MINE)
    season = results(db)
    refused_without_a_mode(db, OPENER, LATER)
    # step: the opener voided: the rotation shifts back a day; alice's game keeps her two rolls
    done = js(db, "void", OPENER, "--cascade", "--reason", "wrong roster")
    mine = next(c for c in done["cascaded"] if c["game"] == MINE)
    assert mine["status"] == "re-resolved with its own entries" and mine["fresh_rolls"] == 0
    assert starters(js(db, "game", "show", MINE)) != starters(shown), "the game has new starters"
    assert entries(game_log(db, MINE)) == entries(played)
    assert_alices_entries_are_hers(db, MINE)
    assert held(db) == {}
    audited(db)
    ok(db, "undo", "--reason", "the roster was right")
    assert results(db) == season and js(db, "game", "show", MINE) == shown
    # step: the opener's visitor roll corrected: alice's game, changed or not, still holds her rolls
    roll = next(e for e in game_log(db, OPENER) if e["type"] == "DiceRolled" and not e["superseded"])
    js(db, "correct", OPENER, "--position", str(roll["position"]), "--roll", other_roll(roll["dice"]), "--cascade",
       "--reason", "typo")
    assert entries(game_log(db, MINE)) == entries(played)
    assert_alices_entries_are_hers(db, MINE)
    audited(db)
    ok(db, "undo", "--reason", "it was right")
    assert results(db) == season and js(db, "game", "show", MINE) == shown
    audited(db)


def test_later_stand_changes_only_the_disputed_game_and_the_journal_says_so(db_url: str, tmp_path: Path) -> None:
    db = pennant_race(db_url, tmp_path)
    logs = {g: game_log(db, g) for g in LATER}
    season = results(db)
    done = js(db, "void", OPENER, "--later", "stand", "--reason", "wrong roster")
    assert done["cascaded"] == []
    assert {g: game_log(db, g) for g in LATER} == logs, "every later game stands exactly as played"
    assert js(db, "game", "show", OPENER)["status"] == "void"
    entry = js(db, "history")[-1]
    assert entry["command"] == "void" and entry["details"]["later"] == "stand"
    assert entry["details"]["standing"] == len(LATER)
    audited(db)
    ok(db, "undo", "--reason", "the roster was right")
    assert results(db) == season
    assert {g: entries(game_log(db, g)) for g in LATER} == {g: entries(log) for g, log in logs.items()}


FOUR_CLUBS = ("1988-04-04,CAL,TEX\n1988-04-04,OAK,SEA\n1988-04-05,TEX,OAK\n1988-04-05,SEA,CAL\n"
              "1988-04-06,CAL,TEX\n1988-04-06,OAK,SEA\n1988-04-07,SEA,TEX\n1988-04-07,CAL,OAK\n")
THEIRS = "SEA198804060"  # OAK at SEA on the third day, alice's: its clubs met CAL and TEX the day before


def test_a_cascade_scoped_by_clubs_or_date_leaves_the_later_games_outside_it_as_played(
        db_url: str, tmp_path: Path) -> None:
    sheets = tuple(data_path("teams", f"{t}.tsv") for t in ("TEX", "CAL", "OAK", "SEA"))
    db = make_league(tmp_path, FOUR_CLUBS, sheets=sheets, seed="4", db=db_url)
    ok(db, "sim", "--through", "1988-04-05")
    played_with_dice(db, tmp_path, THEIRS, ["556", "452"])
    ok(db, "sim")
    later = ["OAK198804050", "CAL198804050", "TEX198804060", THEIRS, "TEX198804070", "OAK198804070"]
    logs = {g: game_log(db, g) for g in later}
    season = results(db)
    assert THEIRS in refused_without_a_mode(db, OPENER, later), "alice's game depends on the opener"
    # step: only CAL's and TEX's later games are re-resolved; OAK at SEA stands as alice played it
    done = js(db, "void", OPENER, "--cascade", "--clubs", "CAL,TEX", "--reason", "wrong roster")
    assert done["later"] == "cascade" and done["clubs"] == ["CAL", "TEX"] and done["standing"] == 1
    assert THEIRS not in {c["game"] for c in done["cascaded"]}
    assert game_log(db, THEIRS) == logs[THEIRS]
    assert js(db, "history")[-1]["details"]["clubs"] == ["CAL", "TEX"]
    audited(db)
    ok(db, "undo", "--reason", "the roster was right")
    assert results(db) == season
    # step: only the later games through the 5th; those of the 6th and 7th stand
    undone = {g: game_log(db, g) for g in later}  # the undo's events included
    done = js(db, "void", OPENER, "--cascade", "--through", "1988-04-05", "--reason", "wrong roster")
    assert done["through"] == "1988-04-05" and done["standing"] == 4
    assert {c["date"] for c in done["cascaded"]} <= {"1988-04-05"}
    assert {g: game_log(db, g) for g in later[2:]} == {g: undone[g] for g in later[2:]}
    audited(db)
    ok(db, "undo", "--reason", "the roster was right")
    assert results(db) == season
    assert {g: entries(game_log(db, g)) for g in later} == {g: entries(log) for g, log in logs.items()}
