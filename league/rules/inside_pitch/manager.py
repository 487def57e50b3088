"""The Inside Pitch auto-manager for ``league sim``: documented and deterministic (docs/inside-pitch.md).

Before each play, from the state and the cards only:

1. an injured player in the game gives way: a pitcher to the next reliever, a
   runner to a pinch runner, a fielder to a bench player rated at his position
   (any bench player if none is), a batter to a pinch hitter;
2. an exhausted pitcher (12.3, an option) is relieved; with the pull option
   (12.2) so is one whose runs, hits and walks exceed his pull rating;
3. a tired pitcher (12.1) stays for a few batters (the cards expect 5-10% of
   his batters to be faced tired: ``TIRED_GRACE`` of his rating, at least one)
   and is then relieved by the first reliever of the bullpen not resting
   today (a resting one only when nobody else is left).

Infield depth (8.10) and the strategy roll (11) are the engine's standing
orders, not decisions.
"""

from __future__ import annotations

import datetime
from typing import Any, Callable, Mapping, Sequence

from league.domain.errors import RulesError
from league.domain.usage import Appearance
from league.rules.inside_pitch.engine import tired
from league.rules.pa.replay import Fold

TIRED_GRACE = 0.08
STARTER_REST = 4  # club games between starts
ORDERS: dict[str, Any] = {"strategy_roll": True, "infield": "auto"}


def manage(f: Fold) -> list[dict[str, Any]]:
    made: list[dict[str, Any]] = []

    def do(decision: dict[str, Any]) -> bool:
        try:
            f.decide(decision)
        except RulesError:
            return False
        made.append(decision)
        return True

    for side in ("visitor", "home"):
        _injuries(f, side, do)
    _pitcher(f, do)
    return made


def _injuries(f: Fold, side: str, do: Callable[[dict[str, Any]], bool]) -> None:
    for hurt in list(f.state.team(side).injured):
        st, team = f.state, f.state.team(side)
        if not team.in_game(hurt):
            continue
        pos = team.position_of(hurt)
        bench = [p for p in team.bench if team.available(p)]
        if pos == "p":
            _relieve(f, side, do)
        elif side == st.batting_side and hurt in st.bases and bench:
            do({"type": "pinch_run", "team": side, "base": st.bases.index(hurt) + 1, "in": bench[0]})
        elif pos is not None and pos != "dh" and bench:
            rated = [p for p in bench if pos in team.rated(p)] or bench
            do({"type": "defensive_replacement", "team": side, "out": hurt, "in": rated[0], "position": pos})
        elif side == st.batting_side and team.batter == hurt and bench:
            do({"type": "pinch_hit", "team": side, "in": bench[0]})


def _pitcher(f: Fold, do: Callable[[dict[str, Any]], bool]) -> None:
    st = f.state
    side, team = st.fielding_side, st.defense
    if team.pitcher != team.stint.pitcher or dict(st.extra).get("exhausted") == team.pitcher:
        _relieve(f, side, do)  # 12.3: an exhausted pitcher must go
        return
    card = f.cards[team.pitcher]
    pull = card.pull(team.stint.role)
    if getattr(f.strategy, "pull", False) and pull is not None:
        runs = sum(ev["runs"] for ev in f.plays if ev.get("pitcher") == team.pitcher)
        if runs + len(team.stint.counted) > pull:  # 12.2: runs, hits and walks past the pull rating
            _relieve(f, side, do)
            return
    if not tired(st, f.cards):
        return
    limit = (card.starter if team.stint.role == "starter" else card.relief) or card.relief or card.starter or 0
    if team.stint.batters >= limit + max(1, round(limit * TIRED_GRACE)):
        _relieve(f, side, do)


def _relieve(f: Fold, side: str, do: Callable[[dict[str, Any]], bool]) -> None:
    team = f.state.team(side)
    resting = {r["pitcher"] for r in f.setup[side].get("resting", ())}
    ready = [p for p in team.bullpen if team.available(p)]
    for choice in [p for p in ready if p not in resting] + [p for p in ready if p in resting]:
        if do({"type": "pitching_change", "team": side, "in": choice}):
            return


def resting_relievers(bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]], today: datetime.date,
                      games_since_start: Mapping[str, int], rest_games: Mapping[str, int]) -> list[dict[str, str]]:
    """A reliever rests after pitching on each of the two days before (the project's rule: the manual is silent)."""
    out = []
    for p in bullpen:
        days = {a.date for a in usage.get(p, ()) if a.date <= today}
        if today in days:
            out.append({"pitcher": p, "reason": "pitched today"})
        elif {today - datetime.timedelta(days=1), today - datetime.timedelta(days=2)} <= days:
            out.append({"pitcher": p, "reason": "pitched on each of the two days before"})
        elif p in rest_games and games_since_start.get(p, 10**6) < rest_games[p]:
            out.append({"pitcher": p, "reason": "started too recently"})
    return out


__all__ = ["ORDERS", "STARTER_REST", "manage", "resting_relievers"]
