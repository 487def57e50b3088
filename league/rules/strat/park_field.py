"""A card's ``park:`` field: the home park of its club's season (30.3, 30.4), for cards of real seasons.

``park: Fenway Park; L homerun 1-13, single 1-11; R homerun 1-13, single 1-11`` -- the park's name and, for
a left-handed and a right-handed batter, the top of the d20 range of a homerun and of a single, as the
Ball Park Effect Chart (``charts/ballparks.json``) gives them for the fictional clubs.  ``league cards
generate --ruleset strat-o-matic-super`` writes it on every card of a club (docs/real-seasons.md, "Super
advanced cards"); when the home club's cards carry one, :mod:`.ballparks` reads it in place of the chart's
entry for the club's code.  Cards without it read the chart as before.
"""

from __future__ import annotations

import re
from typing import Any

# (name, L homerun top, L single top, R homerun top, R single top)
Park = tuple[str, int, int, int, int]

_SIDE = r"(L|R)\s+homerun\s+(?:1-(\d{1,2})|none),\s*single\s+(?:1-(\d{1,2})|none)"
_PARK = re.compile(rf"^([^;]+?)\s*;\s*{_SIDE}\s*;\s*{_SIDE}$", re.I)


def parse_park(value: str) -> dict[str, object]:
    """The ``park`` field's value as ``{"park": Park}``; ValueError with the expected form."""
    m = _PARK.match(value.strip())
    if not m or m[2].upper() != "L" or m[5].upper() != "R":
        raise ValueError(f"expected 'NAME; L homerun 1-N, single 1-N; R homerun 1-N, single 1-N', got {value!r}")
    tops = [int(t) if t else 0 for t in (m[3], m[4], m[6], m[7])]
    if any(t > 20 for t in tops):
        raise ValueError(f"a park's range is on the d20 (1-20 at most), got {value!r}")
    return {"park": (m[1], *tops)}


def park_text(park: Park) -> str:
    """The field's value for ``park`` (what :func:`parse_park` reads back)."""
    name, lh, ls, rh, rs = park

    def top(n: int) -> str:
        return f"1-{n}" if n else "none"

    return f"{name}; L homerun {top(lh)}, single {top(ls)}; R homerun {top(rh)}, single {top(rs)}"


def park_entry(park: Park) -> dict[str, Any]:
    """The park as a Ball Park Effect Chart entry (``{"name", "L": {"homerun", "single"}, "R": ...}``)."""
    name, lh, ls, rh, rs = park
    return {"name": name, "L": {"homerun": lh, "single": ls}, "R": {"homerun": rh, "single": rs}}


__all__ = ["Park", "park_entry", "park_text", "parse_park"]
