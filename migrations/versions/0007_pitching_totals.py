"""Pitchers' season totals: rm_pitching_season, rm_pa_pitching_season.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23 19:05:00

As 0006 did for a card game's batters: ``league stats pitching`` and
``leaders`` summed every pitching line of the season on each run (issue
#16).  The boxscores view now keeps each pitcher's sums as his lines come
and go; the upgrade fills them from the lines the view holds, with the same
sums the query made, so no replay is needed.
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None

PITCHING = ('g', 'gs', 'cg', 'sho', 'w', 'l', 'sv', 'outs', 'er', 'ur')
PA_PITCHING = ('h', 'bb', 'so', 'hr', 'bf')


def _flag(condition: str) -> str:
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


def upgrade() -> None:
    op.create_table('rm_pitching_season',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('pitcher', sa.String(length=80), nullable=False),
    *(sa.Column(c, sa.Integer(), nullable=False) for c in PITCHING),
    sa.PrimaryKeyConstraint('team', 'pitcher')
    )
    op.create_table('rm_pa_pitching_season',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('pitcher', sa.String(length=80), nullable=False),
    sa.Column('n', sa.Integer(), nullable=False),
    *(sa.Column(c, sa.Integer(), nullable=False) for c in PA_PITCHING),
    sa.PrimaryKeyConstraint('team', 'pitcher')
    )
    # The boxscores tracking row first: on PostgreSQL this waits for a runner's open batch
    # (it holds the row), so the totals below sum every line it wrote.
    op.execute("UPDATE projection_tracking SET position = position WHERE \"view\" = 'boxscores'")
    counts = ["COUNT(*)", _flag("role = 'SP'"), _flag("cg"), _flag("sho"), _flag("decision = 'W'"),
              _flag("decision = 'L'"), _flag("save"), "SUM(outs)", "SUM(er)", "SUM(ur)"]
    op.execute(f"INSERT INTO rm_pitching_season (team, pitcher, {', '.join(PITCHING)}) "
               f"SELECT team, pitcher, {', '.join(counts)} FROM rm_box_pitching GROUP BY team, pitcher")
    sums = ', '.join(f'SUM({c})' for c in PA_PITCHING)
    op.execute(f"INSERT INTO rm_pa_pitching_season (team, pitcher, n, {', '.join(PA_PITCHING)}) "
               f"SELECT team, pitcher, COUNT(*), {sums} FROM rm_pa_pitching GROUP BY team, pitcher")


def downgrade() -> None:
    op.drop_table('rm_pa_pitching_season')
    op.drop_table('rm_pitching_season')
