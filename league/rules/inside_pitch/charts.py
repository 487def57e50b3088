"""The Inside Pitch charts as data: those the manual prints, and the project's own where it does not.

Printed charts keep the manual's numbers (section in each comment).  The
project's own charts (the rare play charts of 4.1, the ``#`` rolls of the
failed range chart, the 10.2 flyout advance table, the third-base row of the
lineout chart) are marked OWN and documented in docs/inside-pitch.md.
"""

from __future__ import annotations

RULESET_VERSION = "ip-3"  # what new games are stored under
# Rules revisions: a game's setup level names its revision, so a game plays (and audits) by the rules it
# started with.  1: as first built; 2: 8.12's bunt adjustments to range, GDP and the batter's BR; 3: a
# position player pitching reads the project's pitching card (emergency.py), not his batting card.
REVISIONS = {"inside-pitch": 1, "inside-pitch/2": 2, "inside-pitch/3": 3}
LATEST_LEVEL = "inside-pitch/3"
LATEST = REVISIONS[LATEST_LEVEL]


def revision_version(revision: int) -> str:
    """The version a revision's plays record (``ruleset`` in each event)."""
    return f"ip-{revision}"


POSITION = {1: "p", 2: "c", 3: "1b", 4: "2b", 5: "3b", 6: "ss", 7: "lf", 8: "cf", 9: "rf"}
INFIELD = (1, 2, 3, 4, 5, 6)

# 6 Failed range check chart: (position, kind) -> result; "#n" rolls 1d6 (OWN: 1-4 single, 5-6 double).
FAILED_RANGE: dict[tuple[int, str], str] = {
    (1, "G"): "S1", (1, "P"): "S1", (1, "L"): "S1", (1, "S"): "S1",
    (2, "G"): "S2", (2, "P"): "FOUL",
    (3, "G"): "#3", (3, "P"): "S3", (3, "L"): "#3", (3, "S"): "S3",
    (4, "G"): "S4", (4, "P"): "S4", (4, "L"): "S4", (4, "S"): "S4",
    (5, "G"): "#5", (5, "P"): "S5", (5, "L"): "#5", (5, "S"): "S5",
    (6, "G"): "S6", (6, "P"): "S6", (6, "L"): "S6", (6, "S"): "S6",
    **{(n, k): r for n in (7, 8, 9) for k, r in
       (("F", f"#{n}"), ("S", f"S{n}"), ("S+", f"S+{n}"), ("D", f"D{n}"), ("T", f"T{n}"))},
}
# OWN: the "#" rolls: a ball past the corner infielder is down the line (1B: right field, 3B: left field).
FAILED_ROLL = {"#3": ("S9", "D9"), "#5": ("S7", "D7"), "#7": ("S7", "D7"), "#8": ("S8", "D8"), "#9": ("S9", "D9")}
FAILED_ROLL_SINGLE = (1, 4)  # 1d6 1-4 the single, 5-6 the double
# 6 Successful range check chart.
MADE_RANGE: dict[tuple[int, str], str] = {
    **{(n, k): f"{r}{n}" for n in (1, 3, 4, 5, 6) for k, r in (("G", "G"), ("P", "P"), ("L", "L"), ("S", "G"))},
    (2, "G"): "G2", (2, "P"): "FOUL",
    **{(n, k): f"F{n}" for n in (7, 8, 9) for k in ("F", "S", "S+", "D", "T")},
}

# 5.1-5.3 error charts: (chart, position, kind) -> the error's number; absent: no error possible.
ERRORS: dict[tuple[str, int, str], str] = {}
for _n in (1, 3, 4, 5, 6):
    ERRORS.update({("E?", _n, "G"): "#1", ("E?", _n, "P"): "#2", ("E?", _n, "S"): "#4",
                   ("ET?", _n, "G"): "#6", ("ET?", _n, "L"): "#7", ("ET?", _n, "S"): "#4",
                   ("EG?", _n, "G"): "#1"})
ERRORS.update({("E?", 2, "G"): "#1", ("E?", 2, "P"): "FOUL", ("E?", 2, "S"): "#4",
               ("ET?", 2, "G"): "#6", ("ET?", 2, "S"): "#4", ("EG?", 2, "G"): "#1"})
for _n in (7, 8, 9):
    ERRORS.update({("E?", _n, "F"): "#3", **{("E?", _n, k): "#5" for k in ("S", "D", "T")},
                   **{("ET?", _n, k): "#8" for k in ("S", "D", "T")},
                   **{("EG?", _n, k): "#5" for k in ("S", "D", "T")}})

# 7.1 Infield singles advancement: the least BR that takes the extra base (1st to 3rd, 2nd to home).
INFIELD_SINGLES = {3: (2, 4), 4: (3, 2), 1: (4, 1), 6: (5, 3), 5: (6, 5)}
# 7.2 Hits to the outfield BR adjustment: (kind, field) -> {from base: adjustment}.
OUTFIELD_BR = {("S", 7): {1: -2, 2: 1}, ("S", 8): {1: -1, 2: 2}, ("S", 9): {1: 2, 2: 1},
               ("D", 7): {1: -1}, ("D", 8): {1: 1}, ("D", 9): {1: -1}}

