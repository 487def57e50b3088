"""Alembic environment: run on the connection handed in by projections.migrate."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from projections.tables import metadata

config = context.config
target_metadata = metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:  # plain `alembic upgrade` with sqlalchemy.url set
        engine = create_engine(config.get_main_option("sqlalchemy.url"))
        with engine.begin() as conn:
            _run(conn)
        return
    _run(connection)


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    # render_as_batch: SQLite can only ALTER through table copies.
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
