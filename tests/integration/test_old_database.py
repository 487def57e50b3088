"""League databases written by older code keep working with today's code.

tests/fixtures/old_db holds two SQLite leagues written by an earlier commit
(README.md there names it; make.py is the scenario): a Pennant Race league
with a correction, a cascading rewind and its replay, a mid-game rewind and
replay, a void and an undo; and a Strat-O-Matic league with a game rewound
and left in progress.  Beside each, what that code printed: the seal, the
audit, and the JSON views.  On a copy of each (the committed file is never
opened for writing), today's code must verify the log and its old seal, audit
every game, show the same views, finish the half-played game by hand, rewind
and replay old games, and only ever append to the old log.

The same scenarios are then built by today's code on PostgreSQL and on SQLite
and must agree, and take the same checks on PostgreSQL.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest
from click.testing import CliRunner

from commands.cli import cli
from league.bootstrap import open_app
from league.data import data_path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "old_db"
ACTOR = ("--actor", "today")


def _scenario() -> ModuleType:
    spec = importlib.util.spec_from_file_location("old_db_make", FIXTURES / "make.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make = _scenario()
PR, STRAT = make.PENNANT_RACE_DB, make.STRAT_DB


def league(db: str, *args: str) -> str:
    r = CliRunner().invoke(cli, ["--db", db, *args])
    assert r.exit_code == 0, (args, r.output, r.exception)
    return r.stdout


def league_json(db: str, *args: str) -> Any:
    return json.loads(league(db, *args))


def old_copy(tmp_path: Path, name: str) -> str:
    """A copy of a fixture database: what the tests change is never the committed file."""
    shutil.copy(FIXTURES / name, tmp_path / name)
    return str(tmp_path / name)


def expected(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name.replace(".db", ".expected.json")).read_text())


def stored_log(db: str) -> list[tuple[int, str, int, str, bytes]]:
    """Every stored event in log order, as stored: position, aggregate, version, topic, bytes."""
    app = open_app(db, create=False)
    try:
        rows: list[tuple[int, str, int, str, bytes]] = []
        start = 1
        while batch := app.recorder.select_notifications(start, 1000):
            rows += [(n.id, str(n.originator_id), n.originator_version, n.topic, bytes(n.state)) for n in batch]
            start = batch[-1].id + 1
        return rows
    finally:
        app.close()


def assert_only_appended(before: list[tuple[int, str, int, str, bytes]], db: str) -> None:
    after = stored_log(db)
    assert len(after) > len(before)
    changed = [b[:4] for a, b in zip(after, before) if a != b]
    assert not changed, f"stored events changed: {changed[:3]}"


def assert_kept(recorded: Any, now: Any, where: str) -> None:
    """Every value the old code printed is printed again; today's code may add fields."""
    if isinstance(recorded, dict):
        assert isinstance(now, dict), f"{where}: {now!r}"
        for key, value in recorded.items():
            assert key in now, f"{where}: no {key!r} any more"
            assert_kept(value, now[key], f"{where}.{key}")
    elif isinstance(recorded, list):
        assert isinstance(now, list) and len(now) == len(recorded), f"{where}: {len(recorded)} rows then, now {now!r}"
        for i, (a, b) in enumerate(zip(recorded, now)):
            assert_kept(a, b, f"{where}[{i}]")
    else:
        assert now == recorded, f"{where}: {recorded!r} then, {now!r} now"


def audit_passes(db: str) -> str:
    out = league(db, "audit", "--all")
    assert out.startswith("Audit passed"), out
    return out


def games_played(standings: list[dict[str, Any]]) -> dict[str, int]:
    return {row["team"]: row["w"] + row["l"] for row in standings}


# -- the checks, shared by the old databases and the PostgreSQL scenarios -----------------------


def finish_in_progress_by_hand(db: str) -> None:
    """The Strat game left half played is rolled to its end with ``game roll`` and then counts."""
    game = make.STRAT_IN_PROGRESS
    assert league_json(db, "game", "state", game, "--json")["status"] == "in progress"
    played = games_played(league_json(db, "standings", "--json"))
    league(db, "game", "roll", game, "--to", "roll", *ACTOR)
    league(db, "game", "roll", game, "--to", "game", *ACTOR)
    state = league_json(db, "game", "state", game, "--json")
    if state["status"] != "final":
        # Rolling stopped for a substitution the rules require (a player injured in play must be
        # replaced): the commissioner hands the rest of the game to the auto-manager.
        day = f"{game[3:7]}-{game[7:9]}-{game[9:11]}"
        league(db, "sim", "--through", day, "--finish-in-progress", "--quiet", *ACTOR)
        state = league_json(db, "game", "state", game, "--json")
    assert state["status"] == "final" and state["over"]
    now = games_played(league_json(db, "standings", "--json"))
    assert {t: now[t] - played[t] for t in now if now[t] != played[t]} == {state["visitor"]: 1, state["home"]: 1}
    audit_passes(db)


