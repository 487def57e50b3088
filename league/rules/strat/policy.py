"""The auto-manager's in-game calls: who runs, who fields late, and the strategy of each play.

:func:`league.rules.strat.manager.manage` calls these before every play, after
its pitching and injury moves.  Each looks at the state and the cards only and
decides the way a person would, through ``do`` (one ``DecisionMade`` event per
decision); who tries for an extra base is a standing order instead (``send_at``,
below), stored once in each new game's setup.  So a stored game never depends
on this policy: changing it changes what ``league sim`` plays next, never what
an audit re-derives.

The chances are the manual's own (running.py): what the engine would give the
runner now.  The thresholds are break-even chances from a standard
run-expectancy table (runs expected by bases and outs), rounded up to the
d20: a try is worth it when it gains more runs when safe than it loses when
out.  It runs before every plate appearance, so it stays cheap: nothing is
computed unless the bases and the score call for it, and a card's batting
value is worked out once.

Order (the defense announces first, 7.1):

* **Late defensive replacement** (team in the field, 8th inning on, ahead by
  1-3): a fielder with range 4 or 5 at his position gives way to the bench
  player rated best there, if two or more better.
* **Pinch runner** (team at bat, 8th on, tied or one run behind): a runner on
  first or second who runs 1-10 or worse, not the pitcher, gives way to the
  fastest bench player who runs at least 4 better and can play his position
  (or the runner is the DH); only with two or more bench players left, never
  the only spare catcher.
* **Intentional walk** (7th on, first base open, a runner on second or third,
  tied or the defense one run ahead): when the batter's card is worth more than
  1.25 times the next batter's (bases per plate appearance on his own card's
  columns against this pitcher's hand).  Nothing else is decided then.
* **Infield in**: a runner on third, fewer than two out, 7th on, within one run
  (9.1); or, advanced, nobody out, a runner on first, none on third, and a
  batter this policy bunts with (the pitcher, or late in a one-run game an A
  or B bunter): in against the bunt (20.12).  Super advanced revision 2
  brings only the corners in then (20.3 allows the infield in only with a man
  on third; 20.7), and may still hold the runner (20.75).  Super advanced
  revision 4 weighs the fielding chart's "#" readings (20.61: SI2 to a drawn-in
  infielder; :mod:`league.rules.strat.hash_readings`): with a runner on third
  only the corners come in (20.7) when, on this batter's X-chances to second
  and short (his card and the pitcher's), playing them in gives away more
  runs on their "#" rows than 20.8's in column saves (run-expectancy table;
  it happens with first and third and none out, or the bases loaded and one
  out, and a middle infielder of range 1-3).  Against the bunt the "#" is not
  weighed: the batter this policy expects to bunt does bunt (offense, below).
* **Hold** the runner on first (second open, infield back or the corners in,
  within three runs) when, not held, his chance to steal second is 15 or
  more: the chance the offense steals on.  Super advanced revision 4: and
  only when what the hold takes off his steal (the steal's runs, at 15 or
  more, not held less held) outweighs what the holding infielders (first
  base, the middle infielder covering second, 23.82) give away on their "#"
  rows (23.84, their range one worse, 23.83) on this batter's X-chances.
* **Cut-off** (advanced, runners on first and second): cut off the throw home
  when the runner from second would score on at least 16, 17 or 19 of 20 with
  none, one or two out (cutting concedes the run but keeps the trail runner
  at second, 13.32; throwing gives him third, 13.33).
* **Concede third** (super advanced revision 2, 13.5; a runner on first,
  second open): concede third to him if a single without asterisk sends him
  there, holding the batter at first, when his chance (the centre fielder's
  arm standing for the thrower, the hold) is at least 18, 16 or 17 of 20 with
  none, one or two out; otherwise throw, and the batter takes second. The
  break-even from the same run-expectancy table: first and third against
  second and third (safe) or a man on second and one more out.
* **Super advanced cut-offs** (revision 3, 13.6 and 14.4, in place of the cut-off above): judged on a
  single to centre, concede the run (``cut_off``) on the same thresholds, to the runner on second or,
  with nobody there, the runner on first (a double); otherwise, where :data:`SEND_AT` would send that
  runner on a single, cut the throw off for the lead trail runner (``cut_trail``: the runner on first
  behind a runner on second, else the batter) when his 13.621 chance is 8 or worse.  The offense, seeing that, holds its trail runners (``hold_trail``) when that chance is
  5 or worse (break-evens in :data:`TRAIL_CUT_AT`'s comment).
* **Steal** second (runner on first alone, fewer than two out, within three
  runs) when his chance, after the catcher and any hold, is 15 or more.
* **Sacrifice** with nobody out and a runner on first (third empty): when the
  pitcher bats, or from the 7th on in a one-run game for an A or B bunter.
* **Send or hold** (no decision: a standing order).  :data:`SEND_AT` below is
  the ``send_at`` of the standing orders every new game stores in its setup
  (:data:`league.rules.strat.manager.ORDERS`): when a try arises, the engine
  works out the runner's chance as it rolls it (running, 2.22, the arm of the
  fielder the hit goes to 13.1, the hold 13.2; 14.2 for the tag-up) and he
  tries only when it reaches the table's number; a runner the defense cuts off
  (13.32) always goes, he scores.  Nothing is recorded per play, and an audit
  reads the thresholds from the game's setup.  The lead runner on second tries
  to score on a single, a runner on first for third on a single (second
  empty) or to score on a double, the runner on third tags up on fly()B?.  The
  14.3 tag from second (out only on a 20) is always tried.

  | try | none out | one out | two out |
  |---|---|---|---|
  | second to home on a single | 19 | 15 | 8 |
  | first to third on a single | 15 | 15 | 18 |
  | first to home on a double | 18 | 16 | 9 |
  | third to home on fly()B? | 15 | 7 | -- |
  | second to third on an F2 (16.7, revision 4) | 14 | 19 | -- |
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, cast

from league.domain.dice import Dice
from league.rules.pa.replay import Fold
from league.rules.strat import hash_readings, running, supplementary
from league.rules.strat.cards import Card
from league.rules.strat.charts import load_charts
from league.rules.strat.context import EMERGENCY, Ctx
from league.rules.strat.infield import holding_infielders
from league.rules.strat.levels import ADVANCED, NO_ASTERISKS, SUPER, revision, split_level
from league.rules.strat.strategy import Strategy, outfield_in_allowed
from league.rules.strat.stealing import lead_spent
from league.rules.strat.supplementary import Lead

Do = Callable[[dict[str, Any]], bool]

LATE = 7  # sacrifice, infield in, intentional walk
VERY_LATE = 8  # pinch runners and defensive replacements use up the bench
STEAL_AT = 15  # break-even of a steal of second, about 72%
CUT_OFF_AT = (16, 17, 19)  # by outs
# 13.5 (super advanced revision 2): concede third to the runner from first when his chance is at least
# this (none, one, two out): throwing gives the batter second, and pays only against a slower runner
CONCEDE_AT = (18, 16, 17)
# Super advanced revision 3 (13.6, 14.4): the defense cuts the throw off for a lead trail runner whose chance
# is this or worse; the offense, told so (the defense announces first, 7.1), holds its trail runners only
# when the chance is below the second.  From the run-expectancy table (first and second, none out, the lead
# runner home on 11 of 20): the cut-off pays the defense against a trail runner safe less than 44% of the
# time, and even then the offense gains by sending him unless he is safe less than about 30% of the time
# (the run scores for sure once the throw is cut off).
TRAIL_CUT_AT, TRAIL_SEND_AT = 8, 6
# The table above by try (league.rules.strat.strategy.TRIES), none, one and two out: the standing orders'
# send_at.  Changing it changes the games set up from then on; a stored game keeps the thresholds it
# was set up with.
SEND_AT = {"second_home": (19, 15, 8), "first_third": (15, 15, 18), "first_home": (18, 16, 9),
           "third_tag": (15, 7),  # with two out a fly is the third out: no tag-up
           # super advanced revision 4, 16.7: tagging from second on the fielding chart's F2, out when he
           # fails (second, one out 0.66 runs; third, one out 0.95; nobody on, two out 0.10)
           "second_third": (14, 19)}
WALK_RATIO = 1.25
SLOW, FASTER = 10, 4


def late_defense(f: Fold, do: Do) -> None:
    st = f.state
    if st.inning < VERY_LATE or not 1 <= _lead(f, st.fielding_side) <= 3:
        return
    side = st.fielding_side
    for pos, player in st.defense.fielders:
        if pos in ("p", "dh"):
            continue
        team = f.state.defense  # as changed by the replacements made so far
        now = _range(f.cards[player], pos)
        if now < 4:
            continue
        better = [(r, p) for p in team.bench if team.available(p) and (r := _range(f.cards[p], pos)) <= now - 2]
        if better:
            do({"type": "defensive_replacement", "team": side, "out": player, "in": min(better)[1],
                "position": pos})


def pinch_run(f: Fold, do: Do) -> None:
    st = f.state
    if st.inning < VERY_LATE or _lead(f, st.batting_side) not in (0, -1):
        return
    team = st.offense
    for base in (2, 1):
        runner = st.bases[base - 1]
        if runner is None or f.cards[runner].running > SLOW:
            continue
        pos = team.position_of(runner)
        if pos == "p":
            continue
        bench = [p for p in team.bench if team.available(p)]
        if len(bench) < 2:
            return
        catchers = [p for p in bench if "c" in team.rated(p)]
        fits = [p for p in bench if f.cards[p].running >= f.cards[runner].running + FASTER
                and (pos in (None, "dh") or pos in team.rated(p))
                and not (len(catchers) == 1 and p in catchers)]
        if fits:
            fastest = max(fits, key=lambda p: (f.cards[p].running, -bench.index(p)))
            do({"type": "pinch_run", "team": st.batting_side, "base": base, "in": fastest})
            team = f.state.offense


def defense(f: Fold, do: Do) -> bool:
    """The fielding side's strategy for the next play; True when it walks the batter."""
    st = f.state
    first, second, third = st.bases
    side = "home" if st.half == "top" else "visitor"  # fielding_side, a property: a call of its own
    lead = _lead(f, side)
    base, rev = _level(f.level)
    if st.inning >= LATE and first is None and (second or third) and lead in (0, 1) and _walk_worth(f):
        return do({"type": "strategy", "team": side, "set": {"play": "ibb"}})
    sets: dict[str, Any] = {}
    look: Ctx | None = None
    late_close = st.inning >= LATE and abs(lead) <= 1
    if third and st.outs < 2 and late_close:
        if rev >= 4 and not _middle_in_pays(f, look := _ctx(f)):
            sets["corners_in"] = True  # 20.7: the "#" readings of second and short outweigh what in saves
        else:
            sets["infield_in"] = True
    elif base in ADVANCED and not third and _bunt_expected(f):
        # 20.12; super advanced revision 2 brings only the corners in (20.3, 20.7)
        sets["corners_in" if rev >= 2 else "infield_in"] = True
    if base == SUPER and outfield_in_allowed(st):
        sets["outfield_in"] = True  # 21.1
    if first and not second and "infield_in" not in sets and abs(lead) <= 3:
        look = look or _ctx(f)
        top = _steal_chance(f, look, first, held=False)
        if top >= STEAL_AT and (rev < 4 or _hold_pays(f, look, top, "corners_in" in sets)):
            sets["held"] = [1]
    if first and not second and rev >= 2:
        look = look or _ctx(f)
        held = 1 in sets.get("held", ())
        top = _extra_base(f.cards[first].running, st.outs, base, _cf_arm(look, st), held)
        if top >= CONCEDE_AT[st.outs]:
            sets["concede_third"] = True  # 13.5
    if rev >= 3 and (first or second):
        sets.update(_super_cutoff(f, look or _ctx(f), tuple(sets.get("held", ()))))
    elif base in ADVANCED and first and second:
        look = look or _ctx(f)
        held = 2 in sets.get("held", ())
        top = _extra_base(f.cards[second].running, st.outs, base, _cf_arm(look, st), held)
        if top >= CUT_OFF_AT[st.outs]:
            sets["cut_off"] = True
    if sets:
        do({"type": "strategy", "team": side, "set": sets})
    return False


