"""Read commands without folding aggregates or summing a season: rm_pa_batting_season, rm_journal.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 19:00:00

Issue #16 asks every read command to start about as fast as ``league
--version``.  ``league stats batting`` and ``leaders`` on a Strat-O-Matic
season summed 46,000 batting lines per run; the boxscores view now keeps
each batter's season totals as his lines come and go (rm_pa_batting_season),
and the upgrade fills them from the lines the view already holds -- the same
sums the query made, so no replay is needed.  ``league history`` folded the
Journal aggregate (loading the event-sourcing library); the new view
"journal" keeps its entries (rm_journal).  The view has no tracking row yet,
(or the upgrade sets it back to 0), so the next catch-up starts it at the
log's first event: existing leagues get their journal from their own events.
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

COUNTS = ('pa', 'ab', 'r', 'h', 'd2b', 'd3b', 'hr', 'rbi', 'bb', 'so', 'sb', 'cs', 'hbp', 'sh', 'sf')


def upgrade() -> None:
    op.create_table('rm_pa_batting_season',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('player', sa.String(length=80), nullable=False),
    sa.Column('g', sa.Integer(), nullable=False),
    *(sa.Column(c, sa.Integer(), nullable=False) for c in COUNTS),
    sa.PrimaryKeyConstraint('team', 'player')
    )
    op.create_table('rm_journal',
    sa.Column('entry', sa.Integer(), nullable=False),
    sa.Column('command', sa.String(length=64), nullable=False),
    sa.Column('actor', sa.Text(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('at', sa.String(length=40), nullable=False),
    sa.Column('details', sa.Text(), nullable=False),
    sa.Column('undoes', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('entry')
    )
    # The journal view starts at the log's first event: a tracking row left by a downgrade would
    # otherwise say the new, empty table holds everything.
    op.execute("UPDATE projection_tracking SET position = 0, applied = 0 WHERE \"view\" = 'journal'")
    # The boxscores tracking row first: on PostgreSQL this waits for a runner's open batch
    # (it holds the row), so the totals below sum every line it wrote.
    op.execute("UPDATE projection_tracking SET position = position WHERE \"view\" = 'boxscores'")
    sums = ', '.join(f'SUM({c})' for c in COUNTS)
    op.execute(f"INSERT INTO rm_pa_batting_season (team, player, g, {', '.join(COUNTS)}) "
               f"SELECT team, player, COUNT(*), {sums} FROM rm_pa_batting GROUP BY team, player")


def downgrade() -> None:
    op.drop_table('rm_journal')
    op.drop_table('rm_pa_batting_season')
