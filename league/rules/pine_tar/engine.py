"""Resolve one Pine Tar plate appearance (or steal) from its dice: pure.

``resolve_pa(state, cards, rolls, orders)`` replays the rolls so far and
answers the next :class:`~league.rules.pa.dice.NeedRoll`, or the new state and
the event: every roll, every chart cell read, the result and what it did.
``play_pa`` does the same in one pass with a dice source.  Page numbers in
comments point into the manual (pine-tar.txt, rules manual 2.1).

One resolution is one batter roll and the rolls it calls for.  A roll that
leaves the batter at the plate (BK/WP read as ball 1, a wild pitch, a balk,
a BB read as ball 2) is its own play, ``completed: false``, with the batter's
balls kept in the state (``extra``) for his next roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TypeVar

from league.domain.dice import Tens
from league.domain.errors import RulesError
from league.domain.dice import NeedRoll, Roll
from league.domain.dice import Dice, NeedMore
from league.rules.pa.play import HOME, OUT, Play, advance, apply_play, forced, hold
from league.rules.pa.state import GameState, PitcherLog, Team, copied
from league.rules.pa.subs import can_replace, check_defense_ready
from league.rules.pine_tar.cards import HITS, Card
from league.rules.pine_tar.charts import RULESET_VERSION, Charts, load_charts
from league.rules.pine_tar.options import OPTIONAL_RULES

Outcome = tuple[GameState, dict[str, Any]]
A = TypeVar("A")
Dest = tuple[int | None, int | None, int | None]
MODIFIED_ROLLS = frozenset(range(0, 51, 5))  # page 10
WALK_GRADES = frozenset({"A+", "A", "B"})  # page 4: a BB with first base taken is ball 2
LOWER = {"A+": "A", "A": "B", "B": "C", "M": "C", "C": "D", "D": "E", "E": "G", "G": "G"}
THIRD_TIME = 18  # a starter's 19th batter faces him the third time through the order
TAG_THROWN_OUT = frozenset({77, 88, 99})
STEAL_THIRD = 5  # page 12: 5 off the SBC to steal third
SQUEEZE = 25  # page 10: 25 off the SHC on a suicide squeeze
EXTRA_INNING_RUNS = 2  # page 11: a starter who allowed two runs or fewer may pitch one inning more
# A roll 00-99 as the notes write it ("07"): the 02d format spec costs twice the rest of a note, and
# every play writes one or more (the dice are checked 0-9 before an engine reads them).
ROLL_TEXT = tuple(f"{i:02d}" for i in range(100))
_new = object.__new__


@dataclass(frozen=True)
class Orders:
    """The managers' choices for the next play."""

    play: str = "swing"  # "swing" | "sacrifice" | "squeeze" | "hit_and_run" (the optional rule, page 13)
    tag: bool = True  # runners try to tag on fly outs (page 8: optional, at the risk of 77/88/99)
    # The defense plays for the out at home (``league game infield``): with runners on first and third it
    # refuses the GDP in the 8th inning or later (page 6) and, with the bases loaded, takes the force at
    # home for the double play marked * (page 7).  See :func:`infield_in_refused`.
    infield_in: bool = False
    # The league's optional rules turned on (league init --option NAME=on), from the game's setup.
    options: tuple[str, ...] = ()

    def fact(self) -> dict[str, Any]:
        out: dict[str, Any] = {"play": self.play, "tag": self.tag}
        if self.infield_in:  # only when given, so the plays stored before the order existed read the same
            out["infield_in"] = True
        if self.options:
            out["options"] = list(self.options)
        return out


PLAYS = ("swing", "sacrifice", "squeeze", "hit_and_run")
ARM_OUT = {"W": 5, "A": 10, "E": 20}  # page 15: throws the runner out on rolls 0-N


def orders(given: Mapping[str, Any]) -> Orders:
    """The orders for these choices; a choice Pine Tar's rules do not have is refused by name."""
    unknown = sorted(set(given) - {"play", "tag", "options", "infield_in"})
    if unknown:
        raise RulesError(f"Pine Tar has no such order: {', '.join(unknown)} (docs/pine-tar.md)")
    play = given.get("play", "swing")
    options = tuple(sorted(given.get("options") or ()))
    bad = sorted(set(options) - set(OPTIONAL_RULES))
    if bad:
        raise RulesError(f"unknown Pine Tar optional rule(s): {', '.join(bad)}")
    if play == "hit_and_run" and "hit-and-run" not in options:
        raise RulesError("the hit and run is Pine Tar's optional rule hit-and-run, not on in this league "
                         "(league init --option hit-and-run=on)")
    if play not in PLAYS:
        word = {"ibb": "intentional walk"}
        raise RulesError(f"Pine Tar has no {word.get(play, play)}: the offense may swing, sacrifice or squeeze"
                         + (" (or hit and run)" if "hit-and-run" in options else ""))
    return Orders(play=play, tag=bool(given.get("tag", True)), options=options,
                  infield_in=bool(given.get("infield_in", False)))


HIT_AND_RUN_ROLL = 5  # page 14: added to the batter roll on rolls 0-90 the pitcher modifier does not read
HIT_AND_RUN_TOP = 90
HIT_AND_RUN_WHITE = 4  # page 14: added to the white die when the ground-out table is read
HIT_AND_RUN_USES = 2  # page 14: two per game per team
FASTER = {"S": "M", "M": "F", "F": "F"}  # the project's design for the unprinted base-running bonus


def hit_and_run_runners(state: GameState, cards: Mapping[str, Card]) -> tuple[str, ...]:
    """The runners who run on a hit and run now (page 13), or why it cannot be put on (a RulesError).

    Fewer than two out and a runner on first, alone or with one on second or third (not the bases
    loaded); a pitcher and a runner with an SBO of E or N never run; two per game per team."""
    used = extra(state, f"hit-and-run:{state.batting_side}")
    if used >= HIT_AND_RUN_USES:
        raise RulesError(f"{state.offense.code} has used its {HIT_AND_RUN_USES} hit and runs this game (page 14)")
    if state.outs >= 2 or state.bases[0] is None or (state.bases[1] and state.bases[2]):
        raise RulesError("a hit and run needs fewer than two out and a runner on first, alone or with one on "
                         "second or third (page 13)")
    running = tuple(r for r in state.bases[:2] if r and cards[r].kind != "pitcher" and cards[r].sbo not in ("E", "N"))
    if not running:
        raise RulesError("nobody can run: a pitcher and a runner with SBO E or N never run on a hit and run (page 13)")
    return running


