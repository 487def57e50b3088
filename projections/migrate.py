"""Create and evolve the read-model schema with alembic (``league db upgrade``)."""

from __future__ import annotations

import os
from functools import lru_cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

import migrations
from league.bootstrap import Store
from projections.db import engine_for, immediate

_checked: set[str] = set()
MIGRATION_LOCK = 0x1EA6E  # an arbitrary advisory-lock key for schema changes


def alembic_config(engine: Engine | None = None) -> Config:
    cfg = Config()
    # The installed package directory, so upgrades work outside a checkout.
    cfg.set_main_option("script_location", os.path.dirname(migrations.__file__))
    if engine is not None:
        cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    return cfg


@lru_cache(maxsize=1)
def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def upgrade(store: Store, revision: str = "head") -> str:
    """Bring the read-model schema to ``revision``; returns the revision now current."""
    engine = engine_for(store)
    cfg = alembic_config(engine)
    with immediate(engine.connect()) as conn, conn.begin():
        # Two processes starting on a fresh database must not both create the
        # tables: SQLite's BEGIN IMMEDIATE already serializes them; PostgreSQL
        # needs a lock, after which the second finds the schema at head.
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    _checked.discard(str(engine.url))
    return current_revision(store) or ""


def current_revision(store: Store) -> str | None:
    with engine_for(store).connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def ensure_schema(store: Store) -> None:
    """Upgrade when the database is behind this code (checked once per process)."""
    key = str(engine_for(store).url)
    if key in _checked:
        return
    if current_revision(store) != head_revision():
        upgrade(store)
    _checked.add(key)
