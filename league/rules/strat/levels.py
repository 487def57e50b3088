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

# League options that change how plays resolve ride on the level string a game's setup stores
# ("basic+2.1"), so the fold, hand play and the audit replay them with no other record.
NO_ASTERISKS = "2.1"  # 2.1: runners move 1, 2, 3 bases on singles, doubles, triples; asterisks ignored
FLAGS = (NO_ASTERISKS,)


def split_level(level: str) -> tuple[str, frozenset[str]]:
    """``"basic+2.1"`` -> ``("basic", {"2.1"})``."""
    base, *flags = level.split("+")
    return base, frozenset(flags)


def with_flag(level: str, flag: str) -> str:
    base, flags = split_level(level)
    return "+".join([base, *sorted(flags | {flag})])
