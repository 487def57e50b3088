"""Read commands load only what they need, and still migrate and catch up when the views are behind.

A read command first asks whether the read-model schema is at its head
revision and every view at the log's last event (projections.runner):
when so, it runs neither alembic nor the runner, and ``standings`` does not
even build the application.  When not, the command migrates and catches
up exactly as before.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from alembic import command

from league.bootstrap import open_app, parse_db_url
from projections.db import dispose_all, engine_for, immediate
from projections.heads import HEAD_REVISION
from projections.migrate import alembic_config, current_revision
from tests.e2e.cli import make_league, ok

SCHEDULE = "1988-04-04,TEX,CAL\n1988-04-05,CAL,TEX\n1988-04-06,TEX,CAL\n"
# What setting up the application or the event store loads: a read command on current views needs none of it.
HEAVY = ("alembic", "eventsourcing", "league.application.app", "structlog", "sqlalchemy", "league.registry")


def loaded(db: str, *args: str, modules: tuple[str, ...] = HEAVY) -> list[str]:
    """Which of ``modules`` a CLI process running the command imported (it must succeed)."""
    script = ("import sys\nfrom commands.cli import cli\n"
              "try:\n    cli(sys.argv[1:], prog_name='league')\nexcept SystemExit as e:\n"
              "    assert not e.code, e.code\n"
              f"print('LOADED', [m for m in {modules!r} if m in sys.modules], file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script, *(["--db", db] if db else []), *args],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED"))
    return list(ast.literal_eval(line[len("LOADED"):].strip()))


def played_season(tmp_path: Path) -> str:
    db = make_league(tmp_path, SCHEDULE)
    ok(db, "sim")
    return db


def test_version_loads_no_store_logging_or_tables() -> None:
    # the yardstick the read commands are timed against (ops/bench_cli.py) stays the bare CLI
    assert loaded("", "--version", modules=(*HEAVY, "rich")) == []


def test_view_commands_on_current_views_load_neither_the_application_nor_sqlalchemy(tmp_path: Path) -> None:
    db = played_season(tmp_path)
    for args in (["standings"], ["stats", "pitching"], ["stats", "batting", "--json"], ["leaders"],
                 ["injuries"], ["standings", "--csv"]):
        assert loaded(db, *args) == [], args
    # The calendars are the rule system's: the application, still no alembic.
    assert "alembic" not in loaded(db, "pitchers", "--team", "TEX")
    for args in (["schedule", "list"], ["schedule", "list", "--team", "TEX"], ["teams", "list", "--json"]):
        assert loaded(db, *args) == [], args
    # A roster reads the League and the club's Staff without the use cases (nor SQLAlchemy).
    assert not {"sqlalchemy", "alembic", "league.application.app"} & set(loaded(db, "roster", "TEX")), "roster"



def test_history_and_a_game_on_current_views_load_no_event_sourcing(tmp_path: Path) -> None:
    db = played_season(tmp_path)
    game = json.loads(ok(db, "schedule", "list", "--status", "played", "--json"))[0]["game"]
    # history from the journal view, a game from its own rows (projections.game_record): no aggregate folded
    for args in (["history"], ["history", "--json"], ["game", "show", game], ["game", "log", game, "--json"]):
        assert not {"eventsourcing", "sqlalchemy", "alembic", "league.application.app"} & set(loaded(db, *args)), args
    dispose_all()


def test_looking_at_a_game_does_not_define_the_commands_that_play_one_by_hand(tmp_path: Path) -> None:
    db = played_season(tmp_path)
    game = json.loads(ok(db, "schedule", "list", "--status", "played", "--json"))[0]["game"]
    for args in (["game", "show", game], ["game", "log", game]):
        assert loaded(db, *args, modules=("commands.pa_game",)) == [], args
    # ... and the group still finds them when one is asked for, and lists them all in its help
    assert loaded(db, "game", "pitch", "--help", modules=("commands.pa_game",)) == ["commands.pa_game"]
    listed = subprocess.run([sys.executable, "-m", "commands", "game", "--help"], capture_output=True, text=True,
                            timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert " log " in listed.stdout and " pitch " in listed.stdout and " steal " in listed.stdout
    dispose_all()


def test_view_commands_on_postgresql_load_neither_the_application_nor_sqlalchemy(pg_url: str, tmp_path: Path) -> None:
    # psycopg runs the views' SQL (projections.rows.direct_postgres): a second or so less a command.
    make_league(tmp_path, SCHEDULE, db=pg_url)
    ok(pg_url, "sim")
    ok(pg_url, "standings")  # the views caught up
    for args in (["standings"], ["stats", "pitching"], ["leaders"], ["injuries"], ["history"],
                 ["schedule", "list"], ["teams", "list"]):
        assert loaded(pg_url, *args) == [], args


def test_audit_and_verify_on_sqlite_load_no_sqlalchemy(tmp_path: Path) -> None:
    # Opening the application asks the schema's revision (a newer League's is refused): a plain
    # SELECT on SQLite, where importing SQLAlchemy for it was most of `audit GAME` (issue #16).
    db = played_season(tmp_path)
    game = json.loads(ok(db, "schedule", "list", "--status", "played", "--json"))[0]["game"]
    for args in (["audit", game], ["audit", "--all"], ["verify"]):
        assert not {"sqlalchemy", "alembic"} & set(loaded(db, *args)), args
    dispose_all()


def test_a_read_command_on_a_schema_behind_the_code_migrates_it(tmp_path: Path) -> None:
    db = played_season(tmp_path)
    before = json.loads(ok(db, "standings", "--json"))
    store = parse_db_url(db)
    engine = engine_for(store)
    cfg = alembic_config(engine)
    with immediate(engine.connect()) as conn, conn.begin():
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0001")
    assert current_revision(store) == "0001"
    dispose_all()
    assert "alembic" in loaded(db, "standings")  # migrated in that process ...
    assert current_revision(store) == HEAD_REVISION
    assert json.loads(ok(db, "standings", "--json")) == before  # ... and the views refilled
    dispose_all()


def test_a_read_command_catches_up_events_the_views_have_not_seen(tmp_path: Path) -> None:
    db = make_league(tmp_path, SCHEDULE)
    assert all(r["w"] + r["l"] == 0 for r in json.loads(ok(db, "standings", "--json")))
    app = open_app(db, create=False)  # games played behind the CLI's back: no catch-up after them
    try:
        assert app.simulate(actor="test") == 3
    finally:
        app.close()
    rows = json.loads(ok(db, "standings", "--json"))
    assert sum(r["w"] for r in rows) == 3
    dispose_all()


def test_a_read_command_on_a_league_without_read_models_builds_them(tmp_path: Path) -> None:
    db = str(tmp_path / "bare.db")
    app = open_app(db)  # the league through the application alone: no read-model tables at all
    try:
        app.create_league(name="bare", ruleset="pennant-race", seed="1", actor="test")
    finally:
        app.close()
    assert current_revision(parse_db_url(db)) is None
    assert json.loads(ok(db, "standings", "--json")) == []
    assert current_revision(parse_db_url(db)) == HEAD_REVISION
    dispose_all()


def test_a_read_command_leaves_the_collector_of_its_process_as_it_found_it(tmp_path: Path) -> None:
    # A read the views answer runs without the cyclic collector (commands.context.pause_collector);
    # a process running commands one after another (a test's, a script's) gets it back after each.
    import gc

    db = played_season(tmp_path)
    game = json.loads(ok(db, "schedule", "list", "--status", "played", "--json"))[0]["game"]
    for args in (["standings"], ["injuries"], ["history"], ["game", "log", game]):
        assert gc.isenabled()
        ok(db, *args)
        assert gc.isenabled(), args
    gc.disable()
    try:
        ok(db, "standings")
        assert not gc.isenabled()  # one the caller had turned off stays off
    finally:
        gc.enable()
    dispose_all()
