"""eventsourcing's SQLite persistence, with one setting changed.

In WAL mode ``synchronous=NORMAL`` keeps the database consistent through a
crash or power cut (a committed transaction may be lost, never half
applied) and makes each commit several times cheaper than the default FULL,
which dominates a season simulation's write time.  Selected with
``PERSISTENCE_MODULE=league.sqlite_store:Factory``.
"""

from __future__ import annotations

from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool, SQLiteFactory
from eventsourcing.utils import Environment, EnvType


class _Pool(SQLiteConnectionPool):
    def _create_connection(self) -> SQLiteConnection:
        conn = super()._create_connection()
        if not self.is_sqlite_memory_mode:
            conn._sqlite_conn.execute("PRAGMA synchronous=NORMAL")
        return conn


class Factory(SQLiteFactory):
    def __init__(self, env: Environment | EnvType | None):
        super().__init__(env)
        old = self.datastore.pool
        self.datastore.pool = _Pool(db_name=old.db_name, lock_timeout=old.lock_timeout)
        old.close()
