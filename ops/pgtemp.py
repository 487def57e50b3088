"""A scratch PostgreSQL database for the benchmarks, dropped afterwards.

    from pgtemp import scratch_database
    with scratch_database("league_bench") as url: ...

PostgreSQL is the local server (127.0.0.1:5432, user postgres, as in
``ops/postgres``); :func:`scratch_database` raises ``RuntimeError`` with the
reason when it does not answer.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

ADMIN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"


@contextmanager
def scratch_database(prefix: str) -> Iterator[str]:
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    try:
        with psycopg.connect(ADMIN, autocommit=True, connect_timeout=3) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as e:
        raise RuntimeError(f"PostgreSQL is not available: {e}") from None
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def database_bytes(url: str) -> int:
    import psycopg

    with psycopg.connect(url) as c:
        row = c.execute("SELECT pg_database_size(current_database())").fetchone()
        assert row is not None
        return int(row[0])
