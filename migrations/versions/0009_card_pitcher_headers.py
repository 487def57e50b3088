"""A card game's pitchers' card headers: rm_card_pitchers.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29 09:10:00

``league pitchers`` on a Strat-O-Matic league read each club's card file
from the League's last event naming it: a query of the event log, the zstd
dictionary loaded and the event decompressed, the sheet's JSON parsed and
its pitchers' headers found in some 40 KB of text (about 4 ms of a 55 ms
command, issue #16).  The league view now keeps those headers as rows.  So
that leagues created earlier get them, the upgrade empties the league view
and sets it back to the start of the log, as 0004 and 0005 did: the next
catch-up rebuilds it from the league's own few events.
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('rm_card_pitchers',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('pitcher', sa.String(length=80), nullable=False),
    sa.Column('name', sa.Text(), nullable=False),
    sa.Column('starter', sa.Integer(), nullable=True),
    sa.Column('relief', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('team', 'seq')
    )
    # The tracking row first: on PostgreSQL this waits for a runner's open
    # batch (it holds the row), so the deletes below see everything it wrote.
    op.execute("UPDATE projection_tracking SET position = 0, applied = 0 WHERE \"view\" = 'league'")
    for table in ('rm_players', 'rm_pitchers', 'rm_teams', 'rm_schedule', 'rm_league'):
        op.execute(f'DELETE FROM {table}')


def downgrade() -> None:
    op.drop_table('rm_card_pitchers')