def offense(f: Fold, do: Do) -> None:
    """The batting side's strategy: a steal or a sacrifice (who tries for an extra base is the
    standing orders' ``send_at``, :data:`SEND_AT`)."""
    st = f.state
    s = cast(Strategy, f.strategy)
    if s.play == "ibb":
        return
    first, second, third = st.bases
    offense_side = st.batting_side
    if s.cut_trail and revision(f.level) >= 3 and _trail_chance(f, _ctx(f), s.held) < TRAIL_SEND_AT:
        do({"type": "strategy", "team": offense_side, "set": {"hold_trail": True}})  # 13.622, 14.431
    if first and not second and not third and st.outs < 2 and abs(_lead(f, offense_side)) <= 3:
        if _steal_chance(f, _ctx(f), first, held=1 in s.held) >= STEAL_AT:
            do({"type": "steal", "team": offense_side, "runners": [1]})
            return
    if _bunt_expected(f):  # even against the infield in, which downgrades the bunter (18.3)
        do({"type": "strategy", "team": offense_side, "set": {"play": "sacrifice"}})


def _super_cutoff(f: Fold, look: Ctx, held: tuple[int, ...]) -> dict[str, bool]:
    """Super advanced revision 3 (13.6, 14.4), the defense's two cut-offs, judged on a single to centre:
    concede the run (``cut_off``) when the lead runner sent home from second (or, with nobody there, from
    first on a double) would score on :data:`CUT_OFF_AT` or better; cut the throw off for the lead trail
    runner (``cut_trail``) when his chance (13.621) is :data:`TRAIL_CUT_AT` or worse."""
    st = f.state
    first, second = st.bases[0], st.bases[1]
    arm = _cf_arm(look, st)
    lead_base = 2 if second else 1
    lead = second or first
    assert lead is not None
    sets: dict[str, bool] = {}
    top = _extra_base(f.cards[lead].running, st.outs, _base(f), arm, lead_base in held)
    if top >= CUT_OFF_AT[st.outs]:
        sets["cut_off"] = True
        return sets  # the run conceded: no throw to cut off for the trail runners
    # Only where the standing orders would send the lead runner on a single (a decision each play is an
    # event: most runners on first alone never try for third).
    need = SEND_AT["second_home" if second else "first_third"]
    if st.outs < len(need) and top >= need[st.outs] and _trail_chance(f, look, held) <= TRAIL_CUT_AT:
        sets["cut_trail"] = True
    return sets


