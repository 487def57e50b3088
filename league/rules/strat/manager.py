"""The auto-manager: a documented, deterministic Strat-O-Matic policy for `league sim`.

Before every play it looks at the state and the cards only (no dice, no
clock), so the same game always gets the same decisions, and every decision
it takes is recorded as a ``DecisionMade`` event like a person's would be.

The policy, in the order it is applied (see docs/strat-o-matic.md):

1. **Injuries**: an injured pitcher gives way to the next reliever; an injured
   fielder to a bench player rated at his position (any bench player if none);
   an injured batter or runner to a pinch hitter / runner.
2. **Tired pitcher**: pulled once he reaches his point of weakness (27.3/27.4,
   used as the manager's judgment at the basic level too), a reliever after
   ``3 x relief POW`` outs (two innings before 27.63's limit, :func:`relief_outs`), a starter at 27.54's
   11 innings (:data:`START_OUTS`; in super advanced games both limits also fatigue, as the engine
   reads them).  In games whose setup lists
   the resting relievers (all set up since the usage limits), also: the
   rested closer starts the 9th (or later) inning with a lead of 1-3 runs,
   whoever is pitching (:func:`save_situation`), and a starter past his
   expected length (:func:`starter_length`: his POW plus two innings, the
   generator's real innings per start) is pulled unless he is dominating (a
   shutout in progress or at most one hit or walk an inning), which buys him
   three innings more at most; a starter with a shutout going keeps the 9th.
   A club whose cards carry the real season's figures (``actual:`` lines)
   and whose rotation really averaged under six innings a start
   (:func:`workload`, 2019's clubs) has its starters pulled at their length
   however well they pitch, a length of its workload plus two innings at
   most.
   Relievers by role: in the 9th or later with a lead of 1-3 runs the closer
   (best relief POW); otherwise middle relievers, the longest (highest relief
   POW) first, the closer last.  Relievers resting today (the game's setup
   lists them, from :func:`resting_relievers`) only
   when no other reliever is left; then starters, then a position player (25.3).
3. **Out-of-position fielders** give way to a rated bench player (10.1).
4. **Pinch-hit for the pitcher** (no DH) from the 7th inning on when a reliever
   is left: the first bench batter who is not the only spare catcher.
5. **Late defensive replacements** and **pinch runners** (8th inning on).
6. **The play's strategy**, the defense first (7.1): intentional walk,
   infield in (9.1, and 20.12 against an expected bunt; super advanced
   revision 2: the corners in against the bunt, 20.7; revision 4 weighs the
   fielding chart's "#" readings before the infield comes in or a runner is
   held), holding the runner on first, the cut-off (13.3); then the offense:
   steal, sacrifice.
7. **Send or hold** a runner on an extra-base or tag-up try (2.2, 14.2): not a
   decision but a standing order (:data:`ORDERS`' ``send_at``), which the
   engine applies when the try arises.

Steps 5 to 7, with their thresholds, are in :mod:`league.rules.strat.policy`.
The policy lives in decisions and the game's standing orders, both stored
(``DecisionMade`` events, the setup of ``Started``), so changing the policy
changes what ``league sim`` plays from now on and nothing an audit re-derives.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, cast

from league.domain.errors import RulesError
from league.rules.pa.replay import Fold
from league.rules.pa.state import GameState, Team
from league.rules.strat import policy
from league.rules.strat.cards import Card
from league.rules.strat.endurance import (NO_START_POW, RELIEF_EXTRA_INNINGS, START_INNINGS, fatigued,
                                          super_fatigue)
from league.rules.strat.levels import ADVANCED_ONLY, split_level
from league.rules.strat.strategy import Strategy
# The rest rules live in a module of their own that imports no engine, so `league pitchers` reads them
# without loading the game state; imported back here, where the games decide from them.
from league.rules.strat.usage_rules import (ASTERISK_REST, LIMITS, RELIEF_DAYS_IN_A_ROW, STARTER_REST,  # noqa: F401
                                            rest_needed, resting_relievers)

LATE = policy.LATE
# 27.54: "the maximum number of innings a starter can pitch without fatigue is 11": the manager's cap on a
# starter at every level (in super advanced games the engine also tires him there, endurance.START_INNINGS)
START_OUTS = 3 * START_INNINGS
# The standing orders, stored in each new game's setup: runners take the extra base and tag up (the
# engine rolls for it) when their chance then reaches the policy's threshold (send_at, policy.SEND_AT).
# Games set up before send_at store the first three only: every runner tries.  Plain JSON, as stored.
ORDERS = {"send": True, "tag_up": True, "tag_from_second": True,
          "send_at": {k: list(v) for k, v in policy.SEND_AT.items()}}
LENGTH_OVER_POW = 2  # a starter's expected innings: his POW plus this (starter_length)
DOMINATING_EXTRA = 3  # innings past his length a dominating starter may go
# A club whose cards carry the real season's figures (``actual:`` lines, the Lahman generator's) has a
# workload (:func:`workload`): its rotation's real innings per start.  Under ``MODERN_WORKLOAD`` (2019's
# clubs, about five and a half) its starters are pulled at their length however well they pitch, and no
# length is more than ``OVER_WORKLOAD`` innings past the workload (a card rated from a few long starts, an
# opener club's long man, would otherwise finish every start).  Other clubs: as above.  Measured, letting
# 1968's starters go longer than this rule (more hits an inning, the 9th kept) brought its complete games
# and saves near the real ones but cost the wins correlation (0.79 to 0.74, six seeds): not done.
ROTATION = 5  # the starters whose real innings per start make the club's workload
MODERN_WORKLOAD = 6.0
OVER_WORKLOAD = 2


def manage(f: Fold) -> list[dict[str, Any]]:
    """Decide everything before the next play; apply each decision to ``f`` and return them."""
    made: list[dict[str, Any]] = []

    def do(decision: dict[str, Any]) -> bool:
        try:
            f.decide(decision)
        except RulesError:
            return False
        made.append(decision)
        return True

    # It runs before every plate appearance: with nobody injured on either side (a substitution hurts
    # nobody) there is no one to replace, and no call is made.
    st = f.state
    if st.visitor.injured or st.home.injured:
        for side in ("visitor", "home"):
            _injuries(f, side, do)
    _pitcher(f, do)
    _positions(f, do)
    policy.late_defense(f, do)
    _pinch_hit(f, do)
    policy.pinch_run(f, do)
    _tactics(f, do)
    return made


def _injuries(f: Fold, side: str, do: Any) -> None:
    for hurt in list(f.state.team(side).injured):
        st, team = f.state, f.state.team(side)
        if not team.in_game(hurt):
            continue
        pos = team.position_of(hurt)
        bench = [p for p in team.bench if team.available(p)]
        if pos == "p":
            _new_pitcher(f, side, do)
        elif side == st.batting_side and hurt in st.bases and bench:
            do({"type": "pinch_run", "team": side, "base": st.bases.index(hurt) + 1, "in": bench[0]})
        elif pos is not None and bench:
            rated = [p for p in bench if pos in team.rated(p)] or bench
            do({"type": "defensive_replacement", "team": side, "out": hurt, "in": rated[0], "position": pos})
        elif side == st.batting_side and team.batter == hurt and bench:
            do({"type": "pinch_hit", "team": side, "in": bench[0]})


def _pitcher(f: Fold, do: Any) -> None:
    st = f.state
    top = st.half == "top"  # the state's fielding_side and defense, read once (each is a call)
    side = "home" if top else "visitor"
    team = st.home if top else st.visitor
    limits = "resting" in f.setup[side]  # set up with the usage limits (older games: without)
    pitcher, stint = team.pitcher, team.pitchers[-1]
    if pitcher != stint.pitcher:
        _new_pitcher(f, side, do)
    elif limits and _closer_in(f, side, do):
        return
    elif tired(st, f.cards, team, START_OUTS if limits else None, split_level(f.level)[0]) \
            or (limits and past_length(st, f.cards, team, workload(f.cards, team.code))):
        # A tired pitcher stays in rather than bring in a reliever who must rest.
        _new_pitcher(f, side, do, rested_only=limits)


def starter_length(card: Card) -> int:
    """The outs a starter is expected to get: his POW plus ``LENGTH_OVER_POW`` innings.

    The Lahman generator rates starter(N) as his real innings per start less
    two (:func:`league.rules.strat.lahman.formulas.starter_pow`), so this is
    his real innings per start, read back from the card; a card without a
    starter rating (27.53) uses POW 4.
    """
    pow_ = card.starter if card.starter is not None else NO_START_POW
    return 3 * (pow_ + LENGTH_OVER_POW)


def dominating(st: GameState, side: str) -> bool:
    """``side``'s pitcher has a shutout in progress, or no more than one hit or walk an inning so far."""
    stint = st.team(side).stint
    allowed = st.score[0] if side == "home" else st.score[1]
    return allowed == 0 or len(stint.counted) * 3 <= stint.outs


