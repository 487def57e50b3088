"""The embedded store's file: page size fixed at creation, older files still opened."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from league.bootstrap import open_app
from league.adapters.sqlite_store import PAGE_SIZE


def _pragma(path: Path, name: str) -> object:
    with sqlite3.connect(path) as conn:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]


def test_a_new_league_file_gets_large_pages_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "league.db"
    app = open_app(str(path))
    app.create_league(name="L", ruleset="pennant-race", seed="1", actor="test")
    app.close()
    assert _pragma(path, "page_size") == PAGE_SIZE == 16384
    assert _pragma(path, "journal_mode") == "wal"


def test_a_file_made_with_small_pages_keeps_them_and_its_events(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:  # as earlier releases left it: 4 KB pages, already WAL
        conn.execute("PRAGMA page_size = 4096")
        conn.execute("PRAGMA journal_mode = WAL")
    app = open_app(str(path))
    app.create_league(name="L", ruleset="pennant-race", seed="1", actor="test")
    app.close()
    app = open_app(str(path))
    assert app.league().name == "L"
    app.close()
    assert _pragma(path, "page_size") == 4096
