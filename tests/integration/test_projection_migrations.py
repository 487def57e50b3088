"""The alembic migrations build exactly the tables projections/tables.py declares."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from league.bootstrap import parse_db_url
from projections.current import schema_revision
from projections.db import dispose_all, engine_for
from projections.migrate import current_revision, head_revision, upgrade
from projections.tables import metadata


def test_upgrade_builds_the_declared_schema_on_both_stores(db_url: str) -> None:
    store = parse_db_url(db_url)
    assert upgrade(store) == head_revision()
    assert upgrade(store) == head_revision()  # a second upgrade is a no-op
    with engine_for(store).connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []
    assert current_revision(store) == head_revision()
    dispose_all()


def test_the_plain_reading_of_the_schema_revision_agrees_with_alembics(db_url: str) -> None:
    # Every command that opens the application asks it (a newer League's schema is refused); on
    # SQLite it is a plain SELECT, which must answer as SQLAlchemy's reading does at every step.
    store = parse_db_url(db_url)
    assert schema_revision(store) is None and current_revision(store) is None  # no schema yet
    for revision in ("0001", "0004", head_revision()):
        upgrade(store, revision)
        assert schema_revision(store) == current_revision(store) == revision
    dispose_all()