LATE_INNING = 8  # page 6: the GDP may be refused in the 8th inning or later


def infield_in_refused(state: GameState) -> str | None:
    """Why the defense cannot play for the out at home now (None: it can).

    Page 6: in the 8th inning or later, with none out and a runner on third whose run would tie the
    game or extend the offense's lead, the defense may refuse a GDP (runners on first and third): the
    runner on third is out at home, the batter safe on a fielder's choice.  Page 7: with the bases
    loaded, a DP to an infielder (not the catcher or pitcher) may instead be a single out, the force at
    home.  The manual prints no other condition for the second, so it holds with fewer than two out."""
    if not (state.bases[0] and state.bases[2]):
        return "the infield plays in for the out at home only with runners on first and third (pages 6-7)"
    if state.outs >= 2:
        return "with two out a ground ball is the third out: there is no double play to refuse"
    if state.bases[1]:
        return None
    if state.inning < LATE_INNING:
        return f"the GDP may be refused only in the {LATE_INNING}th inning or later (page 6)"
    if state.outs:
        return "the GDP may be refused only with none out (page 6)"
    if _offense_lead(state) < -1:
        return ("the GDP may be refused only when the run from third would tie the game or add to the offense's "
                "lead (page 6)")
    return None


def _offense_lead(state: GameState) -> int:
    visitor, home = state.score
    return visitor - home if state.half == "top" else home - visitor


@dataclass
class Ctx:
    cards: Mapping[str, Card]
    charts: Charts
    dice: Dice
    steps: list[dict[str, Any]] = field(default_factory=list)
    balls: int | None = None  # the batter's count when the roll leaves him at the plate
    options: tuple[str, ...] = ()
    infield_in: bool = False
    running: tuple[str, ...] = ()  # the runners who run on a hit and run

    @staticmethod
    def make(cards: Mapping[str, Card], charts: Charts, dice: Dice, orders: Orders) -> Ctx:
        """``Ctx(cards, charts, dice, options=orders.options, infield_in=orders.infield_in)`` without the
        class call: one is made for every resolution, and Python 3.11 calls a class's generated __init__
        through a slow generic path (keywords dearer still)."""
        ctx = _new(Ctx)
        # every field, in the dataclass's order (the instances share one key table), as __init__ sets them
        ctx.cards = cards
        ctx.charts = charts
        ctx.dice = dice
        ctx.steps = []
        ctx.balls = None
        ctx.options = orders.options
        ctx.infield_in = orders.infield_in
        ctx.running = ()
        return ctx

    def on(self, rule: str) -> bool:
        return rule in self.options

    def roll(self, state: GameState, side: str, purpose: str, dice: int = 2) -> Tens:
        """A roll as the rule reads it: with the randomizer, a two-die roll's tens die is the red one on an
        odd green die and the blue one on an even green die (returned as ``red``); the record keeps all four."""
        r: Tens = self.dice.take("d10", side, purpose)
        if dice == 2 and self.on("randomizer"):
            tens = r.red if r.green % 2 else r.blue
            self.note(f"randomizer: green {r.green} is {'odd: red' if r.green % 2 else 'even: blue'} {tens} "
                      f"and white {r.white} read {tens}{r.white}", rule="page 17")
            return Tens(tens, r.white, r.blue, r.green)
        return r

    def note(self, text: str, **facts: Any) -> None:
        self.steps.append({"step": text, **facts})


# --- entry points ------------------------------------------------------------------------------------

def resolve_pa(state: GameState, cards: Mapping[str, Card], rolls: Sequence[Roll],
               orders: Orders = Orders()) -> NeedRoll | Outcome:
    return _resolve(_pa, state, cards, rolls, orders, orders)


def resolve_steal(state: GameState, cards: Mapping[str, Card], rolls: Sequence[Roll],
                  runners: tuple[int, ...], orders: Orders = Orders()) -> NeedRoll | Outcome:
    return _resolve(_steal, state, cards, rolls, orders, runners)


def play_pa(state: GameState, cards: Mapping[str, Card], source: Callable[[NeedRoll], Roll],
            orders: Orders = Orders()) -> Outcome:
    return _pa(state, Ctx.make(cards, load_charts(), Dice([], source), orders), orders)


def play_steal(state: GameState, cards: Mapping[str, Card], source: Callable[[NeedRoll], Roll],
               runners: tuple[int, ...], orders: Orders = Orders()) -> Outcome:
    return _steal(state, Ctx.make(cards, load_charts(), Dice([], source), orders), runners)


def _resolve(fn: Callable[[GameState, Ctx, A], Outcome], state: GameState, cards: Mapping[str, Card],
             rolls: Sequence[Roll], orders: Orders, arg: A) -> NeedRoll | Outcome:
    """``fn(state, ctx, arg)`` on the rolls so far (its argument passed on, not held by a closure made
    every resolution)."""
    dice = Dice.replaying(rolls)
    try:
        out = fn(state, Ctx.make(cards, load_charts(), dice, orders), arg)
    except NeedMore as more:
        return more.need
    dice.check_done()
    return out


# --- state the rules keep beyond the bases (GameState.extra) -----------------------------------------

def extra(state: GameState, key: str, default: int = 0) -> int:
    return int(_extras(state.extra)[0].get(key, default))


