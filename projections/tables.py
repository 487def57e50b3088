"""The read-model schema as SQLAlchemy Core tables (created only by alembic).

Dates are ISO strings (``YYYY-MM-DD``): they sort correctly, compare equal
byte for byte on SQLite and PostgreSQL, and never meet a time zone.  Every
table has a natural primary key (no autoincrement), so a rebuilt view holds
exactly the rows of the incrementally maintained one.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Column, Float, Integer, MetaData, String, Table, Text

# No secondary indexes: every query reads a whole season of a few thousand
# rows per table, and each index would slow a rebuild down.
metadata = MetaData()

NAME = String(80)
CODE = String(16)
DATE = String(10)


def _box_line_key() -> tuple[Column, ...]:  # type: ignore[type-arg]
    """The columns every per-game box line starts with: which game, which side, which line, when.

    A game's rows are found (and replaced on a rewind or void) by ``game_key``.
    """
    return (
        Column("game_key", BigInteger, primary_key=True),
        Column("team", CODE, primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("date", DATE, nullable=False),
    )
UUID_HEX = String(32)

# One row per view: the last log position applied (written with the view's rows).
tracking = Table(
    "projection_tracking",
    metadata,
    Column("view", String(64), primary_key=True),
    Column("position", BigInteger, nullable=False),
    Column("applied", BigInteger, nullable=False),  # events handled since the last reset
)

# --- view "league": clubs, their pitchers, the schedule -----------------------
teams = Table(
    "rm_teams",
    metadata,
    Column("code", CODE, primary_key=True),
    Column("name", NAME, nullable=False),
    Column("league", CODE, nullable=False),
    Column("division", String(32), nullable=False),
)

# One row (id 1): the league's name and ruleset, from its Started event, and the kind of box score
# its games make (league.domain.boxes), as the rule system declares: what its listings show.
league_row = Table(
    "rm_league",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("box", String(16)),
)

# The players' names the screens print, as the rule system reads them from
# each club's team file (``Ruleset.player_names``; none for roster sheets,
# which name their players).  ``team_order`` keeps the order the League
# aggregate holds its sheets in (a name two clubs share goes to the later
# one, as there), ``seq`` the order within the club.
players = Table(
    "rm_players",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("player", NAME, primary_key=True),
    Column("name", Text, nullable=False),
    Column("team_order", BigInteger, nullable=False),
    Column("seq", Integer, nullable=False),
)

pitchers = Table(
    "rm_pitchers",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("name", NAME, primary_key=True),
    Column("seq", Integer, nullable=False),  # order on the sheet (relievers enter in it)
    Column("st", Float),
    Column("endurance", Integer),
    Column("rest", Integer),
    Column("cg", Integer),
    Column("sho", Integer),
    Column("rel", Integer),
    Column("fat", Integer),
    Column("fat_asterisk", Boolean, nullable=False),
)

# A card game's pitchers as its rest calendar reads their cards' headers (``Ruleset.pitcher_headers``:
# id, name, starter and relief endurance), in card order; none where the rule system reads no headers or
# cannot vouch for a club's (the calendar then reads the club's cards from the League's events).
card_pitchers = Table(
    "rm_card_pitchers",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("pitcher", NAME, nullable=False),
    Column("name", Text, nullable=False),
    Column("starter", Integer),
    Column("relief", Integer),
)

schedule = Table(
    "rm_schedule",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("date", DATE, nullable=False),
    Column("number", Integer, nullable=False),
    Column("visitor", CODE, nullable=False),
    Column("home", CODE, nullable=False),
)

# --- view "boxscores": one row per game, per team and per player line ----------
# Box rows are keyed by ``game_key``, the log position of the game's Started
# event: the same in a rebuild as incrementally, and increasing, so a rebuild
# appends to the primary-key index instead of inserting at random places.
games = Table(
    "rm_games",
    metadata,
    Column("game_uuid", UUID_HEX, primary_key=True),
    Column("game_key", BigInteger, nullable=False),
    Column("game_id", String(40), nullable=False),
    Column("date", DATE, nullable=False),
    Column("number", Integer, nullable=False),
    Column("visitor", CODE, nullable=False),
    Column("home", CODE, nullable=False),
    Column("status", String(16), nullable=False),  # in progress | final | void
    # How it was played (hand | computer | both; none when nothing stands, a game rewound to its start)
    # and the fold it is worked out from, as JSON (projections/handlers/hands.py).
    Column("played_by", String(8)),
    Column("hands", Text),
    # Held for the commissioner's review (league review): why, the first entry that can no longer
    # stand, and the dispute; all three none when the game is not held.
    Column("held_reason", Text),
    Column("held_position", Integer),
    Column("held_dispute", Text),
    # The kind of box score its outcome is (league.domain.boxes), as its rule system declares.
    Column("box", String(16)),
)

box_team = Table(
    "rm_box_team",
    metadata,
    Column("game_key", BigInteger, primary_key=True),
    Column("team", CODE, primary_key=True),
    Column("date", DATE, nullable=False),
    Column("number", Integer, nullable=False),
    Column("opponent", CODE, nullable=False),
    Column("is_home", Boolean, nullable=False),
    Column("runs", Integer, nullable=False),
    Column("opp_runs", Integer, nullable=False),
    Column("earned", Integer, nullable=False),
    Column("unearned", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("extra_innings", Integer, nullable=False),
)

box_pitching = Table(
    "rm_box_pitching",
    metadata,
    *_box_line_key(),
    Column("pitcher", NAME, nullable=False),
    Column("role", String(2), nullable=False),  # SP | RP
    Column("outs", Integer, nullable=False),
    Column("er", Integer, nullable=False),
    Column("ur", Integer, nullable=False),
    Column("decision", String(1)),  # W | L | None
    Column("save", Boolean, nullable=False),
    Column("cg", Boolean, nullable=False),
    Column("sho", Boolean, nullable=False),
    Column("short_rest", Boolean, nullable=False),
    Column("rel", Integer),  # REL in force (with fatigue) for a reliever
)

box_batting = Table(
    "rm_box_batting",
    metadata,
    *_box_line_key(),
    Column("batter", NAME, nullable=False),
    Column("bat_pts", Integer, nullable=False),
    Column("pow_pts", Integer, nullable=False),
    Column("spd_pts", Integer, nullable=False),
    Column("ei_bat_pts", Integer, nullable=False),
    Column("hr", Integer, nullable=False),
)

box_fielding = Table(
    "rm_box_fielding",
    metadata,
    *_box_line_key(),
    Column("fielder", NAME, nullable=False),
    Column("runs_saved", Integer, nullable=False),
)

# Plate-appearance games (Strat-O-Matic) keep their own box lines: counting
# stats a Pennant Race box does not have.  ``seq`` is the line's place in its
# side of the box (batting order, then order of entry; pitchers in order of
# entry).  The Pennant Race path writes none of these rows.
PA_BATTING_COUNTS = ("pa", "ab", "r", "h", "d2b", "d3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh", "sf")
pa_batting = Table(
    "rm_pa_batting",
    metadata,
    *_box_line_key(),
    Column("player", NAME, nullable=False),
    Column("pos", String(8), nullable=False),  # position entered at (ph, pr for pinch hitters/runners)
    *(Column(c, Integer, nullable=False) for c in PA_BATTING_COUNTS),
)

pa_pitching = Table(
    "rm_pa_pitching",
    metadata,
    *_box_line_key(),
    Column("pitcher", NAME, nullable=False),
    *(Column(c, Integer, nullable=False) for c in ("outs", "h", "r", "er", "bb", "so", "hr", "bf")),
    Column("decision", String(3)),  # W | L | SV | HLD | None
)

# A batter's season so far in a plate-appearance league: the sums of his rm_pa_batting lines (``g`` is
# how many), kept as the lines come and go, so ``stats batting`` and ``leaders`` without --as-of read a
# few hundred rows instead of summing a season's 46,000 lines on every read.  A row whose ``g`` falls to
# 0 (his only games rewound or voided) is deleted, so the table holds exactly the GROUP BY's rows.
pa_batting_season = Table(
    "rm_pa_batting_season",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("player", NAME, primary_key=True),
    Column("g", Integer, nullable=False),
    *(Column(c, Integer, nullable=False) for c in PA_BATTING_COUNTS),
)

# A pitcher's season so far: the sums ``stats pitching`` and ``leaders`` made over his rm_box_pitching
# lines (``g`` lines; gs, cg, sho, w, l, sv counted; outs, er, ur summed), and in a plate-appearance
# league over his rm_pa_pitching lines (``n`` lines), kept as rm_pa_batting_season is, for the same reason.
PITCHING_COUNTS = ("g", "gs", "cg", "sho", "w", "l", "sv", "outs", "er", "ur")
pitching_season = Table(
    "rm_pitching_season",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("pitcher", NAME, primary_key=True),
    *(Column(c, Integer, nullable=False) for c in PITCHING_COUNTS),
)
PA_PITCHING_COUNTS = ("h", "bb", "so", "hr", "bf")
pa_pitching_season = Table(
    "rm_pa_pitching_season",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("pitcher", NAME, primary_key=True),
    Column("n", Integer, nullable=False),
    *(Column(c, Integer, nullable=False) for c in PA_PITCHING_COUNTS),
)

# A Pennant Race batter's and fielder's season so far: the sums ``stats batting`` and ``leaders`` made over
# his rm_box_batting lines (``n`` lines; ``bat`` is bat_pts + ei_bat_pts) and rm_box_fielding lines, kept as
# rm_pa_batting_season is, for the same reason.
batting_season = Table(
    "rm_batting_season",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("batter", NAME, primary_key=True),
    *(Column(c, Integer, nullable=False) for c in ("n", "hr", "bat", "pow", "spd")),
)
fielding_season = Table(
    "rm_fielding_season",
    metadata,
    Column("team", CODE, primary_key=True),
    Column("fielder", NAME, primary_key=True),
    Column("n", Integer, nullable=False),
    Column("fld", Integer, nullable=False),
)

# --- view "journal": the commissioner's journal, entry by entry -------------------
# What ``league history`` prints, without folding the Journal aggregate: one row per
# ``Journal.CommandRecorded``, numbered as the aggregate numbers them, details as the event's JSON.
journal = Table(
    "rm_journal",
    metadata,
    Column("entry", Integer, primary_key=True),
    Column("command", String(64), nullable=False),
    Column("actor", Text, nullable=False),
    Column("reason", Text, nullable=False),
    Column("at", String(40), nullable=False),
    Column("details", Text, nullable=False),  # JSON
    Column("undoes", Integer),
)

# --- view "injuries" ------------------------------------------------------------
injuries = Table(
    "rm_injuries",
    metadata,
    Column("game_uuid", UUID_HEX, primary_key=True),
    Column("version", Integer, primary_key=True),  # the event's place in its game
    Column("game_id", String(40), nullable=False),
    Column("team", CODE, nullable=False),
    Column("player", NAME, nullable=False),
    Column("date", DATE, nullable=False),
    Column("games", Integer, nullable=False),  # team games to miss
)
