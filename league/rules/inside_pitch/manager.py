"""The Inside Pitch auto-manager for ``league sim``: documented and deterministic (docs/inside-pitch.md).

Before each play, from the state and the cards only:

1. an injured player in the game gives way: a pitcher to the next reliever, a
   runner to a pinch runner, a fielder to a bench player rated at his position
   (any bench player if none is), a batter to a pinch hitter;
2. an exhausted pitcher (12.3, an option) is relieved; with the pull option
   (12.2) so is one whose runs, hits and walks exceed his pull rating;
3. a starter's outing follows how he pitches (the project's policy: the manual
   leaves the hook to the manager): he is knocked out at ``KNOCKOUT_RUNS`` runs
   (``EARLY_KNOCKOUT_RUNS`` before the 5th); once tired (12.1, his START) he
   stays while he is going well -- a shutout in progress, at most
   ``GOING_WELL_RUNS`` runs, or ``GOING_WELL_RUNS`` + 1 with a lead of
   ``SAFE_LEAD`` -- up to a share of his rating past it that grows with his
   CG rating (``extra_length``), and is otherwise relieved after
   ``TIRED_GRACE`` of his rating (the cards expect 5-10% of a starter's
   batters faced tired, at least one); from the 9th, a
   save situation (a lead of 1-3 as the inning starts) brings the closer in
   for a tired starter without a shutout;
4. a tired reliever stays for ``TIRED_GRACE`` of his rating, at least one
   batter, as a starter does; the closer (the first pitcher of the bullpen:
   the Lahman generator lists the man with the most saves first) starts the
   9th of a save situation in place of another reliever;
5. a reliever coming in is the closer in a save situation (from the 8th,
   a lead of 1-3), else the first other reliever not resting today (the
   widest RELIEF rating before the 7th: a long man), the closer only when
   nobody else is left, and a resting one only when nobody rested is.

Infield depth (8.10) and the strategy roll (11) are the engine's standing
orders, not decisions.
"""

from __future__ import annotations

import datetime
from typing import Any, Callable, Mapping, Sequence

from league.domain.errors import RulesError
from league.domain.usage import Appearance, days_in_a_row
from league.rules.inside_pitch.charts import LATEST, REVISIONS
from league.rules.inside_pitch.emergency import emergency_card, pitches_in_emergency
from league.rules.inside_pitch.engine import tired
from league.rules.pa.replay import Fold
from league.rules.pa.state import GameState

TIRED_GRACE = 0.08
STARTER_REST = 4  # club games between starts
KNOCKOUT_RUNS = 5  # runs that end a start
EARLY_KNOCKOUT_RUNS = 4  # ... before the 5th inning
GOING_WELL_RUNS = 2  # a tired starter who has given up at most this many stays on
SAFE_LEAD = 4  # ... or one run more with a lead of this many
DOMINATING_EXTRA = 0.40  # how far past his START a starter going well may go (a card without CG)
CG_EXTRA = (0.25, 0.01, 0.60)  # with his CG rating (complete games per 100 starts): base + per CG, at most
CLOSER_INNING = 9  # the closer starts this inning of a save situation
SETUP_INNING = 8  # from this inning a reliever coming into a save situation is the closer
LONG_RELIEF_BEFORE = 7  # before this inning a reliever coming in is the long man
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
    revision = REVISIONS.get(f.level, LATEST)
    card = emergency_card() if pitches_in_emergency(st, revision) else f.cards[team.pitcher]
    pull = card.pull(team.stint.role) if getattr(f.strategy, "pull", False) else None
    if pull is not None:
        runs = sum(ev["runs"] for ev in f.plays if ev.get("pitcher") == team.pitcher)
        if runs + len(team.stint.counted) > pull:  # 12.2: runs, hits and walks past the pull rating
            _relieve(f, side, do)
            return
    if team.stint.role == "starter" and len(team.pitchers) == 1:
        if starter_done(st, card, tired(st, f.cards, revision), lambda: _closer(f, side) is not None):
            _relieve(f, side, do)
        return
    if _closer_in(f, side, do):
        return
    if not tired(st, f.cards, revision):
        return
    limit = (card.starter if team.stint.role == "starter" else card.relief) or card.relief or card.starter or 0
    if team.stint.batters >= limit + max(1, round(limit * TIRED_GRACE)):
        _relieve(f, side, do)


def lead(st: GameState, side: str) -> int:
    """``side``'s runs less the other side's."""
    return st.score[1] - st.score[0] if side == "home" else st.score[0] - st.score[1]


