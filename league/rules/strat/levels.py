"""The rules levels of Strat-O-Matic: basic, advanced and super advanced.

Super advanced play is advanced play with additions (the manual's SUPER
ADVANCED sections), so every advanced rule asks ``level in ADVANCED`` and
only the additions ask ``level == SUPER``: the advanced and basic games
play exactly as they did before the super level existed.
"""

from __future__ import annotations

from functools import lru_cache

BASIC, ADVANCED_ONLY, SUPER = "basic", "advanced", "super"
LEVELS = (BASIC, ADVANCED_ONLY, SUPER)
ADVANCED = frozenset({ADVANCED_ONLY, SUPER})  # the levels that play the advanced rules

# League options that change how plays resolve ride on the level string a game's setup stores
# ("basic+2.1"), so the fold, hand play and the audit replay them with no other record.
NO_ASTERISKS = "2.1"  # 2.1: runners move 1, 2, 3 bases on singles, doubles, triples; asterisks ignored
# The super advanced rules' revision 2 (docs/strat-o-matic.md, "Super advanced"): games set up since
# store "super+r2" and play it; a stored game whose level lacks the flag replays revision 1 unchanged.
SUPER_R2 = "r2"
# Revision 3 ("super+r3"): the super advanced cut-offs (13.6-13.623, 14.4-14.432).  A level carries one
# revision flag; each revision plays everything the one before did.
SUPER_R3 = "r3"
# Revision 4 ("super+r4"): X-chances read the project's Super Advanced Fielding Chart (16.3-16.7, 20.61,
# 20.72's "#", 20.8, 23.84's SI2, 29.3).
SUPER_R4 = "r4"
# League option ``weather=on`` (30.5, docs/strat-o-matic.md): a super advanced revision 4 game rolls the
# weather before the first pitch and plays its ranges in place of the park's ("super+r4+weather").
WEATHER = "weather"
FLAGS = (NO_ASTERISKS, SUPER_R2, SUPER_R3, SUPER_R4, WEATHER)
_REVISIONS = ((SUPER_R4, 4), (SUPER_R3, 3), (SUPER_R2, 2))
SUPER_LEVEL = "+".join((SUPER, SUPER_R4))  # what a new strat-o-matic-super game stores


# A game has one level string and the engine, the policy and the manager read it several times a
# play (about 6 splits a plate appearance): the few strings a league uses are split once.
@lru_cache(maxsize=64)
def split_level(level: str) -> tuple[str, frozenset[str]]:
    """``"basic+2.1"`` -> ``("basic", {"2.1"})``."""
    base, *flags = level.split("+")
    return base, frozenset(flags)


@lru_cache(maxsize=64)
def revision(level: str) -> int:
    """The super advanced revision a level plays: 4, 3 or 2 with the ``r4``, ``r3`` or ``r2`` flag, else 1
    (and for basic/advanced)."""
    flags = split_level(level)[1]
    return next((n for flag, n in _REVISIONS if flag in flags), 1)


def with_flag(level: str, flag: str) -> str:
    base, flags = split_level(level)
    return "+".join([base, *sorted(flags | {flag})])
