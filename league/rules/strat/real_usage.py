"""10.1-10.2's real-usage limits: each batter within his actual at-bats, each pitcher within his actual innings.

A card may carry the player's real figure on an ``actual:`` line
(``actual: ab=512`` on a batter's card, ``actual: ip=231.1`` or
``actual: outs=694`` on a pitcher's; the Lahman generator writes AB and
IPouts).  In a league created with ``--option usage=real`` the season
player (:mod:`.season_rest`) asks :func:`sits` of every carded player before
each game; whoever sits is out of that game as an injured player is (the
lineup filled around him by position and rating, a pitcher neither started
nor in the bullpen), with the reason in the setup.  The policy
(docs/strat-o-matic.md, "Real-usage limits (10.x)"):

* **used up**: a player plays only while his figure so far plus one
  outing's worth (:data:`RESERVE`: four at-bats, a start's 27 outs, a relief
  outing's 9) stays within his real figure, so the season ends with him at
  or just under it (over it only by a longer outing than that);
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

# One outing's worth, kept back so an outing begun within the figure ends within it (about).
RESERVE = {"batter": 4, "starter": 27, "relief": 9}
PACE_SLACK = 0.05  # of the real figure: how far ahead of pace he may run before he sits a game
_PAIR = re.compile(r"^(ab|ip|outs)\s*=\s*(\d+(?:\.[0-2])?)$")


def parse_actual(value: str) -> dict[str, object]:
    """A card's ``actual`` field: ``ab=512``, ``ip=231.1`` (innings and thirds) or ``outs=694``, comma-separated."""
    out: dict[str, object] = {}
    for part in value.split(","):
        m = _PAIR.match(part.strip().lower())
        if not m or ("." in m[2] and m[1] != "ip"):
            raise ValueError(f"expected 'ab=512', 'ip=231.1' or 'outs=694' (comma-separated), got {part.strip()!r}")
        if m[1] == "ab":
            key, n = "actual_ab", int(m[2])
        else:
            whole, _, third = m[2].partition(".")
            key, n = "actual_outs", int(m[2]) if m[1] == "outs" else int(whole) * 3 + int(third or 0)
        if key in out:
            raise ValueError(f"{m[1]!r} given twice (innings and outs are one figure)")
        out[key] = n
    return out


def actual_text(ab: int | None, outs: int | None) -> str | None:
    """The ``actual:`` line's value for these figures (innings as ``231.1``), None for neither."""
    parts = ([f"ab={ab}"] if ab is not None else []) + ([f"ip={outs // 3}.{outs % 3}"] if outs is not None else [])
    return ", ".join(parts) or None


def figure(card: Any) -> tuple[str, int] | None:
    """The limited figure of a card and its kind of outing (``batter``, ``starter``, ``relief``), or None."""
    if card.kind == "batter":
        ab = getattr(card, "actual_ab", None)
        return None if ab is None else ("batter", ab)
    outs = getattr(card, "actual_outs", None)
    if outs is None:
        return None
    return ("starter" if card.starter is not None else "relief", outs)


def allowance(real: int, role: str, played: int, scheduled: int) -> float:
    """The most he may have used before a game and still play it on pace."""
    share = played / scheduled if scheduled else 1.0
    return real * share + RESERVE[role] + PACE_SLACK * real


def sits(card: Any, used: int, played: int, scheduled: int) -> str | None:
    """Why ``card`` sits the club's next game under 10.x (None: he may play)."""
    f = figure(card)
    if f is None:
        return None
    role, real = f
    unit = "at-bats" if role == "batter" else "outs"
    if used + RESERVE[role] > real:
        return (f"real usage (10.{1 if role == 'batter' else 2}): {used} of his {real} real {unit} used, "
                f"not enough left for another {'game' if role == 'batter' else 'outing'}")
    top = allowance(real, role, played, scheduled)
    if used > top:
        return (f"real usage (10.{1 if role == 'batter' else 2}): {used} {unit} after {played} of "
                f"{scheduled} games, ahead of his real pace ({real}; {math.floor(top)} allowed)")
    return None


__all__ = ["PACE_SLACK", "RESERVE", "actual_text", "allowance", "figure", "parse_actual", "sits"]
