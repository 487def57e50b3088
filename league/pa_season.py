"""The Strat-O-Matic "season player": sets games up, simulates them, records every roll.

It has the interface of the Pennant Race season in ``league.application``
(``staffs``, ``seed_for``, ``play``), so ``LeagueApp.play``/``simulate``
dispatch on the league's ruleset and keep their batching (one save per batch
of games).  Setup comes from aggregates only: the cards from the League's
registered sheets, starter rest from each club's Staff.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any, Callable, Sequence

from league.errors import RulesError
from league.model.game import SCHEDULED
from league.model.pa_game import PAGame
from league.model.staff import Staff
from league.pa_box import box_score
from league.pa_replay import Fold, cards_digest, cards_for, fold, start, stored_play
from league.rules.pa.dice import PaNeed, PaRoll
from league.rules.strat.cards import Card
from league.rules.strat.charts import RULESET_VERSION, load_charts
from league.rules.strat.engine import play_pa, play_steal
from league.strat_manager import manage, resting_relievers

if TYPE_CHECKING:
    from league.application import LeagueApp
    from league.model.league import League

# ruleset -> (level, designated hitter)
STRAT_RULESETS = {"strat-o-matic": ("advanced", True), "strat-o-matic-basic": ("basic", False)}
# The sim's standing orders: take the extra base, tag up (the engine rolls for it).
ORDERS = {"send": True, "tag_up": True, "tag_from_second": True}
STARTER_REST, ASTERISK_REST = 4, 3  # games between starts (10.0, 26.1)


def rest_needed(name: str) -> int:
    """Games a starter needs between starts: fewer for an asterisk on his card (26.1)."""
    return ASTERISK_REST if name.endswith("*") else STARTER_REST


class PASeason:
    """Plays PA games against in-memory aggregates; the caller saves them."""

    def __init__(self, app: "LeagueApp", league: "League", staffs: dict[str, Staff]) -> None:
        self.app = app
        self.league = league
        self.staffs = staffs
        self.level, self.dh = STRAT_RULESETS[league.ruleset]
        self.charts = load_charts()
        self._cards: dict[tuple[str, str], dict[str, Card]] = {}

    def seed_for(self, game: str, existing: Any) -> str:
        attempt = existing.version if existing is not None else 0
        return f"{self.league.seed}:{game}:{attempt}"

    def cards(self, visitor: str, home: str) -> dict[str, Card]:
        key = (visitor, home)
        if key not in self._cards:
            self._cards[key] = cards_for(self.league.sheets, key)
        return self._cards[key]

    # --- setting a game up ------------------------------------------------------

    def begin(self, scheduled: dict[str, Any], existing: PAGame | None, actor: str, dice_label: str,
              starters: tuple[str | None, str | None] = (None, None)) -> PAGame:
        """A started game: new, restarted after a rewind to its start, or as it stands."""
        if existing is not None and existing.status != SCHEDULED:
            if any(starters):
                raise RulesError(f"game {existing.game} already has its starters")
            return existing
        v, h = scheduled["visitor"], scheduled["home"]
        cards = self.cards(v, h)
        day = scheduled["date"]
        setup = {"level": self.level, "dh": self.dh, "orders": ORDERS, "league_version": self.league.version,
                 "cards": cards_digest(self.league.sheets, (v, h)),
                 "visitor": self._side(v, day, cards, starters[0]), "home": self._side(h, day, cards, starters[1])}
        if existing is not None:
            existing.restart(setup=setup, dice_source=dice_label, actor=actor)
            return existing
        return PAGame(game=scheduled["game_id"], date=day, number=scheduled["number"], visitor=v, home=h,
                      ruleset=self.league.ruleset, ruleset_version=RULESET_VERSION, setup=setup,
                      dice_source=dice_label, actor=actor)

    def _side(self, team: str, day: str, cards: dict[str, Card], named: str | None) -> dict[str, Any]:
        mine = [c for c in cards.values() if c.team == team]
        batters = [c for c in mine if c.kind == "batter"]
        pitchers = [c for c in mine if c.kind == "pitcher"]
        starter = self._starter(team, [c for c in pitchers if c.starter is not None], named)
        fielders = {c.fielding[0].position: c.id for c in batters[:8]}
        fielders["p"] = starter.id
        order = [c.id for c in batters[:8]] + [batters[8].id if self.dh else starter.id]
        if self.dh:
            fielders["dh"] = batters[8].id
        bench = [c.id for c in batters[9:]] + ([] if self.dh else [batters[8].id])
        # Starters are not used in relief unless rated both (10.0).
        bullpen = [c.id for c in pitchers if c.id != starter.id and c.relief is not None]
        relievers = [c for c in pitchers if c.id in bullpen]
        closer = max(relievers, key=lambda c: (c.relief or 0, -relievers.index(c))).id if relievers else None
        rest = {c.id: rest_needed(c.name) for c in relievers if c.starter is not None}
        resting = resting_relievers(bullpen, self.staffs[team].usage, date.fromisoformat(day),
                                    self.games_since_start(team), rest)
        return {"team": team, "order": order, "fielders": fielders, "bench": bench, "bullpen": bullpen,
                "starter": starter.id, "closer": closer, "resting": resting}

    def _starter(self, team: str, starters: list[Card], named: str | None) -> Card:
        """The most rested starter who has had his rest (four games, three for an asterisk)."""
        since = self.games_since_start(team)

        def rest(c: Card) -> int:
            return since.get(c.id, 10**6)

        def ready(c: Card) -> bool:
            return rest(c) >= rest_needed(c.name)

        if named:
            card = next((c for c in starters if c.id == named or c.name == named), None)
            if card is None:
                raise RulesError(f"{named} is not a starter of {team}")
            if not ready(card):
                raise RulesError(f"{named} ({team}) has had {rest(card)} game(s) of rest, needs more")
            return card
        rested = [c for c in starters if ready(c)] or starters
        return max(rested, key=lambda c: (rest(c), -starters.index(c)))

    def games_since_start(self, team: str) -> dict[str, int]:
        """For each pitcher who started: the club's games played since his last start."""
        games = sorted(self.staffs[team].by_game.values(), key=lambda g: (g["date"], g["number"]))
        since: dict[str, int] = {}
        for i, g in enumerate(games):
            for a in g["appearances"]:
                if a["role"] == "start":
                    since[a["pitcher"]] = len(games) - 1 - i
        return since

    # --- simulating ---------------------------------------------------------------

    def play(self, scheduled: dict[str, Any], dice: Any, existing: PAGame | None,
             visitor_starter: str | None, home_starter: str | None, actor: str, dice_label: str) -> PAGame:
        """Set up (or resume) a game and play it to the end with the auto-manager."""
        g = self.begin(scheduled, existing, actor, dice_label, (visitor_starter, home_starter))
        if self.play_out(g, dice, actor):
            self.record_usage(g)
        return g

    def play_out(self, g: PAGame, dice: Any, actor: str) -> bool:
        """Play a started game to the end with the auto-manager; True if this completed it.

        Reads only the game and the cards and touches no Staff, so games of
        different clubs may be played out in other processes
        (:mod:`league.pa_pool`); the usage is recorded afterwards, in order.
        """
        f = fold(g, self.cards(g.visitor, g.home))
        while not f.state.over:
            self.step(g, f, dice.roll, actor, auto=True)
        return self.complete(g, f)

    def step(self, g: PAGame, f: Fold, source: Callable[[PaNeed], PaRoll], actor: str, auto: bool) -> None:
        """One play: the auto-manager's decisions (if ``auto``), then every roll it needs."""
        if auto and not f.rolls:
            for d in manage(f):
                g.decide(team=d["team"], decision=d, actor=actor)
        pending = list(f.rolls)  # already recorded (a game resumed between two rolls)
        queue = list(pending)
        teams: list[str] = []  # who was asked for each roll, as a game played by hand records it

        def roll(need: PaNeed) -> PaRoll:
            teams.append(need.team)
            return queue.pop(0) if queue else source(need)

        before = f.state
        if f.steal is not None:
            out = play_steal(f.state, f.cards, roll, f.steal, f.strategy, f.level, self.charts)
        else:
            out = play_pa(f.state, f.cards, roll, f.strategy, f.level, self.charts)
        record(g, f, before, out, skip=len(pending), teams=teams[len(pending):])

    def finish(self, g: PAGame, f: Fold) -> None:
        """Complete the game if its last play ended it, and record who pitched."""
        if self.complete(g, f):
            self.record_usage(g)

    def complete(self, g: PAGame, f: Fold) -> bool:
        if not f.state.over or g.status != "in progress":
            return False
        g.complete(outcome=box_score(f.timeline, f.state))
        return True

    def record_usage(self, g: PAGame) -> None:
        """Each club's pitchers in a finished game, on its Staff (rest for later starts)."""
        box = g.outcome
        assert box is not None
        for side in ("visitor", "home"):
            team = getattr(g, side)
            apps = [{"pitcher": p["pitcher"], "role": "start" if i == 0 else "relief"}
                    for i, p in enumerate(box[side]["pitching"])]
            self.staffs[team].record_usage(game=g.game, date=g.date, appearances=apps, number=g.number)


