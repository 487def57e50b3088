"""The rules levels of Strat-O-Matic: basic, advanced and super advanced.

Super advanced play is advanced play with additions (the manual's SUPER
ADVANCED sections), so every advanced rule asks ``level in ADVANCED`` and
only the additions ask ``level == SUPER``: the advanced and basic games
play exactly as they did before the super level existed.
"""

from __future__ import annotations

BASIC, ADVANCED_ONLY, SUPER = "basic", "advanced", "super"
LEVELS = (BASIC, ADVANCED_ONLY, SUPER)
ADVANCED = frozenset({ADVANCED_ONLY, SUPER})  # the levels that play the advanced rules
