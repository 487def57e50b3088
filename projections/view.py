"""What a view is: a name, the topics it reads, a handler per event, a reset.

Handlers see a :class:`Writer` rather than a bare connection: inserts are
buffered and sent as one bulk insert per table, which is what makes a
rebuild fast.  Rows come as dicts (:meth:`Writer.insert`) or, on the hot
path, as tuples in the table's column order (:meth:`Writer.insert_rows`),
which skips building and then taking apart a dict per row.
Anything that must observe earlier writes (a delete, a select)
goes through :meth:`Writer.execute`, which flushes the buffer first, so the
handler still sees its events applied strictly in log order.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import Any, Callable, Protocol, Sequence
from uuid import UUID

import msgspec
from sqlalchemy import Connection, Executable, Result, Table, delete


class NotificationLike(Protocol):
    """An event as the log returns it (read-only: a named tuple qualifies)."""

    @property
    def id(self) -> int: ...

    @property
    def originator_id(self) -> Any: ...

    @property
    def originator_version(self) -> int: ...

    @property
    def topic(self) -> str: ...

    @property
    def state(self) -> bytes: ...


class Writer:
    """A view's handle on the open transaction of one batch."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.cache: dict[str, Any] = {}  # per-batch memo (e.g. staff id -> team)
        # Per table, in the order first written to: rows as dicts, rows as tuples.
        self._pending: dict[Table, tuple[list[dict[str, Any]], list[tuple[Any, ...]]]] = {}
        # Per table of running sums (see :meth:`add`): key -> the changes to its counts, not yet written.
        self._sums: dict[Table, dict[tuple[Any, ...], list[int]]] = {}
        self.flushes = 0  # how many times buffered rows went out (see boxscores)

    def insert(self, table: Table, rows: dict[str, Any] | Sequence[dict[str, Any]]) -> None:
        """Queue rows given as dicts naming every column (a queued dict may still be edited)."""
        dicts = self._buffer(table)[0]
        if isinstance(rows, dict):
            dicts.append(rows)
        else:
            dicts.extend(rows)

    def insert_rows(self, table: Table, rows: Sequence[tuple[Any, ...]]) -> None:
        """Queue rows given as tuples in the order of ``table.columns``."""
        self._buffer(table)[1].extend(rows)

    def add(self, table: Table, key: tuple[Any, ...], counts: Sequence[int]) -> None:
        """Add ``counts`` to the row of ``table`` keyed ``key`` (made at zero if missing), at the next flush.

        ``table`` is its primary key's columns, then the counts.  The first count
        says how many lines the row sums: a row whose first count falls to 0 is
        deleted, so the table holds exactly the rows a ``GROUP BY`` would.
        Changes to the same row in one batch are summed here first.
        """
        rows = self._sums.setdefault(table, {})
        held = rows.get(key)
        if held is None:
            rows[key] = list(counts)
        else:
            for i, c in enumerate(counts):
                held[i] += c

    def _buffer(self, table: Table) -> tuple[list[dict[str, Any]], list[tuple[Any, ...]]]:
        buffer = self._pending.get(table)
        if buffer is None:
            buffer = self._pending[table] = ([], [])
        return buffer

    def execute(self, statement: Executable) -> Result[Any]:
        self.flush()
        return self.conn.execute(statement)

    def flush(self) -> None:
        # Tables flush in the order first written to, so parents go before children.
        pending, self._pending = self._pending, {}
        if pending:
            self.flushes += 1
        for table, (dicts, tuples) in pending.items():
            if dicts:
                tuples.extend(map(_insert_sql(table, self.conn.dialect.paramstyle)[1], dicts))
            if tuples:
                _bulk_insert(self.conn, table, tuples)
        sums, self._sums = self._sums, {}
        for table, changes in sums.items():
            _add_counts(self.conn, table, changes)


Handler = Callable[[Writer, NotificationLike], None]


def check_columns(table: Table, names: str) -> None:
    """Fail at import when rows built as tuples no longer match the table's columns."""
    actual = " ".join(c.name for c in table.columns)
    if actual != names:
        raise AssertionError(f"{table.name}: rows are built for columns ({names}) but the table has ({actual})")


@dataclass(frozen=True)
class View:
    name: str
    topics: tuple[str, ...]
    handlers: dict[str, Handler]  # topic -> handler
    tables: tuple[Table, ...]  # the rows this view owns (reset empties them)
    description: str = ""

    def handle(self, w: Writer, n: NotificationLike) -> None:
        self.handlers[n.topic](w, n)

    def reset(self, conn: Connection) -> None:
        for table in reversed(self.tables):
            conn.execute(delete(table))


