"""Pine Tar as the plate-appearance layer sees it: :data:`ENGINE`, a
:class:`~league.rules.pa.engine.CardEngine` handing over to the cards
(:mod:`.cards`), charts (:mod:`.charts`), engine (:mod:`.engine`) and
auto-manager (:mod:`.manager`)."""

from __future__ import annotations

import datetime
import functools
from typing import Any, Callable, Mapping, Sequence, cast

from league.domain.errors import RulesError
from league.domain.usage import Appearance
from league.domain.dice import NeedRoll, Roll
from league.rules.pa.engine import CardEngine, Cards, Orders, Outcome, PACard
from league.rules.pa.state import GameState, Team
from league.rules.pine_tar import engine, injuries, manager
from league.rules.pine_tar.cards import Card, parse_cards
from league.rules.pine_tar.charts import RULESET_VERSION, Charts, load_charts

# ruleset -> (level, designated hitter)
LEVELS = {"pine-tar": ("main", False), "pine-tar-dh": ("main", True)}


class PineTarCards:
    """The engine of a league: ``options`` are the optional rules it plays, stored in each new game's
    standing orders (so audit and replay read them from the game, not from the league)."""

    version = RULESET_VERSION

    def __init__(self, options: tuple[str, ...] = ()) -> None:
        self.options = tuple(sorted(options))
        self.standing_orders: Mapping[str, Any] = (
            {**manager.ORDERS, "options": list(self.options)} if self.options else manager.ORDERS)

    def can_replay(self, version: str) -> bool:
        return version == RULESET_VERSION

    def variant(self, ruleset: str) -> tuple[str, bool]:
        return LEVELS[ruleset]

    def cards(self, text: str, source: str) -> list[Card]:
        return parse_cards(text, source)

    def shared_cards(self) -> dict[str, Card]:
        return {}  # every Pine Tar pitcher's card carries his own batting column

    def strategy(self, orders: Mapping[str, Any]) -> engine.Orders:
        return engine.orders(orders)

    def check_orders(self, state: GameState, orders: Orders, level: str) -> None:
        """The infield comes in only where the manual lets the defense play for the out at home; a bunt
        or a hit and run that cannot be put on is refused when the shared layer resolves its play at once."""
        if cast(engine.Orders, orders).infield_in:
            why = engine.infield_in_refused(state)
            if why:
                raise RulesError(f"no infield in now: {why}")

    def charts(self) -> Charts:
        return load_charts()

    def resolve_pa(self, state: GameState, cards: Cards, rolls: Sequence[Roll], orders: Orders,
                   level: str) -> NeedRoll | Outcome:
        return engine.resolve_pa(state, cards, rolls, cast(engine.Orders, orders))

    def resolve_steal(self, state: GameState, cards: Cards, rolls: Sequence[Roll], runners: tuple[int, ...],
                      orders: Orders, level: str) -> NeedRoll | Outcome:
        return engine.resolve_steal(state, cards, rolls, runners, cast(engine.Orders, orders))

    def play_pa(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll], orders: Orders,
                level: str) -> Outcome:
        return engine.play_pa(state, cards, source, cast(engine.Orders, orders))

    def play_steal(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll],
                   runners: tuple[int, ...], orders: Orders, level: str) -> Outcome:
        return engine.play_steal(state, cards, source, runners, cast(engine.Orders, orders))

    def postgame(self, state: GameState, cards: Cards, rolls: Sequence[Roll], orders: Orders,
                 setup: Mapping[str, Any]) -> NeedRoll | Outcome | None:
        """The checks after a game of the optional injuries (:mod:`.injuries`); None without the option."""
        return injuries.resolve_postgame(state, cards, rolls, cast(engine.Orders, orders), setup)

    def manage(self, fold: Any) -> list[dict[str, Any]]:
        return manager.manage(fold)

    def tired(self, state: GameState, cards: Cards, team: Team) -> bool:
        return manager.tired(state, cards, team, self.options)

    def starter_rest(self, card: PACard) -> int:
        return manager.STARTER_REST

    def resting_relievers(self, bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]],
                          today: datetime.date, games_since_start: Mapping[str, int],
                          rest_games: Mapping[str, int]) -> list[dict[str, str]]:
        return manager.resting_relievers(bullpen, usage, today, games_since_start, rest_games)


ENGINE: CardEngine = PineTarCards()


@functools.cache
def league_engine(options: tuple[str, ...]) -> CardEngine:
    """One engine per set of optional rules (the shared layer caches parsed cards per engine)."""
    return PineTarCards(options) if options else ENGINE

__all__ = ["ENGINE", "LEVELS", "PineTarCards", "league_engine"]
