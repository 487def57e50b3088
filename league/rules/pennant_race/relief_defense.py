"""The ``relief-defense`` ruleset: the older relief rule of the same family.

Read ``relief-defense-variant.txt``.  Everything is as in Pennant Race (the
shutout and complete-game checks, bonuses, unearned runs, statistics) except
how relief works: with a dice sum under 10 the Relief/Defense chart gives a
Pitcher Endurance number; when it is at least the starter's END, the red die
is the number of relievers, and their REL total, held to -2..+2, is *added*
to the white die before it multiplies the starter's ST.  There is no REL term
in the offense and no Fielding chart.

The text's rule and its example disagree in sign (the example subtracts 2
for a -3 total, which is what adding -2 does); adding, literally, is what
both say.  Note that under this rule a negative (good in Pennant Race) REL
lowers the defense.
"""

from __future__ import annotations

from typing import Any, Sequence

from league.domain.dice import Triad
from league.rules.pennant_race import charts
from league.rules.pennant_race.bullpen import choose_relievers, describe
from league.rules.pennant_race.usage import RelieverStatus

REL_CAP = 2  # "no sum may be greater than (+2) or less than (-2)"


def relief(
    bullpen: Sequence[RelieverStatus],
    starter: str,
    end: int,
    triad: Triad,
    steps: list[dict[str, Any]],
) -> tuple[list[tuple[str, int]], int, int]:
    """Relievers (entry order, with REL), bullpen outs, and the white-die change.

    Innings for the statistics come from the Pennant Race Innings Pitched
    chart (raw white die, plus the inning for a sum of 10 or less, which is
    always the case here), raised so every reliever records an out.  With no
    relief the starter works the whole game.
    """
    if triad.sum >= 10:
        steps.append({"step": "relief check", "rule": "relief-defense a", "sum": triad.sum,
                      "result": "sum 10 or more: no relief"})
        return [], 0, 0
    cell = charts.relief_defense_endurance(triad.sum)
    needs = cell.value >= end
    step: dict[str, Any] = {
        "step": "relief check", "chart": "relief/defense", "row": cell.row,
        "pitcher_endurance": cell.value, "pitcher": starter, "end": end,
        "result": "relief needed" if needs else "no relief: END greater than the chart",
    }
    steps.append(step)
    if not needs:
        return [], 0, 0
    chosen = choose_relievers(bullpen, triad.red, exclude={starter})
    total = sum(rel for _, rel in chosen)
    change = max(-REL_CAP, min(REL_CAP, total))
    outs_cell = charts.bullpen_outs(end, triad.white)
    outs = max(outs_cell.value + 3, len(chosen)) if chosen else 0
    entry = sorted(chosen, key=lambda sr: sr[0].roster_order)
    steps.append({
        "step": "relievers chosen", "rule": "relief-defense a; 2.1.e fatigue", "wanted": triad.red,
        "chosen": [describe(s, rel) for s, rel in chosen], "sum": total, "white_change": change,
        "chart": "innings pitched", "row": outs_cell.row, "column": triad.white,
        "bullpen_outs": outs, "innings": charts.innings_text(outs),
    })
    return [(s.name, rel) for s, rel in entry], outs, change

