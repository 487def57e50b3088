"""23.x (super advanced): the Supplementary Stealing System's numbers, and 29.2's pickoffs and balks.

A card may carry the rating the manual prints after the letter grade,
``lead: *8-10/11,12 (19-14)``: the colored-dice totals that give a good lead
(``*``: automatic when not held, 23.11), those that are an automatic out
(``-`` for none), and the d20 success ratings with and without the good lead
(23.13).  Pure: each function returns the number and the arithmetic as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from league.rules.strat.running import clamp

CP_LIMIT = 5  # 23.3 A: catcher's arm + pitcher's hold stays within -5..+5
HELD_GOOD, HELD_POOR = 2, 4  # 23.3 B: held, -2 from the first rating, -4 from the second
HOME_PENALTY = 9  # 23.51: stealing home, -9 from the second rating
PICKOFF, BALK = 1, 2  # 29.2: the d20 rolled with the lead


@dataclass(frozen=True)
class Lead:
    """``*8-10/11,12 (19-14)``."""

    automatic: bool
    good: frozenset[int]  # colored-dice totals giving the good lead
    out: frozenset[int]  # totals that are an automatic out stealing
    first: int  # success with the good lead
    second: int  # success without it

    def __str__(self) -> str:
        return (f"{'*' if self.automatic else ''}{_ranges(self.good)}/{_ranges(self.out) or '-'} "
                f"({self.first}-{self.second})")


_LEAD = re.compile(r"^(\*?)\s*([\d,\s-]+?)\s*/\s*(-|[\d,\s-]+?)\s*\(\s*(\d{1,2})\s*-\s*(\d{1,2})\s*\)$")


def parse_lead(value: str) -> Lead:
    """``*8-10/11,12 (19-14)``; ValueError naming the expected form."""
    m = _LEAD.match(value.strip())
    if not m:
        raise ValueError(f"expected a supplementary stealing rating like '*8-10/11,12 (19-14)', got {value!r}")
    good, out = _totals(m[2]), frozenset() if m[3] == "-" else _totals(m[3])
    first, second = int(m[4]), int(m[5])
    if good & out:
        raise ValueError(f"a total cannot be both a good lead and an out: {value!r}")
    if not (1 <= first <= 20 and 1 <= second <= 20):
        raise ValueError(f"success ratings are 1 to 20: {value!r}")
    return Lead(bool(m[1]), good, out, first, second)


def _totals(text: str) -> frozenset[int]:
    out: set[int] = set()
    for part in text.split(","):
        lo, _, hi = part.strip().partition("-")
        if not lo.isdigit() or (hi and not hi.isdigit()):
            raise ValueError(f"expected colored-dice totals like 8-10 or 11,12, got {text!r}")
        a, b = int(lo), int(hi or lo)
        if not 2 <= a <= b <= 12:
            raise ValueError(f"colored-dice totals run 2 to 12, got {part.strip()!r}")
        out.update(range(a, b + 1))
    return frozenset(out)


def _ranges(totals: frozenset[int]) -> str:
    parts, run = [], sorted(totals)
    while run:
        lo = hi = run.pop(0)
        while run and run[0] == hi + 1:
            hi = run.pop(0)
        parts.append(f"{lo}-{hi}" if hi > lo else str(lo))
    return ",".join(parts)


def catcher_pitcher(arm: int, hold: int) -> tuple[int, str]:
    """23.3 A: the catcher's arm plus the pitcher's hold, kept within -5..+5."""
    total = clamp(arm + hold, -CP_LIMIT, CP_LIMIT)
    why = f"catcher's arm {arm:+d} and pitcher's hold {hold:+d}: {total:+d}"
    return total, why + (" (at most 5 either way, 23.3 A)" if total != arm + hold else "")


def ratings(lead: Lead | None, arm: int, hold: int, held: bool) -> tuple[int, int, str]:
    """23.3 A-B: the adjusted first and second success ratings (before the 1..19/20 limits of E);
    23.12: a runner without a rating starts from 0 and 0."""
    first, second = (lead.first, lead.second) if lead else (0, 0)
    cp, why = catcher_pitcher(arm, hold)
    first, second = first + cp, second + cp
    how = [f"({lead.first}-{lead.second})" if lead else "no rating: (0-0) (23.12)", why]
    if held:
        first, second = first - HELD_GOOD, second - HELD_POOR
        how.append(f"held -{HELD_GOOD}/-{HELD_POOR} (23.3 B)")
    return first, second, "; ".join(how) + f" = {first}-{second}"


def success(chance: int, held: bool) -> int:
    """23.3 E: at least 1; held, at most 19; not held it may pass 20 (automatically safe)."""
    return clamp(chance, 1, 19) if held else max(chance, 1)


def chance(lead: Lead | None, base: int, good_lead: bool, arm: int, hold: int, held: bool) -> tuple[int, str]:
    """The runner's success chance stealing ``base`` (2, 3 or 4 for home), 23.3 E, 23.41, 23.51."""
    if base == 4:
        second = lead.second if lead else 0
        n, how = second - HOME_PENALTY, f"second rating {second} -{HOME_PENALTY} home (23.51)"
        if held:
            n, how = n - HELD_POOR, how + f" -{HELD_POOR} held"
        top = success(n, held)
        return top, how + f" = {top}"
    first, second, how = ratings(lead, arm, hold, held)
    n = first if good_lead and base == 2 else second  # 23.41: third base uses the second rating
    top = success(n, held)
    return top, how + f"; {'good lead' if good_lead and base == 2 else 'second rating'}: {top}"


DELAYED_HOME = 5  # 23.91 C: the delayed steal of home, -5 from the runner on third's second rating


def delayed(lead: Lead, arm: int) -> tuple[int, str]:
    """23.91 A: the runner on first in a delayed steal, no lead rolled: his second rating and the catcher's
    arm, no hold of either kind; at least 1, and over 20 safe whatever the roll (23.3 E, not held)."""
    top = success(lead.second + arm, False)
    return top, f"second rating {lead.second} {arm:+d} catcher's arm (23.91 A) = {top}"


def delayed_home(lead: Lead) -> tuple[int, str]:
    """23.91 C: the runner on third stealing home in a delayed steal: his second rating -5, nothing else."""
    top = success(lead.second - DELAYED_HOME, False)
    return top, f"second rating {lead.second} -{DELAYED_HOME} (23.91 C) = {top}"


def lead_result(lead: Lead | None, total: int) -> str:
    """23.3 C 2: "good", "out" (automatically out stealing) or "none" for a colored-dice total."""
    if lead is None:
        return "none"
    if total in lead.good:
        return "good"
    if total in lead.out:
        return "out"
    return "none"
