"""The auto-manager for ``league sim``: a documented, deterministic Pine Tar policy.

It reads the state and the cards only (no dice), so the same game always
gets the same decisions, each recorded as a ``DecisionMade`` event.  In order
(docs/pine-tar.md, "The auto-manager"):

1. **Maximum innings**: a pitcher past his MIP (with the starter's +1 bonus,
   and the complete-game bonus where the league plays it)
   gives way before the next batter: relievers (R) in bullpen order, a dual
   role pitcher next, the closer only as the last reliever, then starters;
   rested ones before those resting today (:func:`resting_relievers`: the
   last three days in a row, page 15's suggestion).
2. **The closer** (C), rested, starts the 9th inning or later with a lead of 1-3 runs, unless the
   starter is still in, may pitch the inning (his MIP and +1) and has allowed one run or none: he
   finishes what he started, as the real managers let a starter with a shutout or one run do.
3. **Steal**: a runner on first with second open, fewer than two out, SBO
   AA, A or B and an adjusted SBC (with the catcher's AR) of 75 or more.
4. **Sacrifice**: a pitcher at bat (no DH) with none out, a runner on first
   or second, third open, and an SHC.
5. **Hit and run** (only in a league playing the option ``hit-and-run``): a
   runner on first alone who did not steal (rule 3), SBO AA, A or B, with
   fewer than two out and a hitter (not a pitcher) at bat, while the club has
   hit and runs left (two a game).
6. **Infield in** (the defense): in the 8th inning or later, with none out,
   runners on first and third and the run from third one that would tie the
   game, put the offense ahead or add to its lead, the infield plays in: a
   GDP is refused (page 6) and a bases-loaded DP taken as the force at home
   (page 7), so the run does not score.  Never with one out, when the double
   play ends the inning.
"""

from __future__ import annotations

import datetime
from typing import Any, Mapping, Sequence

from league.domain.errors import RulesError
from league.domain.usage import Appearance, days_in_a_row
from league.rules.pa.state import GameState, Team
from league.rules.pine_tar.cards import Card
from league.rules.pine_tar.engine import (HIT_AND_RUN_USES, LATE_INNING, extra, infield_in_refused, over_limit,
                                          pitcher_runs, relief_left)

ORDERS: dict[str, Any] = {"play": "swing", "tag": True}
STARTER_REST = 4  # games between starts
STEAL_AT = 75
STEAL_GRADES = frozenset({"AA", "A", "B"})
CLOSER_LEAD = range(1, 4)
FINISH_RUNS = 1  # a starter who may pitch the 9th keeps it from the closer with this many runs or fewer
RELIEF_DAYS_IN_A_ROW = 3  # page 15: "no more than 3 consecutive games"


