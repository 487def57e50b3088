"""The numbers behind running: extra bases, tagging up, stealing.

Each function returns the highest safe number on the d20 and the arithmetic
as text, so the event can show how the chance was reached.
"""

from __future__ import annotations

from league.rules.strat.levels import ADVANCED


def clamp(n: int, lo: int, hi: int) -> int:
    return max(lo, min(hi, n))


# 13.4 (super advanced): a throw to third from right field is long (+2), from left field short (-2)
THROW_TO_THIRD = {"rf": 2, "lf": -2}
# 13.63 (catcher blocking the plate) and 14.5 (robbing a homerun): the defender's range rating -> the
# highest d20 that still gives the runner home, or the homerun
BLOCK_SAFE = {1: 2, 2: 6, 3: 10, 4: 14, 5: 18}
ROB_HOMERUN = {1: 3, 2: 7, 3: 11, 4: 15, 5: 19}


def extra_base(running: int, outs: int, level: str, arm: int | None = None,
               held: bool | None = None, to_third_from: str | None = None) -> tuple[int, str]:
    """2.2/2.22 and, in advanced, 13.1 (the arm) and 13.2 (held -1, not held +1); super advanced
    revision 2, 13.4: ``to_third_from`` the outfielder throwing to third."""
    n, how = running, [f"running 1-{running}"]
    if outs == 2:
        n, how = n + 2, how + ["+2 two out (2.22)"]
    if level in ADVANCED:
        if arm is not None:
            n, how = n + arm, how + [f"{arm:+d} arm (13.1)"]
        if to_third_from in THROW_TO_THIRD:
            adj = THROW_TO_THIRD[to_third_from]
            n, how = n + adj, how + [f"{adj:+d} throw from {to_third_from} to third (13.4)"]
        if held is not None:
            adj = -1 if held else 1
            n, how = n + adj, how + [f"{adj:+d} {'held' if held else 'not held'} (13.2)"]
        top = clamp(n, 1, 19)  # 13.1: at most 1-19, at least 1
    else:
        top = clamp(n, 1, 20)
    return top, " ".join(how) + f" = 1-{top}"


def trail_runner(running: int, arm: int, held: bool | None = None, two_out: bool = False,
                 to_third_from: str | None = None) -> tuple[int, str]:
    """Super advanced cut-off (revision 3): the lead trail runner's chance when the throw is cut off for
    him.  13.621 (a hit): running -5, the arm, -1 held or +1 not held, +2 with two out (not for the
    batter), 13.4's +2 from right or -2 from left on a throw to third.  14.43 (fly()B?, ``held`` None):
    running -5, the arm, the throw to third.  At least 1 (13.621, 14.43), at most 19 (13.1)."""
    n, how = running - 5, [f"running 1-{running} -5 trail runner"]
    n, how = n + arm, how + [f"{arm:+d} arm"]
    if held is not None:
        adj = -1 if held else 1
        n, how = n + adj, how + [f"{adj:+d} {'held' if held else 'not held'} (13.621)"]
    if two_out:
        n, how = n + 2, how + ["+2 two out"]
    if to_third_from in THROW_TO_THIRD:
        adj = THROW_TO_THIRD[to_third_from]
        n, how = n + adj, how + [f"{adj:+d} throw from {to_third_from} to third"]
    top = clamp(n, 1, 19)
    return top, " ".join(how) + f" = 1-{top}"


def tag_up(running: int, arm: int, outfield_in: bool = False) -> tuple[int, str]:
    """14.2 (fly()B?, runner on third) and 14.3 (fly(rf)B, runner on second); 21.2: with the
    outfield in, -7 instead of +2."""
    adj = -7 if outfield_in else 2
    top = clamp(running + arm + adj, 1, 19)
    return top, f"running 1-{running} {arm:+d} arm {adj:+d}{' outfield in (21.2)' if outfield_in else ''} = 1-{top}"


def steal(chart: int, grade: str, level: str, held: bool, catcher_rating: int,
          catcher_arm: int, basic_hold: dict[str, int], advanced_hold: dict[str, int]) -> tuple[int, str]:
    """8.1/8.2 (basic: held costs by catcher rating, nothing for AAA) and
    22.21/22.23 (advanced: the catcher's arm always, held costs by grade)."""
    n, how = chart, [f"{grade} stealer 1-{chart}"]
    if level in ADVANCED:
        n, how = n + catcher_arm, how + [f"{catcher_arm:+d} catcher's arm (22.21)"]
        if held:
            d = advanced_hold[grade]
            n, how = n - d, how + [f"-{d} held (22.23)"]
    elif held and grade != "AAA":
        d = basic_hold[str(catcher_rating)]
        n, how = n - d, how + [f"-{d} held by a catcher-{catcher_rating} (8.2)"]
    top = clamp(n, 1, 20)  # project's rule: a steal keeps at least the 1
    return top, " ".join(how) + f" = 1-{top}"
