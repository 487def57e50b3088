"""Shared fixtures: a fresh SQLite file or a fresh PostgreSQL database per test.

PostgreSQL tests create and drop their own database on the server named by
LEAGUE_TEST_PG (default postgresql://postgres@127.0.0.1:5432/postgres).  Without
a server they are skipped -- unless the CI variable is set, where a missing
PostgreSQL fails the run.
"""

from __future__ import annotations

import os
import uuid
from typing import Iterator

import pytest

PG_ADMIN_URL = os.environ.get("LEAGUE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


def _pg_connect(dbname: str | None = None):  # type: ignore[no-untyped-def]
    import psycopg
    from urllib.parse import urlparse

    u = urlparse(PG_ADMIN_URL)
    return psycopg.connect(
        host=u.hostname or "127.0.0.1",
        port=u.port or 5432,
        user=u.username or "postgres",
        password=u.password or None,
        dbname=dbname or u.path.lstrip("/") or "postgres",
        autocommit=True,
        connect_timeout=5,
    )


def pg_available() -> str | None:
    """None when PostgreSQL answers, else the reason it does not."""
    try:
        with _pg_connect() as c:
            c.execute("SELECT 1")
        return None
    except Exception as e:  # pragma: no cover - depends on the machine
        return str(e)


def _require_pg() -> None:
    reason = pg_available()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is required under CI but is not reachable: {reason}")
    pytest.skip(f"PostgreSQL not reachable: {reason}")


def _pg_url(dbname: str) -> str:
    from urllib.parse import urlparse

    u = urlparse(PG_ADMIN_URL)
    auth = u.username or "postgres"
    if u.password:
        auth += f":{u.password}"
    return f"postgresql://{auth}@{u.hostname or '127.0.0.1'}:{u.port or 5432}/{dbname}"


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A brand-new PostgreSQL database, dropped afterwards."""
    _require_pg()
    name = f"league_test_{uuid.uuid4().hex[:12]}"
    with _pg_connect() as c:
        c.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _pg_url(name)
    finally:
        with _pg_connect() as c:
            c.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            c.execute(f'DROP DATABASE IF EXISTS "{name}"')


@pytest.fixture
def sqlite_url(tmp_path) -> str:  # type: ignore[no-untyped-def]
    return str(tmp_path / "league.db")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request) -> str:  # type: ignore[no-untyped-def]
    """The same scenario on both stores."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    return request.getfixturevalue("pg_url")
