"""Property: whatever the dispute and its mode, a person's entries are never the computer's, and undo gives
the season back.

Over small seasons of every rule family -- Pennant Race, Strat-O-Matic, Pine Tar
and Inside Pitch (four clubs, four days) -- with one game of a random later day
played by hand by alice (physical dice in Pennant Race; in a card game some
half-innings, perhaps a pitching change, perhaps to the end), a random earlier game the computer played is voided, corrected or rewound,
its later games settled by a random mode: ``--later stand``, ``--cascade`` or
``--cascade --clubs``.  Then

- a game with a person's entries either keeps them, in order, none of them now the
  auto-manager's, or is held for review exactly as played (one ``Held`` event more);
- under ``stand`` every other game's stored events are byte-identical; under
  ``--clubs`` so are those of every game of the other clubs;
- ``league audit --all`` and ``league verify`` pass after the dispute and after its undo;
- ``league undo`` gives back the same ``standings --json`` and ``stats --json``, and every read-model
  row but the journal's.

Each example builds its league afresh in a temporary directory.
"""

from __future__ import annotations

import json
import tempfile
from itertools import combinations
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.bootstrap import open_app
from league.data import data_path
from league.domain import ids
from league.domain.actors import is_person, person
from tests.e2e.cli import ok, run
from projections.runner import catch_up
from projections.snapshot import snapshot as view_rows
from tests.e2e.test_people_games_in_disputes_cli import (CARD_LEAGUES, bring_in_a_reliever, other_roll,
                                                         play_to_the_end, played_with_dice)

CLUBS = {"pennant-race": ("TEX", "CAL", "OAK", "SEA"),
         **{ruleset: clubs for ruleset, (_, clubs, _) in CARD_LEAGUES.items()}}
YEAR = {ruleset: "1988" if ruleset == "pennant-race" else "2024" for ruleset in CLUBS}
# Each club plays every day: (visitor, home) by index into the clubs.
DAYS = [((0, 1), (2, 3)), ((1, 2), (3, 0)), ((0, 2), (1, 3)), ((2, 0), (3, 1))]
# What --clubs may name: one club or two.
SCOPES = {r: [c for n in (1, 2) for c in combinations(clubs, n)] for r, clubs in CLUBS.items()}
triads = st.tuples(*[st.integers(1, 6)] * 3).map(lambda t: "".join(map(str, t)))


def day(ruleset: str, n: int) -> str:
    return f"{YEAR[ruleset]}-04-{n + 4:02d}"


def game_id(ruleset: str, n: int, pair: tuple[int, int]) -> str:
    return f"{CLUBS[ruleset][pair[1]]}{day(ruleset, n).replace('-', '')}0"


def build(db: str, where: Path, ruleset: str) -> None:
    clubs = CLUBS[ruleset]
    ok(db, "init", "--name", "P", "--ruleset", ruleset, "--seed", "7")
    if ruleset == "pennant-race":
        ok(db, "teams", "import", *(str(data_path("teams", f"{t}.tsv")) for t in clubs))
    else:
        ok(db, "teams", "import", *map(str, CARD_LEAGUES[ruleset][0]()))
    (where / "s.csv").write_text("date,visitor,home,game\n" + "".join(
        f"{day(ruleset, n)},{clubs[v]},{clubs[h]},0\n" for n, games in enumerate(DAYS) for v, h in games))
    ok(db, "schedule", "import", str(where / "s.csv"))