def with_extra(state: GameState, **values: int) -> GameState:
    read, kept_sorted = _extras(state.extra)
    if kept_sorted:
        # Most plays "change" only what stands already (a completed plate appearance sets a count of 0
        # balls): the state as it is equals the copy.  ``is``: a value that is not the very object gets
        # the copy, so nothing that compares equal but writes differently (True, 1.0) is skipped.
        for key, value in values.items():
            if read.get(key, _MISSING) is not value:
                break
        else:
            return state
    d = dict(read)
    d.update(values)
    return copied(state, {"extra": tuple(sorted(d.items()))})


_MISSING = object()


def _extras(items: tuple[tuple[str, Any], ...]) -> tuple[dict[str, Any], bool]:
    """The state's extra facts as a dict, and whether the tuple is already in :func:`with_extra`'s sorted
    form (a state set up with facts of its own may not be).  Read several times a play, of one or two
    tuples: kept by the tuple's identity; the entry keeps the tuple alive (so an id found is always that
    very tuple's), and a tuple never changes, so neither does its reading.  Nobody writes to the dict."""
    hit = _EXTRAS.get(id(items))
    if hit is None:
        if len(_EXTRAS) > 4096:
            _EXTRAS.clear()
        read = dict(items)
        hit = _EXTRAS[id(items)] = (items, read, tuple(sorted(read.items())) == items)
    return hit[1], hit[2]


_EXTRAS: dict[int, tuple[tuple[tuple[str, Any], ...], dict[str, Any], bool]] = {}


def pitcher_runs(state: GameState, pitcher: str) -> int:
    """Runs scored while ``pitcher`` pitched (the +1 MIP bonus reads them, earned or not)."""
    return extra(state, f"runs:{pitcher}")


# --- grades and innings ------------------------------------------------------------------------------

def grade(state: GameState, cards: Mapping[str, Card]) -> tuple[str, str]:
    """The pitcher's grade now and why: his home or away grade, the third-time grade for a starter (page 2)."""
    team = state.defense
    return _grade(cards[team.pitcher], state.fielding_side == "home", team.stint)


def _grade(card: Card, at_home: bool, stint: PitcherLog) -> tuple[str, str]:
    """:func:`grade` of ``card`` fielding at home or away with ``stint`` on the mound.  The answer and its
    words depend on the card, the side and whether it is the third time through, nothing else: kept by
    those (the card by its identity: the entry keeps it alive, and a card is frozen)."""
    third = stint.pitcher == card.id and stint.role == "starter" and stint.batters >= THIRD_TIME
    key = (id(card), at_home, third)
    hit = _GRADES.get(key)
    if hit is None:
        if len(_GRADES) > 4096:
            _GRADES.clear()
        hit = _GRADES[key] = (card, _graded(card, at_home, third))
    return hit[1]


def _graded(card: Card, at_home: bool, third: bool) -> tuple[str, str]:
    g = card.home if at_home else card.away
    if g is None:
        return "C", "no grade on the card: C"
    where = "home" if at_home else "away"
    if g.third and third:
        return g.third, f"{where} grade {g}: third time through the order, {g.third}"
    return g.grade, f"{where} grade {g}: {g.grade}"


_GRADES: dict[tuple[int, bool, bool], tuple[Card, tuple[str, str]]] = {}


def innings_limit(state: GameState, cards: Mapping[str, Card], team: Team) -> tuple[int, str]:
    """The last inning the pitcher may pitch (page 10-11): MIP innings from the one he entered in, one more
    for a starter who has allowed two runs or fewer by then."""
    last, mip, runs = _last_inning(state, cards, team)
    if runs is None:
        return last, f"MIP {mip} in relief: through inning {last}"
    if runs > EXTRA_INNING_RUNS:
        return last, f"MIP {mip}: through inning {last}"
    return last, f"MIP {mip}: through inning {last - 1}; {runs} run(s) allowed, one more inning (+1 bonus)"


def _last_inning(state: GameState, cards: Mapping[str, Card], team: Team) -> tuple[int, int, int | None]:
    """The rule of :func:`innings_limit` without its words (asked before every play, worded only when a
    pitcher must come out): the last inning, the MIP it counts and a starter's runs allowed (None in relief)."""
    stint = team.stint
    card = cards[stint.pitcher]
    starter = stint.role == "starter"
    mip = (card.mip[0] if starter else card.mip[1]) or card.mip[0] or card.mip[1] or 1
    last = stint.entered_inning + mip - 1
    if not starter:
        return last, mip, None
    runs = pitcher_runs(state, stint.pitcher)
    return (last + 1 if runs <= EXTRA_INNING_RUNS else last), mip, runs


COMPLETE_GAME = "complete-game-bonus"


def over_limit(state: GameState, cards: Mapping[str, Card], team: Team, options: Sequence[str] = ()) -> bool:
    """Past his last inning; with the optional complete-game bonus (page 14) a starter who has allowed two
    runs or fewer pitches on past it until a batter reaches base against him there."""
    if state.inning <= _last_inning(state, cards, team)[0]:
        return False
    return not (COMPLETE_GAME in options and _in_complete_game_bonus(state, team))


def _in_complete_game_bonus(state: GameState, team: Team) -> bool:
    p = team.stint.pitcher
    return (team.stint.role == "starter" and pitcher_runs(state, p) <= EXTRA_INNING_RUNS
            and not extra(state, f"reached-late:{p}"))


def relief_left(team: Team) -> list[str]:
    return [p for p in team.bullpen if team.available(p)]


# --- the plate appearance ----------------------------------------------------------------------------

def _teams(state: GameState) -> tuple[Team, Team]:
    """The offense and the defense, read once a play (Python 3.11 reads a property by a call of its own)."""
    return (state.visitor, state.home) if state.half == "top" else (state.home, state.visitor)


def _check_ready(state: GameState, ctx: Ctx, offense: Team, defense: Team) -> bool:
    """Refuses a play the game is not ready for; answers whether the pitcher is past his maximum innings
    (with nobody left to relieve him, so he pitches on): the play notes it."""
    if state.over:
        raise RulesError("the game is over")
    check_defense_ready(defense)
    if offense.injured:  # before every play: the common case, nobody hurt, costs no call
        _check_injured(offense)
    over = over_limit(state, ctx.cards, defense, ctx.options)
    if over and relief_left(defense):
        raise RulesError(f"{defense.pitcher} is past his maximum innings "
                         f"({innings_limit(state, ctx.cards, defense)[1]}): change pitchers (page 10)")
    return over


