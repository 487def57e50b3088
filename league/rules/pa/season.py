"""The plate-appearance "season player": sets games up, simulates them, records every roll.

It is a :class:`league.rules.ruleset.SeasonPlayer` (``staffs``, ``seed_for``,
``play``, ...), so ``LeagueApp.play``/``simulate`` keep their batching (one
save per batch of games) whatever the card game.  Setup comes from aggregates
only: the cards from the League's registered sheets, starter rest and the
injury list from each club's Staff (who sits out and who plays instead:
:mod:`league.rules.pa.lineup`).  Whatever depends on the card game -- its
cards, levels, standing orders, rest rules, auto-manager and engine -- is
asked of its :class:`~league.rules.pa.engine.CardEngine`.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from league.domain.actors import AUTO_MANAGER, is_person, person, reresolution_of
from league.domain.errors import EntryCannotStand, RulesError
from league.domain.lifecycle import SCHEDULED
from league.domain.staff import Staff, club_injuries
from league.rules.pa import postgame, rotation
from league.rules.pa.club_games import ClubGames
from league.domain.dice import DiceSource, NeedRoll, Roll, roll_from_text
from league.rules.pa.engine import CardEngine, PACard
from league.rules.pa.lineup import Key, Lineup, Out, fill_lineup, out_of_action, out_of_game_status
from league.rules.pa.subs import check_not_out
from league.rules.pa.words import with_names
from league.rules.ruleset import DayPlayer, play_in_order

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication
    from league.domain.league import League
    from league.rules.pa.game import PAGame
    from league.rules.pa.replay import Fold

# The game's class, the fold (league.rules.pa.replay, which defines the game's entries) and the box are
# imported where a game is played: the rest calendar (`league pitchers`) imports this module for the
# season player's starter choice and plays nothing, and a read command's time is mostly imports (issue
# #16).  ``_played`` holds them once loaded, so the per-play path pays no import statement.
_played: dict[str, Any] = {}


def _playing() -> dict[str, Any]:
    """The functions that play and record games (imported on first use)."""
    if not _played:
        from league.rules.pa.box import appearances, box_score
        from league.rules.pa.replay import cards_digest, cards_for, fold, stored_play

        _played.update(appearances=appearances, box_score=box_score, cards_digest=cards_digest,
                       cards_for=cards_for, fold=fold, stored_play=stored_play)
    return _played


def games_since_start(staff: Staff) -> dict[str, int]:
    """For each pitcher who started: the club's games played since his last start."""
    return rotation.games_since_start(staff.by_game)


