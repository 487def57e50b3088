"""Moving back in time without losing anything: rewind, void, correct, undo.

Every correction is new events: ``Rewound`` / ``Voided`` / ``Reinstated``
on the games, ``Staff.UsageRevoked`` / ``PitchersUsed`` (and, where the rule
system keeps them, ``PlayersInjured``) on the staffs, and a journal entry
naming who and why -- all in one transaction.

Later games depend on an earlier one through pitcher rest and fatigue (and,
where the rule system keeps one, the injury list, kept beside the usage): a game
of either club played after it (and, transitively, the later games of their
opponents) was set up from a history that included it.  Changing a game with
such dependents is refused, naming them, unless ``cascade``: then they are
re-resolved with their own recorded rolls (:mod:`league.application.cascade`), and only
those whose result changes get new events.  ``dry_run`` works it all out and
stores nothing.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from league import registry
from league.domain import ids
from league.application.cascade import CASCADE, STAND, Cascade, Later, ripple, usage_of
from league.domain.dice import ROLL_TYPES, DiceSource, NeedRoll, SeededDice, parse_roll, roll_from_text
from league.domain.actors import COMPUTER, is_person
from league.domain.errors import EntryCannotStand, RulesError
from league.domain.game import FINAL, IN_PROGRESS, SCHEDULED, VOID, Game

if TYPE_CHECKING:
    from league.application.ports import Records
    from league.domain.journal import Journal
    from league.domain.league import League
    from league.domain.staff import Staff
    from league.rules.ruleset import SeasonPlayer


def dependents(app: "Corrections", game: str, staffs: dict[str, "Staff"] | None = None,
               root: Game | None = None) -> list[str]:
    """Games set up after ``game`` from a pitching history that included it.

    A finished game of either club dated after it depends on it; so, in turn,
    do the later games of those games' opponents.  Finished games are read
    off the clubs' Staff aggregates (which list every game they worked);
    games stopped mid-way by a rewind are the only others with a setup.
    """
    staffs = {} if staffs is None else staffs

    def staff(team: str) -> "Staff":
        if team not in staffs:
            staffs[team] = app.staff(team)
        return staffs[team]

    root = root if root is not None else app.game(game)
    league = app.league()
    if not registry.ruleset(league.ruleset).setups_read_history:
        return []  # no game's setup reads an earlier game: nothing depends on this one
    key = (root.date, root.number, game)
    since = {root.visitor: key, root.home: key}
    unfinished = {g.game: g for g in _unfinished_with_setup(app, game)}
    deps: dict[str, tuple[str, int, str]] = {}
    changed = True
    while changed:
        changed = False
        for team, start in list(since.items()):
            candidates = [
                (gid, (info["date"], info.get("number", 0), gid))
                for gid, info in staff(team).by_game.items()
            ] + [
                (gid, (g.date, g.number, gid)) for gid, g in unfinished.items() if team in (g.visitor, g.home)
            ]
            for gid, k in candidates:
                if gid == game or gid in deps or k <= start:
                    continue
                deps[gid] = k
                changed = True
                for other in _teams_of(league, gid, unfinished):
                    if k < since.get(other, (chr(0x10FFFF),)):
                        since[other] = k
    return [gid for gid, _ in sorted(deps.items(), key=lambda item: item[1])]


def _teams_of(league: "League", gid: str, unfinished: dict[str, Game]) -> tuple[str, ...]:
    if gid in unfinished:
        return (unfinished[gid].visitor, unfinished[gid].home)
    return teams_in_schedule(league, gid)


def teams_in_schedule(league: "League", gid: str) -> tuple[str, str]:
    """A game's clubs, read off the schedule (loading the game costs a thousand times more)."""
    s = league.games[gid]
    return (s["visitor"], s["home"])


def _unfinished_with_setup(app: "Corrections", exclude: str) -> list[Game]:
    """Games set up but not finished: stopped mid-way by a rewind, or being played by hand.

    Every command's journal entry says which games it left in progress, so
    only those are loaded; a game an older entry names without saying is
    loaded to find out.
    """
    out = []
    for name, left_open in sorted(app.journal().open_games().items()):
        if left_open is False or name == exclude:
            continue
        g = app.find_game(name)
        if g is not None and g.status == IN_PROGRESS:
            out.append(g)
    return out


