"""The one Application: each public method is a use case (get, decide, save).

Decisions come from aggregates: who may start and which relievers are fresh
are derived from each club's :class:`Staff` aggregate, never from a read
model.  A command validates everything before it saves, and saves in one
transaction, so a rejected command leaves the store unchanged.
"""

from __future__ import annotations

import functools
import json
import os
from datetime import date, datetime, timezone
from typing import Any, Callable, Iterable, Sequence
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application

from league import registry
from league.adapters.logging import get_logger
from league.adapters.sealed import SealingMapper
from league.adapters.schedule import ScheduledGame, check_one_game_at_a_time
from league.adapters.store import Store
from league.application.background_save import BackgroundSave
from league.application.corrections import Corrections
from league.application.review import Reviews
from league.domain import ids
from league.domain.dice import DiceSource, SeededDice
from league.domain.errors import LeagueError, NotFoundError, RulesError
from league.domain.game import FINAL, IN_PROGRESS, SCHEDULED, VOID, Game
from league.domain.journal import Journal
from league.domain.league import League
from league.domain import lifecycle
from league.domain.lifecycle import GameLifecycle
from league.domain.staff import Staff
from league.domain.transcodings import FastJSONTranscoder, snapshot_transcodings
from league.rules.ruleset import SeasonPlayer, TeamFile
STARTER_MODES = ("rotation", "schedule")
# Every game record's events that change its status.
GAME_TOPICS = lifecycle.step_topics(lifecycle.STARTED, lifecycle.RESTARTED, lifecycle.COMPLETED,
                                    lifecycle.REWOUND, lifecycle.VOIDED, lifecycle.REINSTATED)
# The game events whose payload says the status they leave (_status_after): the others' step does.
STATUS_READS_PAYLOAD = lifecycle.step_topics(lifecycle.REWOUND, lifecycle.REINSTATED)

# A transaction's cost is mostly fixed, so sim saves whole days in batches of
# about this many games (a week of a full league's schedule).
SIM_BATCH_GAMES = 100

log = get_logger("league.app")


def _project(aggregate: Any, events: Iterable[Any]) -> Any:
    """Fold events into an aggregate: each event's mutate, in order."""
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


