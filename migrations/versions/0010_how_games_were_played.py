"""How each game was played, and its hold: rm_games.played_by, hands, held_*.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-30 10:00:00

``league schedule list`` and the website show whether a game was played by
hand, by the computer or both, and whether a dispute held it for the
commissioner's review.  The boxscores view now folds who made each game's
entries from its life-cycle events (HandsChanged, Held, HoldReleased, and
Started/Restarted with their dice source and actor); only the events can
say it, so, as 0002 did, the upgrade empties the view and sets it back to
the start of the log: the next catch-up rebuilds it (a season's games and
box rows, about a second).
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

# The boxscores view's tables, children before rm_games.
VIEW_TABLES = ('rm_fielding_season', 'rm_batting_season', 'rm_pa_pitching_season', 'rm_pitching_season',
               'rm_pa_batting_season', 'rm_pa_pitching', 'rm_pa_batting', 'rm_box_fielding', 'rm_box_batting',
               'rm_box_pitching', 'rm_box_team', 'rm_games')
COLUMNS = ('played_by', 'hands', 'held_reason', 'held_position', 'held_dispute')


def upgrade() -> None:
    with op.batch_alter_table('rm_games') as batch:
        batch.add_column(sa.Column('played_by', sa.String(length=8), nullable=True))
        batch.add_column(sa.Column('hands', sa.Text(), nullable=True))
        batch.add_column(sa.Column('held_reason', sa.Text(), nullable=True))
        batch.add_column(sa.Column('held_position', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('held_dispute', sa.Text(), nullable=True))
    # The tracking row first: on PostgreSQL this waits for a runner's open
    # batch (it holds the row), so the deletes below see everything it wrote.
    op.execute("UPDATE projection_tracking SET position = 0, applied = 0 WHERE \"view\" = 'boxscores'")
    for table in VIEW_TABLES:
        op.execute(f'DELETE FROM {table}')


def downgrade() -> None:
    with op.batch_alter_table('rm_games') as batch:
        for column in reversed(COLUMNS):
            batch.drop_column(column)
