"""Read models: tracking, league, box scores, pitcher usage, injuries.

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-22 02:10:09.506318
"""

from __future__ import annotations

from alembic import op
import sqlalchemy as sa


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('projection_tracking',
    sa.Column('view', sa.String(length=64), nullable=False),
    sa.Column('position', sa.BigInteger(), nullable=False),
    sa.Column('applied', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('view')
    )
    op.create_table('rm_appearances',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('pitcher', sa.String(length=80), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('role', sa.String(length=8), nullable=False),
    sa.PrimaryKeyConstraint('team', 'game', 'pitcher')
    )
    op.create_table('rm_box_batting',
    sa.Column('game_key', sa.BigInteger(), nullable=False),
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('batter', sa.String(length=80), nullable=False),
    sa.Column('bat_pts', sa.Integer(), nullable=False),
    sa.Column('pow_pts', sa.Integer(), nullable=False),
    sa.Column('spd_pts', sa.Integer(), nullable=False),
    sa.Column('ei_bat_pts', sa.Integer(), nullable=False),
    sa.Column('hr', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('game_key', 'team', 'seq')
    )
    op.create_table('rm_box_fielding',
    sa.Column('game_key', sa.BigInteger(), nullable=False),
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('fielder', sa.String(length=80), nullable=False),
    sa.Column('runs_saved', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('game_key', 'team', 'seq')
    )
    op.create_table('rm_box_pitching',
    sa.Column('game_key', sa.BigInteger(), nullable=False),
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('pitcher', sa.String(length=80), nullable=False),
    sa.Column('role', sa.String(length=2), nullable=False),
    sa.Column('outs', sa.Integer(), nullable=False),
    sa.Column('er', sa.Integer(), nullable=False),
    sa.Column('ur', sa.Integer(), nullable=False),
    sa.Column('decision', sa.String(length=1), nullable=True),
    sa.Column('save', sa.Boolean(), nullable=False),
    sa.Column('cg', sa.Boolean(), nullable=False),
    sa.Column('sho', sa.Boolean(), nullable=False),
    sa.Column('short_rest', sa.Boolean(), nullable=False),
    sa.Column('rel', sa.Integer(), nullable=True),
    sa.PrimaryKeyConstraint('game_key', 'team', 'seq')
    )
    op.create_table('rm_box_team',
    sa.Column('game_key', sa.BigInteger(), nullable=False),
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('opponent', sa.String(length=16), nullable=False),
    sa.Column('is_home', sa.Boolean(), nullable=False),
    sa.Column('runs', sa.Integer(), nullable=False),
    sa.Column('opp_runs', sa.Integer(), nullable=False),
    sa.Column('earned', sa.Integer(), nullable=False),
    sa.Column('unearned', sa.Integer(), nullable=False),
    sa.Column('won', sa.Boolean(), nullable=False),
    sa.Column('extra_innings', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('game_key', 'team')
    )
    op.create_table('rm_games',
    sa.Column('game_uuid', sa.String(length=32), nullable=False),
    sa.Column('game_key', sa.BigInteger(), nullable=False),
    sa.Column('game_id', sa.String(length=40), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('visitor', sa.String(length=16), nullable=False),
    sa.Column('home', sa.String(length=16), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.PrimaryKeyConstraint('game_uuid')
    )
    op.create_table('rm_injuries',
    sa.Column('game_uuid', sa.String(length=32), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=40), nullable=False),
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('player', sa.String(length=80), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('game_uuid', 'version')
    )
    op.create_table('rm_pitchers',
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('st', sa.Float(), nullable=True),
    sa.Column('endurance', sa.Integer(), nullable=True),
    sa.Column('rest', sa.Integer(), nullable=True),
    sa.Column('cg', sa.Integer(), nullable=True),
    sa.Column('sho', sa.Integer(), nullable=True),
    sa.Column('rel', sa.Integer(), nullable=True),
    sa.Column('fat', sa.Integer(), nullable=True),
    sa.Column('fat_asterisk', sa.Boolean(), nullable=False),
    sa.PrimaryKeyConstraint('team', 'name')
    )
    op.create_table('rm_schedule',
    sa.Column('game_id', sa.String(length=40), nullable=False),
    sa.Column('date', sa.String(length=10), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('visitor', sa.String(length=16), nullable=False),
    sa.Column('home', sa.String(length=16), nullable=False),
    sa.PrimaryKeyConstraint('game_id')
    )
    op.create_table('rm_staffs',
    sa.Column('staff_uuid', sa.String(length=32), nullable=False),
    sa.Column('team', sa.String(length=16), nullable=False),
    sa.PrimaryKeyConstraint('staff_uuid')
    )
    op.create_table('rm_teams',
    sa.Column('code', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('league', sa.String(length=16), nullable=False),
    sa.Column('division', sa.String(length=32), nullable=False),
    sa.PrimaryKeyConstraint('code')
    )


def downgrade() -> None:
    op.drop_table('rm_teams')
    op.drop_table('rm_staffs')
    op.drop_table('rm_schedule')
    op.drop_table('rm_pitchers')
    op.drop_table('rm_injuries')
    op.drop_table('rm_games')
    op.drop_table('rm_box_team')
    op.drop_table('rm_box_pitching')
    op.drop_table('rm_box_fielding')
    op.drop_table('rm_box_batting')
    op.drop_table('rm_appearances')
    op.drop_table('projection_tracking')