def past_length(st: GameState, cards: Mapping[str, Card], team: Team, load: float | None = None) -> bool:
    """The fielding ``team``'s starter past his expected length (:func:`starter_length`) and not dominating; dominating,
    he may go ``DOMINATING_EXTRA`` innings more.  ``load``: his club's :func:`workload` (None: no figures); under
    ``MODERN_WORKLOAD`` he goes no further than his length, itself at most ``OVER_WORKLOAD`` innings past it."""
    stint = team.stint
    if stint.role != "starter":
        return False
    length, modern = _length(cards[team.pitcher], load)
    if stint.outs < length:
        return False
    return modern or stint.outs >= length + 3 * DOMINATING_EXTRA or not dominating(st, st.fielding_side)


_LENGTHS: dict[tuple[int, float | None], tuple[Card, tuple[int, bool]]] = {}


def _length(card: Card, load: float | None) -> tuple[int, bool]:
    """past_length's length of a starter, and whether his club's ``load`` is modern: kept by the card's
    identity (asked before every plate appearance a starter pitches).  The entry keeps the card alive, so
    an id found is always that very card's."""
    hit = _LENGTHS.get((id(card), load))
    if hit is not None:
        return hit[1]
    length = starter_length(card)
    modern = load is not None and load < MODERN_WORKLOAD
    if modern:
        assert load is not None
        length = min(length, math.floor(3 * (load + OVER_WORKLOAD)))
    if len(_LENGTHS) > 4096:
        _LENGTHS.clear()
    _LENGTHS[(id(card), load)] = (card, (length, modern))
    return length, modern


