"""A view query's rows read as the named tuples they were: attributes, _fields, _asdict, repr, equality.

``projections.rows`` builds the row class itself rather than through
``collections.namedtuple`` (which compiles a constructor per query: issue #16).
"""

from __future__ import annotations

import sqlite3
from collections import namedtuple

import pytest

from projections.rows import Rows, _row_type


def _rows() -> Rows:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (team TEXT, pitcher TEXT, outs INTEGER)")
    conn.executemany("INSERT INTO t VALUES (?, ?, ?)", [("BAL", "Ace", 27), ("TEX", "Bo", 3)])

    def run(sql: str, params: object) -> tuple[tuple[str, ...], list[tuple[object, ...]]]:
        cur = conn.execute(sql, params)  # type: ignore[arg-type]
        return tuple(d[0] for d in cur.description), cur.fetchall()

    return Rows(run)


def test_rows_behave_as_namedtuples_of_their_columns() -> None:
    rows = _rows().all("SELECT team, pitcher, outs FROM t ORDER BY team")
    old = namedtuple("Row", ["team", "pitcher", "outs"])  # type: ignore[name-match]  # the name rows print
    first = rows[0]
    assert (first.team, first.pitcher, first.outs) == ("BAL", "Ace", 27)
    assert first == ("BAL", "Ace", 27) == old("BAL", "Ace", 27)
    assert type(first)._fields == old._fields
    assert first._asdict() == old("BAL", "Ace", 27)._asdict()
    assert repr(first) == repr(old("BAL", "Ace", 27))
    assert list(first) == ["BAL", "Ace", 27] and first[2] == 27
    assert hash(first) == hash(("BAL", "Ace", 27))
    team, pitcher, outs = rows[1]
    assert (team, pitcher, outs) == ("TEX", "Bo", 3)
    assert _rows().first("SELECT outs FROM t WHERE team = ?", ("TEX",)).outs == 3
    with pytest.raises(AttributeError):
        first.team = "NYA"  # type: ignore[misc]


def test_one_class_per_column_list_and_namedtuples_refusals_kept() -> None:
    assert _row_type(("a", "b")) is _row_type(("a", "b"))
    for bad in (("a", "a"), ("class",), ("_x",), ("count(*)",)):
        with pytest.raises(ValueError):
            _row_type(bad)
