"""Strat-O-Matic's season player: the shared one with super advanced starter rest (27.51, 27.52, 27.61).

From super advanced revision 4 on (:func:`.usage_rules.super_rest`) a
starter's rest depends on the outs of his last start (27.51), a starter who
relieved with no day of rest since is fatigued for all of his start (27.52)
and a reliever rated to start who is within that rest is fatigued for all
of his relief outing (27.61).  The Staff keeps who pitched, not how long: the
outs of a last start come from that game's box score, kept in memory when
this player finished the game and read from the game aggregate otherwise
(once per game).  Who is fatigued goes into the game's setup, in its
standing orders (``fatigued``), where the engine reads it before every plate
appearance: the fold and the audit replay it with no other record.  Every
earlier level plays exactly as before.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Callable, Mapping

from league.rules.pa.engine import PACard
from league.rules.pa.season import PASeason
from league.rules.strat.usage_rules import fatigued_today, start_fatigue, starter_rest, super_rest

FATIGUED = "fatigued"  # the standing orders' key: {pitcher: why he is fatigued for his whole outing}


class StratSeason(PASeason):
    """:class:`~league.rules.pa.season.PASeason` with 27.51's rest, 27.52's and 27.61's fatigue."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.outs: dict[str, dict[str, int]] = {}  # game -> {pitcher: outs}, each game's box score read once

    def starter_rest(self, team: str, card: PACard, level: str) -> int:
        return starter_rest(level, card.name, self.staffs[team].usage.get(card.id, ()),
                            lambda game: self.outs_in(game).get(card.id))

    def prefer_starter(self, team: str, day: str | None, level: str) -> Callable[[PACard], bool] | None:
        """27.52: the manager starts a rested man who did not relieve yesterday or today when he has one."""
        if day is None or not super_rest(level):
            return None
        usage, today = self.staffs[team].usage, date.fromisoformat(day)
        return lambda c: start_fatigue(usage.get(c.id, ()), today) is None

    def game_orders(self, orders: Mapping[str, Any], sides: tuple[Mapping[str, Any], Mapping[str, Any]], day: str,
                    level: str) -> Mapping[str, Any]:
        base = {k: v for k, v in orders.items() if k != FATIGUED}
        if not super_rest(level):
            return base if FATIGUED in orders else orders
        tired: dict[str, str] = {}
        for side in sides:
            team = side["team"]
            cards = {c.id: c for c in self._team_cards(team)}
            rest = {p: self.starter_rest(team, cards[p], level) for p in side["bullpen"]
                    if cards[p].starter is not None}
            tired.update(fatigued_today(level, side["starter"], side["bullpen"], self.staffs[team].usage,
                                        date.fromisoformat(day), self.games_since_start(team), rest))
        return {**base, FATIGUED: tired} if tired else base

    def _team_cards(self, team: str) -> list[PACard]:
        # Any pairing holding the club gives its cards (parsed once per text: replay.cards_for's cache).
        return [c for c in self.cards(team, team).values() if c.team == team]

    def outs_in(self, game: str) -> dict[str, int]:
        """Each pitcher's outs in a finished game of the league, from its box score."""
        if game not in self.outs:
            load = getattr(self.app, "_get_game", None)
            g = load(game) if load is not None else None
            self.outs[game] = _box_outs(getattr(g, "outcome", None))
        return self.outs[game]

    def record_usage(self, g: Any) -> None:
        super().record_usage(g)
        self.outs[g.game] = _box_outs(g.outcome)


def _box_outs(box: Mapping[str, Any] | None) -> dict[str, int]:
    if not box:
        return {}
    return {p["pitcher"]: int(p["outs"]) for side in ("visitor", "home") for p in box[side]["pitching"]}


__all__ = ["FATIGUED", "StratSeason"]
