"""The rotation: games since each pitcher's last start, and who starts next, pure and light.

The season player (:mod:`.season`) sets its games up with these, and the
card games' rest calendars (``league pitchers``) ask the same functions over
rows read from the views, without loading the game state or the event store
(a read command's cost is mostly what it imports): one definition, so the
calendar's "next starter" is the sim's.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar

C = TypeVar("C")

RESTED = "rested"
NO_HEALTHY_STARTER = "no healthy starter: the most rested healthy pitcher starts"
NO_HEALTHY_PITCHER = "no healthy pitcher left: he pitches (10.1)"


def games_since_start(by_game: Mapping[str, Mapping[str, Any]]) -> dict[str, int]:
    """For each pitcher who started: the club's games played since his last start.

    ``by_game`` as a Staff keeps it: ``{game: {"date", "number", "appearances"}}``.
    """
    games = sorted(by_game.values(), key=lambda g: (g["date"], g["number"]))
    since: dict[str, int] = {}
    for i, g in enumerate(games):
        for a in g["appearances"]:
            if a["role"] == "start":
                since[a["pitcher"]] = len(games) - 1 - i
    return since


def next_starter(pitchers: Sequence[C], starter: Callable[[C], bool], ident: Callable[[C], str],
                 since: Mapping[str, int], rest: Callable[[C], int], out: Mapping[str, Any],
                 prefer: Callable[[C], bool] | None = None) -> tuple[C, str]:
    """The starter when nobody is named, and why him.

    The most rested healthy starter who has had his rest (``rest``: the games
    he needs); no healthy starter: the most rested healthy pitcher; no healthy
    pitcher at all: the starters' choice stands, hurt or not.  Among the fit,
    those rested first, else all; of those, the ones ``prefer`` accepts if any
    (a card game's rule that would tire him today: Strat's 27.52); a tie goes
    to the one listed first.
    """
    def games(c: C) -> int:
        return since.get(ident(c), 10**6)

    starters = [c for c in pitchers if starter(c)]
    fit, why = [c for c in starters if ident(c) not in out], RESTED
    if not fit:
        fit, why = [c for c in pitchers if ident(c) not in out], NO_HEALTHY_STARTER
    if not fit:
        fit, why = starters, NO_HEALTHY_PITCHER
    rested = [c for c in fit if games(c) >= rest(c)] or fit
    if prefer is not None:
        rested = [c for c in rested if prefer(c)] or rested
    return max(rested, key=lambda c: (games(c), -fit.index(c))), why


__all__ = ["games_since_start", "next_starter"]
