"""The rule systems this build plays, by name: the one place that knows them all.

The application, projections and CLI ask :func:`ruleset` for a league's rule
system and :func:`names` for what ``--ruleset`` accepts.  A rule system in
its own distribution adds itself with an entry point in the
``league.rulesets`` group (``name = "package.module:RULESET"``); a test or a
script may call :func:`register` directly.  See docs/rulesets.md.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from league.domain.errors import LeagueError
from league.rules.ruleset import Ruleset

ENTRY_POINTS = "league.rulesets"

_by_name: dict[str, Ruleset] = {}
_loaded = False


def register(rules: Ruleset) -> Ruleset:
    """Make each of ``rules.variants`` a ruleset name leagues may be created with."""
    for name in rules.variants:
        known = _by_name.get(name)
        if known is not None and known is not rules:
            raise LeagueError(f"ruleset {name!r} is already registered by {known.family}")
        _by_name[name] = rules
    return rules


def unregister(rules: Ruleset) -> None:
    """Take a rule system back out (tests that register a toy one)."""
    for name in rules.variants:
        if _by_name.get(name) is rules:
            del _by_name[name]


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from league.rules.pennant_race.ruleset import RULESET as pennant_race
    from league.rules.strat.ruleset import RULESET as strat
    from league.rules.inside_pitch.ruleset import RULESET as inside_pitch
    from league.rules.pine_tar.ruleset import RULESET as pine_tar

    for rules in (pennant_race, strat, inside_pitch, pine_tar):
        register(rules)
    for ep in entry_points(group=ENTRY_POINTS):
        register(ep.load())


def ruleset(name: str) -> Ruleset:
    """The rule system a league of ruleset ``name`` plays under."""
    _load()
    try:
        return _by_name[name]
    except KeyError:
        raise LeagueError(f"unknown ruleset {name!r} (choose from {', '.join(names())})") from None


def names() -> list[str]:
    """Every ruleset name, in registration order (the built-in ones first)."""
    _load()
    return list(_by_name)


__all__ = ["ENTRY_POINTS", "names", "register", "ruleset", "unregister"]