_WORKLOADS: dict[tuple[int, str], tuple[Mapping[str, Card], float | None]] = {}


def workload(cards: Mapping[str, Card], team: str) -> float | None:
    """Club ``team``'s real innings per start: the mean expected length (:func:`starter_length`, the
    generator's real innings per start) of its ``ROTATION`` starters with the most real outs, read from
    their cards' ``actual:`` lines; None when no starter of the club carries the line (the shipped set,
    a club typed by hand): then the policy is the one for every era.  Kept per card set."""
    hit = _WORKLOADS.get((id(cards), team))
    if hit is not None and hit[0] is cards:
        return hit[1]
    staff = sorted((c for c in cards.values() if c.team == team and c.kind == "pitcher" and c.starter is not None
                    and c.actual_outs is not None), key=lambda c: (-(c.actual_outs or 0), c.id))[:ROTATION]
    value = sum(starter_length(c) for c in staff) / (3 * len(staff)) if staff else None
    if len(_WORKLOADS) > 1024:
        _WORKLOADS.clear()
    _WORKLOADS[(id(cards), team)] = (cards, value)
    return value


def save_situation(st: GameState, side: str) -> bool:
    """The start of an inning from the 9th on, ``side`` fielding with a lead of 1-3 runs."""
    lead = st.score[1] - st.score[0] if side == "home" else st.score[0] - st.score[1]
    return st.inning >= 9 and 1 <= lead <= 3 and st.outs == 0 and not any(st.bases)


def _closer_in(f: Fold, side: str, do: Any) -> bool:
    """The club's closer, rested, starts the 9th (or a later inning) of a save situation."""
    team, st = f.state.team(side), f.state
    closer = f.setup[side].get("closer")
    # The save situation first: asked before every plate appearance, it is seldom one.
    if closer is None or not save_situation(st, side) or closer == team.pitcher:
        return False
    resting = {r["pitcher"] for r in f.setup[side].get("resting", ())}
    if closer in resting or not team.available(closer):
        return False
    allowed = st.score[0] if side == "home" else st.score[1]
    if team.stint.role == "starter" and allowed == 0:  # a starter's shutout in progress: he finishes
        return False
    return do({"type": "pitching_change", "team": side, "in": closer})  # type: ignore[no-any-return]


