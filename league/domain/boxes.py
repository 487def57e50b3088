"""The kinds of box score a game's outcome is: what its rule system declares (``Ruleset.box_kind``).

The read models keep each kind in tables of its own (:mod:`projections.tables`)
and the listings show what each kind counts, so whatever reads a game's box
score asks which kind it is, never which rule system or game record made it.
"""

from __future__ import annotations

# Runs, earned and unearned, pitching lines, and batting and fielding in points: a game decided by a few
# rolls (Pennant Race's outcome).
POINTS = "points"
# A line score, and batting and pitching lines counted play by play (the card games' box).
PLAYS = "plays"

KINDS = (POINTS, PLAYS)

__all__ = ["KINDS", "PLAYS", "POINTS"]
