"""Pitcher endurance by point of weakness (27.0-27.4, advanced).

Fatigue is a pure function of the stint's log (hits and unintentional walks
with the inning and the pitcher's outs when each came) and his card, so it is
recomputed before every batter rather than stored: once reached it stays (27.2)
because the log only grows.
"""

from __future__ import annotations

from league.rules.pa.state import PitcherLog
from league.rules.strat.cards import Card

NO_START_POW = 4  # 27.53: a pitcher without a starter rating who must start
NO_RELIEF_POW = 1  # 27.62: a pitcher without a relief rating who must relieve


def point_of_weakness(stint: PitcherLog, card: Card) -> int:
    if stint.role == "starter":
        return card.starter if card.starter is not None else NO_START_POW
    if stint.role == "emergency":
        return 1  # 25.3: relief endurance (1)
    return card.relief if card.relief is not None else NO_RELIEF_POW


def fatigued(stint: PitcherLog, card: Card) -> tuple[bool, str]:
    """Whether the pitcher has reached his POW, and the reason."""
    pow_ = point_of_weakness(stint, card)
    if stint.role == "starter":
        return _starter(stint, pow_)
    return _reliever(stint, pow_)


def _starter(stint: PitcherLog, pow_: int) -> tuple[bool, str]:
    """27.3: from his POW inning on, 3 in one inning or 4 in two consecutive innings."""
    per: dict[int, int] = {}
    for inning, _ in stint.counted:
        if inning >= pow_:  # hits and walks before his POW inning do not count
            per[inning] = per.get(inning, 0) + 1
    for inning, n in sorted(per.items()):
        if n >= 3:
            return True, f"3 hits/walks in inning {inning} (POW {pow_}, 27.3 A)"
        if n + per.get(inning + 1, 0) >= 4:
            return True, f"4 hits/walks in innings {inning}-{inning + 1} (POW {pow_}, 27.3 B)"
    return False, ""


def _reliever(stint: PitcherLog, pow_: int) -> tuple[bool, str]:
    """27.4: vulnerable after 3*(POW-1) outs; then 3 hits/walks within three outs."""
    start = 3 * (pow_ - 1)
    outs = sorted(o for _, o in stint.counted if o >= start)
    for i in range(len(outs) - 2):
        if outs[i + 2] - outs[i] <= 2:
            return True, (f"3 hits/walks within three outs after his {start}th out "
                          f"(relief POW {pow_}, 27.4)")
    return False, ""
