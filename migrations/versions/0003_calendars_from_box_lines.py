"""Drop the pitcher_usage view: the calendars read the box's pitching lines.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 04:30:00

``rm_appearances`` held, row for row, what ``rm_box_pitching`` holds (the
engine records a club's usage from a final game's pitching lines, and a
rewind, void or undo removes or restores both), so every rebuild wrote 13,000
rows of a season twice.  The rest and fatigue calendars now read the box
lines; ``rm_staffs`` only served to map a Staff aggregate to its club.
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM projection_tracking WHERE \"view\" = 'pitcher_usage'")
    op.drop_table('rm_appearances')
    op.drop_table('rm_staffs')


def downgrade() -> None:
    op.create_table('rm_staffs',
    sa.Column('staff_uuid', sa.String(length=32), nullable=False),
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.PrimaryKeyConstraint('staff_uuid')
    )
    op.create_table('rm_appearances',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('pitcher', sa.String(length=80), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('role', sa.String(length=8), nullable=False),
    sa.PrimaryKeyConstraint('team', 'game', 'pitcher')
    )
    # No tracking row: the old view starts from the first event and fills them.
