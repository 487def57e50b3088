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

In a league created with ``--option usage=real`` (10.1-10.2,
:mod:`.real_usage`) a player whose real figure (his card's ``actual:`` line)
is used up, or whose use runs ahead of its pace, is out of the game as an
injured player is, with the reason in the setup.  The at-bats and outs so
far are each game's box score (the Staff keeps appearances, not at-bats or
outs): kept in memory when this player finishes a game, read from the game
aggregate once for a game finished before, and summed over the club's games
before the one set up, so a game set up again (a dispute's cascade) sees
what it saw.  Leagues without the option never read them.

In a league created with ``--option solitaire-rest=on`` (super advanced,
26.2, :mod:`.solitaire_rest`) each club's lineup, once filled around the
injured and those sitting, reads the solitaire rest charts: a six-sided die
names three positions, a 20-sided die for each starter there decides
whether he rests.  The dice come from the league's seed, the game and the
club (a stream of their own, so the game's own dice are untouched and a
setup made again, in a dispute's cascade or after a rewind, reads the same
dice); the setup records them (``solitaire_rest``) and each rested man's
note in ``out``.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any, Callable, Mapping, Sequence

from league.rules.pa.engine import PACard
from league.rules.pa.lineup import Key, Lineup, Out, rest_lineup
from league.rules.pa.season import PASeason
from league.rules.strat.real_usage import sits
from league.rules.strat.usage_rules import fatigued_today, start_fatigue, starter_rest, super_rest

FATIGUED = "fatigued"  # the standing orders' key: {pitcher: why he is fatigued for his whole outing}


class StratSeason(PASeason):
    """:class:`~league.rules.pa.season.PASeason` with 27.51's rest, 27.52's and 27.61's fatigue."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.outs: dict[str, dict[str, int]] = {}  # game -> {pitcher: outs}, each game's box score read once
        self.at_bats: dict[str, dict[str, int]] = {}  # game -> {batter: at-bats}, likewise (usage=real only)
        self.real_usage = self.league.options.get("usage") == "real"
        self.solitaire_rest = self.league.options.get("solitaire-rest") == "on"
        self._scheduled: dict[str, int] = {}
        # usage=real: each club's at-bats and outs summed over the games already counted (see _used_before)
        self._used: dict[str, tuple[dict[str, tuple[Any, Any]], dict[str, dict[str, int]]]] = {}

    def starter_rest(self, team: str, card: PACard, level: str) -> int:
        return starter_rest(level, card.name, self.staffs[team].usage.get(card.id, ()),
                            lambda game: self.outs_in(game).get(card.id))

    def rest_lineup(self, team: str, game: str, batters: Sequence[PACard],
                    lineup: Lineup) -> tuple[Lineup, dict[str, Any] | None]:
        """26.2 with ``solitaire-rest=on``: the usage chart's d6, a d20 for each starter it names, and the
        lineup with whoever must rest on the bench (:mod:`.solitaire_rest`)."""
        if not self.solitaire_rest:
            return lineup, None
        from league.rules.strat import solitaire_rest as chart

        rng = random.Random(f"{self.league.seed}:{game}:{chart.RULE}:{team}")
        d6 = rng.randint(1, 6)
        d20s = [rng.randint(1, 20) for _ in range(3)]  # always three: the stream does not hang on the cards
        record = chart.checks(lineup.fielders, {c.id: c for c in batters}, d6, d20s)
        rests = [{**c, "reason": chart.reason(record, c)} for c in record["checks"] if c["rests"]]
        return rest_lineup(lineup, batters, rests, chart.RULE), record

    def prefer_starter(self, team: str, day: str | None, level: str) -> Callable[[PACard], bool] | None:
        """27.52: the manager starts a rested man who did not relieve yesterday or today when he has one."""
        if day is None or not super_rest(level):
            return None
        usage, today = self.staffs[team].usage, date.fromisoformat(day)
        return lambda c: start_fatigue(usage.get(c.id, ()), today) is None

    def setup_extra(self, scheduled: Mapping[str, Any], level: str) -> dict[str, Any]:
        """30.5: a weather game's date and time of day (when the schedule gives it), which the engine's
        weather roll reads (:mod:`.weather`); no other game stores any."""
        from league.rules.strat.weather import plays_weather, setup_extra

        return setup_extra(scheduled["date"], scheduled.get("time")) if plays_weather(level) else {}

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
            self._read_box(game)
        return self.outs[game]

    def at_bats_in(self, game: str) -> dict[str, int]:
        """Each batter's at-bats in a finished game of the league, from its box score."""
        if game not in self.at_bats:
            self._read_box(game)
        return self.at_bats[game]

    def _read_box(self, game: str) -> None:
        load = getattr(self.app, "find_game", None)
        g = load(game) if load is not None else None
        box = getattr(g, "outcome", None)
        self.outs[game], self.at_bats[game] = _box_outs(box), _box_at_bats(box)

    def record_usage(self, g: Any) -> None:
        super().record_usage(g)
        self.outs[g.game] = _box_outs(g.outcome)
        if self.real_usage:
            self.at_bats[g.game] = _box_at_bats(g.outcome)

    def out_of_action(self, team: str, key: Key) -> dict[str, Out]:
        """The injured (the shared player's), and with ``usage=real`` whoever 10.1-10.2 sits (:mod:`.real_usage`)."""
        out = super().out_of_action(team, key)
        if not self.real_usage:
            return out
        earlier = [gid for gid, info in self.staffs[team].by_game.items()
                   if (info["date"], int(info.get("number", 0)), gid) < key]
        used = self._used_before(team, earlier)
        scheduled = self.scheduled(team)
        for card in self._team_cards(team):
            if card.id in out:
                continue
            why = sits(card, used[card.kind].get(card.id, 0), len(earlier), scheduled)
            if why is not None:
                out[card.id] = Out(player=card.id, date=key[0], game=key[2], games=1, missed=0, why=why)
        return out

    def _used_before(self, team: str, earlier: Sequence[str]) -> dict[str, dict[str, int]]:
        """A batter's at-bats and a pitcher's outs (a pitcher's own at-bats are no figure of his) over the
        club's ``earlier`` games, by ``"batter"`` and ``"pitcher"``.

        Every setup asks for the club's whole season so far, and summing it again each time grew with
        the square of the season (two fifths of a 2,430-game sim's serial process).  The sums are kept
        per club with the games they hold and the very box figures they added; a setup adds the games
        that are new.  When a counted game is no longer among the earlier ones (a revoked or replayed
        game) or its figures were read again (a different object), the sums start over from nothing,
        as they always were made.  The answer is only read, never written to, by the caller.
        """
        kept = self._used.get(team)
        if kept is not None:
            counted, used = kept
            known = set(earlier)
            if any(gid not in known or self.at_bats.get(gid) is not ab or self.outs.get(gid) is not outs
                   for gid, (ab, outs) in counted.items()):
                kept = None
        if kept is None:
            counted, used = self._used[team] = ({}, {"batter": {}, "pitcher": {}})
        for gid in earlier:
            if gid in counted:
                continue
            at_bats, outs = self.at_bats_in(gid), self.outs_in(gid)
            counted[gid] = (at_bats, outs)
            for kind, counts in (("batter", at_bats), ("pitcher", outs)):
                for player, n in counts.items():
                    used[kind][player] = used[kind].get(player, 0) + n
        return used

    def scheduled(self, team: str) -> int:
        """The club's games on the league's schedule (the share of it played paces 10.x's limits)."""
        if team not in self._scheduled:
            self._scheduled[team] = sum(team in (g["visitor"], g["home"]) for g in self.league.games.values())
        return self._scheduled[team]


def _box_outs(box: Mapping[str, Any] | None) -> dict[str, int]:
    if not box:
        return {}
    return {p["pitcher"]: int(p["outs"]) for side in ("visitor", "home") for p in box[side]["pitching"]}


def _box_at_bats(box: Mapping[str, Any] | None) -> dict[str, int]:
    if not box:
        return {}
    return {b["player"]: int(b["ab"]) for side in ("visitor", "home") for b in box[side]["batting"]}


__all__ = ["FATIGUED", "StratSeason"]
