"""Pitcher endurance by point of weakness (27.0-27.4, advanced; 27.54 and 27.63, super advanced).

Fatigue is a pure function of the stint's log (hits and unintentional walks
with the inning and the pitcher's outs when each came) and his card, so it is
recomputed before every batter rather than stored: once reached it stays (27.2)
because the log only grows.
"""

from __future__ import annotations

from dataclasses import replace

from league.rules.pa.state import GameState, PitcherLog
from league.rules.strat.cards import Card
from league.rules.strat.levels import ADVANCED_ONLY, SUPER

NO_START_POW = 4  # 27.53: a pitcher without a starter rating who must start
NO_RELIEF_POW = 1  # 27.62: a pitcher without a relief rating who must relieve
START_INNINGS = 11  # 27.54: the most innings a starter pitches without fatigue
RELIEF_EXTRA_INNINGS = 2  # 27.63: a reliever's most, his POW inning plus 2
# 27.55: a starter loses his stuff at 5 runs in one inning, 6 in two in a row, 7 in three in a row
LOST_STUFF = ((1, 5), (2, 6), (3, 7))
RUNS = "strat:runs"  # GameState.extra key (super advanced revision 2): ((pitcher, inning, runs), ...)


def record_runs(state: GameState, pitcher: str, inning: int, runs: int) -> GameState:
    """The state with ``runs`` scored in ``inning`` while ``pitcher`` pitched (for 27.55)."""
    extra = dict(state.extra)
    extra[RUNS] = extra.get(RUNS, ()) + ((pitcher, inning, runs),)
    return replace(state, extra=tuple(extra.items()))


def lost_stuff(state: GameState) -> tuple[bool, str]:
    """27.55 (super advanced revision 2): whether the starter on the mound has lost his stuff: 5 runs
    scored while he pitched in one inning, 6 in two consecutive innings or 7 in three, at any point of
    his start (before his POW inning too).  Runs earned or not: the manual counts runs given up."""
    stint = state.defense.stint
    if stint.role != "starter":
        return False, ""
    per: dict[int, int] = {}
    for pitcher, inning, runs in dict(state.extra).get(RUNS, ()):
        if pitcher == stint.pitcher:
            per[inning] = per.get(inning, 0) + runs
    for inning in sorted(per):
        for span, most in LOST_STUFF:
            total = sum(per.get(inning + i, 0) for i in range(span))
            if total >= most:
                where = f"inning {inning}" if span == 1 else f"innings {inning}-{inning + span - 1}"
                return True, f"{total} runs in {where}: he has lost his stuff (27.55)"
    return False, ""


def point_of_weakness(stint: PitcherLog, card: Card) -> int:
    if stint.role == "starter":
        return card.starter if card.starter is not None else NO_START_POW
    if stint.role == "emergency":
        return 1  # 25.3: relief endurance (1)
    return card.relief if card.relief is not None else NO_RELIEF_POW


def fatigued(stint: PitcherLog, card: Card, level: str = ADVANCED_ONLY) -> tuple[bool, str]:
    """Whether the pitcher has reached his POW, and the reason."""
    pow_ = point_of_weakness(stint, card)
    tired, why = _starter(stint, pow_) if stint.role == "starter" else _reliever(stint, pow_)
    if tired or level != SUPER:
        return tired, why
    return _innings_limit(stint, pow_)


def _innings_limit(stint: PitcherLog, pow_: int) -> tuple[bool, str]:
    """27.54: a starter is fatigued after 11 innings; 27.63: a reliever after his POW plus 2."""
    if stint.role == "starter":
        limit, rule = START_INNINGS, "27.54"
    else:
        limit, rule = pow_ + RELIEF_EXTRA_INNINGS, "27.63"
    if stint.outs >= 3 * limit:
        return True, f"{limit} innings pitched, the most without fatigue ({rule})"
    return False, ""


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
