"""One root for every error the league raises on purpose.

The CLI turns any :class:`LeagueError` into a message and exit status 1; the
store is left unchanged because commands validate before they save.
"""

from __future__ import annotations


class LeagueError(Exception):
    """Something the rules or the data refuse."""


class InputError(LeagueError):
    """Bad input in a file: names the file, the line and the field."""

    def __init__(self, source: str, line: int | None, field: str | None, message: str):
        self.source = source
        self.line = line
        self.field = field
        self.message = message
        where = source
        if line is not None:
            where += f", line {line}"
        if field:
            where += f", field {field}"
        super().__init__(f"{where}: {message}")


class DiceScriptError(InputError):
    """A dice script that cannot be used (bad roll, too few, too many)."""

    def __init__(self, source: str, line: int, message: str):
        super().__init__(source, line, "roll", message)


class NotFoundError(LeagueError):
    """An unknown team, game, pitcher or league."""


class RulesError(LeagueError):
    """The rules forbid it (a starter short of rest, a finished game played again)."""


class EntryCannotStand(RulesError):
    """A person's recorded entry can no longer stand when their game is re-resolved (a dispute):
    the game is held for the commissioner's review, stopped at ``position``."""

    def __init__(self, position: int, message: str):
        self.position = position
        super().__init__(message)
