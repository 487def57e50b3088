"""The shared layer of rule systems that decide a whole game from a few rolls.

Pennant Race is one (three dice per team per game); a rule system of this
kind subclasses :class:`league.rules.game.ruleset.GameRuleset` and writes
only its team file, its game setup and its pure engine: the ``Game``
aggregate, the season player (:mod:`.season`) and the audit of recorded
rolls (:mod:`.audit`) are shared.
"""
