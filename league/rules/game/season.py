"""The season player of game-level rule systems: set a game up, play it from its dice, record usage.

It plays against in-memory aggregates (the league, each club's Staff, the
game) and the caller saves them, so ``league play`` and ``league sim`` keep
their batching (one save per batch of games).
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Protocol, Sequence

from league.domain.actors import AUTO_MANAGER, first_hands, is_person, person
from league.domain.dice import DiceSource, NeedRoll, RecordedDice, roll_from_text
from league.domain.errors import EntryCannotStand, RulesError
from league.domain.game import SCHEDULED, Game
from league.rules.game.hooks import GameHooks
from league.rules.ruleset import DayPlayer, play_in_order

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication
    from league.domain.league import League
    from league.domain.staff import Staff


class SeasonHooks(GameHooks, Protocol):
    """What the season player asks of its rule system (a :class:`league.rules.game.ruleset.GameRuleset`)
    besides playing a game: the rules version, a club's part of a new game's setup, and who pitched."""

    def version(self, variant: str) -> str: ...

    def side(self, season: GameSeason, scheduled: Mapping[str, Any], side: str, day: date,
             named: str | None) -> dict[str, Any]: ...

    def appearances(self, outcome: Mapping[str, Any], team: str) -> list[dict[str, Any]]: ...


class GameSeason:
    """Plays ``Game`` aggregates with one rule system's setup and engine."""

    def __init__(self, rules: SeasonHooks, app: "LeagueApplication", league: "League",
                 staffs: dict[str, "Staff"]) -> None:
        self.rules = rules
        self.app = app
        self.league = league
        self.staffs = staffs
        self._teams: dict[str, Any] = {}

    def team(self, code: str) -> Any:
        """A registered club's team file, read back once per season player."""
        if code not in self._teams:
            self._teams[code] = self.rules.team_from_dict(self.league.sheets[code])
        return self._teams[code]

    def seed_for(self, game: str, existing: Game | None) -> str:
        # Each game has its own stream, so the order games are played in does
        # not change their dice; a rewound game gets fresh dice.
        attempt = existing.version if existing is not None else 0
        return f"{self.league.seed}:{game}:{attempt}"

    def play(self, scheduled: dict[str, Any], dice: DiceSource, existing: Game | None,
             visitor_starter: str | None, home_starter: str | None, actor: str, dice_label: str) -> Game:
        day = date.fromisoformat(scheduled["date"])
        if existing is None or existing.status == SCHEDULED:
            setup = {"league_version": self.league.version,  # the team files in force, for audit
                     "visitor": self.rules.side(self, scheduled, "visitor", day, visitor_starter),
                     "home": self.rules.side(self, scheduled, "home", day, home_starter)}
        if existing is not None and existing.status == SCHEDULED:
            g = existing
            g.restart(setup=setup, dice_source=dice_label, actor=actor)
        elif existing is None:
            ruleset = self.league.ruleset
            g = Game(game=scheduled["game_id"], date=scheduled["date"], number=scheduled["number"],
                     visitor=scheduled["visitor"], home=scheduled["home"], ruleset=ruleset,
                     ruleset_version=self.rules.version(ruleset), setup=setup, dice_source=dice_label, actor=actor)
        else:
            g = existing
            if visitor_starter or home_starter:
                raise RulesError(f"game {g.game} already has its starters (rewind to its start to change them)")
            g.hand_to(first_hands(dice_label, actor), actor)  # resumed: these rolls are whoever's dice they are
        rolls = [roll_from_text(r["dice"]) for r in g.rolls]
        asked, outcome = self.rules.play_rolls(self.game_setup(g), rolls, dice.roll)
        for need, roll in asked:
            g.record_roll(team=need.team, kind=need.kind, purpose=need.purpose, dice=str(roll))
        g.complete(outcome=outcome)
        self.record_usage(g)
        return g

    def record_usage(self, g: Game) -> None:
        """Each club's pitchers in the finished game ``g``, on its Staff."""
        assert g.outcome is not None
        for side in ("visitor", "home"):
            team = getattr(g, side)
            # Recorded even when empty: every final game has both clubs' Staff records (verify checks it).
            self.staffs[team].record_usage(game=g.game, date=g.date,
                                           appearances=self.rules.appearances(g.outcome, team), number=g.number)

    def names(self, visitor: str, home: str) -> dict[str, str]:
        """Nothing to translate: a game-level record names its pitchers as the sheets do."""
        return {}

    def scratch(self, g: Game, setup: dict[str, Any], actor: str) -> Game:
        """A new record of ``g``'s game with ``setup`` and no rolls, never stored (a dispute's trial)."""
        return Game(game=g.game, date=g.date, number=g.number, visitor=g.visitor, home=g.home, ruleset=g.ruleset,
                    ruleset_version=g.ruleset_version, setup=setup, dice_source="trial", actor=actor)

    def rerun(self, g: Game, entries: Sequence[Mapping[str, Any]], finished: bool, rest: DiceSource,
              actor: str) -> None:
        """Play the started game ``g`` again with the rolls people recorded, in order (a dispute
        re-resolving a person's game); rolls from the first the computer made on come from ``rest``.
        Raises :class:`EntryCannotStand` where a recorded roll can no longer stand.  Records no usage.
        """
        split = next((i for i, e in enumerate(entries) if not is_person(str(e["by"]))), len(entries))
        mine = [(int(e["position"]), str(e["dice"]), person(str(e["by"]))) for e in entries[:split]]
        end = mine[-1][0] + 1 if mine else g.setup_position + 1
        recorded = RecordedDice(mine, end)
        served: list[tuple[NeedRoll, Any, str]] = []

        def source(need: NeedRoll) -> Any:
            if recorded.unused or split == len(entries):
                if not recorded.unused and not finished:
                    raise _Stopped()
                by = recorded.unused[0][2] if recorded.unused else ""
                roll = recorded.roll(need)
            else:
                by, roll = AUTO_MANAGER, rest.roll(need)
            served.append((need, roll, by))
            return roll

        outcome: Any = None
        try:
            _, outcome = self.rules.play_rolls(self.game_setup(g), [roll_from_text(r["dice"]) for r in g.rolls],
                                               source)
        except _Stopped:  # not finished: the people's rolls are all in, the game goes on by hand
            pass
        if recorded.unused:
            position, dice, by = recorded.unused[0]
            raise EntryCannotStand(position, f"the game now ends before {by}'s roll {dice} at position {position}")
        for need, roll, by in served:
            g.hand_to(by, actor)
            g.record_roll(team=need.team, kind=need.kind, purpose=need.purpose, dice=str(roll))
        if outcome is not None:
            g.complete(outcome=outcome)

    def game_setup(self, g: Game) -> Any:
        """The engine's input for a started game."""
        assert g.setup is not None
        return self.rules.engine_input(g.ruleset, g.ruleset_version, g.setup, self.team(g.visitor), self.team(g.home))

    @contextmanager
    def day_player(self, todo: list[dict[str, Any]], actor: str) -> Iterator[DayPlayer]:
        yield lambda specs, coming: play_in_order(self, specs, actor)

    def setup_now(self, scheduled: dict[str, Any], g: Game, named: tuple[str | None, str | None]) -> dict[str, Any]:
        assert g.setup is not None
        day = date.fromisoformat(g.date)
        sides = {}
        for side, name in zip(("visitor", "home"), named):
            try:
                sides[side] = self.rules.side(self, scheduled, side, day, name)
            except RulesError:  # the named starter is no longer rested: the rotation's pick
                sides[side] = self.rules.side(self, scheduled, side, day, None)
        return {**g.setup, **sides}

    def trial(self, g: Game, setup: dict[str, Any], dice: Any, actor: str) -> dict[str, Any] | None:
        built = self.rules.engine_input(g.ruleset, g.ruleset_version, setup, self.team(g.visitor), self.team(g.home))
        _, outcome = self.rules.play_rolls(built, [], dice.roll)
        return outcome


class _Stopped(Exception):
    """A re-run that is not to finish the game has used every recorded roll."""


__all__ = ["GameSeason"]