def js(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def results(db: str) -> tuple[str, ...]:
    return (ok(db, "standings", "--json"), ok(db, "stats", "pitching", "--json"), ok(db, "stats", "batting", "--json"))


def audited(db: str) -> None:
    assert "Audit passed" in ok(db, "audit", "--all")
    assert "every link intact" in ok(db, "verify")


def stored(db: str, games: list[str]) -> dict[str, list[tuple[int, str, bytes]]]:
    """Each game's events as stored: position, topic and the bytes of its state."""
    app = open_app(db, create=False)
    try:
        out = {}
        for g in games:
            events = app.recorder.select_events(ids.game_id(g))
            out[g] = [(e.originator_version, e.topic, bytes(e.state)) for e in events]
        return out
    finally:
        app.close()


def views(db: str) -> dict[str, Any]:
    """Every read-model row but the journal's (which records the dispute and its undo too)."""
    app = open_app(db, create=False)
    try:
        catch_up(app)
        rows = view_rows(app.store)
    finally:
        app.close()
    del rows["rm_journal"]
    return rows


def people_games(db: str, games: list[str]) -> dict[str, dict[str, Any]]:
    """The games with a person's entries: how each stands, entry by entry (kind, dice, decision; who;
    the decision's actor), and whether it is held."""
    app = open_app(db, create=False)
    try:
        out = {}
        for gid in games:
            g = app.find_game(gid)
            if g is None or g.played_by == "computer":
                continue
            actors = {e.originator_version: e.actor for e in app.game_events(gid)
                      if type(e).__name__ == "DecisionMade"}
            out[gid] = {
                "held": g.held is not None, "version": g.version,
                # what a person entered: a roll (its dice; whether it settles a play may change) or a decision
                "entries": [("decision" if e["kind"] == "decision" else "roll", e.get("dice"), e.get("decision"))
                            for e in g.in_force()],
                "made": [(g.by_at(e["position"]), actors.get(e["position"])) for e in g.in_force()],
            }
        return out
    finally:
        app.close()


def hand_game(db: str, where: Path, ruleset: str, game: str, data: st.DataObject) -> None:
    """alice plays ``game``: physical dice in Pennant Race; some of a Strat-O-Matic game, by her own hand."""
    if ruleset == "pennant-race":
        played_with_dice(db, where, game, data.draw(st.lists(triads, min_size=2, max_size=2), label="rolls"))
        return
    ok(db, "game", "start", game, "--actor", "alice")
    for _ in range(data.draw(st.integers(1, 3), label="half-innings")):
        run(db, "game", "roll", game, "--to", "half", "--actor", "alice")
    if data.draw(st.booleans(), label="pitching change"):
        bring_in_a_reliever(db, game)
    if data.draw(st.booleans(), label="to the end"):
        play_to_the_end(db, game)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(ruleset=st.sampled_from(sorted(CLUBS)), data=st.data())
def test_no_dispute_mode_lets_the_computer_make_a_persons_entries_and_undo_gives_the_season_back(
        ruleset: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        db = str(where / "league.db")
        build(db, where, ruleset)
        games = [game_id(ruleset, n, pair) for n, pairs in enumerate(DAYS) for pair in pairs]
        # step: the computer plays the first days; alice a game of a later day; the computer the rest
        simmed_days = data.draw(st.integers(1, 2), label="days simulated first")
        ok(db, "sim", "--through", day(ruleset, simmed_days - 1))
        mine = data.draw(st.sampled_from(games[2 * simmed_days:]), label="alice's game")
        hand_game(db, where, ruleset, mine, data)
        ok(db, "sim", "--quiet")
        before_people = people_games(db, games)
        assert mine in before_people, "alice's game has her entries"
        statuses = _statuses(db)
        earlier = [g for g in games if _date(g) < _date(mine) and statuses.get(g) == "final" and g not in before_people]
        disputed = data.draw(st.sampled_from(earlier), label="disputed game")
        before_events = stored(db, games)
        season, rows = results(db), views(db)
        # step: the dispute, in a random mode
        action = data.draw(st.sampled_from(["void", "correct", "rewind"]), label="dispute")
        mode = data.draw(st.sampled_from(["stand", "cascade", "clubs"]), label="mode")
        clubs = list(data.draw(st.sampled_from(SCOPES[ruleset]), label="clubs"))
        args = [action, disputed]
        if action != "void":
            log = js(db, "game", "log", disputed)
            roll = data.draw(st.sampled_from([e for e in log if e.get("dice") and not e["superseded"]]), label="roll")
            args += (["--position", str(roll["position"]), "--roll", other_roll(roll["dice"])] if action == "correct"
                     else ["--to", str(roll["position"])])
        args += {"stand": ["--later", "stand"], "cascade": ["--cascade"],
                 "clubs": ["--cascade", "--clubs", ",".join(clubs)]}[mode]
        r = run(db, *args, "--reason", "disputed", "--json")
        assert r.exit_code == 0, (args, r.output)
        report = {c["game"]: c for c in json.loads(r.output)["cascaded"]}
        after_events = stored(db, games)
        # a person's entries are never the computer's, unless the game is held exactly as played
        for gid, was in before_people.items():
            now = people_games(db, [gid]).get(gid)
            assert now is not None, f"{gid} lost every entry of a person"
            if now["held"]:
                assert report[gid]["status"] == "held for review" and report[gid]["reason"]
                assert after_events[gid][:-1] == before_events[gid] and after_events[gid][-1][1].endswith("Held")
                continue
            assert now["entries"] == was["entries"], f"{gid}: its people's entries changed"
            for by, actor in now["made"]:
                assert is_person(by), f"{gid}: an entry of the auto-manager in a person's game"
                assert actor is None or person(actor) == by, f"{gid}: a decision by {actor} in {by}'s hands"
        if mode == "stand":
            assert report == {}
            assert {g: e for g, e in after_events.items() if g != disputed} == {
                g: e for g, e in before_events.items() if g != disputed}, "under stand every later game stands"
        if mode == "clubs":
            outside = [g for g in games if g != disputed and not set(clubs) & set(_teams(ruleset, g))]
            assert {g: after_events[g] for g in outside} == {g: before_events[g] for g in outside}
        audited(db)
        # step: undo gives the season back
        ok(db, "undo", "--reason", "withdrawn")
        assert results(db) == season
        assert views(db) == rows, "undo gives back every read-model row"
        assert js(db, "review") == []
        assert {g: p["entries"] for g, p in people_games(db, games).items()} == {
            g: p["entries"] for g, p in before_people.items()}
        audited(db)


def _statuses(db: str) -> dict[str, str]:
    app = open_app(db, create=False)
    try:
        return dict(app.game_statuses())
    finally:
        app.close()


def _date(game: str) -> str:
    return game[3:11]


def _teams(ruleset: str, game: str) -> tuple[str, str]:
    clubs = CLUBS[ruleset]
    for n, pairs in enumerate(DAYS):
        for v, h in pairs:
            if game_id(ruleset, n, (v, h)) == game:
                return clubs[v], clubs[h]
    raise KeyError(game)
