"""The constants a read command checks the database against stay in step with alembic and the views."""

from __future__ import annotations

from alembic.script import ScriptDirectory

from projections.heads import HEAD_REVISION, REVISIONS, VIEW_NAMES
from projections.migrate import alembic_config, head_revision
from projections.registry import VIEWS


def test_the_head_revision_constant_is_the_last_migration() -> None:
    # A new file in migrations/versions must move HEAD_REVISION too, or every
    # read command would run alembic (or skip a migration it needs).
    assert HEAD_REVISION == head_revision()


def test_the_view_names_are_the_views_catch_up_runs() -> None:
    assert VIEW_NAMES == tuple(v.name for v in VIEWS)


def test_the_known_revisions_are_every_migration_oldest_first() -> None:
    # A database at a revision not listed is refused as one a newer League migrated.
    walked = [r.revision for r in ScriptDirectory.from_config(alembic_config()).walk_revisions()]
    assert REVISIONS == tuple(reversed(walked))
