"""The migrations' configuration names the store's database whatever characters its name holds."""

from __future__ import annotations

import pytest

from league.adapters.store import parse_db_url
from projections.db import dispose_all, engine_for
from projections.migrate import alembic_config


@pytest.mark.parametrize("db,database", [
    ("/leagues/100% sure #1?.db", "/leagues/100% sure #1?.db"),  # configparser reads "%" as interpolation
    ("postgresql://u:p%40ss@127.0.0.1:5432/league", "league"),  # a password with an encoded "@"
])
def test_alembic_reads_back_the_url_the_engine_has(db: str, database: str) -> None:
    engine = engine_for(parse_db_url(db))  # no connection is made
    try:
        assert engine.url.database == database
        said = alembic_config(engine).get_main_option("sqlalchemy.url")
        assert said == engine.url.render_as_string(hide_password=False)
    finally:
        dispose_all()