def _middle_in_pays(f: Fold, look: Ctx) -> bool:
    """Super advanced revision 4, 9.1's infield in: whether second and short playing in save more runs on
    this batter's X-chances to them than their "#" rows give away as SI2 (20.61); if not, only the corners
    come in (20.7; the X-chances to second and short read back, 20.73).  A batter who hits none to them
    leaves the infield in."""
    st = f.state
    reach = _x_chances(f, look)
    key = hash_readings.bases_key(st.bases)
    worth = sum(reach.get(pos, 0.0) * hash_readings.in_minus_back(look.charts, look.range(st, pos)[1], key,
                                                                   st.outs, pos) for pos in ("2b", "ss"))
    return worth <= 0


def _hold_pays(f: Fold, look: Ctx, top: int, corners_in: bool) -> bool:
    """Super advanced revision 4: hold the runner on first only when what the hold takes off his steal
    (both chances valued as the offense steals, at :data:`STEAL_AT` or more) outweighs what the holding
    infielders' "#" rows give away as SI2 on this batter's X-chances to them (23.84; their range one worse
    while holding, 23.83).  With the corners in, first base plays in and reads its "#" as SI2 anyway."""
    st = f.state
    first = st.bases[0]
    assert first is not None
    held_top = _steal_chance(f, look, first, held=True)

    def steal(chance: int) -> float:
        return max(hash_readings.steal_value(chance, st.outs), 0.0) if chance >= STEAL_AT else 0.0

    gain = steal(top) - steal(held_top)
    reach = _x_chances(f, look)
    key = hash_readings.bases_key(st.bases)
    cost = 0.0
    for pos in sorted(holding_infielders(look, st, (1,))):
        if pos == "1b" and corners_in:
            continue
        rating = min(look.range(st, pos)[1] + 1, 5)  # 23.83
        cost += reach.get(pos, 0.0) * hash_readings.held_cost(look.charts, rating, key, st.outs, pos)
    return gain > cost