class PASeason:
    """Plays PA games against in-memory aggregates with one card game's engine; the caller saves them.

    ``app`` is the application (the season player keeps it for its callers);
    the games themselves read only the league, the staffs and the engine.
    """

    def __init__(self, app: "LeagueApplication", league: "League", staffs: dict[str, Staff],
                 engine: CardEngine) -> None:
        self.app = app
        self.league = league
        self.staffs = staffs
        self.engine = engine
        self.level, self.dh = engine.variant(league.ruleset)
        self.charts = engine.charts()  # read now: forked workers inherit them
        self._cards: dict[tuple[str, str], dict[str, Any]] = {}
        self._old: dict[str, list[dict[str, Any]]] = {}  # games finished before injuries were kept on Staffs
        # Facts a game's setup derives again and again, kept for as long as they hold (see digest and
        # games_since_start): setting games up in schedule order is the sim's one serial step.
        self._digests: dict[tuple[str, str], str] = {}
        self._clubs: dict[str, ClubGames] = {}
        self._rosters: dict[tuple[str, int], tuple[Mapping[str, PACard], list[PACard], list[PACard]]] = {}

    def seed_for(self, game: str, existing: Any) -> str:
        attempt = existing.version if existing is not None else 0
        return f"{self.league.seed}:{game}:{attempt}"

    def cards(self, visitor: str, home: str) -> dict[str, Any]:
        key = (visitor, home)
        if key not in self._cards:
            self._cards[key] = _playing()["cards_for"](self.league.sheets, key, self.engine)
        return self._cards[key]

    def digest(self, visitor: str, home: str) -> str:
        """The digest of the two clubs' cards a game's setup stores (``replay.cards_digest``).

        Hashing two clubs' card texts (about 40 KB each) for every game was a
        tenth of a sim's setup time; the sheets are the league's, which a
        season player never sees change, so each pairing is hashed once.
        """
        key = (visitor, home)
        if key not in self._digests:
            self._digests[key] = _playing()["cards_digest"](self.league.sheets, key)
        return self._digests[key]

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
        visitor = self._side(v, day, scheduled["number"], scheduled["game_id"], cards, starters[0])
        home = self._side(h, day, scheduled["number"], scheduled["game_id"], cards, starters[1])
        setup = {"level": self.level, "dh": self.dh,
                 "orders": self.game_orders(self.engine.standing_orders, (visitor, home), day, self.level),
                 "league_version": self.league.version,
                 "cards": self.digest(v, h),
                 "visitor": visitor, "home": home}
        extra = self.setup_extra(scheduled, self.level)
        if extra:  # only then: every other game's setup reads as before
            setup["extra"] = extra
        if existing is not None:
            existing.restart(setup=setup, dice_source=dice_label, actor=actor)
            return existing
        from league.rules.pa.game import PAGame

        return PAGame(game=scheduled["game_id"], date=day, number=scheduled["number"], visitor=v, home=h,
                      ruleset=self.league.ruleset, ruleset_version=self.engine.version, setup=setup,
                      dice_source=dice_label, actor=actor)

    def _side(self, team: str, day: str, number: int, game: str, cards: Mapping[str, PACard],
              named: str | None, level: str | None = None) -> dict[str, Any]:
        level = level or self.level
        batters, pitchers = self._roster(team, cards)
        out = self.out_of_action(team, (day, number, game))
        lineup, rested = self.rest_lineup(team, game, batters, fill_lineup(batters, self.dh, out))
        starter, why = self._starter(team, pitchers, named, out, day, level)
        # "p" before "dh", as lineups always had them (the fielders' order is the state's)
        fielders = {pos: p for pos, p in lineup.fielders.items() if pos != "dh"} | {"p": starter.id}
        if self.dh:
            fielders["dh"] = lineup.fielders["dh"]
        order = lineup.order if self.dh else [*lineup.order, starter.id]
        # Starters are not used in relief unless rated both (10.0); an injured pitcher not at all.
        bullpen = [c.id for c in pitchers if c.id != starter.id and c.relief is not None and c.id not in out]
        relievers = [c for c in pitchers if c.id in bullpen]
        # The best relief rating, the first listed of equals (enumerate: list.index compared the cards field
        # by field, a fifth of this function's time).
        closer = max(enumerate(relievers), key=lambda ic: (ic[1].relief or 0, -ic[0]))[1].id if relievers else None
        rest = {c.id: self.starter_rest(team, c, level) for c in relievers if c.starter is not None}
        resting = self.engine.resting_relievers(bullpen, self.staffs[team].usage, date.fromisoformat(day),
                                                self.games_since_start(team), rest)
        side = {"team": team, "order": order, "fielders": fielders, "bench": lineup.bench, "bullpen": bullpen,
                "starter": starter.id, "closer": closer, "resting": resting}
        hurt = lineup.out + [{"player": c.id, "at": "pitcher", "reason": out[c.id].reason,
                              "replaced_by": None, "how": why if c.id == starter.id else "not available"}
                             for c in pitchers if c.id in out]
        if hurt:  # only then: a setup with nobody out reads as it did before injuries benched players
            side["out"] = hurt
        if rested is not None:  # a card game's rest chart was read (Strat's 26.2): its dice and rows
            side["solitaire_rest"] = rested
        return side

    def _roster(self, team: str, cards: Mapping[str, PACard]) -> tuple[list[PACard], list[PACard]]:
        """``team``'s batters and pitchers among ``cards``, in card order; the caller must not change them.

        Kept per club and card set (a pairing's cards, which ``cards`` keeps for
        the season player's life, held in the entry): two games in three picked
        them out of some sixty cards again.
        """
        key = (team, id(cards))
        kept = self._rosters.get(key)
        if kept is None or kept[0] is not cards:
            mine = [c for c in cards.values() if c.team == team]
            kept = (cards, [c for c in mine if c.kind == "batter"], [c for c in mine if c.kind == "pitcher"])
            self._rosters[key] = kept
        return kept[1], kept[2]

    def _starter(self, team: str, pitchers: list[PACard], named: str | None,
                 out: Mapping[str, Out] | None = None, day: str | None = None,
                 level: str | None = None) -> tuple[PACard, str]:
        """The most rested starter who has had his rest (the engine's ``starter_rest``), and none injured.

        No healthy starter: the most rested healthy reliever starts; no
        healthy pitcher at all: the starters' choice stands, hurt or not
        (the reason, second, says so).
        """
        out = out or {}
        level = level or self.level
        starters = [c for c in pitchers if c.starter is not None]
        since = self.games_since_start(team)

        def rest(c: PACard) -> int:
            return since.get(c.id, 10**6)

        def needs(c: PACard) -> int:
            return self.starter_rest(team, c, level)

        def ready(c: PACard) -> bool:
            return rest(c) >= needs(c)

        if named:
            card = next((c for c in starters if c.id == named or c.name == named), None)
            if card is None:
                raise RulesError(f"{named} is not a starter of {team}")
            if card.id in out:
                raise RulesError(f"{named} ({team}) {out_of_game_status(out[card.id].reason)} ({out[card.id].reason}): "
                                 "he may not pitch in this game")
            if not ready(card):
                raise RulesError(f"{named} ({team}) has had {rest(card)} game(s) of rest, needs {needs(card)}")
            return card, "named"
        return rotation.next_starter(pitchers, lambda c: c.starter is not None, lambda c: c.id, since, needs, out,
                                     self.prefer_starter(team, day, level))

    # --- hooks a card game's season player may override (Strat's super advanced rest: .strat.season_rest)

    def starter_rest(self, team: str, card: PACard, level: str) -> int:
        """Club games of rest ``card`` needs before he starts (or relieves, if rated both) in a game at ``level``."""
        return self.engine.starter_rest(card)

    def rest_lineup(self, team: str, game: str, batters: Sequence[PACard],
                    lineup: Lineup) -> tuple[Lineup, dict[str, Any] | None]:
        """The lineup with any healthy starters the card game rests today, and the record of the dice read
        (None: no rest rule read; Strat's 26.2 in a league that plays it)."""
        return lineup, None

    def prefer_starter(self, team: str, day: str | None, level: str) -> Callable[[PACard], bool] | None:
        """Among the rested starters, the ones to choose first on ``day`` (None: any)."""
        return None

    def game_orders(self, orders: Mapping[str, Any], sides: tuple[Mapping[str, Any], Mapping[str, Any]], day: str,
                    level: str) -> Mapping[str, Any]:
        """The standing orders a game set up with ``sides`` on ``day`` stores (the card game's own, as given)."""
        return orders

    def setup_extra(self, scheduled: Mapping[str, Any], level: str) -> dict[str, Any]:
        """Facts of the game its engine's state starts from (``GameState.extra``: Strat's weather reads the
        date and the time of day, 30.5); none by default."""
        return {}

    def out_of_action(self, team: str, key: Key) -> dict[str, Out]:
        """The club's players out of its game ``key`` (injured), from its Staff aggregate.

        Read from the club's games in order (:class:`.club_games.ClubGames`)
        when ``key`` comes after them all, as in a season set up in schedule
        order; otherwise by reading the whole record.
        """
        def read_old(gid: str) -> list[dict[str, Any]]:
            return self._old_injuries(gid, team)

        club = self._club(team)
        out = club.out_of_action(key, read_old) if club is not None else None
        return out if out is not None else out_of_action(self.staffs[team].by_game, key, read_old)

    def _club(self, team: str) -> ClubGames | None:
        """The club's games in order, kept for its Staff's record; None for a stand-in for a Staff (a
        dispute's cascade sees one as of a game, ``cascade.AsOf``), whose record is read whole."""
        staff = self.staffs[team]
        if not isinstance(staff, Staff):
            return None
        club = self._clubs.get(team)
        if club is None or club.by_game is not staff.by_game:
            club = self._clubs[team] = ClubGames(staff.by_game)
        club.sync(staff.version)
        return club

    def _old_injuries(self, game: str, team: str) -> list[dict[str, Any]]:
        """A game finished before injuries were kept on the Staff: its own record of them (the game aggregate)."""
        if game not in self._old:
            load = getattr(self.app, "find_game", None)
            g = load(game) if load is not None else None
            self._old[game] = list(getattr(g, "injuries", None) or ())
        return club_injuries(self._old[game], team)

    def games_since_start(self, team: str) -> dict[str, int]:
        """For each pitcher of ``team`` who started: the club's games played since his last start.

        A setup asks this several times a club (the starter, the resting
        relievers, the fatigued), and each time it sorted the club's whole
        season so far: the club's games in order
        (:class:`.club_games.ClubGames`) keep the answer until the record
        changes, and then read only the games it gained.  Callers only read
        it.  A stand-in for a Staff is asked every time.
        """
        club = self._club(team)
        since = club.games_since_start() if club is not None else None
        return since if since is not None else games_since_start(self.staffs[team])

    # --- simulating ---------------------------------------------------------------

    @contextmanager
    def day_player(self, todo: list[dict[str, Any]], actor: str) -> Iterator[DayPlayer]:
        """Plays a day's (scheduled, existing) games in order; seasons of some size
        use every core (:mod:`league.rules.pa.pool`)."""
        from league.rules.pa.pool import PAPool, workers_for

        workers = workers_for(len(todo))
        if workers > 1:
            for g in todo:  # parse every club's cards once, before the workers inherit them
                self.cards(g["visitor"], g["home"])
            with PAPool(self, workers) as pool:
                yield lambda specs, coming: pool.play_day(specs, actor, coming)
            return

        yield lambda specs, coming: play_in_order(self, specs, actor)

    def setup_now(self, scheduled: dict[str, Any], g: PAGame, named: tuple[str | None, str | None]) -> dict[str, Any]:
        """The setup ``g`` would get now: lineups from the cards, the starter by rest."""
        assert g.setup is not None
        cards = self.cards(g.visitor, g.home)
        level = g.setup["level"]  # the game's own rules, which may be older than the ones new games get
        visitor = self._side(g.visitor, g.date, g.number, g.game, cards, None, level)
        home = self._side(g.home, g.date, g.number, g.game, cards, None, level)
        setup = {**g.setup, "visitor": visitor, "home": home}
        if "orders" in g.setup:
            setup["orders"] = self.game_orders(g.setup["orders"], (visitor, home), g.date, level)
        return setup

    def trial(self, g: PAGame, setup: dict[str, Any], dice: Any, actor: str) -> dict[str, Any] | None:
        """The outcome ``g`` would have with ``setup`` and ``dice``, on a scratch game (nothing stored)."""
        from league.rules.pa.game import PAGame

        scratch = PAGame(game=g.game, date=g.date, number=g.number, visitor=g.visitor, home=g.home,
                         ruleset=g.ruleset, ruleset_version=g.ruleset_version, setup=setup,
                         dice_source="trial", actor=actor)
        self.play_out(scratch, dice, actor)
        return scratch.outcome

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
        (:mod:`league.rules.pa.pool`); the usage is recorded afterwards, in order.
        """
        g.hand_to(AUTO_MANAGER, actor)  # a game a person began, finished by the computer
        f = _playing()["fold"](g, self.cards(g.visitor, g.home), self.engine)
        while not f.state.over or postgame.pending(f):
            self.step(g, f, dice.roll, actor, auto=True)
        return self.complete(g, f)

    def step(self, g: PAGame, f: Fold, source: Callable[[NeedRoll], Roll], actor: str, auto: bool) -> None:
        """One play: the auto-manager's decisions (if ``auto``), then every roll it needs."""
        if auto and not f.rolls:
            for d in self.engine.manage(f):
                g.decide(team=d["team"], decision=d, actor=AUTO_MANAGER)
        pending = list(f.rolls)  # already recorded (a game resumed between two rolls)
        queue = list(pending)
        teams: list[str] = []  # who was asked for each roll, as a game played by hand records it

        def roll(need: NeedRoll) -> Roll:
            teams.append(need.team)
            return queue.pop(0) if queue else source(need)

        before = f.state
        if f.state.over:
            out = postgame.play(f, roll)
        elif f.steal is not None:
            out = self.engine.play_steal(f.state, f.cards, roll, f.steal, f.strategy, f.level)
        else:
            out = self.engine.play_pa(f.state, f.cards, roll, f.strategy, f.level)
        record(g, f, before, out, skip=len(pending), teams=teams[len(pending):])

    def names(self, visitor: str, home: str) -> dict[str, str]:
        """Card id -> the player's name, for the two clubs' cards."""
        return {cid: c.name for cid, c in self.cards(visitor, home).items()}

    def scratch(self, g: PAGame, setup: dict[str, Any], actor: str) -> PAGame:
        """A new record of ``g``'s game with ``setup`` and no entries, never stored (a dispute's trial)."""
        from league.rules.pa.game import PAGame

        return PAGame(game=g.game, date=g.date, number=g.number, visitor=g.visitor, home=g.home,
                      ruleset=g.ruleset, ruleset_version=g.ruleset_version, setup=setup, dice_source="trial",
                      actor=actor)

    def rerun(self, g: PAGame, entries: Sequence[Mapping[str, Any]], finished: bool, rest: DiceSource,
              actor: str) -> None:
        """Play the started game ``g`` again with the entries people recorded, in order (a dispute
        re-resolving a person's game): their rolls and decisions, never the auto-manager's for them.

        ``entries`` are the game's entries in force as it was played, each with ``by`` (who made
        it).  Entries from the first the auto-manager made on (a game a person began and the
        computer finished) are the computer's again: it finishes with ``rest`` (a dice source).
        Raises :class:`EntryCannotStand` at the first entry that can no longer stand.  Records no
        usage (``record_usage``).
        """
        f = _playing()["fold"](g, self.cards(g.visitor, g.home), self.engine)
        names = {cid: c.name for cid, c in f.cards.items()}
        try:
            self._rerun(g, f, names, entries, finished, rest, actor)
        except EntryCannotStand as stop:  # people read the reason: players by name
            raise EntryCannotStand(stop.position, with_names(str(stop), names)) from None

    def _rerun(self, g: PAGame, f: Fold, names: Mapping[str, str], entries: Sequence[Mapping[str, Any]],
               finished: bool, rest: DiceSource, actor: str) -> None:
        def ended() -> bool:
            return f.state.over and not postgame.pending(f)

        for e in entries:
            by, position = str(e["by"]), int(e["position"])
            if not is_person(by):
                self.play_out(g, rest, actor)
                return
            who = person(by)
            g.hand_to(who, actor)
            if ended():
                raise EntryCannotStand(position, f"the game now ends before {_what(e, names)} ({who}) at "
                                                 f"position {position}")
            if e["kind"] == "decision":
                d = e["decision"]
                side = f.setup.get(str(d.get("team")))
                try:
                    check_not_out(d, side.get("out", ()) if isinstance(side, dict) else (), names)
                    f.decide(d)
                except RulesError as err:
                    raise EntryCannotStand(position, f"{who}'s decision at position {position} "
                                                     f"({_what(e, names)}) no longer stands: {err}") from None
                g.decide(team=e["team"], decision=d, actor=reresolution_of(who))
                continue
            try:
                self._reapply_roll(g, f, e, who, position)
            except EntryCannotStand:
                raise
            except RulesError as err:  # the rules now want something first (a pitching change, say)
                raise EntryCannotStand(position, f"{who}'s {_what(e, names)} at position {position} no longer "
                                                 f"stands: {err}") from None
        if finished and not ended():
            last = int(entries[-1]["position"]) + 1 if entries else g.setup_position + 1
            try:
                need = f.resolve()
            except RulesError as err:
                raise EntryCannotStand(last, f"the game now stops before its end: {err}") from None
            wanted = f"a {need.kind} for {need.purpose}" if isinstance(need, NeedRoll) else "another play"
            raise EntryCannotStand(last, f"the game now needs {wanted}, a roll it never had")
        self.complete(g, f)

    @staticmethod
    def _reapply_roll(g: PAGame, f: Fold, e: Mapping[str, Any], who: str, position: int) -> None:
        """One of a person's recorded rolls (or a play without dice) made again, if the game asks for it."""
        need = f.resolve()
        if e["dice"] is None:
            if isinstance(need, NeedRoll):
                raise EntryCannotStand(position, f"the play at position {position} now needs a roll "
                                                 f"({need.kind} for {need.purpose}) it never had")
            one_roll(g, f, _no_roll)
            return
        if not isinstance(need, NeedRoll):
            raise EntryCannotStand(position, f"the play at position {position} now needs no roll where "
                                             f"{who} rolled {e['dice']}")
        if need.kind != e["roll_kind"]:
            raise EntryCannotStand(position, f"the game now asks for a {need.kind} ({need.purpose}) where "
                                             f"{who} rolled {e['dice']} ({e['purpose']}) at position {position}")
        recorded = roll_from_text(e["dice"])
        one_roll(g, f, lambda _need: recorded)

    def finish(self, g: PAGame, f: Fold) -> None:
        """Complete the game if its last play ended it, and record who pitched."""
        if self.complete(g, f):
            self.record_usage(g)

    def complete(self, g: PAGame, f: Fold) -> bool:
        if not f.state.over or g.status != "in progress" or postgame.pending(f):
            return False
        g.complete(outcome=_playing()["box_score"](f.timeline, f.state))
        return True

    def record_usage(self, g: PAGame) -> None:
        """Each club's pitchers in a finished game, and its players hurt in it, on its Staff
        (rest for later starts; who is out of the next games)."""
        box = g.outcome
        assert box is not None
        appearances = _playing()["appearances"]
        for side in ("visitor", "home"):
            team = getattr(g, side)
            self.staffs[team].record_usage(game=g.game, date=g.date, appearances=appearances(box, team),
                                           number=g.number)
            self.staffs[team].record_injuries(game=g.game, injuries=club_injuries(g.injuries, team))


