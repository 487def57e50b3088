"""Create and evolve the read-model schema with alembic (``league db upgrade``).

alembic is imported only to migrate: whether the schema is current is read
with one plain SELECT of ``alembic_version`` and compared with
:data:`projections.heads.HEAD_REVISION`, so a command on a current database
never loads it.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

from league.adapters.store import Store
from projections.db import engine_for, immediate
from projections.heads import HEAD_REVISION, refuse_unknown

if TYPE_CHECKING:
    from alembic.config import Config

_checked: set[str] = set()
MIGRATION_LOCK = 0x1EA6E  # an arbitrary advisory-lock key for schema changes
VERSION_TABLE = "alembic_version"  # alembic's default, which migrations/env.py keeps


def alembic_config(engine: Engine | None = None) -> "Config":
    from alembic.config import Config

    import migrations

    cfg = Config()
    # The installed package directory, so upgrades work outside a checkout.
    cfg.set_main_option("script_location", os.path.dirname(migrations.__file__))
    if engine is not None:
        # configparser reads "%" as the start of an interpolation: a file "100%.db", a password "p%40ss"
        cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return cfg


@lru_cache(maxsize=1)
def head_revision() -> str:
    """The head of migrations/versions as alembic finds it (HEAD_REVISION must equal it)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def upgrade(store: Store, revision: str = "head") -> str:
    """Bring the read-model schema to ``revision``; returns the revision now current."""
    from alembic import command

    engine = engine_for(store)
    cfg = alembic_config(engine)
    with immediate(engine.connect()) as conn, conn.begin():
        # Two processes starting on a fresh database must not both create the
        # tables: SQLite's BEGIN IMMEDIATE already serializes them; PostgreSQL
        # needs a lock, after which the second finds the schema at head.
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        refuse_unknown(revision_on(conn))
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    _checked.discard(str(engine.url))
    return current_revision(store) or ""


def current_revision(store: Store) -> str | None:
    with engine_for(store).connect() as conn:
        return revision_on(conn)


def revision_on(conn: Connection) -> str | None:
    """The schema's revision as alembic_version holds it (None: no schema yet, or not one line)."""
    if not inspect(conn).has_table(VERSION_TABLE):
        return None
    rows = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).all()
    return str(rows[0][0]) if len(rows) == 1 else None


def ensure_schema(store: Store) -> None:
    """Upgrade when the database is behind this code (checked once per process)."""
    key = str(engine_for(store).url)
    if key in _checked:
        return
    if current_revision(store) != HEAD_REVISION:
        upgrade(store)
    _checked.add(key)
