"""The alembic migrations build exactly the tables projections/tables.py declares."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from league.bootstrap import parse_db_url
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
