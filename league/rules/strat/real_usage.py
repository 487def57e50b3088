"""10.1-10.2's real-usage limits: each batter within his actual at-bats, each pitcher within his actual innings.

A card may carry the player's real figure on an ``actual:`` line
(``actual: ab=512`` on a batter's card, ``actual: ip=231.1`` or
``actual: outs=694`` on a pitcher's; the Lahman generator writes AB and
IPouts).  A batter's line may add his walks, ``ab=512, bb=60``: 10.x does not
read them, 26.2's solitaire rest chart reads at-bats and walks (:mod:`.solitaire_rest`).  In a league created with ``--option usage=real`` the season
player (:mod:`.season_rest`) asks :func:`sits` of every carded player before
each game; whoever sits is out of that game as an injured player is (the
lineup filled around him by position and rating, a pitcher neither started
nor in the bullpen), with the reason in the setup.  The policy
(docs/strat-o-matic.md, "Real-usage limits (10.x)"):

* **used up**: a player plays only while his figure so far plus one
  outing's worth (:func:`reserve`) stays within his real figure: four
  at-bats; for a pitcher the longest outing the auto-manager allows when
  it has a fresh reliever to bring in (a starter 33 outs, a reliever three
  times his relief POW: :mod:`.manager`) and the two more outs one play may
  add.  So the season ends with him at or under his figure, a batter over it
  only by a game of more than four at-bats, a pitcher only in a game whose
  bullpen ran out or held only relievers who must rest (he is left in then);
* **pace**: he sits a game when his figure so far runs ahead of his real
  figure's share of the club's schedule played (games finished / games
  scheduled) by more than one outing plus 5% of the figure (:func:`allowance`);
* nobody else can play (a position with nobody left on the bench, no
  pitcher left to start): he plays, as with injuries (10.1), and the setup says so.

Cards without the line are not limited.  Pure: figures and counts in, answers out.
"""

from __future__ import annotations

import math
import re
from typing import Any

# One outing's worth, kept back so that an outing begun within the figure ends within it: a batter's
# four at-bats; a pitcher's longest outing when the auto-manager has someone to bring in (manager.tired:
# a starter at START_OUTS, a reliever at three times his relief POW) and the outs of one more play.
BATTER_RESERVE = 4
START_OUTS = 33  # manager.START_OUTS (a test holds them equal: manager imports the cards, which import this)
LAST_PLAY = 2  # a pitcher one out short of his limit may still make a double play
PACE_SLACK = 0.05  # of the real figure: how far ahead of pace he may run before he sits a game
_PAIR = re.compile(r"^(ab|bb|ip|outs)\s*=\s*(\d+(?:\.[0-2])?)$")


def parse_actual(value: str) -> dict[str, object]:
    """A card's ``actual`` field: ``ab=512``, ``bb=60``, ``ip=231.1`` (innings and thirds) or ``outs=694``,
    comma-separated."""
    out: dict[str, object] = {}
    for part in value.split(","):
        m = _PAIR.match(part.strip().lower())
        if not m or ("." in m[2] and m[1] != "ip"):
            raise ValueError(f"expected 'ab=512', 'bb=60', 'ip=231.1' or 'outs=694' (comma-separated), "
                             f"got {part.strip()!r}")
        if m[1] in ("ab", "bb"):
            key, n = f"actual_{m[1]}", int(m[2])
        else:
            whole, _, third = m[2].partition(".")
            key, n = "actual_outs", int(m[2]) if m[1] == "outs" else int(whole) * 3 + int(third or 0)
        if key in out:
            raise ValueError(f"{m[1]!r} given twice (innings and outs are one figure)")
        out[key] = n
    return out


def actual_text(ab: int | None, outs: int | None, bb: int | None = None) -> str | None:
    """The ``actual:`` line's value for these figures (innings as ``231.1``), None for none."""
    parts = ([f"ab={ab}"] if ab is not None else []) + ([f"bb={bb}"] if bb is not None else []) \
        + ([f"ip={outs // 3}.{outs % 3}"] if outs is not None else [])
    return ", ".join(parts) or None


def figure(card: Any) -> int | None:
    """The card's real figure: a batter's at-bats, a pitcher's outs (None: not limited)."""
    return getattr(card, "actual_ab" if card.kind == "batter" else "actual_outs", None)


def reserve(card: Any) -> int:
    """One outing's worth of his figure (see :data:`BATTER_RESERVE`, :data:`START_OUTS`)."""
    if card.kind == "batter":
        return BATTER_RESERVE
    if card.starter is not None:
        return START_OUTS + LAST_PLAY
    return 3 * max(card.relief or 1, 1) + LAST_PLAY


def allowance(card: Any, played: int, scheduled: int) -> float:
    """The most he may have used before a game and still play it on pace."""
    real = figure(card) or 0
    share = played / scheduled if scheduled else 1.0
    return real * share + reserve(card) + PACE_SLACK * real


def sits(card: Any, used: int, played: int, scheduled: int) -> str | None:
    """Why ``card`` sits the club's next game under 10.x (None: he may play)."""
    real = figure(card)
    if real is None:
        return None
    rule, unit = ("10.1", "at-bats") if card.kind == "batter" else ("10.2", "outs")
    if used + reserve(card) > real:
        return (f"real usage ({rule}): {used} of his {real} real {unit} used, "
                f"not enough left for another {'game' if card.kind == 'batter' else 'outing'}")
    top = allowance(card, played, scheduled)
    if used > top:
        return (f"real usage ({rule}): {used} {unit} after {played} of "
                f"{scheduled} games, ahead of his real pace ({real}; {math.floor(top)} allowed)")
    return None


__all__ = ["BATTER_RESERVE", "PACE_SLACK", "START_OUTS", "actual_text", "allowance", "figure", "parse_actual",
           "reserve", "sits"]
