"""Strat-O-Matic as the plate-appearance layer sees it: :data:`ENGINE`, a
:class:`~league.rules.pa.engine.CardEngine`.

Each method hands over to the module that does the work: the cards
(:mod:`.cards`, :mod:`.roster`), the charts (:mod:`.charts`), the engine
(:mod:`.engine`), the strategy (:mod:`.strategy`) and the auto-manager with
its rest rules (:mod:`.manager`).  The ruleset (:mod:`.ruleset`) gives this
object to the season player, the fold and the audit.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import replace
from typing import Any, Callable, Mapping, Sequence, cast

from league.domain.usage import Appearance
from league.domain.dice import NeedRoll, Roll
from league.rules.pa.engine import CardEngine, Cards, Orders, Outcome, PACard
from league.rules.pa.state import GameState, Team
from league.rules.strat import engine, manager
from league.rules.strat.cards import Card, parse_cards
from league.rules.strat.charts import RULESET_VERSION, Charts, load_charts
from league.rules.strat.context import EMERGENCY
from league.rules.strat.levels import SUPER_LEVEL, revision, split_level
from league.rules.strat.roster import shared_set
from league.rules.strat.strategy import Strategy, check_orders, send_at

# ruleset -> (level, designated hitter)
LEVELS = {"strat-o-matic": ("advanced", True), "strat-o-matic-basic": ("basic", False),
          "strat-o-matic-super": (SUPER_LEVEL, True)}


@functools.cache
def _shared_cards() -> dict[str, Card]:
    # No club's own: the files name a placeholder team ("PIT", "ANY"), and a club
    # with that code (Pittsburgh) must not find eight pitchers' hitting cards on its roster.
    return {k: replace(v, team="") for k, v in shared_set().items() if k.startswith("PH") or k == EMERGENCY}


class StratCards:
    """The Strat-O-Matic engine behind the shared plate-appearance layer."""

    version = RULESET_VERSION
    standing_orders: Mapping[str, Any] = manager.ORDERS

    def can_replay(self, version: str) -> bool:
        return version == RULESET_VERSION

    def variant(self, ruleset: str) -> tuple[str, bool]:
        return LEVELS[ruleset]

    def cards(self, text: str, source: str) -> list[Card]:
        return parse_cards(text, source)

    def shared_cards(self) -> dict[str, Card]:
        """Pitchers' hitting cards (11.1) and the 25.3 emergency card: every league uses them."""
        return _shared_cards()

    def strategy(self, orders: Mapping[str, Any]) -> Strategy:
        lists = [k for k in ("held", "go", "stop") if k in orders]  # lists in stored JSON
        if lists:
            orders = {**orders, **{k: tuple(orders[k]) for k in lists}}
        if "send_at" in orders:
            orders = {**orders, "send_at": send_at(orders["send_at"])}
        if "fatigued" in orders:  # {pitcher: why} in stored JSON (27.52, 27.61: .season_rest)
            orders = {**orders, "fatigued": tuple(orders["fatigued"].items())}
        return Strategy(**orders)

    def check_orders(self, state: GameState, orders: Orders, level: str) -> None:
        """Refuse a manager's conditional choice that cannot arise now (13.3 with nobody to cut off, ...)."""
        check_orders(state, cast(Strategy, orders), split_level(level)[0], revision(level))

    def charts(self) -> Charts:
        return load_charts()

    def resolve_pa(self, state: GameState, cards: Cards, rolls: Sequence[Roll], orders: Orders,
                   level: str) -> NeedRoll | Outcome:
        return engine.resolve_pa(state, cards, None, rolls, cast(Strategy, orders), level)

    def resolve_steal(self, state: GameState, cards: Cards, rolls: Sequence[Roll], runners: tuple[int, ...],
                      orders: Orders, level: str) -> NeedRoll | Outcome:
        return engine.resolve_steal(state, cards, None, rolls, runners, cast(Strategy, orders), level)

    def play_pa(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll], orders: Orders,
                level: str) -> Outcome:
        return engine.play_pa(state, cards, source, cast(Strategy, orders), level, load_charts())

    def play_steal(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll],
                   runners: tuple[int, ...], orders: Orders, level: str) -> Outcome:
        return engine.play_steal(state, cards, source, runners, cast(Strategy, orders), level, load_charts())

    def manage(self, fold: Any) -> list[dict[str, Any]]:
        return manager.manage(fold)

    def tired(self, state: GameState, cards: Cards, team: Team) -> bool:
        return manager.tired(state, cards, team)

    def starter_rest(self, card: PACard) -> int:
        return manager.rest_needed(card.name)

    def resting_relievers(self, bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]],
                          today: datetime.date, games_since_start: Mapping[str, int],
                          rest_games: Mapping[str, int]) -> list[dict[str, str]]:
        return manager.resting_relievers(bullpen, usage, today, games_since_start, rest_games)


ENGINE: CardEngine = StratCards()

__all__ = ["ENGINE", "LEVELS", "StratCards"]
