"""The Pennant Race rules versions: which one new games are played under, and what each changes.

Kept apart from the engine so that what only reads a version's facts (the
pitchers' calendar of ``league pitchers``) does not import the engine.
"""

from __future__ import annotations

from league.domain.usage import UsageLimits

# Bump a version whenever the same rolls would give a different outcome
# (rules, charts, tie-breaks), so old games replay under the rules they used.
RULESET_VERSION: dict[str, str] = {"pennant-race": "3", "relief-defense": "3"}
# Every version this build replays, and its reliever usage limits:
# "1" the manual's fatigue only; "2" adds the limits of UsageLimits (and,
# in the engine, deals the bullpen's runs out instead of charging them to one man).
USAGE_LIMITS: dict[str, UsageLimits | None] = {"1": None, "2": UsageLimits(), "3": UsageLimits()}
# "1" charged all of the bullpen's runs to its worst reliever; "2" deals them out (stats._split).
SPREADS_RUNS: dict[str, bool] = {"1": False, "2": True, "3": True}
# "3" applies manual 1.4: without the DH, a pinch hitter's BAT counts in the
# team's BAT value instead of the pitcher's; "1" and "2" took the sheet's BAT VALUE as printed.
PINCH_HITTER: dict[str, bool] = {"1": False, "2": False, "3": True}


def new_game_limits(variant: str = "pennant-race") -> UsageLimits | None:
    """The reliever usage limits of the version new games of ``variant`` are played under."""
    return USAGE_LIMITS[RULESET_VERSION[variant]]


__all__ = ["PINCH_HITTER", "RULESET_VERSION", "SPREADS_RUNS", "USAGE_LIMITS", "new_game_limits"]
