"""Pennant Race batters' and fielders' season totals: rm_batting_season, rm_fielding_season.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-28 05:20:00

As 0006 and 0007 did for a card game's batters and for pitchers: ``league
stats batting`` and ``leaders`` on a Pennant Race season summed every
batting and fielding line of the season on each run (about 12 ms of the
1988 season's 0.15 s, issue #16).  The boxscores view now keeps each
batter's and fielder's sums as his lines come and go; the upgrade fills
them from the lines the view holds, with the same sums the query made, so
no replay is needed.
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('rm_batting_season',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('batter', sa.String(length=80), nullable=False),
    *(sa.Column(c, sa.Integer(), nullable=False) for c in ('n', 'hr', 'bat', 'pow', 'spd')),
    sa.PrimaryKeyConstraint('team', 'batter')
    )
    op.create_table('rm_fielding_season',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('fielder', sa.String(length=80), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    sa.Column('fld', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('team', 'fielder')
    )
    # The boxscores tracking row first: on PostgreSQL this waits for a runner's open batch
    # (it holds the row), so the totals below sum every line it wrote.
    op.execute("UPDATE projection_tracking SET position = position WHERE \"view\" = 'boxscores'")
    op.execute("INSERT INTO rm_batting_season (team, batter, n, hr, bat, pow, spd) "
               "SELECT team, batter, COUNT(*), SUM(hr), SUM(bat_pts + ei_bat_pts), SUM(pow_pts), SUM(spd_pts) "
               "FROM rm_box_batting GROUP BY team, batter")
    op.execute("INSERT INTO rm_fielding_season (team, fielder, n, fld) "
               "SELECT team, fielder, COUNT(*), SUM(runs_saved) FROM rm_box_fielding GROUP BY team, fielder")


def downgrade() -> None:
    op.drop_table('rm_fielding_season')
    op.drop_table('rm_batting_season')