class LeagueApp(Corrections, Reviews, Application[UUID]):
    name = "League"
    # Long-lived aggregates are loaded by most commands: snapshots keep that
    # cheap as a season grows (a sim game has ~5 events and never reaches one).
    snapshotting_intervals = {Staff: 100, Journal: 25, Game: 100}
    # A snapshot loads the aggregate at its version, and the library's default projector checks every
    # event against a Protocol first (see construct_repository): a sim's writing thread spent about a
    # quarter of its snapshot time there.  The same fold, without the check.
    snapshotting_projectors = {Staff: _project, Journal: _project, Game: _project}

    def __init__(self, env: dict[str, str] | None = None, store: Store | None = None) -> None:
        registry.load_game_records()  # every game's events readable, whatever rule system played it
        super().__init__(env)
        self.store = store
        self.pid = os.getpid()  # a forked worker opens its own (league.adapters.forked.own_app)

    def construct_repository(self) -> Any:
        repository = super().construct_repository()
        # eventsourcing's default projector asserts each event against a
        # runtime-checkable Protocol, which costs more than applying the event
        # (a third of the time of loading a 100-event Strat game).  Same fold,
        # without the check; an explicit projector_func still wins.
        repository.get = functools.partial(repository.get, projector_func=_project)  # type: ignore[method-assign]
        return repository

    def construct_mapper(self) -> Any:
        # Sealed events (chained and encoded by a sim worker) go to the recorder as they are.
        return self.factory.mapper(transcoder=self.construct_transcoder(), mapper_class=SealingMapper)

    def construct_transcoder(self) -> Any:
        transcoder = FastJSONTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def register_transcodings(self, transcoder: Any) -> None:
        super().register_transcodings(transcoder)
        for t in snapshot_transcodings():
            transcoder.register(t)

    # --- setting up -------------------------------------------------------------

    def create_league(
        self, name: str, ruleset: str, seed: str, starters: str = "rotation", actor: str = "commissioner",
        options: dict[str, str] | None = None,
    ) -> None:
        """Start a league; refuse if this store already holds one.

        ``options`` are the rule system's league options; every one is recorded,
        defaults filled in, so the league's rules never change with a default.
        """
        chosen = registry.ruleset(ruleset).check_options(options or {}, variant=ruleset)
        if starters not in STARTER_MODES:
            raise LeagueError(f"unknown starters mode {starters!r} (rotation or schedule)")
        if ids.LEAGUE_ID in self.repository:
            raise RulesError("this database already holds a league")
        league = League(name=name, ruleset=ruleset, seed=seed, starters=starters, actor=actor, options=chosen)
        journal = Journal()
        details = {"name": name, "ruleset": ruleset, "seed": seed, "options": chosen}
        self.save_command(journal, "init", actor, "", details, league)
        log.info("league.created", name=name, ruleset=ruleset, seed=seed)

    def league(self) -> League:
        try:
            return self.repository.get(ids.LEAGUE_ID)  # type: ignore[no-any-return]
        except AggregateNotFoundError:
            raise NotFoundError("no league in this database: run 'league init' first") from None

    def import_teams(
        self, sheets: Sequence[tuple[TeamFile, str]], actor: str, reason: str = ""
    ) -> list[str]:
        """Register (or replace) roster sheets; all or nothing."""
        league = self.league()
        before = league.version
        seen: dict[str, str] = {}
        for sheet, source in sheets:
            if sheet.code in seen:
                raise LeagueError(f"{source}: team {sheet.code} is also in {seen[sheet.code]}")
            seen[sheet.code] = source
        staffs = []
        for sheet, source in sheets:
            league.register_team(sheet=sheet.to_dict(), source=source, actor=actor)
            if ids.staff_id(sheet.code) not in self.repository:
                staffs.append(Staff(team=sheet.code))
        details = {"teams": list(seen), "league_version_before": before}
        self.save_command(None, "teams import", actor, reason, details, league, *staffs)
        log.info("teams.imported", teams=list(seen))
        return list(seen)

    def import_schedule(
        self, games: Sequence[ScheduledGame], source: str, actor: str, reason: str = ""
    ) -> int:
        """Add games to the schedule; unknown teams and duplicates are refused."""
        league = self.league()
        for g in games:
            for side, team in (("visitor", g.visitor), ("home", g.home)):
                if team not in league.sheets:
                    raise NotFoundError(f"{source}: game {g.game_id}: unknown {side} team {team}")
        # A game already scheduled (same id) is one clash among others, named with its line.
        check_one_game_at_a_time(source, games, league.games.values())
        league.schedule_games(games=[g.to_dict() for g in games], source=source, actor=actor)
        details = {"source": source, "games": [g.game_id for g in games]}
        self.save_command(None, "schedule import", actor, reason, details, league)
        log.info("schedule.imported", games=len(games), source=source)
        return len(games)

    # --- playing ----------------------------------------------------------------

    def play(
        self,
        games: Sequence[str],
        dice: DiceSource | None = None,
        visitor_starter: str | None = None,
        home_starter: str | None = None,
        actor: str = "commissioner",
        dice_label: str = "seeded",
        reason: str = "",
    ) -> list[dict[str, Any]]:
        """Play games in order (new, or resumed after a rewind); save them all at once."""
        league = self.league()
        session = self.season_player(league, {})
        played: list[Game] = []
        for game in games:
            scheduled = league.games.get(game)
            if scheduled is None:
                raise NotFoundError(f"no game {game} in the schedule")
            existing = self.find_game(game)
            if existing is not None:
                existing.check_playable()
            for team in (scheduled["visitor"], scheduled["home"]):
                if team not in session.staffs:
                    session.staffs[team] = self.staff(team)
            source = dice if dice is not None else SeededDice(session.seed_for(game, existing))
            played.append(
                session.play(scheduled, source, existing, visitor_starter, home_starter, actor, dice_label)
            )
        check = getattr(dice, "check_exhausted", None)
        if check is not None:
            check()
        details = {"games": [g.game for g in played], "dice": dice_label}
        self.save_command(None, "play", actor, reason, details, *played, *session.staffs.values())
        for g in played:
            log.info("game.played", game=g.game, score=_score(g))
        return [g.outcome or {} for g in played]

    def games_on(self, day: date) -> list[str]:
        """The scheduled games of a date, in playing order."""
        games = [g for g in self.league().games.values() if g["date"] == day.isoformat()]
        if not games:
            raise NotFoundError(f"no games scheduled on {day}")
        return [g["game_id"] for g in sorted(games, key=lambda g: (g["number"], g["game_id"]))]

    def held_for_hand_play(
        self, through: date | None = None, league: League | None = None, status: dict[str, str] | None = None
    ) -> tuple[list[str], list[str]]:
        """What a simulation leaves alone unless told to finish it: the games in progress
        (started by hand, or stopped mid-way by a rewind) and, up to ``through``, their
        clubs' later unplayed games, which wait for them because a pitcher's rest is
        counted from finished games only."""
        league = league or self.league()
        status = status if status is not None else self.game_statuses(league)
        open_games = sorted(gid for gid, s in status.items() if s == IN_PROGRESS and gid in league.games)
        first_open: dict[str, tuple[str, int]] = {}
        for gid in open_games:
            g = league.games[gid]
            for club in (g["visitor"], g["home"]):
                first_open[club] = min(first_open.get(club, (g["date"], g["number"])), (g["date"], g["number"]))
        last = through.isoformat() if through is not None else None
        waiting = sorted(
            (gid for gid, g in league.games.items()
             if status.get(gid) not in (FINAL, VOID, IN_PROGRESS) and (last is None or g["date"] <= last)
             and any(club in first_open and (g["date"], g["number"]) > first_open[club]
                     for club in (g["visitor"], g["home"]))),
            key=lambda gid: (league.games[gid]["date"], league.games[gid]["number"], gid),
        )
        return open_games, waiting

    def simulate(
        self,
        through: date | None = None,
        progress: Callable[[int], None] | None = None,
        actor: str = "commissioner",
        reason: str = "",
        finish_in_progress: bool = True,
        status: dict[str, str] | None = None,
    ) -> int:
        """Play every unplayed game up to ``through``, one transaction per day.

        With ``finish_in_progress`` false, the games :meth:`held_for_hand_play`
        names are left alone (the CLI's default; scripted callers finish them).
        ``status`` is :meth:`game_statuses` when the caller has just read it
        (the scan of the log's game events grows with the season, so it is
        not made twice); a game another process played meanwhile fails the
        commit as any concurrent change does.
        """
        league = self.league()
        status = status if status is not None else self.game_statuses(league)
        todo = sorted(
            (g for gid, g in league.games.items() if status.get(gid) not in (FINAL, VOID)),
            key=lambda g: (g["date"], g["number"], g["game_id"]),
        )
        if through is not None:
            todo = [g for g in todo if g["date"] <= through.isoformat()]
        if not finish_in_progress:
            held = set().union(*self.held_for_hand_play(through, league, status))
            todo = [g for g in todo if g["game_id"] not in held]
        staffs = {t: self.staff(t) for t in league.sheets}
        session = self.season_player(league, staffs)
        journal = self.journal()
        # Whole days are saved together, about a week a transaction, each with
        # its own journal entry (a "part" of this run): a crash keeps the
        # finished days, journaled, and the next sim resumes.  Undo takes back
        # every part of a run at once (Corrections.undo).
        run = len(journal.entries) + 1  # the entry number of the run's first part
        played: list[str] = []
        batch: list[Any] = []
        used: set[str] = set()

        def save_part() -> None:
            games = [g.game for g in batch]
            details = {"games": games, "through": through.isoformat() if through else None, "run": run}
            self.save_command(journal, "sim", actor, reason, details, *batch, *(staffs[t] for t in sorted(used)),
                         save=writer.save)
            played.extend(games)
            if progress is not None:
                progress(len(batch))

        # Each part is written on a thread while the next days are played (league.application.background_save).
        with BackgroundSave(self) as writer, session.day_player(todo, actor) as play_day:
            def specs_of(games: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Any]]:
                specs = [(g, self.find_game(g["game_id"]) if status.get(g["game_id"]) else None) for g in games]
                # A game held for the commissioner's review waits for 'league review', never the computer.
                return [(g, e) for g, e in specs if e is None or e.held is None]

            days = [games for _, games in _by_day(todo)]
            coming = specs_of(days[0]) if days else []
            for k, games in enumerate(days):
                # The next day's games go with today's: a player on several cores sets them up as soon as
                # their clubs' games today are recorded (league.rules.pa.pool).
                specs, coming = coming, specs_of(days[k + 1]) if k + 1 < len(days) else []
                batch.extend(play_day(specs, coming))
                used.update(club for g in games for club in (g["visitor"], g["home"]))
                if len(batch) >= SIM_BATCH_GAMES:
                    save_part()
                    batch, used = [], set()
            if batch:
                save_part()
        log.info("season.simulated", games=len(played), through=str(through) if through else None)
        return len(played)

    # --- the journal -------------------------------------------------------------

    def journal(self) -> Journal:
        return self.repository.get(ids.JOURNAL_ID)  # type: ignore[no-any-return]

    def save_command(
        self,
        journal: Journal | None,
        command: str,
        actor: str,
        reason: str,
        details: dict[str, Any],
        *aggregates: Any,
        undoes: int | None = None,
        save: Callable[..., Any] | None = None,
    ) -> int:
        """Save a command's aggregates and its journal entry in one transaction.

        The entry says which of the games it saves it left in progress
        (``open``), so the dependency check finds unfinished games from the
        journal instead of scanning the log (``Journal.open_games``).
        """
        journal = journal or self.journal()
        games = [a for a in aggregates if isinstance(a, GameLifecycle)]
        if games:
            details = {**details, "open": sorted(g.game for g in games if g.status == IN_PROGRESS)}
        at = datetime.now(timezone.utc).isoformat(timespec="seconds")
        journal.record(command=command, actor=actor, reason=reason, at=at, details=details, undoes=undoes)
        (save or self.save)(*aggregates, journal)
        return len(journal.entries)

    # --- reading the record -------------------------------------------------------

    def game(self, game: str) -> Game:
        g = self.find_game(game)
        if g is None:
            if game in self.league().games:
                raise NotFoundError(f"game {game} has not been played yet")
            raise NotFoundError(f"no game {game} in the schedule")
        return g

    def game_events(self, game: str) -> list[Any]:
        self.game(game)
        return list(self.events.get(ids.game_id(game)))

    def game_statuses(self, league: League | None = None) -> dict[str, str]:
        """Each played game's status, folded from the log (not from a read model)."""
        league = league or self.league()
        by_uuid = {ids.game_id(gid): gid for gid in league.games}
        status: dict[str, str] = {}
        select = getattr(self.recorder, "select_topics", None)  # SQLite's: the payloads only where needed
        if select is not None:
            for oid, topic, state in select(GAME_TOPICS, STATUS_READS_PAYLOAD):
                gid = by_uuid.get(oid)
                if gid is not None:
                    status[gid] = _status_after(topic, state)
            return status
        start = 1
        while True:
            batch = self.recorder.select_notifications(start, 5000, topics=GAME_TOPICS)
            for n in batch:
                gid = by_uuid.get(n.originator_id)  # type: ignore[arg-type]
                if gid is not None:
                    status[gid] = _status_after(n.topic, n.state)
            if len(batch) < 5000:
                return status
            start = batch[-1].id + 1

    def find_game(self, game: str) -> Game | None:
        try:
            return self.repository.get(ids.game_id(game))  # type: ignore[no-any-return]
        except AggregateNotFoundError:
            return None

    def season_player(self, league: League, staffs: dict[str, Staff]) -> SeasonPlayer:
        """The league's rule system's season player over these aggregates (hand play asks here)."""
        return registry.ruleset(league.ruleset).season(self, league, staffs)

    def staff(self, team: str) -> Staff:
        return self.repository.get(ids.staff_id(team))  # type: ignore[no-any-return]


