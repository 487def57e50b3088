"""The fold of a plate-appearance game: setup + rolls + decisions -> state.

A :class:`PAGame` keeps facts only; this module turns them into the engine's
:class:`GameState` by replaying every entry in force through the card game's
engine (:class:`~league.rules.pa.engine.CardEngine`), the same way whether a
person is rolling, the simulator is resuming a rewound game, or audit is
checking the record.  ``check=True`` also compares each recomputed play with
the recorded one and names the first position that differs.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

import orjson

from league.domain.dice import roll_from_text
from league.domain.stored import plain
from league.domain.errors import LeagueError, RulesError
from league.rules.pa.game import DECISION, PLAY, ROLL, PAGame
from league.rules.pa import postgame, subs
from league.domain.dice import NeedRoll, Roll
from league.rules.pa.engine import CardEngine, Cards, Orders, Outcome, PACard
from league.rules.pa.state import GameState, new_team


class ReplayMismatch(LeagueError):
    """The record and the engine disagree: the message names the position."""


@lru_cache(maxsize=64)
def _parse(engine: CardEngine, text: str, source: str) -> tuple[PACard, ...]:
    return tuple(engine.cards(text, source))


def cards_for(sheets: Mapping[str, Mapping[str, Any]], teams: tuple[str, ...], engine: CardEngine) -> dict[str, Any]:
    """The cards of ``teams`` from their registered sheets, plus the cards every league shares."""
    cards: dict[str, Any] = dict(engine.shared_cards())
    for team in teams:
        sheet = sheets[team]
        cards.update((c.id, c) for c in _parse(engine, sheet["cards"], sheet.get("source", team)))
    return cards


def cards_digest(sheets: Mapping[str, Mapping[str, Any]], teams: tuple[str, ...]) -> str:
    """A short hash of the card text a game starts with (audit: the cards did not change)."""
    h = hashlib.sha256()
    for t in teams:
        h.update(sheets[t]["cards"].encode())
    return h.hexdigest()[:16]


def initial_state(setup: Mapping[str, Any], cards: Cards) -> GameState:
    def team(d: Mapping[str, Any]) -> Any:
        mine = [*d["order"], *d["fielders"].values(), *d["bench"], *d["bullpen"]]
        eligible = {p: _positions(cards[p]) for p in dict.fromkeys(mine)}
        return new_team(d["team"], list(d["order"]), dict(d["fielders"]), eligible,
                        list(d["bench"]), list(d["bullpen"]), bool(setup["dh"]))

    extra = setup.get("extra")  # a card game's facts the engine starts from (Strat's weather: its date)
    return GameState(team(setup["visitor"]), team(setup["home"]), extra=tuple(extra.items()) if extra else ())


def _positions(card: Any) -> tuple[str, ...]:
    """The positions a card is rated at, kept by the card's identity: every game's setup asks it of each
    of its forty-odd players, and a card is immutable (the entry keeps it alive, so an id found is always
    that very card's)."""
    hit = _POSITIONS.get(id(card))
    if hit is None:
        if len(_POSITIONS) > 16384:
            _POSITIONS.clear()
        hit = _POSITIONS[id(card)] = (card, tuple(f.position for f in card.fielding))
    return hit[1]


_POSITIONS: dict[int, tuple[Any, tuple[str, ...]]] = {}


def standing_orders(setup: Mapping[str, Any], engine: CardEngine) -> Orders:
    """The strategy every plate appearance starts from (the managers' conditional orders)."""
    return _built(engine, None, setup.get("orders", {}))


def _built(engine: CardEngine, old: Orders | None, changes: Mapping[str, Any]) -> Orders:
    """``engine.strategy`` of ``changes`` (over the orders ``old``, when given).

    Orders that cannot change (a frozen dataclass) are built once for the same engine, orders and
    changes, and shared by every game: a season's games start from a few dozen standing orders and
    its managers' decisions repeat (the infield in, then back), and each build was a rebuild.
    """
    try:
        key = (id(engine), id(old), _exactly(changes)) if old is None or _frozen(old) else None
    except TypeError:  # not plain data: built as it comes
        key = None
    hit = _BUILT.get(key) if key is not None else None
    if hit is not None:
        return hit[2]
    orders = engine.strategy(changes if old is None else {**old.fact(), **changes})
    if key is not None and _frozen(orders):
        if len(_BUILT) > 4096:
            _BUILT.clear()
        _BUILT[key] = (engine, old, orders)
    return orders


# Orders built (see _built), by the ids of the engine and the orders changed and the changes (_exactly).
# An entry keeps the engine and the old orders alive, so while it stands an id found is always that
# very object's.
_BUILT: dict[tuple[int, int, Any], tuple[CardEngine, Orders | None, Orders]] = {}


def _frozen(orders: Any) -> bool:
    params = getattr(type(orders), "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def _exactly(value: Any) -> Any:
    """A key equal for values of the same types and contents in the same order only (a list is not
    a tuple, ``1`` not ``True``, a dict's keys in its order); TypeError for anything but plain data."""
    kind = type(value)
    if kind is dict:
        return (dict, *((_exactly(k), _exactly(v)) for k, v in value.items()))
    if kind is list or kind is tuple:
        return (kind, *map(_exactly, value))
    if kind is str or kind is int or kind is bool or value is None:
        return (kind, value)
    raise TypeError(f"not plain data: {kind.__name__}")


@dataclass
class Fold:
    """Where a game stands after the entries in force."""

    setup: dict[str, Any]
    cards: dict[str, Any]  # card id -> the engine's card (see cards_for)
    engine: CardEngine
    level: str
    state: GameState
    strategy: Orders
    steal: tuple[int, ...] | None = None  # the next play is a steal by these runners
    rolls: list[Roll] = field(default_factory=list)  # rolls of the play in progress
    plays: list[dict[str, Any]] = field(default_factory=list)  # resolved play events
    # Plays and substitutions in order, each with the state before it (box scores).
    timeline: list[tuple[str, dict[str, Any], GameState]] = field(default_factory=list)
    # The standing orders as the engine reads them, once per game when they cannot change
    # (a frozen dataclass): rebuilding them after every play cost a tenth of an audit.
    standing: Orders | None = field(default=None, repr=False, compare=False)
    # The event of the step after the last play (league/rules/pa/postgame.py), once played.
    postgame: dict[str, Any] | None = None

    def resolve(self, rolls: list[Roll] | None = None) -> NeedRoll | Outcome:
        rolls = self.rolls if rolls is None else rolls
        if self.state.over:  # a game over may have a step left (Pine Tar's injuries): postgame.py
            after = postgame.resolve(self, rolls)
            if after is not None:
                return after
        if self.steal is not None:
            return self.engine.resolve_steal(self.state, self.cards, rolls, self.steal, self.strategy, self.level)
        return self.engine.resolve_pa(self.state, self.cards, rolls, self.strategy, self.level)

    def settle(self, outcome: Outcome) -> None:
        if self.state.over:  # the post-game step: no play of the box score, the final state stays
            self.postgame, self.rolls = outcome[1], []
            return
        self.timeline.append(("play", outcome[1], self.state))
        self.state, ev = outcome
        self.plays.append(ev)
        self.rolls = []
        self.steal = None
        self.strategy = self._standing()

    def _standing(self) -> Orders:
        if self.standing is not None:
            return self.standing
        orders = standing_orders(self.setup, self.engine)
        if _frozen(orders):
            self.standing = orders
        return orders

    def decide(self, decision: Mapping[str, Any], check_next: bool = True) -> dict[str, Any]:
        """Apply a decision; substitutions only between plays. Returns the engine's event.

        A strategy or a steal is checked on the play it sets up (the engine's own checks):
        ``check_next=False`` leaves that to the caller, which must then check ``resolve([])``
        before the state or the strategy changes again (the audit does it only when the play
        does not resolve as recorded: a play resolved from its rolls ran the same checks first).
        """
        kind = decision["type"]
        if self.rolls and kind != "strategy":
            raise RulesError("a play is in progress: finish its rolls before a substitution")
        if kind == "strategy":
            if self.rolls:
                raise RulesError("a play is in progress: decide before its first roll")
            old = self.strategy
            new = _built(self.engine, old, decision["set"])
            # A conditional choice that cannot arise now (Strat: a cut-off with nobody to
            # cut off) is refused when made; the plays would ignore it.
            self.engine.check_orders(self.state, new, self.level)
            self.strategy = new
            if check_next:
                self._check_next(lambda: setattr(self, "strategy", old))
            return {"type": "strategy", "set": decision["set"]}
        if kind == "steal":
            self.steal = tuple(decision["runners"])
            if check_next:
                self._check_next(lambda: setattr(self, "steal", None))
            return {"type": "steal", "runners": list(self.steal)}
        before = self.state
        self.state, ev = apply_sub(self.state, decision)
        self.timeline.append(("sub", ev, before))
        return ev


    def _check_next(self, undo: Any) -> None:
        """A strategy must be legal now: the engine's own checks run on the play it sets up."""
        try:
            self.resolve([])
        except RulesError:
            undo()
            raise


def apply_sub(state: GameState, d: Mapping[str, Any]) -> Outcome:
    kind = d["type"]
    if kind == "pinch_hit":
        return subs.pinch_hit(state, d["in"])
    if kind == "pinch_run":
        return subs.pinch_run(state, int(d["base"]), d["in"])
    if kind == "pitching_change":
        return subs.change_pitcher(state, d["team"], d["in"])
    if kind == "emergency_pitcher":
        return subs.emergency_pitcher(state, d["team"], d["in"])
    if kind == "defensive_replacement":
        return subs.replace_player(state, d["team"], d["out"], d["in"], d["position"])
    if kind == "double_switch":
        return subs.double_switch(state, d["team"], d["pitcher"], d["fielder"], d["out"])
    if kind == "positions_switched":
        return subs.switch_positions(state, d["team"], dict(d["moves"]))
    if kind == "fielder_to_mound":
        return subs.fielder_to_mound(state, d["team"], d["player"], d.get("in"))
    if kind == "dh_to_field":
        return subs.dh_to_field(state, d["team"], d["out"], d.get("in"))
    if kind == "pitcher_to_field":
        return subs.pitcher_to_field(state, d["team"], d["out"], d["pitcher"])
    raise RulesError(f"unknown decision {kind!r}")


def start(game: PAGame, cards: dict[str, Any], engine: CardEngine) -> Fold:
    assert game.setup is not None
    setup = game.setup
    orders = standing_orders(setup, engine)
    return Fold(setup, cards, engine, setup["level"], initial_state(setup, cards), orders,
                standing=orders if _frozen(orders) else None)


def fold(game: PAGame, cards: dict[str, Any], engine: CardEngine, check: bool = False) -> Fold:
    """Replay every entry in force through ``engine``; with ``check``, each play must equal its record."""
    f = start(game, cards, engine)
    for e in game.entries:
        try:
            _apply(f, e, check)
        except (RulesError, ValueError) as err:
            raise ReplayMismatch(f"game {game.game} position {e['position']}: {err}") from None
    return f


def _apply(f: Fold, e: Mapping[str, Any], check: bool) -> None:
    kind = e["kind"]
    if kind == DECISION:
        f.decide(e["decision"])
        return
    if e["dice"] is not None:
        f.rolls.append(roll_from_text(e["dice"]))
    if kind == ROLL:
        if check:
            need = f.resolve(f.rolls[:-1])
            if not isinstance(need, NeedRoll) or (need.kind, need.purpose) != (e["roll_kind"], e["purpose"]):
                raise ValueError(f"the engine did not ask for this roll ({e['purpose']})")
        return
    assert kind == PLAY
    out = f.resolve()
    if isinstance(out, NeedRoll):
        raise ValueError(f"the play needs another roll ({out.purpose})")
    if check and not _same(stored_play(out[1]), e["play"]):
        raise ValueError(f"the recorded play differs from the engine's ({e['play'].get('result')})")
    f.settle(out)


def _same(derived: Any, recorded: Any) -> bool:
    """``plain(derived) == plain(recorded)``, first tried on the written bytes (equal bytes: equal
    values), which saves the two reads back on nearly every play of an audit."""
    return orjson.dumps(derived, option=orjson.OPT_NON_STR_KEYS) == orjson.dumps(
        recorded, option=orjson.OPT_NON_STR_KEYS) or bool(plain(derived) == plain(recorded))


def stored_play(ev: dict[str, Any]) -> dict[str, Any]:
    """What a PlayResolved event keeps: the engine's event less the rolls (each roll is its own event)."""
    kept = ev.copy()  # the same keys in the same order as a comprehension leaving out "rolls", in a fifth of its time
    kept.pop("rolls", None)
    return kept
