"""Inside Pitch as the plate-appearance layer sees it: :data:`ENGINE`, a
:class:`~league.rules.pa.engine.CardEngine`.

Each method hands over to the module that does the work: the cards
(:mod:`.cards`), the engine (:mod:`.engine`), the auto-manager (:mod:`.manager`).
"""

from __future__ import annotations

import datetime
import functools
from typing import Any, Callable, Mapping, Sequence, cast

from league.domain.errors import RulesError
from league.domain.usage import Appearance
from league.rules.inside_pitch import engine, manager
from league.rules.inside_pitch.cards import Ballpark, Card, parse_all
from league.rules.inside_pitch.charts import LATEST_LEVEL, REVISIONS, RULESET_VERSION, revision_version
from league.rules.inside_pitch.context import Orders as IPOrders
from league.domain.dice import NeedRoll, Roll
from league.rules.pa.engine import CardEngine, Cards, Orders, Outcome, PACard
from league.rules.pa.state import GameState, Team, evolve

DEPTHS = ("auto", "back", "half", "in")
PLAYS = ("swing", "sacrifice", "squeeze", "bunt_hit", "hit_and_run", "ibb")


OPTION_ORDERS = {"exhausted": "exhausted", "pull": "pull", "strategy-each-change": "restrike"}
FLAGS = ("strategy_roll", "exhausted", "pull", "restrike")


class InsidePitchCards:
    """The Inside Pitch engine behind the shared plate-appearance layer.

    A league's options (``league init --option``) become standing orders, stored in each game's setup, so
    the audit replays a game with the options it was played under."""

    version = RULESET_VERSION

    def __init__(self, options: tuple[tuple[str, str], ...] = ()) -> None:
        chosen = {OPTION_ORDERS[k]: v == "on" for k, v in options if k in OPTION_ORDERS}
        self.standing_orders: Mapping[str, Any] = {**manager.ORDERS, **chosen}

    def can_replay(self, version: str) -> bool:
        return version in {revision_version(r) for r in REVISIONS.values()}

    def variant(self, ruleset: str) -> tuple[str, bool]:
        # new games play the latest rules revision; the card set has no pitchers' batting cards: the DH bats
        return LATEST_LEVEL, True

    def cards(self, text: str, source: str) -> list[Card | Ballpark]:
        return parse_all(text, source)

    def shared_cards(self) -> dict[str, PACard]:
        return {}

    def strategy(self, orders: Mapping[str, Any]) -> IPOrders:
        """The orders the engine reads; a choice Inside Pitch does not have is refused by name,
        never dropped (a league's options and a manager's call must reach the plays)."""
        known = dict(orders)
        if known.pop("infield_in", False):  # `league game infield`: the shared word for "in"
            known["infield"] = "in"
        unknown = sorted(set(known) - {"infield", "third", "play", *FLAGS})
        if unknown:
            raise RulesError(f"Inside Pitch has no such order: {', '.join(unknown)} (docs/inside-pitch.md)")
        if known.get("third", "auto") not in ("auto", "go", "hold"):
            raise RulesError("the runner on third is auto, go or hold")
        for flag in FLAGS:
            if flag in known:
                known[flag] = known[flag] not in (False, "false", "no", "off", 0)
        if known.get("infield", "auto") not in DEPTHS:
            raise RulesError(f"infield depth is one of {', '.join(DEPTHS)}")
        if known.get("play", "swing") not in PLAYS:
            raise RulesError(f"the offense's play is one of {', '.join(PLAYS)}")
        return IPOrders(**known)

    def check_orders(self, state: GameState, orders: Orders, level: str) -> None:
        pass

    def charts(self) -> None:
        return None  # the charts are module data (league/rules/inside_pitch/charts.py)

    def resolve_pa(self, state: GameState, cards: Cards, rolls: Sequence[Roll], orders: Orders,
                   level: str) -> NeedRoll | Outcome:
        return engine.resolve_pa(state, cards, rolls, cast(IPOrders, orders), revision=_revision(level))

    def resolve_steal(self, state: GameState, cards: Cards, rolls: Sequence[Roll], runners: tuple[int, ...],
                      orders: Orders, level: str) -> NeedRoll | Outcome:
        return engine.resolve_steal(state, cards, rolls, runners, cast(IPOrders, orders), _revision(level))

    def play_pa(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll], orders: Orders,
                level: str) -> Outcome:
        return engine.play_pa(state, cards, source, cast(IPOrders, orders), revision=_revision(level))

    def play_steal(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll],
                   runners: tuple[int, ...], orders: Orders, level: str) -> Outcome:
        return engine.play_steal(state, cards, source, runners, cast(IPOrders, orders), _revision(level))

    def manage(self, fold: Any) -> list[dict[str, Any]]:
        return manager.manage(fold)

    def tired(self, state: GameState, cards: Cards, team: Team) -> bool:
        # engine.tired reads the fielding side's pitcher: put ``team`` in the field
        side = "home" if team is state.home or team.code == state.home.code else "visitor"
        return engine.tired(evolve(state, half="top" if side == "home" else "bottom"), cards)

    def starter_rest(self, card: PACard) -> int:
        return manager.STARTER_REST

    def resting_relievers(self, bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]],
                          today: datetime.date, games_since_start: Mapping[str, int],
                          rest_games: Mapping[str, int]) -> list[dict[str, str]]:
        return manager.resting_relievers(bullpen, usage, today, games_since_start, rest_games)


def _revision(level: str) -> int:
    """The rules revision a game's setup level names (``inside-pitch`` is revision 1)."""
    if level not in REVISIONS:
        raise RulesError(f"unknown Inside Pitch rules revision {level!r} (known: {', '.join(REVISIONS)})")
    return REVISIONS[level]


ENGINE: CardEngine = InsidePitchCards()


@functools.cache
def with_options(options: tuple[tuple[str, str], ...]) -> CardEngine:
    """The engine of a league with these options (one object per set of options: parsed cards are cached per engine)."""
    return InsidePitchCards(options) if options else ENGINE

__all__ = ["ENGINE", "InsidePitchCards", "with_options"]