def manage(f: Any) -> list[dict[str, Any]]:
    made: list[dict[str, Any]] = []

    def do(decision: dict[str, Any]) -> bool:
        try:
            f.decide(decision)
        except RulesError:
            return False
        made.append(decision)
        return True

    st: GameState = f.state
    if st.over:
        return made
    side = st.fielding_side
    team = st.defense
    cards: Mapping[str, Card] = f.cards
    resting = {r["pitcher"] for r in f.setup.get(side, {}).get("resting", ())}
    lead = (st.score[0] - st.score[1]) * (1 if side == "visitor" else -1)
    # the closer is looked for only in his inning (it costs a tenth of a simulation done before every play)
    closer = (_closer(team, cards, resting) if st.inning >= 9 and st.outs == 0 and lead in CLOSER_LEAD
              else None)
    if (closer and st.runner_count() == 0
            and team.pitcher != closer and cards[team.pitcher].role != "C" and team.stint.batters > 0
            and not finishes(st, cards, team, f.strategy.options)):
        do({"type": "pitching_change", "team": side, "in": closer})
    elif over_limit(st, cards, team, f.strategy.options):
        for p in _relief_order(team, cards, resting):
            if do({"type": "pitching_change", "team": side, "in": p}):
                break
    st = f.state
    off = st.offense
    runner = st.bases[0]
    if runner and st.bases[1] is None and st.outs < 2:
        card = cards[runner]
        catcher = st.defense.at("c")
        ar = (cards[catcher].ar or 0) if catcher else 0
        if card.sbc is not None and card.sbo in STEAL_GRADES and card.sbc + ar >= STEAL_AT:
            if do({"type": "steal", "team": st.batting_side, "runners": [1]}):
                return made
    if (st.inning >= LATE_INNING and st.outs == 0 and st.bases[0] and st.bases[2]
            and infield_in_refused(st) is None):
        do({"type": "strategy", "team": side, "set": {"infield_in": True}})
    batter = cards[off.batter]
    if ("hit-and-run" in f.strategy.options and runner and st.bases[1] is None and st.bases[2] is None
            and st.outs < 2 and batter.kind != "pitcher" and cards[runner].sbo in STEAL_GRADES
            and extra(st, f"hit-and-run:{st.batting_side}") < HIT_AND_RUN_USES):
        if do({"type": "strategy", "team": st.batting_side, "set": {"play": "hit_and_run"}}):
            return made
    if (batter.kind == "pitcher" and st.outs == 0 and st.bases[2] is None and (st.bases[0] or st.bases[1])
            and batter.shc is not None):
        do({"type": "strategy", "team": st.batting_side, "set": {"play": "sacrifice"}})
    return made


def finishes(state: GameState, cards: Mapping[str, Card], team: Team, options: Sequence[str] = ()) -> bool:
    """The starter is still in, the rules let him pitch on (not past his MIP, the +1 or the complete-game
    bonus) and he has allowed :data:`FINISH_RUNS` or fewer: the closer waits."""
    return (team.stint.role == "starter" and pitcher_runs(state, team.pitcher) <= FINISH_RUNS
            and not over_limit(state, cards, team, options))


def _closer(team: Team, cards: Mapping[str, Card], resting: set[str]) -> str | None:
    return next((p for p in relief_left(team) if cards[p].role == "C" and p not in resting), None)


def _relief_order(team: Team, cards: Mapping[str, Card], resting: set[str]) -> list[str]:
    """Rested relievers first (R in card order, the dual role, the closer), then the resting ones."""
    left = relief_left(team)
    rank = {"R": 0, "S/R": 1, "C": 2, "S": 3}
    return sorted(left, key=lambda p: (p in resting, rank.get(cards[p].role or "S", 3), left.index(p)))


def tired(state: GameState, cards: Mapping[str, Card], team: Team, options: Sequence[str] = ()) -> bool:
    return over_limit(state, cards, team, options)


def resting_relievers(bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]], today: datetime.date,
                      games_since_start: Mapping[str, int], rest_games: Mapping[str, int]) -> list[dict[str, str]]:
    """The manager's judgment from page 15's suggestion: a reliever who pitched on each of the
    :data:`RELIEF_DAYS_IN_A_ROW` days before today rests, as does a dual-role pitcher short of his
    rest between starts.  A resting reliever still comes in when nobody else is left."""
    out = []
    for p in bullpen:
        # From today back (a Staff's history is date-ordered): a set of the reliever's whole season,
        # for each reliever of every setup, grew with the season.
        if days_in_a_row(usage.get(p, ()), today)[1] >= RELIEF_DAYS_IN_A_ROW:
            out.append({"pitcher": p, "reason": f"pitched the last {RELIEF_DAYS_IN_A_ROW} days (page 15)"})
        elif p in rest_games and games_since_start.get(p, rest_games[p]) < rest_games[p]:
            out.append({"pitcher": p, "reason": f"started {games_since_start[p]} game(s) ago"})
    return out


__all__ = ["ORDERS", "STARTER_REST", "finishes", "manage", "resting_relievers", "tired"]