def rewind_and_replay_pennant_race(db: str) -> None:
    """A finished game rewound to a roll and replayed, and one rewound to its start and replayed."""
    mid, whole = make.PR_LAST_PLAYED, make.PR_REWOUND
    played = games_played(league_json(db, "standings", "--json"))
    league(db, "rewind", mid, "--to", "3", "--reason", "home roll misread", *ACTOR)
    league(db, "play", mid, *ACTOR)
    log = league_json(db, "game", "log", mid, "--json")
    assert [e["superseded"] for e in log if e["position"] in (3, 4)] == [True, True]
    assert log[-1]["type"] == "Completed" and not log[-1]["superseded"]
    # to its start: the replay is set up afresh, so under today's ruleset version, beside old games
    league(db, "rewind", whole, "--to", "1", "--reason", "wrong starter", "--cascade", *ACTOR)
    league(db, "sim", "--through", "1988-04-21", "--quiet", *ACTOR)
    assert games_played(league_json(db, "standings", "--json")) == played
    audit_passes(db)


# -- the old databases, with today's code -------------------------------------------------------


@pytest.mark.parametrize("name", [PR, STRAT])
def test_an_old_log_verifies_and_matches_the_seal_published_then(tmp_path: Path, name: str) -> None:
    db, old = old_copy(tmp_path, name), expected(name)
    before = stored_log(db)
    assert make.seal_of(league(db, "verify", "--seal")) == old["seal"]
    assert "is the one sealed" in league(db, "verify", "--against", old["seal"])
    assert stored_log(db) == before


@pytest.mark.parametrize("name", [PR, STRAT])
def test_every_old_game_audits_clean(tmp_path: Path, name: str) -> None:
    db, old = old_copy(tmp_path, name), expected(name)
    figures = re.search(r"\d+ events in \d+ game\(s\)", old["audit"])
    assert figures is not None
    assert figures.group(0) in audit_passes(db)


@pytest.mark.parametrize(("name", "view"), [(name, view) for name in (PR, STRAT) for view in make.LEAGUE_VIEWS[name]])
def test_an_old_league_shows_what_it_showed_then(tmp_path: Path, name: str, view: str) -> None:
    db, old = old_copy(tmp_path, name), expected(name)
    assert_kept(old[view], league_json(db, *make.LEAGUE_VIEWS[name][view]), view)


def plays_on(tmp_path: Path, name: str, commands: Callable[[str], None]) -> None:
    """Run ``commands`` on a copy of an old league: the old seal still holds, the log was only appended to."""
    db, old = old_copy(tmp_path, name), expected(name)
    before = stored_log(db)
    commands(db)
    assert "is the one sealed" in league(db, "verify", "--against", old["seal"])
    assert_only_appended(before, db)


def test_the_old_game_left_in_progress_is_finished_by_hand(tmp_path: Path) -> None:
    plays_on(tmp_path, STRAT, finish_in_progress_by_hand)


def test_old_pennant_race_games_are_rewound_and_replayed(tmp_path: Path) -> None:
    plays_on(tmp_path, PR, rewind_and_replay_pennant_race)


def test_an_old_season_takes_a_cascading_dispute_and_its_undo(tmp_path: Path) -> None:
    """An early old game disputed with --cascade re-resolves old games; undo gives the old views back."""
    old = expected(PR)

    def dispute_and_undo(db: str) -> None:
        league(db, "rewind", make.PR_EARLY, "--to", "2", "--cascade", "--reason", "visitors' roll misread", *ACTOR)
        league(db, "play", make.PR_EARLY, *ACTOR)
        audit_passes(db)
        league(db, "undo", "--reason", "replayed the wrong game", *ACTOR)
        league(db, "undo", "--reason", "disputed the wrong game", *ACTOR)
        for view in ("standings", "stats pitching", "stats batting", "injuries"):
            assert_kept(old[view], league_json(db, *make.LEAGUE_VIEWS[PR][view]), view)
        audit_passes(db)

    plays_on(tmp_path, PR, dispute_and_undo)


def test_an_old_season_plays_on_under_todays_rules(tmp_path: Path) -> None:
    old = expected(PR)

    def sim(db: str) -> None:
        league(db, "sim", "--through", "1988-04-26", "--quiet", *ACTOR)
        played = sum(games_played(league_json(db, "standings", "--json")).values())
        assert played > sum(games_played(old["standings"]).values())
        audit_passes(db)

    plays_on(tmp_path, PR, sim)


# -- the same scenarios built by today's code, on PostgreSQL --------------------------------------


def without_times(view: Any) -> Any:
    """The journal's "at" differs between two runs of one scenario; nothing else may."""
    if isinstance(view, list):
        return [without_times(v) for v in view]
    if isinstance(view, dict):
        return {k: without_times(v) for k, v in view.items() if k != "at"}
    return view


@pytest.mark.postgres
@pytest.mark.parametrize("name", [PR, STRAT])
def test_the_scenario_on_postgresql_agrees_with_sqlite_and_passes_the_same_checks(
        tmp_path: Path, pg_url: str, name: str) -> None:
    make.stage_inputs(data_path(), tmp_path)
    build = make.build_pennant_race if name == PR else make.build_strat
    sqlite = str(tmp_path / name)
    for db in (sqlite, pg_url):
        build(league, db, lambda n: str(tmp_path / n))
    for view, args in make.LEAGUE_VIEWS[name].items():
        assert without_times(league_json(pg_url, *args)) == without_times(league_json(sqlite, *args)), view
    seal = make.seal_of(league(pg_url, "verify", "--seal"))
    audit_passes(pg_url)
    before = stored_log(pg_url)
    if name == PR:
        rewind_and_replay_pennant_race(pg_url)
    else:
        finish_in_progress_by_hand(pg_url)
    assert "is the one sealed" in league(pg_url, "verify", "--against", seal)
    assert_only_appended(before, pg_url)