class Corrections:
    """Mixed into the application: the commissioner's tools for disputes."""

    if TYPE_CHECKING:  # what the application (LeagueApp) provides to this mixin
        repository: Any

        def league(self) -> "League": ...

        def journal(self) -> Journal: ...

        def game(self, game: str) -> Any: ...

        def find_game(self, game: str) -> Any: ...

        def staff(self, team: str) -> "Staff": ...

        def save_command(self, journal: Journal | None, command: str, actor: str, reason: str,
                         details: dict[str, Any], *aggregates: Any, undoes: int | None = None) -> int: ...

    def rewind(
        self, game: str, to: int, reason: str, actor: str, cascade: bool | Later = False, dry_run: bool = False
    ) -> dict[str, Any]:
        """Put ``game`` back to its state just before the event at ``to``."""
        g = self.game(game)
        _check_position(g, to)
        changed = self._rewind_with_dependents(g, to, reason, actor, Later.of(cascade),
                                               again=lambda later: self.rewind(game, to, reason, actor, later, True))
        details = {"game": game, "to": to, "games_before": changed["before"], "cascade": changed["cascaded"],
                   **changed["later"]}
        self._settle("rewind", actor, reason, details, changed, dry_run)
        return {"game": game, "to": to, "cascaded": changed["cascaded"], "dry_run": dry_run, **changed["later"]}

    def void(self, game: str, reason: str, actor: str, cascade: bool | Later = False,
             dry_run: bool = False) -> dict[str, Any]:
        """Void a game: its result no longer counts; nothing is deleted."""
        g = self.game(game)
        if g.status == VOID:
            raise RulesError(f"game {game} is already void")
        changed = self._rewind_with_dependents(g, None, reason, actor, Later.of(cascade),
                                               again=lambda later: self.void(game, reason, actor, later, True))
        details = {"game": game, "games_before": changed["before"], "cascade": changed["cascaded"], **changed["later"]}
        self._settle("void", actor, reason, details, changed, dry_run)
        return {"game": game, "cascaded": changed["cascaded"], "dry_run": dry_run, **changed["later"]}

    def correct(
        self, game: str, position: int, roll: str, reason: str, actor: str, cascade: bool | Later = False,
        dry_run: bool = False,
    ) -> dict[str, Any]:
        """Replace a mistyped roll and re-resolve the rest of the game.

        The rolls after it are used again in order where the game still asks
        for the same kind of roll; any further roll comes from the seeded dice.
        """
        g = self.game(game)
        old = {r["position"]: r for r in g.rolls}
        if position not in old:
            raise RulesError(f"position {position} of {game} is not a roll in force (see 'league game log')")
        try:
            # Plate-appearance games say what the roll was for in "kind" and
            # what dice it was in "roll_kind".
            new_roll = parse_roll(roll, old[position].get("roll_kind", old[position]["kind"]))
        except ValueError as e:
            raise RulesError(f"roll {roll!r}: {e}") from None
        if str(new_roll) == old[position]["dice"]:
            raise RulesError(f"position {position} of {game} already holds the roll {old[position]['dice']}; "
                             "nothing to correct")
        later = [roll_from_text(r["dice"]) for p, r in sorted(old.items()) if p > position]
        league = self.league()
        # A person's game goes on with the person's own later entries, never the auto-manager's.
        people = g.played_by != COMPUTER
        entries = [{**e, "by": g.by_at(e["position"])} for e in g.in_force()]
        entries = [{**e, "dice": str(new_roll)} if e["position"] == position else e for e in entries]
        finished = g.status == FINAL
        stopped: dict[str, Any] = {}

        def replay(staffs: dict[str, "Staff"]) -> None:
            # _rewind_with_dependents has put both clubs' Staff in ``staffs``
            session = cast("Records", self).season_player(league, staffs)
            dice = _Refeed([new_roll, *later], SeededDice(session.seed_for(game, g)))
            if not people:
                session.play(league.games[game], dice, g, None, None, actor, f"correction of position {position}")
                return
            stop = _first_that_cannot_stand(session, g, entries, finished, actor)
            if stop is not None:
                stopped.update(position=stop[0], reason=stop[1])
            kept = [e for e in entries if e["position"] >= position and (stop is None or e["position"] < stop[0])]
            # The computer's part of a game a person began goes on with its own later rolls, as before.
            theirs = [roll_from_text(e["dice"]) for e in kept if e.get("dice") and not is_person(str(e["by"]))]
            rest = _Refeed(theirs, SeededDice(session.seed_for(game, g)))
            session.rerun(g, kept, finished and stop is None, rest, actor)
            if g.status == FINAL:
                session.record_usage(g)

        changed = self._rewind_with_dependents(
            g, position, reason, actor, Later.of(cascade), then=replay,
            again=lambda later: self.correct(game, position, roll, reason, actor, later, True))
        details = {"game": game, "position": position, "roll": roll, "games_before": changed["before"],
                   "cascade": changed["cascaded"], **changed["later"],
                   **({"stopped": stopped} if stopped else {})}
        self._settle("correct", actor, reason, details, changed, dry_run)
        return {"game": game, "position": position, "outcome": g.outcome, "cascaded": changed["cascaded"],
                "dry_run": dry_run, **changed["later"], **({"stopped": stopped} if stopped else {}),
                "status": g.status, "at": g.version}

    def _settle(self, command: str, actor: str, reason: str, details: dict[str, Any], changed: dict[str, Any],
                dry_run: bool) -> None:
        """Save a dispute's events and journal entry at once -- or, for a dry run, nothing."""
        if not dry_run:
            self.save_command(None, command, actor, reason, details, *changed["aggregates"])

    def undo(self, reason: str, actor: str) -> dict[str, Any]:
        """Reverse the last commissioner command by compensating events."""
        journal = self.journal()
        entry = journal.last_undoable()
        if entry is None or entry["command"] == "init":
            raise RulesError("nothing to undo")
        command, details = entry["command"], entry["details"]
        undo_details: dict[str, Any] = {"undone": entry["entry"], "command": command}
        aggregates: list[Any] = []
        if command == "teams import":
            league = self.league()
            earlier = self.repository.get(ids.LEAGUE_ID, version=details["league_version_before"])
            league.restore_sheets(
                sheets={code: earlier.sheets.get(code) for code in details["teams"]}, reason=reason, actor=actor
            )
            aggregates.append(league)
        elif command == "schedule import":
            league = self.league()
            league.unschedule_games(games=details["games"], reason=reason, actor=actor)
            aggregates.append(league)
        else:
            # A sim is journaled a part per saved batch: its undo takes back the whole run.
            parts = journal.run_of(entry)
            before: dict[str, int] = details.get("games_before") or {
                gid: 0 for part in parts for gid in part["details"]["games"]}
            aggregates.extend(self._reinstate(before, reason, actor))
            if len(parts) > 1:
                undo_details["parts"] = [part["entry"] for part in parts]
            undo_details["games"] = sorted(before)
        self.save_command(journal, "undo", actor, reason, undo_details, *aggregates, undoes=entry["entry"])
        return {"undone": entry["entry"], "command": command}

    # --- shared machinery ------------------------------------------------------

    def _rewind_with_dependents(
        self, g: Game, to: int | None, reason: str, actor: str, later: Later,
        then: Callable[[dict[str, "Staff"]], None] | None = None,
        again: Callable[[Later], dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        """Change ``g`` (rewind to ``to``, void if None, then ``then``); settle the later games as ``later`` says.

        ``again(later)`` is the same dispute as a dry run under another mode: a refusal counts what
        each choice would change with it.
        """
        staffs: dict[str, Staff] = {}
        deps = dependents(self, g.game, staffs, root=g) if g.status in (FINAL, IN_PROGRESS) else []
        if deps and later.mode is None:
            raise RulesError(_choices(g, deps, again))
        scoped = deps if later.mode == CASCADE else []
        if later.through is not None or later.clubs is not None:
            league = self.league()
            scoped = [gid for gid in scoped
                      if later.in_scope(league.games[gid]["date"], teams_in_schedule(league, gid))]
        standing = len(deps) - len(scoped)
        before: dict[str, int] = {g.game: g.version}
        for team in (g.visitor, g.home):
            if team not in staffs:
                staffs[team] = self.staff(team)
        used = usage_of(staffs, g)
        self._undo_result(g, staffs, reason)
        if to is None:
            g.void(reason=reason, actor=actor)
        else:
            g.rewind(to=to, to_start=to <= g.setup_position, reason=reason, actor=actor)
        if then is not None:
            then(staffs)
        settle = Cascade(cast("Records", self), staffs, actor, f"cascade from {g.game}: {reason}",
                         changed={g.game: g})
        now = usage_of(staffs, g)
        dirty = {team for team in used if used[team] != now[team]}
        league = self.league()
        changed, report, dep_before = ripple(settle, dirty, scoped, self.game,
                                             lambda gid: teams_in_schedule(league, gid))
        before.update(dep_before)
        touched = [s for s in staffs.values() if s._pending_events]
        facts = {**later.fact(), "standing": standing} if deps else {}
        return {"aggregates": [g, *changed, *touched], "before": before, "cascaded": report, "later": facts}

    def _undo_result(self, g: Game, staffs: dict[str, "Staff"], reason: str) -> None:
        """A finished game's pitcher usage stops counting with its result."""
        if g.status != FINAL:
            return
        for team in (g.visitor, g.home):
            if team not in staffs:
                staffs[team] = self.staff(team)
            staffs[team].revoke_usage(game=g.game, reason=reason)

    def _reinstate(self, before: dict[str, int], reason: str, actor: str) -> list[Any]:
        staffs: dict[str, Staff] = {}
        out: list[Any] = []
        session: SeasonPlayer | None = None
        for game, version in before.items():
            g = self.game(game)
            self._undo_result(g, staffs, reason)
            if version == 0:
                if g.status != SCHEDULED:
                    g.rewind(to=g.setup_position, to_start=True, reason=f"undo: {reason}", actor=actor)
            else:
                old: Game = self.repository.get(ids.game_id(game), version=version)
                g.reinstate(state=old.snapshot(), reason=reason, actor=actor)
                if g.status == FINAL and g.outcome is not None:
                    for team in (g.visitor, g.home):
                        if team not in staffs:
                            staffs[team] = self.staff(team)
                    # The result's usage goes back on the Staffs (and whatever else the rule system
                    # records with it, a card game's injuries), as the season player recorded it.
                    if session is None:
                        session = cast("Records", self).season_player(self.league(), staffs)
                    session.record_usage(g)
            out.append(g)
        return [*out, *staffs.values()]


def _first_that_cannot_stand(session: "SeasonPlayer", g: Game, entries: list[dict[str, Any]], finished: bool,
                             actor: str) -> tuple[int, str] | None:
    """Where a person's game, its entries re-applied from its start on a scratch copy, stops standing."""
    assert g.setup is not None
    try:
        session.rerun(session.scratch(g, g.setup, actor), entries, finished, SeededDice("trial"), actor)
    except EntryCannotStand as stop:
        return (stop.position if stop.position > 0 else entries[-1]["position"], str(stop))
    return None


def _choices(g: Game, deps: list[str], again: Callable[[Later], dict[str, Any]] | None) -> str:
    """The refusal of a dispute with later games: the three ways to settle it, with what each changes."""
    shown = ", ".join(deps[:12]) + (f" and {len(deps) - 12} more" if len(deps) > 12 else "")
    lines = [f"{len(deps)} later game(s) depended on {g.game} (set up from a history that included it: "
             f"pitcher rest and fatigue): {shown}. Choose how to settle them:",
             f"  --later stand: only {g.game} changes; the {len(deps)} later game(s) stand as played"]
    week = (date.fromisoformat(g.date) + timedelta(days=7)).isoformat()
    for label, mode in ((f"--cascade: re-resolve the {len(deps)} later game(s) with their own dice",
                         Later(CASCADE)),
                        (f"--cascade --clubs {g.visitor},{g.home}: only the later games of the disputed clubs",
                         Later(CASCADE, clubs=frozenset((g.visitor, g.home)))),
                        (f"--cascade --through {week}: only the later games of the week after it",
                         Later(CASCADE, through=week))):
        counted = ""
        if again is not None:
            try:
                dry = again(mode)["cascaded"]
                counted = f" ({_count(dry)})"
            except RulesError as e:
                counted = f" (refused: {e})"
        lines.append(f"  {label}{counted}")
    lines.append("  (--through DATE takes any date; add --dry-run to see the games each choice changes)")
    return "\n".join(lines)


def _count(report: list[dict[str, Any]]) -> str:
    """What a cascade's report says in a few words."""
    held = sum(1 for c in report if c["status"] == "held for review")
    text = f"{len(report) - held} game(s) would change"
    return text + (f", {held} held for review" if held else "")


def _check_position(g: Game, to: int) -> None:
    if not 1 <= to <= g.version:
        raise RulesError(f"position {to} is outside game {g.game} (1 to {g.version}; see 'league game log')")
    if to not in g.active_positions():
        raise RulesError(
            f"position {to} of {g.game} is not in force (superseded by a rewind, or not a roll); "
            "see 'league game log'"
        )




class _Refeed:
    """Dice for a correction: the given rolls while the kinds match, then seeded ones."""

    def __init__(self, rolls: Sequence[Any], fallback: DiceSource) -> None:
        self._rolls = list(rolls)
        self._fallback = fallback

    def roll(self, need: NeedRoll) -> Any:
        while self._rolls:
            r = self._rolls.pop(0)
            if isinstance(r, ROLL_TYPES[need.kind]):
                return r
        return self._fallback.roll(need)


__all__ = ["Corrections", "dependents"]
