"""The league view follows undone imports: clubs and pitchers (SheetsRestored), the schedule (GamesUnscheduled).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 17:00:00

The handler of SheetsRestored used to update only rm_players, so a club an
undone ``teams import`` added stayed in rm_teams (in the standings) and its
pitchers in rm_pitchers; GamesUnscheduled (the undo of a ``schedule import``)
was not followed at all, so the undone games stayed in rm_schedule and
importing them again stopped the view on a duplicate key.  No table
changes; so that leagues with such an undo get the right rows, the upgrade
empties the league view and sets it back to the start of the log, as 0004
did: the next catch-up rebuilds it from the league's own few events.
"""

from __future__ import annotations

from alembic import op


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # The tracking row first: on PostgreSQL this waits for a runner's open
    # batch (it holds the row), so the deletes below see everything it wrote.
    op.execute("UPDATE projection_tracking SET position = 0, applied = 0 WHERE \"view\" = 'league'")
    for table in ('rm_players', 'rm_pitchers', 'rm_teams', 'rm_schedule', 'rm_league'):
        op.execute(f'DELETE FROM {table}')


def downgrade() -> None:
    pass  # nothing to undo: the rebuilt rows are what 0004's handlers would write, plus the fix
