"""What an up-to-date read-model database holds, known without loading alembic or the views.

Every read command first asks whether the views are current: the schema at
``HEAD_REVISION`` and each of ``VIEW_NAMES`` at the log's last event.  Two
small SELECTs answer that (:func:`projections.runner.catch_up`), so when
nothing is behind a command neither imports alembic nor the view handlers,
nor takes the views' write lock.  A test keeps both in step with
``migrations/versions`` and :mod:`projections.registry`
(tests/unit/test_projection_heads.py): a new migration or view that forgets
them fails there.
"""

from __future__ import annotations

from league.domain.errors import LeagueError

# Every revision in migrations/versions, oldest first: a database at any other was migrated by a newer
# League, and this one refuses it (projections.current.refuse_newer).
REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009", "0010", "0011")
HEAD_REVISION = REVISIONS[-1]  # the last revision in migrations/versions
VIEW_NAMES = ("league", "boxscores", "injuries", "journal")  # projections.registry.VIEWS, in order


def refuse_unknown(found: str | None) -> None:
    """Refuse a schema at a revision this build does not have: a newer League migrated it.

    alembic would end in a traceback ("Can't locate revision"); the commissioner gets a
    message and exit status 1, and nothing in the database changes (the read models are
    left as the newer build made them, the log is untouched).
    """
    if found is not None and found not in REVISIONS:
        raise LeagueError(
            f"this database's read models are at revision {found}, which this version of League does not "
            "know: a newer League wrote them.  Upgrade League to use this database (nothing was changed)"
        )