# 8.2 Pivot table: the fielder who turns the double play, by G1-G6 (LHB, RHB).
PIVOT = {1: ("ss", "2b"), 2: ("ss", "2b"), 3: ("ss", "ss"), 4: ("ss", "ss"), 5: ("2b", "2b"), 6: ("2b", "2b")}
# 8.11 adjustments for groundouts (non-bunts) by depth; the pitcher and catcher are always "in" for BR 3rd.
DEPTH_RANGE = {"back": 0, "half": -1, "in": -2}
DEPTH_GDP = {"back": 0, "half": 1, "in": 1}
DEPTH_BR_FIRST = {"back": 0, "half": -1, "in": -1}
DEPTH_BR_THIRD = {"back": 2, "half": -1, "in": -2, "p": -2, "c": -2}
# 8.12 adjustments for bunt plays (revision 2), by the fielder's depth; "p" and "c" are the "P or C" column.
# The table prints three values for the four columns of GDP and BR Batter and two for Range; read with no
# entry under Half (the depth a bunt defense does not use; docs/inside-pitch.md).
BUNT_RANGE = {"back": 0, "half": 0, "in": 1, "p": 2, "c": 2}
BUNT_GDP = {"back": -1, "half": 0, "in": 1, "p": 1, "c": 1}
BUNT_BR = {"back": 2, "half": 0, "in": -2, "p": -2, "c": -2}

# 9 Lineout double play chart: L-fielder -> {base: (lo, hi)} on 1d6.  OWN: the third-base row prints two
# entries for five columns; read as L1 6 and L5 3 (the pitcher and the third baseman).
LINEOUT_DP = {1: {1: (1, 4), 2: (5, 5), 3: (6, 6)}, 3: {1: (1, 4), 2: (5, 5)}, 4: {1: (1, 2), 2: (3, 4)},
              5: {1: (1, 1), 2: (2, 2), 3: (3, 3)}, 6: {1: (1, 1), 2: (2, 3)}}

# 10.2 OWN: runner on 2nd tags up when the red die is at most this (double sixes: thrown out).
FLY_TAG_FROM_SECOND = {7: 1, 8: 2, 9: 4}

# 11.3 Bunting chart: BNT -> strategy-roll range (position players, pitchers).
BUNTING = {5: ((16, 19), (10, 19)), 4: ((17, 19), (12, 19)), 3: ((18, 19), (14, 19)), 2: ((19, 19), (18, 19)),
           1: (None, (18, 19)), 0: (None, None)}

# 13 Injury chart: 1d6 row -> INJ-0..7; "R" rerolls on the next column.
_G, _R = "game", "R"
INJURY = {
    1: ("none", "none", "none", _G, _G, "1d6", "2d6", "1d20"),
    2: ("none", "none", _G, _G, "1d6", "2d6", "1d20", "15"),
    3: ("none", _G, _G, "1d6", "2d6", "1d20", "15", "15"),
    4: (_G, _G, "1d6", "2d6", "1d20", "15", "15", "60"),
    5: (_G, "1d6", "2d6", "1d20", "15", "15", "60", "60"),
    6: (_R, _R, _R, _R, _R, _R, _R, "60"),
}

# 4.1 OWN rare play charts: 2d6 (red row, white column).  Tokens: a batter-card result; E<n> an error by
# fielder n (5.1 #1: batter safe, runners up one); INJ:<result> the result, then an injury check on the
# fielder it names (the batter for K); WP, PB, BK (wild pitch, passed ball, balk: runners up one, the at bat
# goes on); PO (the lead runner with a base open ahead is picked off, the at bat goes on).
RARE_EMPTY = (
    ("D7", "T8", "E6", "INJ:F8", "H9", "S1"),
    ("E5", "D9", "INJ:G6", "T9", "E4", "D8"),
    ("P2", "E3", "S2", "H7", "INJ:L6", "T7"),
    ("E1", "D8", "INJ:P4", "S5", "E9", "F7"),
    ("T8", "INJ:F9", "E6", "D7", "S3", "E7"),
    ("H8", "E8", "INJ:G4", "D9", "T9", "INJ:K"),
)
RARE_RUNNERS = (
    ("WP", "D7", "E6", "INJ:F8", "BK", "T8"),
    ("PB", "E5", "PO", "D9", "INJ:G6", "WP"),
    ("E4", "BK", "T9", "PO", "E3", "INJ:L6"),
    ("D8", "WP", "INJ:P4", "PB", "E9", "H7"),
    ("PO", "T7", "E1", "BK", "INJ:F9", "E7"),
    ("E8", "WP", "D7", "INJ:G4", "PB", "INJ:K"),
)
