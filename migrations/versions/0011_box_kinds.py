"""The kind of box score each game and the league make: rm_games.box, rm_league.box.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02 10:00:00

Each rule system declares the kind of box score its games' outcomes are
(``Ruleset.box_kind``, league.domain.boxes).  The boxscores view writes a
game's box lines by that kind rather than by the topic of the game record's
events, and the listings (``league stats``, ``leaders``, the website) show
what the league's kind counts rather than asking whether any card game's
lines are stored.  Only the rule systems can say it, from the ruleset each
game's Started event and the league's name, so, as 0009 and 0010 did, the
upgrade empties both views and sets them back to the start of the log: the
next catch-up rebuilds them.
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

# The boxscores view's tables, children before rm_games; the league view's.
BOXSCORES = ('rm_fielding_season', 'rm_batting_season', 'rm_pa_pitching_season', 'rm_pitching_season',
             'rm_pa_batting_season', 'rm_pa_pitching', 'rm_pa_batting', 'rm_box_fielding', 'rm_box_batting',
             'rm_box_pitching', 'rm_box_team', 'rm_games')
LEAGUE = ('rm_card_pitchers', 'rm_players', 'rm_pitchers', 'rm_teams', 'rm_schedule', 'rm_league')


def upgrade() -> None:
    with op.batch_alter_table('rm_games') as batch:
        batch.add_column(sa.Column('box', sa.String(length=16), nullable=True))
    with op.batch_alter_table('rm_league') as batch:
        batch.add_column(sa.Column('box', sa.String(length=16), nullable=True))
    # The tracking rows first: on PostgreSQL this waits for a runner's open
    # batch (it holds the rows), so the deletes below see everything it wrote.
    op.execute("UPDATE projection_tracking SET position = 0, applied = 0 WHERE \"view\" IN ('boxscores', 'league')")
    for table in BOXSCORES + LEAGUE:
        op.execute(f'DELETE FROM {table}')


def downgrade() -> None:
    with op.batch_alter_table('rm_league') as batch:
        batch.drop_column('box')
    with op.batch_alter_table('rm_games') as batch:
        batch.drop_column('box')
