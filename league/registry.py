"""The rule systems this build plays, by name: the one place that knows them all.

The application, projections and CLI ask :func:`ruleset` for a league's rule
system and :func:`names` for what ``--ruleset`` accepts.  A rule system in
its own distribution adds itself with an entry point in the
``league.rulesets`` group (``name = "package.module:RULESET"``); a test or a
script may call :func:`register` directly.  See docs/rulesets.md.

Loading is lazy: :func:`ruleset` of a built-in name imports that one rule
system's package (:data:`BUILT_IN`), not the other three, and reads no
installed entry points -- a read command on a Pennant Race league does not
pay for the card games.  The entry points are read, and every built-in
package imported, only for a name not built in and for :func:`names`
(``league rulesets``, ``--ruleset``).
"""

from __future__ import annotations

import importlib

from league.domain.errors import LeagueError
from league.rules.ruleset import Ruleset

ENTRY_POINTS = "league.rulesets"

# Each built-in ruleset name -> the module whose RULESET plays it, in the order `names()` lists them.
# A variant a package adds without a row here still works: it is found when every package is loaded.
BUILT_IN: dict[str, str] = {
    "pennant-race": "league.rules.pennant_race.ruleset",
    "relief-defense": "league.rules.pennant_race.ruleset",
    "strat-o-matic": "league.rules.strat.ruleset",
    "strat-o-matic-basic": "league.rules.strat.ruleset",
    "strat-o-matic-super": "league.rules.strat.ruleset",
    "inside-pitch": "league.rules.inside_pitch.ruleset",
    "pine-tar": "league.rules.pine_tar.ruleset",
    "pine-tar-dh": "league.rules.pine_tar.ruleset",
}

# The modules that define the aggregates games are recorded in, besides the domain's game of rolls
# (league.domain.game).  Each class registers its stored topics when it is defined, so they are all
# imported before a game's events are read, whatever rule system played it (load_game_records).
GAME_RECORDS = ("league.domain.game", "league.rules.pa.game")

_by_name: dict[str, Ruleset] = {}
_imported: set[str] = set()  # the built-in modules already registered
_loaded = False  # every built-in module and every entry point registered


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


def _import(module: str) -> None:
    """Register the RULESET of one built-in rule system's module (once)."""
    if module in _imported:
        return
    _imported.add(module)
    register(importlib.import_module(module).RULESET)


def _load() -> None:
    """Every built-in rule system, then the installed plug-ins."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in dict.fromkeys(BUILT_IN.values()):
        _import(module)
    from importlib.metadata import entry_points

    for ep in entry_points(group=ENTRY_POINTS):
        register(ep.load())


def ruleset(name: str) -> Ruleset:
    """The rule system a league of ruleset ``name`` plays under."""
    if name not in _by_name:
        module = BUILT_IN.get(name)
        if module is not None:
            _import(module)
        if name not in _by_name:
            _load()
    try:
        return _by_name[name]
    except KeyError:
        raise LeagueError(f"unknown ruleset {name!r} (choose from {', '.join(names())})") from None


def load_game_records() -> None:
    """Define every built-in game record's class, so that any game's stored events can be read."""
    for module in GAME_RECORDS:
        importlib.import_module(module)


def names() -> list[str]:
    """Every ruleset name: the built-in ones first (in :data:`BUILT_IN`'s package order), then the others."""
    _load()
    built: list[str] = []
    for module in dict.fromkeys(BUILT_IN.values()):
        rules = importlib.import_module(module).RULESET
        built += [n for n in rules.variants if _by_name.get(n) is rules]
    return built + [n for n in _by_name if n not in built]


__all__ = ["BUILT_IN", "ENTRY_POINTS", "GAME_RECORDS", "load_game_records", "names", "register", "ruleset",
           "unregister"]
