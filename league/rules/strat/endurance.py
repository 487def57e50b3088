"""Pitcher endurance by point of weakness (27.0-27.4, advanced; 27.54 and 27.63, super advanced).

Fatigue is a pure function of the stint's log (hits and unintentional walks
with the inning and the pitcher's outs when each came) and his card, so it is
recomputed before every batter rather than stored: once reached it stays (27.2)
because the log only grows.
"""

from __future__ import annotations

import functools
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
    if stint.role != "starter" or not state.extra:
        return False, ""
    runs = dict(state.extra).get(RUNS)
    return _lost(stint.pitcher, runs) if runs else (False, "")


@functools.lru_cache(maxsize=256)  # asked before every batter; the runs change a few times a game
def _lost(starter: str, runs: tuple[tuple[str, int, int], ...]) -> tuple[bool, str]:
    per: dict[int, int] = {}
    for pitcher, inning, n in runs:
        if pitcher == starter:
            per[inning] = per.get(inning, 0) + n
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
    # Asked before every batter, and a stint's log is the same tuple until a hit or walk: the answer is
    # kept by the log's identity (caches keyed by its value hashed the whole log every time).
    counted = stint.counted
    starter = stint.role == "starter"
    if len(counted) < 3:  # both rules need three hits or walks at least: most stints, most of the time
        if level != SUPER:
            return False, ""
        return _innings_limit(stint, pow_)
    key = (id(counted), pow_, starter)
    hit = _FATIGUE.get(key)
    if hit is None:
        if len(_FATIGUE) > 8192:
            _FATIGUE.clear()
        # the entry keeps the log alive: an id found is always that very log's
        hit = _FATIGUE[key] = (counted, *(_starter(counted, pow_) if starter else _reliever(counted, pow_)))
    tired, why = hit[1], hit[2]
    if tired or level != SUPER:
        return tired, why
    return _innings_limit(stint, pow_)


_FATIGUE: dict[tuple[int, int, bool], tuple[tuple[tuple[int, int], ...], bool, str]] = {}  # see fatigued


def _innings_limit(stint: PitcherLog, pow_: int) -> tuple[bool, str]:
    """27.54: a starter is fatigued after 11 innings; 27.63: a reliever after his POW plus 2."""
    if stint.role == "starter":
        limit, rule = START_INNINGS, "27.54"
    else:
        limit, rule = pow_ + RELIEF_EXTRA_INNINGS, "27.63"
    if stint.outs >= 3 * limit:
        return True, f"{limit} innings pitched, the most without fatigue ({rule})"
    return False, ""


# _starter and _reliever are asked through fatigued, which keeps their answers by the stint log's identity.
def _starter(counted: tuple[tuple[int, int], ...], pow_: int) -> tuple[bool, str]:
    """27.3: from his POW inning on, 3 in one inning or 4 in two consecutive innings."""
    per: dict[int, int] = {}
    for inning, _ in counted:
        if inning >= pow_:  # hits and walks before his POW inning do not count
            per[inning] = per.get(inning, 0) + 1
    for inning, n in sorted(per.items()):
        if n >= 3:
            return True, f"3 hits/walks in inning {inning} (POW {pow_}, 27.3 A)"
        if n + per.get(inning + 1, 0) >= 4:
            return True, f"4 hits/walks in innings {inning}-{inning + 1} (POW {pow_}, 27.3 B)"
    return False, ""


def _reliever(counted: tuple[tuple[int, int], ...], pow_: int) -> tuple[bool, str]:
    """27.4: vulnerable after 3*(POW-1) outs; then 3 hits/walks within three outs."""
    start = 3 * (pow_ - 1)
    outs = sorted(o for _, o in counted if o >= start)
    for i in range(len(outs) - 2):
        if outs[i + 2] - outs[i] <= 2:
            return True, (f"3 hits/walks within three outs after his {start}th out "
                          f"(relief POW {pow_}, 27.4)")
    return False, ""


# --- 28: the closer rule (super advanced revision 2, for cards with a closer endurance) --------------

CLOSER = "strat:closer"  # GameState.extra key: ((pitcher, his outs, his hits/walks when he became the closer), ...)


def closer_situation(state: GameState) -> bool:
    """28.2: the team in the field leads in the 9th inning or later and the tying run is on base or at bat."""
    if state.inning < 9:
        return False
    v, h = state.score
    lead = h - v if state.fielding_side == "home" else v - h
    return 1 <= lead <= sum(b is not None for b in state.bases) + 1


def closer_switch(state: GameState, card: Card, live: bool = True) -> tuple[int, int] | None:
    """When the reliever on the mound began to use his closer endurance (28.32-28.34): his outs and
    hits/walks then, as recorded, or (``live``) now if this is a closer situation; None: his regular POW.
    Starters never (28.31), nor a card without a closer endurance."""
    stint = state.defense.stint
    if stint.role != "relief" or card.closer is None:
        return None
    for pitcher, outs, counted in dict(state.extra).get(CLOSER, ()):
        if pitcher == stint.pitcher:
            return outs, counted
    if live and closer_situation(state):
        return stint.outs, len(stint.counted)
    return None


def record_closer(before: GameState, after: GameState, card: Card) -> GameState:
    """``after`` with the switch to closer endurance that ``before`` made, if it was not recorded yet."""
    switch = closer_switch(before, card)
    if switch is None or closer_switch(before, card, live=False) is not None:
        return after
    extra = dict(after.extra)
    extra[CLOSER] = extra.get(CLOSER, ()) + ((before.defense.stint.pitcher, *switch),)
    return replace(after, extra=tuple(extra.items()))


def super_fatigue(state: GameState, card: Card, live: bool = True) -> tuple[bool, str]:
    """Super advanced revision 2: 27.x with 27.54/27.63, 27.55 (losing his stuff) and 28 (the closer rule).

    Once a reliever uses his closer endurance it replaces his regular POW (28.34); fatigue he reached
    before stays (27.2), and the POW plus 2 innings limit still holds (28.38).  Closer endurance E, less
    the outs he had when he became the closer (28.33, not below 0), is the outs he may record; after
    them his first hit or walk fatigues him (28.35); E = N is fatigued at once (28.36).
    """
    stint = state.defense.stint
    switch = closer_switch(state, card, live)
    if switch is None:
        tired, why = fatigued(stint, card, SUPER)
        return (tired, why) if tired else lost_stuff(state)
    outs0, counted0 = switch
    tired, why = fatigued(replace(stint, counted=stint.counted[:counted0]), card, SUPER)
    if tired:
        return tired, why
    if card.closer == "N":
        return True, "closer endurance N in a closer situation (28.36)"
    left = max(int(card.closer or 0) - outs0, 0)
    if any(outs >= outs0 + left for _, outs in stint.counted[counted0:]):
        return True, (f"a hit or walk after his {left} closer out(s) (closer endurance {card.closer}"
                      + (f" less {outs0} out(s) before, 28.33" if outs0 else "") + ", 28.35)")
    return False, ""