def record(g: PAGame, f: Fold, before: Any, out: tuple[Any, dict[str, Any]], skip: int,
           teams: Sequence[str] = ()) -> None:
    """Append one event per new roll of a resolved play, then its injuries; settle the fold.

    ``teams`` names who rolled each new roll; a roll in the middle of a play is
    recorded under that team, as ``league game roll`` records it one at a time.
    """
    ev = out[1]
    team = before.batting_side
    rolls = ev["rolls"][skip:]
    for i, r in enumerate(rolls[:-1]):
        g.record_roll(team=teams[i] if i < len(teams) else team, kind=r["kind"], purpose=r["for"], dice=r["roll"])
    last = rolls[-1] if rolls else {"kind": None, "for": None, "roll": None}
    g.resolve_play(team=team, kind=last["kind"], purpose=last["for"], dice=last["roll"], play=stored_play(ev))
    injured(g, before, out[0], ev)
    f.settle(out)


def injured(g: PAGame, before: Any, after: Any, ev: dict[str, Any]) -> None:
    games = [s["value"] for s in ev.get("steps", ()) if s.get("chart") == "injury"]
    for side in ("visitor", "home"):
        new = [p for p in after.team(side).injured if p not in before.team(side).injured]
        for player in new:
            g.injure(team=after.team(side).code, player=player, date=g.date,
                     games=int(games.pop(0)) if games else 0, game=g.game)


__all__ = ["PASeason", "STRAT_RULESETS", "start"]