def _check_injured(team: Team) -> None:
    hurt = [p for p in team.injured if team.in_game(p) and can_replace(team, p)]
    if hurt:
        raise RulesError(f"{team.code} must replace injured {', '.join(hurt)}")


def _pa(state: GameState, ctx: Ctx, orders: Orders) -> Outcome:
    offense, defense = _teams(state)
    over = _check_ready(state, ctx, offense, defense)
    # The pitcher on the mound is his stint's: check_defense_ready refused the play otherwise, and the
    # stint names him without a search of the fielders.
    stint = defense.pitchers[-1]
    batter, pitcher = offense.order[offense.up], stint.pitcher
    event: dict[str, Any] = {"type": "plate_appearance", "ruleset": RULESET_VERSION, "position": state.plays,
                             "before": state.summary(), "batter": batter, "slot": offense.up + 1,
                             "pitcher": pitcher, "orders": orders.fact()}
    if over:
        ctx.note(f"{pitcher} is past his maximum innings and nobody is left in the bullpen: he pitches on")
    if orders.play in ("sacrifice", "squeeze"):
        play = _bunt(ctx, state, orders.play)
        return _finish(ctx, state, event, play, pitcher)
    if orders.play == "hit_and_run":
        ctx.running = hit_and_run_runners(state, ctx.cards)
        key = f"hit-and-run:{state.batting_side}"
        used = extra(state, key) + 1
        ctx.note(f"hit and run {used} of {HIT_AND_RUN_USES}: {', '.join(ctx.running)} running", rule="page 13")
        new, ev = _finish(ctx, state, event, _swing(ctx, state, event, batter, stint), pitcher)
        return with_extra(new, **{key: used}), ev
    return _finish(ctx, state, event, _swing(ctx, state, event, batter, stint), pitcher)


def _finish(ctx: Ctx, state: GameState, event: dict[str, Any], play: Play, pitcher: str) -> Outcome:
    """The play applied, with what the rules keep of it; ``pitcher`` is the defense's, on the mound."""
    new, facts = apply_play(state, play)
    changes: dict[str, int] = {}
    runs = facts["runs"]
    if runs:
        changes[f"runs:{pitcher}"] = pitcher_runs(state, pitcher) + runs
    if (play.batter not in (None, OUT) and ctx.on(COMPLETE_GAME)
            and state.inning > _last_inning(state, ctx.cards, state.defense)[0]
            and _in_complete_game_bonus(state, state.defense)):
        ctx.note(f"{play.label}: a runner reaches against {pitcher} past his MIP: his complete-game bonus is over",
                 rule="page 14")
        changes[f"reached-late:{pitcher}"] = 1
    # the half, not batting_side (a property call each): one follows the other
    if play.batter is not None or new.half != state.half or new.over:
        changes["balls"] = 0  # a new batter starts a new count
    elif ctx.balls is not None:
        changes["balls"] = ctx.balls
        event["balls"] = ctx.balls
    if changes:
        new = with_extra(new, **changes)
    event["completed"] = play.batter is not None
    event["rolls"] = list(ctx.dice.log)
    event["steps"] = ctx.steps
    event["play"] = {"label": play.label, "batter": play.batter, "runners": list(play.runners)}
    event.update(facts)
    event["after"] = new.summary()
    return new, event