def _x_chances(f: Fold, look: Ctx) -> dict[str, float]:
    """This plate appearance's chance of an X groundball to each position (the batter's card against this
    pitcher's hand, the pitcher's against the batter's side; a switch hitter bats opposite, 11.1)."""
    st = f.state
    pitcher = look.pitcher_card(st)
    batter = _hitting(f, st.offense.batter)
    bats = f.cards[st.offense.batter].bats
    if bats == "S":
        bats = "R" if pitcher.hand == "L" else "L"
    return hash_readings.x_chance(batter, pitcher, pitcher.hand, bats)


def _trail_chance(f: Fold, look: Ctx, held: tuple[int, ...]) -> int:
    """13.621 on a single to centre: the lead trail runner (the runner on first behind a runner on second,
    else the batter) when the throw is cut off for him; held when the lead runner is (13.2's note)."""
    st = f.state
    first, second = st.bases[0], st.bases[1]
    trail = first if second and first else st.offense.batter
    return _trail_runner(f.cards[trail].running, _cf_arm(look, st), (2 if second else 1) in held,
                         st.outs == 2 and trail != st.offense.batter)


def _bunt_expected(f: Fold) -> bool:
    """The sacrifice situation this policy bunts in: nobody out, a runner on first, third empty, and
    the pitcher up, or late in a one-run game an A or B bunter."""
    st = f.state
    if st.outs or not st.bases[0] or st.bases[2]:
        return False
    batter = f.cards[st.offense.batter]
    if batter.kind == "pitcher" or st.offense.position_of(st.offense.batter) == "p":
        return True
    return st.inning >= LATE and abs(st.score[0] - st.score[1]) <= 1 and batter.bunting in ("A", "B")


