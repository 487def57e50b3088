"""A SQLite file's URI names that file, whatever characters its name holds."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.adapters.sqlite_uri import sqlite_uri

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX paths; Windows takes pathlib's own")


@given(st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=40))
def test_the_uri_is_the_one_pathlib_makes(path: str) -> None:
    assert sqlite_uri(path, "rw") == Path(path).absolute().as_uri() + "?mode=rw"


@pytest.mark.parametrize("path", ["league.db", "./a//b/../c.db", "/x/./y.db", "//srv/share.db", "///z.db", "", "."])
def test_relative_dotted_and_rooted_paths_read_as_pathlib_reads_them(path: str) -> None:
    assert sqlite_uri(path, "ro") == Path(path).absolute().as_uri() + "?mode=ro"


@pytest.mark.parametrize("name", ["Season #2.db", "odd?name.db", "100% sure.db", "é & ü.db"])
def test_a_file_named_with_uri_characters_is_opened_and_nothing_else_is_created(
        tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with sqlite3.connect(name) as made:  # a plain path: the characters are the name's
        made.execute("CREATE TABLE t (x)")
    made.close()
    conn = sqlite3.connect(sqlite_uri(name, "ro"), uri=True)
    try:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("t",)]
    finally:
        conn.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]
    with pytest.raises(sqlite3.OperationalError):  # mode=rw opens only what exists
        sqlite3.connect(sqlite_uri("missing #1.db", "rw"), uri=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]