def _bulk_insert(conn: Connection, table: Table, rows: list[tuple[Any, ...]]) -> None:
    """Insert whole rows (values in column order) straight through the driver.

    SQLAlchemy's per-row parameter processing costs more than SQLite's insert
    itself, so SQLite gets a raw ``executemany``; PostgreSQL gets ``COPY``,
    an order of magnitude faster than row-by-row inserts.  Values are plain
    str/int/float/bool/None, which both drivers take as they are.
    """
    sql = _insert_sql(table, conn.dialect.paramstyle)[0]
    if conn.dialect.name != "postgresql":
        _sqlite_insert(conn, table, sql, list(chain.from_iterable(rows)))
        return
    dbapi = conn.connection.driver_connection  # the psycopg connection of this transaction
    assert dbapi is not None
    cols = ", ".join(f'"{c.name}"' for c in table.columns)
    with dbapi.cursor() as cur, cur.copy(f'COPY "{table.name}" ({cols}) FROM STDIN') as copy:
        for r in rows:
            copy.write_row(r)


def _add_counts(conn: Connection, table: Table, changes: dict[tuple[Any, ...], list[int]]) -> None:
    """Add each key's counts to its row (an upsert: same text on SQLite and PostgreSQL), drop emptied rows."""
    rows = [(*key, *counts) for key, counts in changes.items() if any(counts)]
    if not rows:
        return
    keys = [c.name for c in table.primary_key.columns]
    counts = [c.name for c in table.columns if c.name not in keys]
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    cols = ", ".join(f'"{n}"' for n in (*keys, *counts))
    sql = (f'INSERT INTO "{table.name}" ({cols}) VALUES ({", ".join(mark for _ in (*keys, *counts))}) '
           f'ON CONFLICT ({", ".join(keys)}) DO UPDATE SET '
           + ", ".join(f'"{n}" = "{table.name}"."{n}" + excluded."{n}"' for n in counts))
    conn.exec_driver_sql(sql, rows)
    if any(counts_[0] < 0 for counts_ in changes.values()):  # only a removal can empty a row
        conn.exec_driver_sql(f'DELETE FROM "{table.name}" WHERE "{counts[0]}" <= 0')


# Rows per INSERT statement on SQLite: one statement carrying many rows binds
# the same values but steps and resets the statement far fewer times (a
# rebuild writes about 20% faster).  SQLite allows 32,766 parameters.
_ROWS_PER_STATEMENT = 256


def _sqlite_insert(conn: Connection, table: Table, sql: str, values: list[Any]) -> None:
    """Insert the rows whose values lie flat in ``values``, many rows a statement."""
    width = len(table.columns)
    chunk = _ROWS_PER_STATEMENT * width
    whole = len(values) - len(values) % chunk
    cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
    if whole:
        row = "(" + ", ".join("?" * width) + ")"
        many = sql[: sql.index(" VALUES ")] + " VALUES " + ", ".join([row] * _ROWS_PER_STATEMENT)
        cursor.executemany(many, [values[i:i + chunk] for i in range(0, whole, chunk)])
    if whole < len(values):
        cursor.executemany(sql, [values[i:i + width] for i in range(whole, len(values), width)])


_SQL: dict[tuple[str, str], tuple[str, Callable[[dict[str, Any]], tuple[Any, ...]]]] = {}


def _insert_sql(table: Table, paramstyle: str) -> tuple[str, Callable[[dict[str, Any]], tuple[Any, ...]]]:
    key = (table.name, paramstyle)
    if key not in _SQL:
        names = tuple(c.name for c in table.columns)
        mark = "?" if paramstyle == "qmark" else "%s"
        cols = ", ".join(f'"{n}"' for n in names)
        sql = f'INSERT INTO "{table.name}" ({cols}) VALUES ({", ".join(mark for _ in names)})'
        get = itemgetter(*names)
        _SQL[key] = (sql, get if len(names) > 1 else (lambda r: (get(r),)))  # type: ignore[assignment]
    return _SQL[key]


def payload(n: NotificationLike) -> dict[str, Any]:
    """The event's fields: our payloads are plain JSON (ids/dates arrive wrapped).

    For the hot events use the typed decoders in projections.payloads instead.
    """
    data: dict[str, Any] = msgspec.json.decode(n.state)
    return data


def origin(n: NotificationLike) -> str:
    """The aggregate id as 32 hex digits (the key games and staffs are stored under)."""
    oid = n.originator_id
    if isinstance(oid, UUID):
        return oid.hex
    text = str(oid)
    # SQLite stores 32 hex digits: skip building a UUID just to print it again.
    return text if len(text) == 32 and text.islower() else UUID(text).hex
