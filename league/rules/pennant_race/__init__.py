"""Pennant Race: one three-dice roll per team per game (rules/pennant-race.md).

``engine.resolve`` plays a game from its dice; ``usage`` and ``bullpen`` say
who may pitch; ``charts`` holds the project's own charts the manual names but
does not print; ``stats`` turns a game into pitching lines.
"""