def _by_day(games: Iterable[dict[str, Any]]) -> Iterable[tuple[str, list[dict[str, Any]]]]:
    day: str | None = None
    batch: list[dict[str, Any]] = []
    for g in games:
        if g["date"] != day and batch:
            yield day, batch  # type: ignore[misc]
            batch = []
        day = g["date"]
        batch.append(g)
    if batch:
        yield day, batch  # type: ignore[misc]


def _status_after(topic: str, state: bytes | None) -> str:
    """A game's status after one of its events (the payload read only for the topics in
    ``STATUS_READS_PAYLOAD``)."""
    step = lifecycle.STEPS[topic]
    if step in (lifecycle.STARTED, lifecycle.RESTARTED):
        return IN_PROGRESS
    if step == lifecycle.COMPLETED:
        return FINAL
    if step == lifecycle.VOIDED:
        return VOID
    assert state is not None, topic
    payload = json.loads(state)
    if step == lifecycle.REINSTATED:
        return str(payload["state"]["status"])
    return SCHEDULED if payload["to_start"] else IN_PROGRESS


def _score(g: Game) -> str:
    o = g.outcome or {}
    v, h = o.get("visitor", {}), o.get("home", {})
    return f"{g.visitor} {v.get('runs')} - {g.home} {h.get('runs')}"


__all__ = ["LeagueApp"]
