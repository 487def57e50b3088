"""Links between the pages: to a club, a player, a game.

Written in Python rather than as template macros: a season's pages hold
hundreds of thousands of them, and a Jinja2 macro call costs several times
a function call.  Every piece of text is escaped (markupsafe, as Jinja2's
autoescape does); only the ``<a>`` element itself is literal.
"""

from __future__ import annotations

from typing import Any, Callable

from markupsafe import Markup, escape


class Links:
    """Link helpers for one page at a time: ``root`` is the way back to the site's top ("" or "../")."""

    def __init__(self, player_page: Callable[[str, str], str | None], name: Callable[[str, str], str],
                 club_page: Callable[[str], str]) -> None:
        self.root = ""
        self._player_page = player_page
        self._name = name
        self._club_page = club_page

    def player(self, team: str, key: str) -> Markup:
        target = self._player_page(team, key)
        text = escape(self._name(team, key))
        return Markup(f'<a href="{self.root}{target}">{text}</a>') if target else text

    def club(self, code: str) -> Markup:
        return Markup(f'<a href="{self.root}{self._club_page(code)}">{escape(code)}</a>')

    def game(self, g: dict[str, Any]) -> Markup:
        """A schedule row: the score linked to its page once played, else "visitor at home"."""
        if not g["played"]:
            return escape(f"{g['visitor']} at {g['home']}")
        score = escape(f"{g['visitor']} {_runs(g['vr'])}, {g['home']} {_runs(g['hr'])}")
        extra = f" ({9 + g['extra']})" if g["extra"] else ""
        status = Markup(f' <span class="status">{escape(g["status"])}</span>') if g["status"] != "final" else ""
        return Markup(f'<a href="{self.root}games/{escape(g["game"])}.html">{score}</a>{extra}{status}{held(g)}')


def held(g: dict[str, Any]) -> Markup:
    """The mark of a game a dispute held for the commissioner's review (its reason on hover)."""
    if not g.get("held"):
        return Markup("")
    return Markup(f' <span class="held" title="{escape(g["held"])}">held for review</span>')


def _runs(r: int | None) -> str:
    return "" if r is None else str(r)