def _steal_chance(f: Fold, look: Ctx, runner: str, held: bool) -> int:
    """8.1/8.2, 22.21-22.23: the runner's chance to steal second now."""
    card, charts = f.cards[runner], look.charts
    c_range, c_arm, _ = look.catcher(f.state)
    base, rev = _level(f.level)
    if base == SUPER and card.lead is not None:
        hold = look.pitcher_card(f.state).hold
        adjustment = supplementary.catcher_pitcher(c_arm, hold)[0]
        if rev >= 2 and lead_spent(f.state, runner, 1, held, adjustment):
            return supplementary.chance(card.lead, 2, False, c_arm, hold, held)[0]  # 23.3 D: his lead is spent
        return _supplementary_chance(card.lead, c_arm, hold, held)
    key = (card.stealing, base, held, c_range, c_arm)
    hit = _STEALS.get(key)
    if hit is None or hit[0] is not charts:
        top, _ = running.steal(charts.steal(card.stealing, 2).value, card.stealing, base, held, c_range, c_arm,
                               charts.strategy["basic_hold"], charts.strategy["advanced_hold"])
        hit = _STEALS[key] = (charts, top)
    return hit[1]


def _supplementary_chance(lead: Lead, arm: int, hold: int, held: bool) -> int:
    """23.x: the chance with the good lead, which is all the runner steals with (a missed lead
    holds him); none worth the risk when his automatic-out totals come a quarter as often as his
    good-lead totals or more."""
    key = (id(lead), arm, hold, held)
    hit = _SUPPLEMENTARY.get(key)
    if hit is not None:
        return hit[1]
    top, _ = supplementary.chance(lead, 2, True, arm, hold, held)
    if not (lead.automatic and not held):
        ways = {t: 6 - abs(t - 7) for t in range(2, 13)}  # colored-dice totals out of 36
        good, out = sum(ways[t] for t in lead.good), sum(ways[t] for t in lead.out)
        top = top if 4 * out < good else 1
    if len(_SUPPLEMENTARY) > 4096:
        _SUPPLEMENTARY.clear()
    _SUPPLEMENTARY[key] = (lead, top)  # the entry keeps the lead alive: an id found is always its own
    return top


# The policy's pure look-ups, asked before nearly every play with a runner on, kept by their arguments
# (a few hundred at most: ratings of 1-20 and a handful of levels): the running functions spell out
# their reasons as text the policy never reads.
_SUPPLEMENTARY: dict[tuple[int, int, int, bool], tuple[Lead, int]] = {}
_STEALS: dict[tuple[str, str, bool, int, int], tuple[Any, int]] = {}  # the charts the entry was read from
_EXTRA_BASES: dict[tuple[int, int, str, int, bool], int] = {}
_TRAILS: dict[tuple[int, int, bool, bool], int] = {}


def _extra_base(speed: int, outs: int, base: str, arm: int, held: bool) -> int:
    """running.extra_base's chance, kept."""
    key = (speed, outs, base, arm, held)
    top = _EXTRA_BASES.get(key)
    if top is None:
        top = _EXTRA_BASES[key] = running.extra_base(speed, outs, base, arm, held)[0]
    return top