def one_roll(g: PAGame, f: Fold, source: Callable[[NeedRoll], Roll]) -> bool:
    """Append one roll (or an intentional walk, which needs none); True when a play settled."""
    need = f.resolve()
    if isinstance(need, NeedRoll):
        dice = source(need)
        out = f.resolve([*f.rolls, dice])
        if isinstance(out, NeedRoll):
            g.record_roll(team=need.team, kind=need.kind, purpose=need.purpose, dice=str(dice))
            f.rolls.append(dice)
            return False
        pending = list(f.rolls)
        f.rolls = [*pending, dice]
        record(g, f, f.state, out, skip=len(pending))
        return True
    record(g, f, f.state, need, skip=0)
    return True


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
    g.resolve_play(team=team, kind=last["kind"], purpose=last["for"], dice=last["roll"],
                   play=_playing()["stored_play"](ev))
    injured(g, before, out[0], ev)
    f.settle(out)


def injured(g: PAGame, before: Any, after: Any, ev: dict[str, Any]) -> None:
    games: list[Any] | None = None  # the injury chart's readings, read once a play hurts someone
    for side in ("visitor", "home"):
        now, was = after.team(side).injured, before.team(side).injured
        if now is was:  # nobody hurt on this side (almost every play: the very same tuple carried on)
            continue
        new = [p for p in now if p not in was]
        if not new:
            continue
        if games is None:
            games = [s["value"] for s in ev.get("steps", ()) if s.get("chart") == "injury"]
        for player in new:
            g.injure(team=after.team(side).code, player=player, date=g.date,
                     games=int(games.pop(0)) if games else 0, game=g.game)


def _no_roll(need: NeedRoll) -> Roll:
    raise EntryCannotStand(0, f"the play now needs a roll ({need.kind} for {need.purpose})")


def _what(e: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """An entry in words, for a hold's reason."""
    if e["kind"] == "decision":
        d = e["decision"]
        who = [names.get(str(d[k]), str(d[k])) for k in ("in", "pitcher", "player", "out") if d.get(k)]
        return f"{d.get('type', 'decision')} {' for '.join(who[:2])}".strip()
    return f"the roll {e['dice']}" if e.get("dice") else "an intentional walk"


__all__ = ["PASeason", "games_since_start", "one_roll", "record"]