def _swing(ctx: Ctx, state: GameState, event: dict[str, Any], batter: str, stint: PitcherLog) -> Play:
    """The batter's roll, read on his card; ``stint`` is the pitcher on the mound's."""
    pitcher = stint.pitcher
    b_card, p_card = ctx.cards[batter], ctx.cards[pitcher]
    throws = p_card.throws
    roll = ctx.roll(state, state.batting_side, f"{batter} bats")
    n = roll.value
    if ctx.running and n <= HIT_AND_RUN_TOP and n not in MODIFIED_ROLLS:
        plus = n + HIT_AND_RUN_ROLL
        ctx.note(f"hit and run: batter roll {ROLL_TEXT[n]} + {HIT_AND_RUN_ROLL} = {ROLL_TEXT[plus]}",
                 rule="page 14", roll=plus)
        roll, n = Tens(plus // 10, plus % 10, roll.blue, roll.green), plus
    column = b_card.column(throws)
    result = column[n]
    side = "any" if "any" in b_card.columns else f"vs {throws}HP"
    g, why = _grade(p_card, state.half == "top", stint)  # the home team fields in the top half
    if (state.bases[1] or state.bases[2]) and b_card.bats != throws and ctx.on("risp-penalty"):
        why += f"; a runner in scoring position and the hitter bats from the other side: {LOWER[g]} (page 15)"
        g = LOWER[g]
    event.update(roll=n, column=side, card_result=result, grade=g)
    ctx.note(f"batter roll {ROLL_TEXT[n]} (red {roll.red}, white {roll.white}) on {batter}'s {side} column: {result}",
             rule="page 3", roll=n, column=side, result=result)
    ctx.note(f"{pitcher}: {why}", rule="page 2", grade=g)
    if n in MODIFIED_ROLLS:
        key = "GO" if result.startswith("GO-") else result
        new = ctx.charts.modifier.get((key, g))
        if new is not None and new != key:
            ctx.note(f"roll {ROLL_TEXT[n]}: pitcher modifier, grade {g} turns {result} into {new}", rule="page 10",
                     chart="pitcher_modifier", row=key, column=g)
            result = new
        elif key in ("HR", "3B", "2B", "1B", "BB", "SO", "GO"):
            ctx.note(f"roll {ROLL_TEXT[n]}: pitcher modifier, grade {g} leaves {result} unchanged", rule="page 10",
                     chart="pitcher_modifier", row=key, column=g)
    if p_card.so_bb and n in p_card.so_bb[1] and result != p_card.so_bb[0] and ctx.on("so-bb"):
        ctx.note(f"roll {ROLL_TEXT[n]}: {pitcher}'s SO/BB rating {p_card.so_bb[0]} turns {result} into "
                 f"{p_card.so_bb[0]}", rule="page 16", rating=p_card.so_bb[0])
        result = p_card.so_bb[0]
    event["result"] = result
    if n in (66, 88) and result[:3] in ("GO-", "FO-") and ctx.on("defensive-rolls"):
        hit = _negative_check(ctx, state, n, result)
        if hit is not None:
            return hit
    if result == "BB":
        if g in WALK_GRADES and state.bases[0] is not None and extra(state, "balls") < 2:
            ctx.note(f"BB off a grade {g} pitcher with first base taken: ball 2, he bats again", rule="page 4")
            return _ball(state, ctx, 2, "BALL 2")
        return Play(1, forced(state), hit_or_walk=True, label="WALK")
    if result == "BK/WP":
        return _balk_or_wild_pitch(ctx, state, p_card, extra(state, "balls"))
    if result == "SO" and ctx.running:
        return _strike_out_throw_out(ctx, state)
    if result == "SO":
        return Play(OUT, hold(state), label="STRIKEOUT")
    if result in HITS:
        return _hit(ctx, state, roll, result, b_card)
    if result.startswith("GO-"):
        return _ground_out(ctx, state, roll, result)
    if result.startswith("FO-"):
        return _fly_out(ctx, state, result)
    if result.startswith("LO-"):
        return Play(OUT, hold(state), label=f"LINEOUT to {result[3:]}")
    if result.startswith("PO-"):
        return Play(OUT, hold(state), label=f"POPUP to {result[3:]}")
    return _error_check(ctx, state, result)


def _negative_check(ctx: Ctx, state: GameState, n: int, result: str) -> Play | None:
    """Page 14: on 66 or 88 a GO or FO to a Neg RG fielder is a single (runners one base, two with two out)."""
    pos = result[3:].lower()
    fielder = state.defense.at(pos)
    rg = ctx.cards[fielder].rg if fielder else "Neu"
    ctx.note(f"negative defensive check on {n}: {pos} ({fielder}) is {rg} RG"
             + (f": the {result} becomes a single" if rg == "Neg" else ": the out stands"), rule="page 14")
    if rg != "Neg":
        return None
    runners = advance(state, 2 if state.outs == 2 else 1)
    where = "infield" if result.startswith("GO-") else result[3:]
    return Play(1, runners, hit_or_walk=True, label=f"SINGLE ({where}, {result} to a Neg RG fielder)")


def _ball(state: GameState, ctx: Ctx, balls: int, label: str) -> Play:
    if balls >= 4:
        ctx.note("ball four: a walk")
        return Play(1, forced(state), hit_or_walk=True, label="WALK (ball four)")
    ctx.note(f"the count is {balls} ball(s)")
    ctx.balls = balls
    # The count rides in the state: _finish keeps it for his next roll.
    return Play(None, hold(state), label=label)


def _balk_or_wild_pitch(ctx: Ctx, state: GameState, p_card: Card, balls: int) -> Play:
    """Page 3-4: no balk or wild pitch with the bases empty (ball 1); with runners a second roll reads
    the pitcher's BK/WP ranges (none for --/--, always a wild pitch for --/99)."""
    if state.runner_count() == 0:
        ctx.note("BK/WP with the bases empty: ball 1, he bats again", rule="page 4")
        return _count(state, ctx, balls + 1, "BALL (BK/WP, bases empty)")
    bk, wp = p_card.bk, p_card.wp
    rating = f"{'--' if bk is None else bk}/{'--' if wp is None else wp}"
    if bk is None and wp is None:
        ctx.note(f"BK/WP {rating}: never balks or throws a wild pitch: ball 1", rule="page 4")
        return _count(state, ctx, balls + 1, "BALL (BK/WP --/--)")
    if bk is None and wp == 99:
        what = "WP"
        ctx.note(f"BK/WP {rating}: always a wild pitch, no roll", rule="page 4")
    else:
        r = ctx.roll(state, state.fielding_side, "balk or wild pitch").value
        what = "BK" if bk is not None and r <= bk else "WP" if wp is not None and r <= wp else "ball"
        ctx.note(f"BK/WP roll {ROLL_TEXT[r]} against {rating}: {dict(BK='balk', WP='wild pitch', ball='ball 1')[what]}",
                 rule="page 4", roll=r)
    if what == "ball":
        return _count(state, ctx, balls + 1, "BALL (BK/WP)")
    moved = advance(state, 1)
    if what == "BK":
        ctx.balls = balls
        return Play(None, moved, label="BALK: runners advance")
    ctx.note("wild pitch: every runner advances a base, ball 1", rule="page 4")
    ctx.balls = balls + 1
    return Play(None, moved, label="WILD PITCH: runners advance") if balls + 1 < 4 else \
        Play(1, _walk_after(state, moved), hit_or_walk=True, label="WALK (ball four on a wild pitch)")


def _walk_after(state: GameState, moved: Dest) -> Dest:
    return moved  # every runner moved up already: first base is open for the batter


def _count(state: GameState, ctx: Ctx, balls: int, label: str) -> Play:
    return _ball(state, ctx, balls, label)


# --- hits (page 5-6) ---------------------------------------------------------------------------------

HIT_WORDS = {1: "SINGLE", 2: "DOUBLE", 3: "TRIPLE", 4: "HOMERUN"}


def _hit(ctx: Ctx, state: GameState, roll: Tens, result: str, b_card: Card) -> Play:
    n = roll.value
    where = ctx.charts.location[n]
    if where == "IF":
        if b_card.br == "S":
            ctx.note(f"roll {ROLL_TEXT[n]}: an infield hit, but {b_card.id} is a slow runner: GO-SS", rule="page 5",
                     chart="hit_location", row=n)
            return _ground_out(ctx, state, roll, "GO-SS")
        ctx.note(f"roll {ROLL_TEXT[n]}: an infield hit (single), runners advance one base", rule="page 5",
                 chart="hit_location", row=n)
        return Play(1, advance(state, 1), hit_or_walk=True, label=f"SINGLE (infield, {result} on the card)")
    if n in (11, 22) and result in ("1B", "2B", "3B") and ctx.on("defensive-rolls"):
        pdr = _positive_roll(ctx, state, result)
        if isinstance(pdr, Play):
            return pdr
        where = pdr
    bases = HITS.index(result) + 1
    word = HIT_WORDS[bases]
    ctx.note(f"roll {ROLL_TEXT[n]}: {word.lower()} to {where}", rule="page 5", chart="hit_location", row=n,
             column=where)
    if bases == 4:
        return Play(HOME, advance(state, 4), hit_or_walk=True, label="HOMERUN")
    doubled = roll.red == roll.white
    even = n % 2 == 0
    dest: list[int | None] = [None, None, None]
    ahead = HOME + 1  # the base the runner ahead reached (none ahead: no limit)
    for base in (3, 2, 1):
        runner = state.bases[base - 1]
        if runner is None:
            continue
        speed = ctx.cards[runner].br
        if runner in ctx.running and speed != FASTER[speed]:
            ctx.note(f"{runner} was running on the hit and run: {speed} runs as {FASTER[speed]}")
            speed = FASTER[speed]
        more = 0 if doubled else 1 if speed == "F" or (speed == "M" and even) else 0
        to = min(base + bases + more, HOME)
        if to < HOME and to >= ahead:
            to = ahead - 1  # he stops behind the runner ahead of him
        why = "doubled roll: the hit's bases" if doubled else \
            f"{speed} runner on an {'even' if even else 'odd'} roll: {'one more than ' if more else ''}the hit's bases"
        ctx.note(f"{runner} ({why}) from {base} to {'home' if to == HOME else to}", rule="page 6")
        dest[base - 1] = to
        ahead = to if to < HOME else ahead
    throw = 2 if bases == 1 else 1 if bases == 2 else None  # page 15: from second on a single, first on a double
    if throw and dest[throw - 1] == HOME and ctx.on("plays-at-the-plate"):
        fielder = state.defense.at(where.lower())
        arm = (ctx.cards[fielder].arm or "A") if fielder else "A"
        r = ctx.roll(state, state.fielding_side, f"throw home from {where}").value
        out = r <= ARM_OUT[arm]
        ctx.note(f"play at the plate: roll {ROLL_TEXT[r]} against {where}'s {arm} arm (0-{ARM_OUT[arm]}): "
                 f"{state.bases[throw - 1]} {'is out at home' if out else 'scores'}", rule="page 15", roll=r)
        if out:
            dest[throw - 1] = OUT
    return Play(bases, (dest[0], dest[1], dest[2]), hit_or_walk=True, runs_on_third_out=True,
                label=f"{word} to {where}")


def _positive_roll(ctx: Ctx, state: GameState, result: str) -> Play | str:
    """Page 13: a new roll names the fielder; a Pos RG fielder turns the hit into a GO or FO, resolved as
    usual (a new roll for the ground-out table); otherwise the hit stands, to the Neg/Neu field (an infield
    single when the pitcher or catcher fails)."""
    r = ctx.roll(state, state.fielding_side, "positive defensive roll").value
    fielder, pos_result, fail = ctx.charts.defense[r]
    if fielder == "c/1b":
        first = result == "1B"
        fielder, fail = ("c", fail.split("/")[0]) if first else ("1b", fail.split("/")[1])
    player = state.defense.at(fielder)
    rg = ctx.cards[player].rg if player else "Neu"
    ctx.note(f"positive defensive roll {ROLL_TEXT[r]}: {fielder} ({player}), {rg} RG", rule="page 13",
             chart="defensive", row=r, column=fielder)
    if rg == "Pos":
        new = f"{pos_result}-{fielder.upper()}"
        ctx.note(f"the {result} becomes {new}", rule="page 13")
        if pos_result == "GO":
            if state.runner_count() == 0 or state.outs == 2:
                return Play(OUT, hold(state), label=f"GROUNDOUT {new} (defensive roll)")
            again = ctx.roll(state, state.fielding_side, "ground out after the defensive roll")
            return _ground_out(ctx, state, again, new)
        return _fly_out(ctx, state, new)
    if fielder in ("p", "c") or fail == "IF":
        ctx.note(f"the {fielder} fails: an infield hit, runners advance one base", rule="page 13")
        return Play(1, advance(state, 1), hit_or_walk=True, label=f"SINGLE (infield, {result} on the card)")
    ctx.note(f"the {result} stands, to {fail}", rule="page 13")
    return fail


# --- ground outs (page 6-8) --------------------------------------------------------------------------

def _ground_out(ctx: Ctx, state: GameState, roll: Tens, result: str) -> Play:
    label = f"GROUNDOUT {result}"
    if state.runner_count() == 0 or state.outs == 2:
        ctx.note(f"{result} with {'the bases empty' if state.outs < 2 else 'two out'}: the batter is out",
                 rule="page 6")
        return Play(OUT, hold(state), label=label)
    first, second, third = state.bases  # written out: a generator costs a frame
    on1, on2, on3 = first is not None, second is not None, third is not None
    table = "bases loaded" if on1 and on2 and on3 else "runner on 1st" if on1 else "no runner on 1st"
    white = roll.white
    if ctx.running:
        ctx.note(f"hit and run: white die {white} + {HIT_AND_RUN_WHITE}", rule="page 14")
        white = min(9, white + HIT_AND_RUN_WHITE)
    column = ctx.charts.ground[table][result][white]
    ctx.note(f"GO table w/{table}: {result}, white die {white}: {column}", rule="page 6",
             chart=f"ground_outs {table}", row=result, column=column, white=white)
    b = list(hold(state))
    if column == "GDP" and ctx.infield_in and on3 and infield_in_refused(state) is None:
        ctx.note("the defense refuses the GDP: the runner on third is out at home, the batter safe at first",
                 rule="page 6")
        b[0], b[2] = 2, OUT
        return Play(1, _t(b), label=f"{label} GDP refused, runner out at home (FC)")
    if column == "GDP":
        if ctx.infield_in:
            ctx.note(f"the infield was in but the GDP stands: {infield_in_refused(state) or 'no runner on third'}",
                     rule="page 6")
        b[0] = OUT
        for i in (1, 2):
            if state.bases[i]:
                b[i] = i + 2 if i + 2 <= 3 else HOME
        _third_out_note(ctx, state, 2)
        return Play(OUT, _t(b), label=f"{label} GDP")
    if column in ("FC-R3H", "FC-R3A"):
        b[0] = OUT
        if on2:
            b[1] = 3
        if on3:
            b[2] = HOME if column == "FC-R3A" else 3
        return Play(1, _t(b), label=f"{label} FC ({'runner on 3rd holds' if column == 'FC-R3H' else 'runners advance'})")
    if column == "PO3-RA":
        _third_out_note(ctx, state, 1)
        return Play(OUT, advance(state, 1), label=f"{label} PO-3 RA")
    if column == "PO3-RH":
        return Play(OUT, hold(state), label=f"{label} PO-3 RH")
    if column == "LR-OUT":
        lead = max(i for i, r in enumerate(state.bases) if r)
        for i, r in enumerate(state.bases):
            if r:
                b[i] = OUT if i == lead else min(i + 2, 3)
        return Play(1, _t(b), label=f"{label} LR out")
    if column == "DP-HOME":
        return Play(OUT, (2, 3, OUT), label=f"{label} DP (forced at home, batter doubled off)")
    if column == "DP" and ctx.infield_in:
        ctx.note("the defense takes the force at home instead of the double play (*)", rule="page 7")
        return Play(1, (2, 3, OUT), label=f"{label} DP* taken as the force at home")
    if column == "DP":
        _third_out_note(ctx, state, 2)
        return Play(OUT, (OUT, 3, HOME), label=f"{label} GDP")
    if column == "GO-2":
        return Play(1, (2, 3, OUT), label=f"{label} forced at home (GO-2)")
    if column == "FC":
        return Play(1, (OUT, 3, HOME), label=f"{label} FC (runner forced at second)")
    raise RulesError(f"ground_outs: unknown column {column!r}")


def _third_out_note(ctx: Ctx, state: GameState, outs: int) -> None:
    if state.outs + outs >= 3 and state.bases[2]:
        ctx.note("the play makes the third out: the runner on third does not score", rule="page 8")


def _t(b: list[int | None]) -> Dest:
    return b[0], b[1], b[2]


# --- fly outs and the tag roll (page 8) --------------------------------------------------------------

def _fly_out(ctx: Ctx, state: GameState, result: str) -> Play:
    where = result[3:]
    label = f"FLYBALL to {where}"
    tries = [(base, ctx.charts.tag.get((where, base))) for base in (3, 2) if state.bases[base - 1]]
    tries = [(base, v) for base, v in tries if v is not None]
    if state.outs == 2 or not tries:
        return Play(OUT, hold(state), label=label)
    r = ctx.roll(state, state.batting_side, f"tag on the fly to {where}").value
    b = list(hold(state))
    if r in TAG_THROWN_OUT:
        lead = tries[0][0]
        ctx.note(f"tag roll {ROLL_TEXT[r]}: the lead runner, from {lead}, is thrown out", rule="page 8", roll=r)
        b[lead - 1] = OUT
        return Play(OUT, _t(b), label=f"{label}, runner thrown out tagging")
    for base, value in tries:
        tags = r <= (value or 0) and (base == 3 or b[2] != 3)
        ctx.note(f"tag roll {ROLL_TEXT[r]} against {value} ({where}, runner on {base}): "
                 f"{'tags and advances' if tags else 'holds'}", rule="page 8", chart="tag", row=where,
                 column=base, roll=r)
        if tags:
            b[base - 1] = HOME if base == 3 else 3
    return Play(OUT, _t(b), label=label)


# --- errors (page 11) --------------------------------------------------------------------------------

def _error_check(ctx: Ctx, state: GameState, result: str) -> Play:
    roll = ctx.roll(state, state.fielding_side, "error check", dice=3)
    pair = roll.value
    pos, rs = ctx.charts.errors[pair]
    fielder = state.defense.at(pos)
    ec = ctx.cards[fielder].ec if fielder else 0
    err = roll.blue <= ec
    ctx.note(f"error check {ROLL_TEXT[pair]}: to {pos} ({fielder}, EC {ec}); blue {roll.blue} "
             f"{'<=' if err else '>'} EC: {'error' if err else 'no error'}", rule="page 11",
             chart="errors", row=pair, column=rs)
    if not err:
        kind = "POPUP" if result.endswith("PO") else "LINEOUT"
        return Play(OUT, hold(state), label=f"{kind} to {pos.upper()}")
    bases = 2 if rs == "2" else 1
    runners = bases + (1 if rs == "1*" and state.outs == 2 else 0)
    return Play(bases, advance(state, runners), label=f"ERROR by {pos.upper()} (batter takes {bases})")


# --- sacrifices and suicide squeezes (page 9-10) -----------------------------------------------------

def _bunt(ctx: Ctx, state: GameState, kind: str) -> Play:
    batter = state.offense.batter
    card = ctx.cards[batter]
    on3 = state.bases[2] is not None
    if state.outs >= 2:
        raise RulesError("a sacrifice needs fewer than two out")
    if state.runner_count() == 0:
        raise RulesError("a sacrifice needs a runner on base")
    if kind == "sacrifice" and on3:
        raise RulesError("with a runner on third a bunt is a suicide squeeze")
    if kind == "squeeze" and not on3:
        raise RulesError("a suicide squeeze needs a runner on third")
    if card.shc is None:
        raise RulesError(f"{batter} has SHC N: he never bunts")
    shc = card.shc - (SQUEEZE if kind == "squeeze" else 0)
    roll = ctx.roll(state, state.batting_side, f"{batter} {'squeeze' if kind == 'squeeze' else 'sacrifice'}")
    n = roll.value
    doubled = roll.red == roll.white
    parity = "even" if n % 2 == 0 else "odd"
    what = f"{kind} roll {ROLL_TEXT[n]} against SHC {shc}" + (f" ({card.shc} - {SQUEEZE})" if kind == "squeeze" else "")
    lead = max(i for i, r in enumerate(state.bases) if r)
    if n < shc and doubled:
        ctx.note(f"{what}: success on a doubled roll: an infield hit, runners advance", rule="page 9", roll=n)
        return Play(1, advance(state, 1), hit_or_walk=True, label="SINGLE (bunt, I-Hit)")
    if n < shc:
        score = ctx.charts.sacrifice[f"success {parity}"]
        ctx.note(f"{what}: success, scored {score}; runners advance, the batter is out", rule="page 9", roll=n)
        return Play(OUT, advance(state, 1), label="SAC")
    if n == shc:
        pos = ctx.charts.sacrifice[f"error {parity}"]
        ctx.note(f"{what}: equal: a throwing error by {pos}; batter and runners take one base", rule="page 9",
                 roll=n)
        return Play(1, advance(state, 1), label=f"ERROR by {pos.upper()} (bunt)")
    b = list(hold(state))
    if doubled:
        ctx.note(f"{what}: failed on a doubled roll: pop out double play ({ctx.charts.sacrifice['podp']}), "
                 "the lead runner doubled off", rule="page 9", roll=n)
        b[lead] = OUT
        return Play(OUT, _t(b), label="POPUP (bunt) PODP")
    score = ctx.charts.sacrifice[f"failed {parity}"]
    ctx.note(f"{what}: failed ({score}): the lead runner is out, trailing runners advance, the batter safe",
             rule="page 9", roll=n)
    for i, r in enumerate(state.bases):
        if r:
            b[i] = OUT if i == lead else i + 2
    return Play(1, _t(b), label="GROUNDOUT (bunt) FC, lead runner out")


# --- steals (page 12) --------------------------------------------------------------------------------

def _strike_out_throw_out(ctx: Ctx, state: GameState) -> Play:
    """Page 14: a strikeout on a hit and run turns into a steal, resolved as a straight steal, by the lead
    runner who runs; a runner behind him who runs takes the next base while the throw goes ahead."""
    lead = max(i for i, r in enumerate(state.bases) if r in ctx.running)
    runner = state.bases[lead]
    assert runner is not None
    if state.bases[lead + 1] is not None:  # a pitcher who does not run is on the base ahead (page 13)
        ctx.note(f"strikeout on the hit and run: {runner} cannot steal, {state.bases[lead + 1]} holds the base "
                 "ahead; he goes back", rule="page 14")
        return Play(OUT, hold(state), label="STRIKEOUT")
    card = ctx.cards[runner]
    catcher = state.defense.at("c")
    ar = (ctx.cards[catcher].ar or 0) if catcher else 0
    chance = (card.sbc or 0) + ar - (STEAL_THIRD if lead == 1 else 0)
    r = ctx.roll(state, state.batting_side, f"{runner} steals {'second' if lead == 0 else 'third'}").value
    safe = card.sbc is not None and r <= chance
    ctx.note(f"strikeout on the hit and run: steal roll {ROLL_TEXT[r]} against SBC {card.sbc} "
             f"{'+' if ar >= 0 else '-'} AR {abs(ar)}" + (f" - {STEAL_THIRD} for third" if lead == 1 else "")
             + f" = {chance}: {'safe' if safe else 'out'}", rule="page 14", roll=r, chance=chance)
    b = list(hold(state))
    b[lead] = lead + 2 if safe else OUT
    if lead == 1 and state.bases[0] in ctx.running:
        b[0] = 2
    return Play(OUT, _t(b), label="STRIKEOUT, " + ("STOLEN BASE" if safe else "CAUGHT STEALING"))


def _steal(state: GameState, ctx: Ctx, runners: tuple[int, ...]) -> Outcome:
    _check_ready(state, ctx, *_teams(state))
    if len(runners) != 1 or runners[0] not in (1, 2):
        raise RulesError("one runner steals at a time, second or third base (page 12)")
    base = runners[0]
    runner = state.bases[base - 1]
    if runner is None:
        raise RulesError(f"nobody is on base {base}")
    if state.bases[base] is not None:
        raise RulesError(f"base {base + 1} is taken")
    card = ctx.cards[runner]
    if card.sbc is None or card.sbo == "N":
        raise RulesError(f"{runner} may never attempt to steal (SBO {card.sbo}, SBC {card.sbc or 'N'})")
    catcher = state.defense.at("c")
    ar = (ctx.cards[catcher].ar or 0) if catcher else 0
    chance = card.sbc + ar - (STEAL_THIRD if base == 2 else 0)
    event: dict[str, Any] = {"type": "steal", "ruleset": RULESET_VERSION, "position": state.plays,
                             "before": state.summary(), "runners": [base]}
    r = ctx.roll(state, state.batting_side, f"{runner} steals {'second' if base == 1 else 'third'}").value
    safe = r <= chance
    ctx.note(f"steal roll {ROLL_TEXT[r]} against SBC {card.sbc} {'+' if ar >= 0 else '-'} AR {abs(ar)}"
             + (f" - {STEAL_THIRD} for third" if base == 2 else "") + f" = {chance}: {'safe' if safe else 'out'}",
             rule="page 12", roll=r, chance=chance)
    b = list(hold(state))
    b[base - 1] = base + 1 if safe else OUT
    return _finish(ctx, state, event, Play(None, _t(b), runs_on_third_out=True,
                                           label="STOLEN BASE" if safe else "CAUGHT STEALING"),
                   state.defense.pitcher)


__all__ = ["OPTIONAL_RULES", "Orders", "orders", "infield_in_refused", "hit_and_run_runners", "extra", "grade", "innings_limit", "over_limit", "pitcher_runs", "play_pa", "play_steal",
           "relief_left", "resolve_pa", "resolve_steal"]
