"""The optional rules (pages 12-17) the engine plays, each a league option (``league init --option NAME=on``).

A module of its own, light enough for the ruleset to import at start-up.
"""

from __future__ import annotations

OPTIONAL_RULES = {
    "defensive-rolls": "positive defensive rolls on hits off 11 and 22, negative checks on 66 and 88 (pages 13-14)",
    "risp-penalty": "the pitcher's grade one lower against an opposite-side hitter with a runner in scoring "
                    "position (page 15)",
    "plays-at-the-plate": "the outfielder's arm may throw out a runner scoring from second on a single or "
                          "from first on a double (page 15)",
    "randomizer": "the alternate die randomizer: the green die picks the red (odd) or blue (even) die for "
                  "the tens of every two-die roll (page 17)",
    "hit-and-run": "the offense's hit and run: +5 on the batter roll, +4 on the ground-out white die, a "
                   "strikeout becomes a steal, twice a game (pages 13-14)",
    "complete-game-bonus": "a starter past his MIP (and the +1) who has allowed two runs or fewer pitches on "
                           "until a batter reaches base (page 14)",
    "so-bb": "the pitcher's SO/BB rating turns a batter roll of 55-60 or 77 it names into a strikeout or "
             "a walk (page 16)",
    "injuries": "injuries by INJ rating: after each game a check for every pitcher who appeared and one "
                "lineup slot, one pitcher and one position player out per club at a time (page 16)",
}

__all__ = ["OPTIONAL_RULES"]