def tired(st: GameState, cards: Mapping[str, Card], team: Team, start_outs: int | None = None,
          level: str = ADVANCED_ONLY) -> bool:
    """Time to go: fatigued (27.x), a reliever at :func:`relief_outs`, a starter at ``start_outs``.

    At the super advanced ``level`` fatigued includes 27.54's 11 innings for a starter and 27.63's POW
    plus 2 for a reliever, read from the rule (:mod:`.endurance`) as the engine reads it, whatever the
    game's revision; a game stored before its setup listed the resting relievers (``start_outs`` None)
    so loses its starter at 11 innings too, where the engine tires him.
    """
    stint = team.stint
    card = cards["EMERGENCY"] if stint.role == "emergency" else cards[team.pitcher]
    # 27.55 and 28 only in super advanced revision 2 games, whose plays keep the runs by pitcher and
    # inning and when a reliever became the closer
    if fatigued(stint, card, level)[0] or (team.pitcher == st.defense.pitcher and st.extra
                                    and super_fatigue(st, card, live=False)[0]):
        return True
    if stint.role == "starter":
        return start_outs is not None and stint.outs >= start_outs
    return stint.outs >= relief_outs(card)


def relief_outs(card: Card) -> int:
    """The outs the manager lets a reliever pitch: three times his relief POW (at least one inning), which
    is always two innings short of 27.63's limit, his POW plus 2 (:data:`RELIEF_EXTRA_INNINGS`)."""
    pow_ = max(card.relief or 1, 1)
    return min(3 * pow_, 3 * (pow_ + RELIEF_EXTRA_INNINGS))


def _new_pitcher(f: Fold, side: str, do: Any, rested_only: bool = False) -> None:
    """Bring in a reliever; ``rested_only``: none who must rest today, nor a starter (he stays in)."""
    team, st = f.state.team(side), f.state
    pen = [p for p in team.bullpen if team.available(p)]
    relievers = [p for p in pen if f.cards[p].relief is not None]
    resting = {r["pitcher"] for r in f.setup[side].get("resting", ())}
    fresh = [p for p in relievers if p not in resting]
    if rested_only and not fresh:
        return
    # An injured or removed pitcher must be replaced: a resting reliever before a starter.
    choice = _by_role(st, side, f.cards, fresh or relievers, f.setup[side].get("closer"))
    choice = choice or (pen[0] if pen else None)
    if choice is not None:
        do({"type": "pitching_change", "team": side, "in": choice})
        return
    bench = [p for p in team.bench if team.available(p)]
    if bench and (team.pitcher != team.stint.pitcher or team.pitcher in team.injured):
        do({"type": "emergency_pitcher", "team": side, "in": bench[-1]})


def _by_role(st: GameState, side: str, cards: Mapping[str, Card], relievers: list[str],
             closer: str | None) -> str | None:
    if not relievers:
        return None
    lead = st.score[1] - st.score[0] if side == "home" else st.score[0] - st.score[1]
    if closer in relievers and st.inning >= 9 and 1 <= lead <= 3:
        return closer
    middle = sorted((p for p in relievers if p != closer), key=lambda p: -(cards[p].relief or 0))
    return middle[0] if middle else relievers[0]


def _positions(f: Fold, do: Any) -> None:
    st = f.state
    misplaced = (st.home if st.half == "top" else st.visitor).misplaced()  # kept by the fielders' identity
    if not misplaced:
        return
    side = st.fielding_side
    for pos, player in misplaced:
        team = f.state.defense  # as changed by the replacements made so far
        if (pos, player) not in team.fielders:
            continue
        free = [p for p in team.bench if team.available(p) and pos in team.rated(p)]
        if free:
            do({"type": "defensive_replacement", "team": side, "out": player, "in": free[0],
                "position": pos})


def _pinch_hit(f: Fold, do: Any) -> None:
    st = f.state
    team = st.offense
    if team.dh or st.inning < LATE or team.position_of(team.batter) != "p":
        return
    if not any(team.available(p) and f.cards[p].relief is not None for p in team.bullpen):
        return
    bench = [p for p in team.bench if team.available(p)]
    catchers = [p for p in bench if "c" in team.rated(p)]
    hitters = [p for p in bench if not (len(catchers) == 1 and p in catchers)]
    if hitters:
        do({"type": "pinch_hit", "team": st.batting_side, "in": hitters[0]})


def _tactics(f: Fold, do: Any) -> None:
    bases = f.state.bases
    if not (bases[0] or bases[1] or bases[2]):
        # Nobody on: the defense has nothing to set (each of its calls needs a runner) and the offense
        # nothing to try but the trail runners' hold, asked only against a cut-off of the trail runner.
        if cast(Strategy, f.strategy).cut_trail:
            policy.offense(f, do)
        return
    if not policy.defense(f, do):  # an intentional walk leaves the offense nothing to decide
        policy.offense(f, do)
