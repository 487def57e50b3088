"""Choosing relievers: REL, fatigue and the asterisk rule (2.1.d, 2.1.e, 2.6).

A team must always use its best relievers available *now* (lower REL is
better, fatigue included), so it cannot save a good arm for tomorrow.
"""

from __future__ import annotations

from typing import AbstractSet, Any, Sequence

from league.rules.pennant_race.usage import DUAL_ROLE_REST, RelieverStatus, UsageLimits

# A numeric-FAT reliever who worked this many days in a row sits out today.
MAX_CONSECUTIVE = 3


def _fat(s: RelieverStatus) -> int:
    return s.fat or 0


def fatigue_points(s: RelieverStatus) -> int:
    """Points added to REL today: FAT per consecutive day, doubled on the third day."""
    if s.asterisk:
        return 0
    return min(s.consecutive_days, 2) * _fat(s)


def effective_rel(s: RelieverStatus) -> int | None:
    """REL with fatigue, or None when he cannot pitch today at all.

    The asterisk *situation* rule (how many relievers are needed) is not
    checked here; :func:`choose_relievers` does that.
    """
    if s.used_today:
        return None  # a doubleheader: one appearance a day
    if s.dual_role and s.days_since_start is not None and s.days_since_start < DUAL_ROLE_REST:
        return None
    if s.asterisk:
        return None if s.consecutive_days >= 1 else s.rel
    if s.consecutive_days >= MAX_CONSECUTIVE:
        return None
    return s.rel + fatigue_points(s)


def tired_closer(bullpen: Sequence[RelieverStatus]) -> str | None:
    """A non-asterisk pure reliever sitting out after three days in a row.

    Our reading of "some of the non-asterisked relievers (that would appear
    again in the game because of a good rating) have been already used for
    three days or more": any such reliever resting today opens the door to
    the asterisk relievers, whatever the number needed.
    """
    for s in bullpen:
        if not s.asterisk and not s.dual_role and s.consecutive_days >= MAX_CONSECUTIVE:
            return s.name
    return None


def _situation_allows(
    s: RelieverStatus, needed: int, extra_inning: bool, pitchers_used: int, tired: bool
) -> bool:
    """The asterisk rule: when an asterisk pitcher may come in at all."""
    if not s.asterisk:
        return True
    if needed >= 3 or (extra_inning and pitchers_used >= 2):
        return True
    # The tired-reliever exception is written for relievers; the dual-role
    # paragraph lists only the two conditions above.
    return tired and not s.dual_role


def choose_relievers(
    bullpen: Sequence[RelieverStatus],
    needed: int,
    *,
    extra_inning: bool = False,
    pitchers_used: int = 0,
    exclude: AbstractSet[str] = frozenset(),
) -> list[tuple[RelieverStatus, int]]:
    """The best ``needed`` relievers available, best first, with their effective REL.

    Order: effective REL (lower first), then fewer fatigue points, then
    non-asterisk before asterisk ("precedence is always given to
    non-asterisked relievers"), then roster order.  Fewer are returned when
    fewer may pitch.
    """
    if needed <= 0:
        return []
    tired = tired_closer(bullpen) is not None
    pool: list[tuple[RelieverStatus, int]] = []
    for s in bullpen:
        if s.name in exclude:
            continue
        rel = effective_rel(s)
        if rel is None or not _situation_allows(s, needed, extra_inning, pitchers_used, tired):
            continue
        pool.append((s, rel))
    pool.sort(key=lambda sr: (sr[1], fatigue_points(sr[0]), sr[0].asterisk, sr[0].roster_order))
    return pool[:needed]


def within_limits(
    bullpen: Sequence[RelieverStatus], limits: UsageLimits
) -> tuple[tuple[RelieverStatus, ...], list[dict[str, Any]]]:
    """The relievers the usage limits let pitch today, and who rests and why.

    One resting for the limits is off the staff for the day, like a man out
    for three straight days, but he does not open the door to the asterisk
    relievers: that exception is the manual's, for its own fatigue.
    """
    kept, resting = [], []
    for s in bullpen:
        why = limits.breach(s)
        if why is None:
            kept.append(s)
        else:
            resting.append({"pitcher": s.name, "reason": why})
    return tuple(kept), resting


def describe(s: RelieverStatus, rel: int) -> dict[str, Any]:
    """A chosen reliever as the explanation shows him: rating, fatigue, REL used."""
    return {"pitcher": s.name, "rel": s.rel, "fat": "*" if s.asterisk else s.fat,
            "consecutive_days": s.consecutive_days, "fatigue_points": fatigue_points(s),
            "effective_rel": rel}
