"""What a card game gives the plate-appearance layer: the :class:`CardEngine` interface.

The shared layer (:mod:`league.rules.pa`) keeps a game's base/out state, its
substitutions, the replay fold, box scores, hand play, the day pool and the
audit; everything that depends on one card game's cards and charts is asked
of its engine.  Strat-O-Matic's is :mod:`league.rules.strat.card_engine`;
Pine Tar and Inside Pitch will each write one.  A card game's ruleset
(:class:`league.rules.pa.ruleset.CardRuleset`) hands its engine to the season
player, the fold and the audit; nothing in this layer names a card game.

An engine must be pure in what it resolves (the same state, cards, orders and
rolls always give the same outcome: audit replays rely on it) and cheap to
share with forked workers (the day pool forks; nothing is pickled).
"""

from __future__ import annotations

import datetime
from typing import Any, Callable, Mapping, Protocol, Sequence

from league.domain.usage import Appearance
from league.domain.dice import NeedRoll, Roll
from league.rules.pa.state import GameState, Team

# A resolved play: the new state and the engine's event (plain JSON but tuples).
Outcome = tuple[GameState, dict[str, Any]]
# Card id -> the game's own card (a :class:`PACard`, with whatever else its engine reads).
Cards = Mapping[str, Any]


class Rated(Protocol):
    """One of a card's fielding ratings: the shared layer reads only the position."""

    @property
    def position(self) -> str: ...


class PACard(Protocol):
    """What the shared layer reads on a card (lineups, eligibility, names, exports)."""

    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...  # "batter" | "pitcher"
    @property
    def name(self) -> str: ...
    @property
    def team(self) -> str: ...
    @property
    def hand(self) -> str: ...  # bats (batters) or throws (pitchers)
    @property
    def fielding(self) -> Sequence[Rated]: ...  # the first is his position in the lineup
    @property
    def starter(self) -> int | None: ...  # rated to start (None: not a starter)
    @property
    def relief(self) -> int | None: ...  # rated to relieve (None: not a reliever)


class Orders(Protocol):
    """The managers' choices for the next play (the engine's strategy object)."""

    def fact(self) -> dict[str, Any]:
        """Every choice, as plain JSON (what a decision event and ``game state`` show)."""
        ...


class CardEngine(Protocol):
    """One card game's rules, as the plate-appearance layer uses them.

    One object per card game, hashable (the layer caches parsed cards per engine).
    """

    def __hash__(self) -> int: ...

    # --- versions and variants ---------------------------------------------------

    @property
    def version(self) -> str:
        """The rules version new games are stored under (``PAGame.ruleset_version``)."""
        ...

    def can_replay(self, version: str) -> bool:
        """Whether this build re-derives games stored under ``version`` (audit)."""
        ...

    def variant(self, ruleset: str) -> tuple[str, bool]:
        """The rules level and whether the DH bats, for a league of ruleset ``ruleset``."""
        ...

    # --- cards ---------------------------------------------------------------------

    def cards(self, text: str, source: str) -> Sequence[PACard]:
        """A club's registered card text read into cards (``source`` names it in errors)."""
        ...

    def shared_cards(self) -> Mapping[str, PACard]:
        """Cards every league uses beside its clubs' (Strat: pitchers' hitting cards, the emergency card)."""
        ...

    # --- orders --------------------------------------------------------------------

    @property
    def standing_orders(self) -> Mapping[str, Any]:
        """The simulator's standing orders, stored in a new game's setup (``orders``)."""
        ...

    def strategy(self, orders: Mapping[str, Any]) -> Orders:
        """The orders object for these choices (a setup's ``orders``; every choice of ``fact()``)."""
        ...

    def check_orders(self, state: GameState, orders: Orders, level: str) -> None:
        """Raise RulesError for a conditional choice a manager makes that cannot arise now (the plays
        would ignore it: Strat's cut-off with nobody to cut off).  An engine without such choices
        writes ``pass``; what the rules forbid outright is refused when the play resolves."""
        ...

    # --- resolving plays -----------------------------------------------------------

    def charts(self) -> Any:
        """Read the engine's charts once (the season player does before forking workers)."""
        ...

    def resolve_pa(self, state: GameState, cards: Cards, rolls: Sequence[Roll], orders: Orders,
                   level: str) -> NeedRoll | Outcome:
        """Replay ``rolls`` through a plate appearance: the next roll it needs, or its outcome."""
        ...

    def resolve_steal(self, state: GameState, cards: Cards, rolls: Sequence[Roll], runners: tuple[int, ...],
                      orders: Orders, level: str) -> NeedRoll | Outcome:
        """The same for a steal by ``runners`` (bases, the lead runner first or alone)."""
        ...

    def play_pa(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll], orders: Orders,
                level: str) -> Outcome:
        """A plate appearance in one pass, asking ``source`` for every roll."""
        ...

    def play_steal(self, state: GameState, cards: Cards, source: Callable[[NeedRoll], Roll],
                   runners: tuple[int, ...], orders: Orders, level: str) -> Outcome:
        """A steal in one pass, asking ``source`` for every roll."""
        ...

    # --- the managers ----------------------------------------------------------------

    def manage(self, fold: Any) -> list[dict[str, Any]]:
        """The auto-manager's decisions before the next play of ``fold`` (a
        :class:`league.rules.pa.replay.Fold`), each already applied to it."""
        ...

    def tired(self, state: GameState, cards: Cards, team: Team) -> bool:
        """Whether ``team``'s pitcher is tired (hand play shows it)."""
        ...

    def starter_rest(self, card: PACard) -> int:
        """Games a starter needs between starts."""
        ...

    def resting_relievers(self, bullpen: Sequence[str], usage: Mapping[str, Sequence[Appearance]],
                          today: datetime.date, games_since_start: Mapping[str, int],
                          rest_games: Mapping[str, int]) -> list[dict[str, str]]:
        """The relievers who must rest ``today`` (``{"pitcher", "reason"}`` each), from the club's usage.

        ``games_since_start``: the club's games since each pitcher's last start;
        ``rest_games``: the rest between starts of relievers also rated to start.
        """
        ...


__all__ = ["CardEngine", "Cards", "Orders", "Outcome", "PACard", "Rated"]