def save_situation(st: GameState, side: str, inning: int = CLOSER_INNING) -> bool:
    """From ``inning`` on, ``side`` fielding with a lead of 1-3 runs."""
    return st.inning >= inning and 1 <= lead(st, side) <= 3


def starter_done(st: GameState, card: Any, is_tired: bool, closer_ready: Callable[[], bool]) -> bool:
    """The fielding side's starter (his first stint, so the other side's runs are all his) leaves now.

    Knocked out by the runs he gave up; tired and not going well (after his
    grace); past his extra length; or tired in a save situation starting the
    9th, without a shutout, when the closer is ready (``closer_ready``: asked only then).
    """
    side = st.fielding_side
    stint = st.defense.stint
    allowed = st.score[0] if side == "home" else st.score[1]
    if allowed >= KNOCKOUT_RUNS or (allowed >= EARLY_KNOCKOUT_RUNS and st.inning < 5):
        return True
    if not is_tired:
        return False
    limit = card.starter or card.relief or 0
    if allowed == 0:
        going_well = True
    else:
        if save_situation(st, side) and st.outs == 0 and not any(st.bases) and closer_ready():
            return True
        going_well = allowed <= GOING_WELL_RUNS or (allowed <= GOING_WELL_RUNS + 1 and lead(st, side) >= SAFE_LEAD)
    grace = max(1, round(limit * TIRED_GRACE))
    extra = max(grace, round(limit * extra_length(card))) if going_well else grace
    return stint.batters >= limit + extra


def extra_length(card: Any) -> float:
    """How far past START (a fraction of it) a starter going well may pitch: from his CG rating
    (``CG_EXTRA``: a workhorse of 1968 goes further than a starter of 2019), else ``DOMINATING_EXTRA``."""
    cg = card.ratings.get("cg")
    if cg is None or cg == "-":
        return DOMINATING_EXTRA
    base, per, most = CG_EXTRA
    return min(most, base + per * int(cg))


def _closer(f: Fold, side: str) -> str | None:
    """The club's closer (the bullpen's first man) when he may come in now: in the bullpen, not resting."""
    team = f.state.team(side)
    if not team.bullpen:
        return None
    closer = team.bullpen[0]
    resting = {r["pitcher"] for r in f.setup[side].get("resting", ())}
    return closer if team.available(closer) and closer not in resting else None


def _closer_in(f: Fold, side: str, do: Callable[[dict[str, Any]], bool]) -> bool:
    """The closer, rested, starts the 9th (or a later inning) of a save situation."""
    st = f.state
    closer = _closer(f, side)
    if closer is None or not save_situation(st, side) or st.outs or any(st.bases):
        return False
    return do({"type": "pitching_change", "team": side, "in": closer})


def _relieve(f: Fold, side: str, do: Callable[[dict[str, Any]], bool]) -> None:
    st, team = f.state, f.state.team(side)
    resting = {r["pitcher"] for r in f.setup[side].get("resting", ())}
    ready = [p for p in team.bullpen if team.available(p)]
    closer = team.bullpen[0] if team.bullpen else None
    others = [p for p in ready if p != closer]
    if st.inning < LONG_RELIEF_BEFORE:  # the long man first
        others.sort(key=lambda p: -(f.cards[p].relief or 0))
    order = ([closer] if closer in ready and save_situation(st, side, SETUP_INNING) else []) + others
    order += [p for p in ready if p not in order]
    for choice in [p for p in order if p not in resting] + [p for p in order if p in resting]:
        if do({"type": "pitching_change", "team": side, "in": choice}):
            return


def resting_relievers(bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]], today: datetime.date,
                      games_since_start: Mapping[str, int], rest_games: Mapping[str, int]) -> list[dict[str, str]]:
    """A reliever rests after pitching on each of the two days before (the project's rule: the manual is silent)."""
    out = []
    for p in bullpen:
        # From today back, as Strat's rest reads it (a whole season's set of days grew with the season).
        pitched_today, streak = days_in_a_row(usage.get(p, ()), today)
        if pitched_today:
            out.append({"pitcher": p, "reason": "pitched today"})
        elif streak >= 2:
            out.append({"pitcher": p, "reason": "pitched on each of the two days before"})
        elif p in rest_games and games_since_start.get(p, 10**6) < rest_games[p]:
            out.append({"pitcher": p, "reason": "started too recently"})
    return out


__all__ = ["ORDERS", "STARTER_REST", "lead", "manage", "extra_length", "resting_relievers", "save_situation",
           "starter_done"]
