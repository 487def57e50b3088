"""What one play's resolution reads: the state, the cards, the dice, the orders; and its explanation.

Inside Pitch rolls 2d6 (red, white), 1d20 and 1d6.  The shared layer's dice
are pairs, triads and the d20, so a 1d6 is the red (first) die of a pair:
its purpose says so, and the white die is not read (docs/inside-pitch.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from league.domain.dice import Pair
from league.domain.errors import RulesError
from league.rules.inside_pitch.cards import Ballpark, Card, Fielding, park_key
from league.rules.inside_pitch.charts import LATEST, POSITION
from league.rules.inside_pitch.emergency import emergency_card, pitches_in_emergency
from league.domain.dice import Dice
from league.rules.pa.state import GameState

WORST = {"range_rating": 1, "error_rating": 20}


@dataclass(frozen=True)
class Orders:
    """The managers' standing choices: the strategy roll (11) and infield depth (8.10)."""

    strategy_roll: bool = True
    infield: str = "auto"  # auto (8.10 suggestions) | back | half | in
    third: str = "auto"  # the runner on third on a ground ball: auto (BR policy) | go | hold
    play: str = "swing"  # a manager's call for this plate appearance: swing | sacrifice | hit_and_run | ibb
    # league options (docs/inside-pitch.md), stored with the standing orders in each game's setup
    exhausted: bool = False  # 12.3
    pull: bool = False  # 12.2
    restrike: bool = False  # 11: a new strategy roll whenever the bases change (house rule)

    def fact(self) -> dict[str, Any]:
        return {"strategy_roll": self.strategy_roll, "infield": self.infield, "third": self.third, "play": self.play,
                "exhausted": self.exhausted, "pull": self.pull, "restrike": self.restrike}


class Ctx:
    def __init__(self, state: GameState, cards: Mapping[str, Any], dice: Dice, orders: Orders,
                 options: Mapping[str, str] | None = None, revision: int = LATEST) -> None:
        self.state = state
        self.revision = revision  # the rules revision the game plays by (charts.REVISIONS)
        self.cards = cards
        self.dice = dice
        self.orders = orders
        self.options = options or {}
        self.side = state.batting_side
        self.steps: list[dict[str, Any]] = []
        self.tactic: str | None = None  # "bunt" | "hit_and_run" once the strategy roll or the manager calls one

    # --- dice ---------------------------------------------------------------------
    def d20(self, purpose: str) -> int:
        return int(self.dice.take("d20", self.side, purpose).value)

    def d6(self, purpose: str) -> int:
        roll: Pair = self.dice.take("pair", self.side, f"1d6 (red die): {purpose}")
        return roll.first

    def two(self, purpose: str) -> Pair:
        roll: Pair = self.dice.take("pair", self.side, f"2d6: {purpose}")
        return roll

    def note(self, text: str, **facts: Any) -> None:
        self.steps.append({"step": text, **facts})

    # --- cards --------------------------------------------------------------------
    def card(self, player: str) -> Card:
        card = self.cards.get(player)
        if not isinstance(card, Card):
            raise RulesError(f"no Inside Pitch card {player!r}")
        return card

    @cached_property
    def park(self) -> Ballpark:
        park = self.cards.get(park_key(self.state.home.code))
        if not isinstance(park, Ballpark):
            raise RulesError(f"{self.state.home.code} has no ballpark card")
        return park

    def fielder(self, n: int) -> tuple[str, Fielding]:
        """The player at position ``n`` (1-9) and his rating there (out of position: the worst)."""
        pos = POSITION[n]
        player = self.state.defense.at(pos)
        if player is None:
            raise RulesError(f"{self.state.defense.code} has nobody at {pos}")
        if n == 1 and self.emergency:  # a position player pitching fields the mound as his pitching card says
            return player, emergency_card().at("p") or Fielding(pos, **WORST)
        rating = self.card(player).at(pos)
        return player, rating or Fielding(pos, **WORST)

    def br(self, player: str) -> int:
        return self.card(player).number("br")

    # the batter and the pitcher do not change within one resolution: read them once
    @cached_property
    def batter(self) -> Card:
        return self.card(self.state.offense.batter)

    @cached_property
    def emergency(self) -> bool:
        """A position player pitches, from the project's card (revision 3: :mod:`.emergency`)."""
        return pitches_in_emergency(self.state, self.revision)

    @cached_property
    def pitcher(self) -> Card:
        return emergency_card() if self.emergency else self.card(self.state.defense.pitcher)

    @cached_property
    def batter_left(self) -> bool:
        """The batter bats left-handed (a switch hitter bats opposite the pitcher's throwing hand, 2)."""
        bats = self.batter.hand
        return (self.pitcher.hand == "R") if bats == "S" else bats == "L"

    @property
    def pitcher_left(self) -> bool:
        return self.pitcher.hand == "L"

    @property
    def two_out(self) -> int:
        return 1 if self.state.outs == 2 else 0


__all__ = ["Ctx", "Orders"]
