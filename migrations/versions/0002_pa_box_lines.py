"""Plate-appearance box lines (Strat-O-Matic): rm_pa_batting, rm_pa_pitching.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 03:15:00

The boxscores view owns them.  So that games already played get their lines,
the upgrade also empties the view and sets it back to the start of the log:
the next catch-up rebuilds it (a season takes well under a second).
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

BAT = ('pa', 'ab', 'r', 'h', 'd2b', 'd3b', 'hr', 'rbi', 'bb', 'so', 'sb', 'cs', 'hbp', 'sh', 'sf')
PIT = ('outs', 'h', 'r', 'er', 'bb', 'so', 'hr', 'bf')


def _key() -> list[sa.Column]:
    return [
        sa.Column('game_key', sa.BigInteger(), nullable=False),
        sa.Column('team', sa.String(length=16), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('date', sa.String(length=10), nullable=False),
    ]


def upgrade() -> None:
    op.create_table('rm_pa_batting',
    *_key(),
    sa.Column('player', sa.String(length=80), nullable=False),
    sa.Column('pos', sa.String(length=8), nullable=False),
    *(sa.Column(c, sa.Integer(), nullable=False) for c in BAT),
    sa.PrimaryKeyConstraint('game_key', 'team', 'seq')
    )
    op.create_table('rm_pa_pitching',
    *_key(),
    sa.Column('pitcher', sa.String(length=80), nullable=False),
    *(sa.Column(c, sa.Integer(), nullable=False) for c in PIT),
    sa.Column('decision', sa.String(length=3), nullable=True),
    sa.PrimaryKeyConstraint('game_key', 'team', 'seq')
    )
    # The tracking row first: on PostgreSQL this waits for a runner's open
    # batch (it holds the row), so the deletes below see everything it wrote.
    op.execute("UPDATE projection_tracking SET position = 0, applied = 0 WHERE \"view\" = 'boxscores'")
    for table in ('rm_box_fielding', 'rm_box_batting', 'rm_box_pitching', 'rm_box_team', 'rm_games'):
        op.execute(f'DELETE FROM {table}')


def downgrade() -> None:
    op.drop_table('rm_pa_pitching')
    op.drop_table('rm_pa_batting')
