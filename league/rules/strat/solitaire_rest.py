"""26.2's solitaire rest: the Starting Lineup Usage Chart and the Player Rest Chart (super advanced).

In a league created with ``--option solitaire-rest=on`` (super advanced only)
each club's lineup is set up, then (26.2 B) one six-sided die reads the
Starting Lineup Usage Chart for three lineup positions whose starters may
have to rest; (C) for each of them his actual at-bats plus walks (his card's
``actual: ab=512, bb=60`` line) pick a section of the Player Rest Chart and a
20-sided die says whether he rests.  Neither chart is printed in the manual:
both are the project's own data (``charts/solitaire-rest.json``,
docs/strat-o-matic.md "Solitaire rest (26.2)").  Rules D and E (the last man
rated at a position starts anyway; a rested man sits on the bench, free to
come in later) are the lineup's (:func:`league.rules.pa.lineup.rest_lineup`).

A card without ``ab=`` never rests by 26.2 (there is no figure to read); a
card with ``ab=`` and no ``bb=`` (written before walks were added) reads its
at-bats alone.  Pure: the dice come in, the checks go out; the season player
(:mod:`.season_rest`) rolls them from the league's seed.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, NamedTuple, Sequence

CHART = Path(__file__).parent / "charts" / "solitaire-rest.json"
RULE = "26.2"


class Section(NamedTuple):
    """One section of the Player Rest Chart: at-bats plus walks from ``low`` to ``high`` (None: or more),
    resting on a d20 of 1 to ``rests_through``."""

    low: int
    high: int | None
    rests_through: int

    def __str__(self) -> str:
        return f"{self.low} or more" if self.high is None else f"{self.low}-{self.high}"


@lru_cache(maxsize=1)
def _chart() -> tuple[dict[int, tuple[str, ...]], tuple[Section, ...]]:
    data = json.loads(CHART.read_text())
    rows = {int(k): tuple(v) for k, v in data["lineup_usage"]["rows"].items()}
    sections = tuple(Section(int(lo), None if hi is None else int(hi), int(top))
                     for lo, hi, top in data["rest"]["sections"])
    return rows, sections


def usage_row(d6: int) -> tuple[str, ...]:
    """The Starting Lineup Usage Chart: the three positions a six-sided die names (26.2 B)."""
    rows = _chart()[0]
    if d6 not in rows:
        raise ValueError(f"the lineup usage chart is read with one six-sided die (1-6), not {d6}")
    return rows[d6]


def section(at_bats_and_walks: int) -> Section:
    """The Player Rest Chart's section for a batter's actual at-bats plus walks (26.2 C)."""
    for s in _chart()[1]:
        if at_bats_and_walks >= s.low and (s.high is None or at_bats_and_walks <= s.high):
            return s
    raise ValueError(f"no section of the rest chart holds {at_bats_and_walks}")


def at_bats_and_walks(card: Any) -> int | None:
    """His card's actual at-bats plus walks (None: the card carries no ``ab=``, and he never rests by 26.2)."""
    ab = getattr(card, "actual_ab", None)
    if ab is None:
        return None
    return int(ab) + int(getattr(card, "actual_bb", None) or 0)


def checks(fielders: Mapping[str, str], cards: Mapping[str, Any], d6: int, d20s: Sequence[int]) -> dict[str, Any]:
    """26.2 B-C for one club's lineup: the usage row ``d6`` names, and for each of its starters (in the
    row's order, ``d20s`` one die each) whether he must rest.  A position nobody holds (the DH in a
    game without it) is skipped; a card with no figure rests never (no die is read for him).

    Returns the record the game's setup keeps: ``{"d6", "positions", "checks": [{"at", "player",
    "ab_bb", "section", "rests_on", "d20", "rests"}]}`` (no ``section``, ``rests_on`` or ``d20`` for a card
    without the figure).
    """
    row = usage_row(d6)
    out: list[dict[str, Any]] = []
    for position, d20 in zip(row, d20s):
        player = fielders.get(position)
        if player is None:
            continue
        figure = at_bats_and_walks(cards[player])
        if figure is None:
            out.append({"at": position, "player": player, "ab_bb": None, "rests": False})
            continue
        s = section(figure)
        out.append({"at": position, "player": player, "ab_bb": figure, "section": str(s),
                    "rests_on": "1" if s.rests_through == 1 else f"1-{s.rests_through}", "d20": d20,
                    "rests": d20 <= s.rests_through})
    return {"d6": d6, "positions": list(row), "checks": out}


def reason(record: Mapping[str, Any], check: Mapping[str, Any]) -> str:
    """Why he rests, quoting both charts and both dice (the setup's ``out`` note and the game log)."""
    row = ", ".join(p.upper() for p in record["positions"])
    return (f"rests ({RULE}): lineup usage d6 {record['d6']} ({row}); {check['ab_bb']} at-bats and walks, "
            f"rest chart {check['section']} rests on {check['rests_on']}, d20 {check['d20']}")


__all__ = ["CHART", "RULE", "Section", "at_bats_and_walks", "checks", "reason", "section", "usage_row"]