def _trail_runner(speed: int, arm: int, held: bool, two_out: bool) -> int:
    """running.trail_runner's chance on a hit, kept."""
    key = (speed, arm, held, two_out)
    top = _TRAILS.get(key)
    if top is None:
        top = _TRAILS[key] = running.trail_runner(speed, arm, held=held, two_out=two_out)[0]
    return top


# The centre fielder's arm (Ctx.arm) by the defense's fielders' identity and the cards': they change only
# with a substitution.  An entry keeps both alive, so an id found is always that very tuple's.
_CF_ARMS: dict[int, tuple[Any, Any, int]] = {}


def _cf_arm(look: Ctx, st: Any) -> int:
    fielders = st.defense.fielders
    hit = _CF_ARMS.get(id(fielders))
    if hit is None or hit[1] is not look.cards:
        if len(_CF_ARMS) > 4096:
            _CF_ARMS.clear()
        hit = _CF_ARMS[id(fielders)] = (fielders, look.cards, look.arm(st, "cf"))
    return hit[2]


def _base(f: Fold) -> str:
    """The game's rules level without its option flags (levels.split_level)."""
    return _level(f.level)[0]


@lru_cache(maxsize=64)  # asked before nearly every play: a league plays one or two levels
def _level(level: str) -> tuple[str, int]:
    """The level without its flags and its super advanced revision (levels.split_level, revision)."""
    return split_level(level)[0], revision(level)


def _walk_worth(f: Fold) -> bool:
    st = f.state
    team = st.offense
    # A position player pitching throws from the 25.3 card, as the engine reads it
    pitcher = EMERGENCY if st.defense.stint.role == "emergency" else st.defense.pitcher
    side = "basic" if _base(f) == "basic" else f.cards[pitcher].hand
    up = batting_value(_hitting(f, team.batter), side)
    nxt = batting_value(_hitting(f, team.order[(team.up + 1) % 9]), side)
    return up > WALK_RATIO * nxt


_ROW = {r: (6 - abs(7 - r)) / 36 for r in range(2, 13)}  # chance of each colored-dice total
_BASES = {"SINGLE": 1, "DOUBLE": 2, "TRIPLE": 3, "HOMERUN": 4, "WALK": 1, "HBP": 1}
_VALUES: dict[tuple[int, str], tuple[Card, float]] = {}


def batting_value(card: Card, side: str) -> float:
    """Bases per plate appearance read off a batter's own columns (1-3) on one side of his card.

    Kept per card object: a season asks for the same few hundred cards again and again.
    """
    hit = _VALUES.get((id(card), side))
    if hit is not None and hit[0] is card:
        return hit[1]
    value = 0.0
    for column in card.columns:
        for row, chance in _ROW.items():
            for lo, hi, result in card.cell(side, column, row):
                value += chance * (hi - lo + 1) / 20 * _BASES.get(result.kind, 0)
    if len(_VALUES) > 4096:
        _VALUES.clear()
    _VALUES[(id(card), side)] = (card, value / len(card.columns))
    return value / len(card.columns)


def _hitting(f: Fold, player: str) -> Card:
    """A pitcher bats from the pitchers' hitting card his rating names (11.1)."""
    card: Card = f.cards[player]
    if card.kind == "pitcher":
        hitting: Card = f.cards[f"PH{card.batting[0] if card.batting else '1'}"]
        return hitting
    return card


def _range(card: Card, position: str) -> int:
    rating = card.rating(position)
    return rating.range if rating is not None else 5


def _lead(f: Fold, side: str) -> int:
    v, h = f.state.score
    return h - v if side == "home" else v - h


# The policy's Ctx by its cards' identity and the level: the policy only reads ratings through it (nothing
# is rolled or noted), and a game's cards and level never change.  An entry keeps the cards alive, so an
# id found is always that very mapping's.
_CTXS: dict[tuple[int, str], tuple[Any, Ctx]] = {}


def _ctx(f: Fold) -> Ctx:
    """The engine's own rating look-ups (arms, the catcher), without dice."""
    key = (id(f.cards), f.level)
    hit = _CTXS.get(key)
    if hit is None:
        base, flags = split_level(f.level)
        if len(_CTXS) > 256:
            _CTXS.clear()
        hit = _CTXS[key] = (f.cards, Ctx(f.cards, load_charts(), base, Dice([]), asterisks=NO_ASTERISKS not in flags))
    return hit[1]
