"""The league's name and rule system, and its players' names: rm_league, rm_players.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 16:10:00

A read command on current views then needs nothing but the views: the
standings' title and the names a card game's screens print were read from
the League aggregate, which meant building the application (and loading the
rule systems) for every ``league stats``.  The league view owns both tables.
So that leagues created earlier get them, the upgrade also empties the view
and sets it back to the start of the log: the next catch-up rebuilds it from
the league's own few events.
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('rm_league',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.Text(), nullable=False),
    sa.Column('ruleset', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('rm_players',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('player', sa.String(length=80), nullable=False),
    sa.Column('name', sa.Text(), nullable=False),
    sa.Column('team_order', sa.BigInteger(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('team', 'player')
    )
    # The tracking row first: on PostgreSQL this waits for a runner's open
    # batch (it holds the row), so the deletes below see everything it wrote.
    op.execute("UPDATE projection_tracking SET position = 0, applied = 0 WHERE \"view\" = 'league'")
    for table in ('rm_pitchers', 'rm_teams', 'rm_schedule'):
        op.execute(f'DELETE FROM {table}')


def downgrade() -> None:
    op.drop_table('rm_players')
    op.drop_table('rm_league')
