"""What one resolution reads and writes: cards, charts, dice, explanation.

A :class:`Ctx` lives for one event.  It answers rating questions (which card
a batter hits from, a fielder's range and arm, with the manual's defaults for
players out of position) and collects the steps the event records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from league.domain.errors import RulesError
from league.domain.dice import D20, Dice
from league.rules.pa.state import GameState
from league.rules.strat.cards import Card
from league.rules.strat.charts import Cell, Charts

EMERGENCY = "EMERGENCY"  # the 25.3 pitching card's id
_new = object.__new__


@dataclass
class Ctx:
    cards: Mapping[str, Card]
    charts: Charts
    level: str  # "basic" | "advanced" | "super" (league/rules/strat/levels.py)
    dice: Dice
    steps: list[dict[str, Any]] = field(default_factory=list)
    asterisks: bool = True  # False: the 2.1 mode, asterisks ignored and no extra-base tries
    revision: int = 1  # super advanced revision (levels.SUPER_R2): 2 for games set up since it
    x_chance: bool = False  # the reading being played came from a fielding chart (20.51)
    led: str | None = None  # revision 2: the runner who tried for his good lead in this event (19.8)
    failed_lead: tuple[str, int, bool, int] | None = None  # revision 2: his missed try (23.3 D)
    # revision 4: a play the super fielding chart resolves on its own, the batter still up (a 29.3 passed
    # ball, the hidden ball trick): its event type and whose it is for the box score
    own_event: tuple[str, str | None] | None = None
    weather: bool = False  # revision 4 with the league's weather option: 30.5 in place of the park chart

    @staticmethod
    def make(cards: Mapping[str, Card], charts: Charts, level: str, dice: Dice, asterisks: bool = True,
             revision: int = 1, weather: bool = False) -> Ctx:
        """``Ctx(cards, charts, level, dice, asterisks=..., revision=..., weather=...)`` without the class
        call: one is made for every resolution, and Python 3.11 calls a class's generated __init__ through
        a slow generic path (keywords dearer still)."""
        ctx = _new(Ctx)
        # every field, in the dataclass's order (the instances share one key table), as __init__ sets them
        ctx.cards = cards
        ctx.charts = charts
        ctx.level = level
        ctx.dice = dice
        ctx.steps = []
        ctx.asterisks = asterisks
        ctx.revision = revision
        ctx.x_chance = False
        ctx.led = None
        ctx.failed_lead = None
        ctx.own_event = None
        ctx.weather = weather
        return ctx

    # -- dice and record -----------------------------------------------------
    def d20(self, state: GameState, purpose: str) -> int:
        roll: D20 = self.dice.take("d20", state.batting_side, purpose)
        return roll.value

    def note(self, text: str, **facts: Any) -> None:
        self.steps.append({"note": text, **facts})

    def chart(self, cell: Cell, text: str = "", **facts: Any) -> None:
        # {**cell.fact(), **({"note": text} if text else {}), **facts}, without the dicts merged into a third
        step = cell.fact()  # a fresh dict
        if text:
            step["note"] = text
        if facts:
            step.update(facts)
        self.steps.append(step)

    # -- ratings ---------------------------------------------------------------
    def card(self, player: str) -> Card:
        try:
            return self.cards[player]
        except KeyError:
            raise RulesError(f"no card for {player}") from None

    def pitcher_card(self, state: GameState) -> Card:
        """The pitcher's card, or the 25.3 card for a position player pitching."""
        if state.defense.stint.role == "emergency":
            return self.card(EMERGENCY)
        return self.card(state.defense.pitcher)

    def hitting_card(self, player: str) -> Card:
        """A pitcher bats from the pitchers' hitting card his rating names (11.1)."""
        card = self.card(player)
        if card.kind == "pitcher":
            return self.card(f"PH{card.batting[0] if card.batting else '1'}")
        return card

    def range(self, state: GameState, position: str) -> tuple[str, int, str]:
        """Fielder, range rating, and why: 5 when playing out of position (10.1, 25.2)."""
        if position == "p" and state.defense.stint.role == "emergency":
            return state.defense.pitcher, 5, "position player pitching: 5e51 (25.3)"
        player = state.defense.at(position)
        if player is None:
            raise RulesError(f"nobody plays {position}")
        rating = self.card(player).rating(position)
        if rating is None:
            return player, 5, f"{player} out of position: rated 5 (25.2)"
        return player, rating.range, f"{player} {rating}"

    def error_rating(self, state: GameState, position: str, super_chart: bool = False) -> tuple[int, str]:
        """The fielder's e rating and why, capped at the advanced chart's maximum (16.1 C), or with
        ``super_chart`` at the super advanced chart's higher one (16.3).

        Out of position he takes the position's highest e rating (25.2), but an
        outfielder keeps his own at any outfield spot (25.21).
        """
        top = self.charts.super_max_e(position) if super_chart else self.charts.max_e(position)
        if position == "p" and state.defense.stint.role == "emergency":
            e, why = 51, "position player pitching: 5e51 (25.3)"
        else:
            player = state.defense.at(position)
            card = self.card(player) if player else None
            rating = card.rating(position) if card else None
            if card is not None and rating is None and position in ("lf", "cf", "rf"):
                rating = next((f for f in card.fielding if f.position in ("lf", "cf", "rf")), None)
            if rating is None:
                return top, f"{player} out of position: the highest e rating at {position}, e{top} (25.2)"
            e, why = rating.error, f"{player} {rating}"
        if e > top:
            why += f"; e{e} is above the chart's maximum at {position}: read as e{top} " + \
                ("(16.3)" if super_chart else "(16.1 C)")
        return min(e, top), why

    def arm(self, state: GameState, position: str) -> int:
        """An outfielder's or catcher's arm; +5 for a player not rated there (25.2).

        An outfielder keeps his arm at any outfield position (16.1 B, 25.21).
        """
        player = state.defense.at(position)
        card = self.card(player) if player else None
        if card is None:
            return 5
        rating = card.rating(position)
        if rating is None and position in ("lf", "cf", "rf"):
            rating = next((f for f in card.fielding if f.position in ("lf", "cf", "rf")), None)
        return rating.arm if rating is not None and rating.arm is not None else 5

    def catcher(self, state: GameState) -> tuple[int, int, tuple[int, int]]:
        """Catcher's range, arm and T range; out of position 5, +5, 1-20 (25.2)."""
        player = state.defense.at("c")
        card = self.card(player) if player else None
        rating = card.rating("c") if card else None
        if card is None or rating is None:
            return 5, 5, (1, 20)
        return rating.range, rating.arm or 0, card.catcher_t or (1, 20)
