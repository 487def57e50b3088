"""A database whose read models a newer League migrated is refused with a message, and left as it is.

Sharing a league between machines (or going back to an older release) puts
a database in front of a build that does not know its read-model revision;
alembic alone ends in a traceback.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from league.bootstrap import parse_db_url
from league.data import data_path
from projections.db import dispose_all, engine_for
from tests.e2e.cli import ok, run_process


def _set_revision(db: str, revision: str) -> None:
    with engine_for(parse_db_url(db)).begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = :r"), {"r": revision})
    dispose_all()


def _revision_and_rows(db: str) -> tuple[str, int, int]:
    store = parse_db_url(db)
    with engine_for(store).connect() as conn:
        revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
        events = conn.execute(text(f'SELECT COUNT(*) FROM "{store.events_table}"')).scalar_one()
        tables = conn.execute(text("SELECT COUNT(*) FROM rm_games")).scalar_one()
    dispose_all()
    return str(revision), int(events), int(tables)


def test_read_models_from_a_newer_league_are_refused_and_left_alone(db_url: str, tmp_path: Path) -> None:
    db = db_url
    ok(db, "init", "--name", "test", "--ruleset", "pennant-race", "--seed", "1")
    ok(db, "teams", "import", str(data_path("teams", "TEX.tsv")), str(data_path("teams", "CAL.tsv")))
    schedule = tmp_path / "s.csv"
    schedule.write_text("date,visitor,home\n1988-04-04,TEX,CAL\n1988-04-05,TEX,CAL\n")
    ok(db, "schedule", "import", str(schedule))
    ok(db, "sim", "--through", "1988-04-04")
    ok(db, "standings")  # the views caught up: a schema at this build's head
    _set_revision(db, "9999")  # what a newer release's migration would leave
    before = _revision_and_rows(db)
    # Each in a process of its own, as a commissioner runs them (a process checks the schema once).
    for args in (["standings"], ["leaders"], ["sim"], ["audit", "--all"], ["verify"], ["db", "upgrade"]):
        result = run_process(db, *args)
        assert result.returncode == 1, (args, result.stdout, result.stderr)
        assert "revision 9999" in result.stderr and "newer League" in result.stderr
        assert "Traceback" not in result.stderr
    assert _revision_and_rows(db) == before
