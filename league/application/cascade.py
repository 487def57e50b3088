"""A dispute's later games, re-resolved with the dice they already rolled.

When a game's result changes (rewound, voided, corrected), the later games
that were set up from a pitching history including it are taken in date
order.  Each is set up again from the history as it now stands *as of that
game* (later games never count, as when it was first played).  If the setup
is unchanged, or the new setup reads the game's own recorded rolls to the
same result, the game is left alone: not one event.  Otherwise it is
rewound to its start and played again, fed its recorded rolls, each kind
(triad, pair, d20) in its recorded order; a roll of a kind whose recorded
ones have all been used is drawn from the game's seeded dice and marked
``fresh`` in its event.  A club is only looked at from its first changed game on, so an
unchanged game stops the ripple.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, Callable

from league import registry
from league.domain import ids
from league.domain.dice import ROLL_TYPES, NeedRoll, SeededDice, roll_from_text
from league.domain.actors import COMPUTER, is_person
from league.domain.errors import EntryCannotStand, RulesError
from league.domain.lifecycle import FINAL, IN_PROGRESS
from league.domain.stored import plain
from league.domain.usage import DateOrdered

if TYPE_CHECKING:
    from league.application.ports import Records
    from league.domain.game_events import GameLifecycleEvents
    from league.domain.lifecycle import GameLifecycle
    from league.domain.staff import Staff
    from league.rules.ruleset import SeasonPlayer

Key = tuple[str, int, str]  # (date, game number, game): the order games were set up in


def game_key(g: Any) -> Key:
    return (g.date, g.number, g.game)


class AsOf:
    """A club's Staff as it stood when a game was set up: only earlier games count.

    Usage recorded through it goes to the real aggregate.
    """

    def __init__(self, staff: "Staff", key: Key) -> None:
        self.real = staff
        self.team = staff.team
        self.key = key
        day = date.fromisoformat(key[0])
        self.usage: dict[str, Any] = {}
        for name, apps in staff.usage.items():
            ordered = apps if isinstance(apps, DateOrdered) else DateOrdered(sorted(apps, key=_on))
            cut = bisect.bisect_left(ordered, day, key=_on)  # earlier days all count
            if cut == len(ordered):
                self.usage[name] = ordered
                continue
            # That day only a doubleheader's earlier game counts; later days never do.
            end = bisect.bisect_right(ordered, day, lo=cut, key=_on)
            self.usage[name] = DateOrdered(list(ordered[:cut]) + [a for a in ordered[cut:end] if self._before(a.game)])

    def _before(self, gid: str) -> bool:
        info = self.real.by_game.get(gid)
        return info is not None and (info["date"], info.get("number", 0), gid) < self.key

    @property
    def by_game(self) -> dict[str, dict[str, Any]]:
        """The club's earlier games (plate-appearance rest counts them)."""
        return {gid: info for gid, info in self.real.by_game.items() if self._before(gid)}

    def record_usage(self, **kwargs: Any) -> None:
        self.real.record_usage(**kwargs)

    def record_injuries(self, **kwargs: Any) -> None:
        self.real.record_injuries(**kwargs)


def _on(a: Any) -> date:
    return a.date  # type: ignore[no-any-return]


class Replay:
    """Dice for a re-resolved game: its recorded rolls, fresh seeded ones where needed.

    Each kind of roll (triad, pair, d20) comes from the game's recorded rolls
    of that kind, in their order, so the n-th triad asked for is the n-th
    triad rolled even where the plays in between now ask for other kinds.
    """

    def __init__(self, recorded: list[str], seed: str) -> None:
        self._queues: dict[type, list[Any]] = {k: [] for k in ROLL_TYPES.values()}
        for d in recorded:
            roll = roll_from_text(d)
            self._queues[type(roll)].append(roll)
        self._fresh = SeededDice(seed)
        self.flags: list[bool] = []  # per roll served: drawn afresh?

    def roll(self, need: NeedRoll) -> Any:
        queue = self._queues[ROLL_TYPES[need.kind]]
        if queue:
            self.flags.append(False)
            return queue.pop(0)
        self.flags.append(True)
        return self._fresh.roll(need)


class _Marking:
    """A game whose new roll events say whether the roll was drawn afresh."""

    def __init__(self, game: Any, flags: list[bool]) -> None:
        self._game = game
        self._flags = list(flags)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def _mark(self, kwargs: dict[str, Any]) -> dict[str, Any]:
        if kwargs.get("dice") is not None and self._flags and self._flags.pop(0):
            return {**kwargs, "fresh": True}
        return kwargs

    def record_roll(self, **kwargs: Any) -> None:
        self._game.record_roll(**self._mark(kwargs))

    def resolve_play(self, **kwargs: Any) -> None:
        self._game.resolve_play(**self._mark(kwargs))


STAND, CASCADE = "stand", "cascade"


@dataclass(frozen=True)
class Later:
    """What a dispute does with the later games set up from a history that included the disputed one.

    ``stand``: they stay exactly as played (their setups were made on the history of their day);
    ``cascade``: they are re-resolved, only those on or before ``through`` and of ``clubs`` when
    given (the others stand).  No mode: a dispute with later games is refused, naming the choices.
    """

    mode: str | None = None
    through: str | None = None
    clubs: frozenset[str] | None = None

    @classmethod
    def of(cls, choice: "bool | Later") -> "Later":
        """``cascade=True`` as callers before the modes said it."""
        if isinstance(choice, Later):
            return choice
        return cls(CASCADE) if choice else cls()

    def in_scope(self, day: str, teams: tuple[str, str]) -> bool:
        if self.through is not None and day > self.through:
            return False
        return self.clubs is None or not self.clubs.isdisjoint(teams)

    def fact(self) -> dict[str, Any]:
        """The mode as the journal records it."""
        out: dict[str, Any] = {"later": self.mode}
        if self.through is not None:
            out["through"] = self.through
        if self.clubs is not None:
            out["clubs"] = sorted(self.clubs)
        return out


@dataclass
class Cascade:
    """Re-resolves later games against live Staff aggregates (the caller saves)."""

    app: "Records"
    staffs: dict[str, "Staff"]
    actor: str
    reason: str
    changed: dict[str, Any] = field(default_factory=dict)  # games this command changed, as they now stand
    _sessions: dict[int, Any] = field(default_factory=dict)

    def staff(self, team: str) -> "Staff":
        if team not in self.staffs:
            self.staffs[team] = self.app.staff(team)
        return self.staffs[team]

    def session(self, league_version: int) -> "SeasonPlayer":
        """A season player over the sheets the game was set up with."""
        if league_version not in self._sessions:
            league = self.app.repository.get(ids.LEAGUE_ID, version=league_version)
            # It reads earlier games (a start's length, old injuries) as this command has left them.
            self._sessions[league_version] = registry.ruleset(league.ruleset).season(
                _Changed(self.app, self.changed), league, {})
        return self._sessions[league_version]

    def resolve(self, g: Any) -> dict[str, Any] | None:
        """Settle one later game; what changed in it, or None if nothing did."""
        assert g.setup is not None
        session = self.session(g.setup["league_version"])
        key = game_key(g)
        for team in (g.visitor, g.home):
            session.staffs[team] = AsOf(self.staff(team), key)  # type: ignore[assignment]  # a Staff as of then
        scheduled = session.league.games[g.game]
        named = _named(g)
        setup = session.setup_now(scheduled, g, named)
        if _same(setup, g.setup):
            return None
        names = session.names(g.visitor, g.home)
        before = _summary(g.outcome, names)
        if g.played_by != COMPUTER:
            return self._resolve_people(g, session, scheduled, setup, named, before)
        if g.status == IN_PROGRESS:  # stopped mid-way by a rewind: its rolls were for the old setup
            g.rewind(to=g.setup_position, to_start=True, reason=self.reason, actor=self.actor)
            return {"game": g.game, "date": g.date, "before": before, "after": None,
                    "status": "sent back to unplayed", "fresh_rolls": 0}
        recorded = [r["dice"] for r in g.rolls]
        seed = session.seed_for(g.game, g)
        trial = Replay(recorded, seed)
        outcome = session.trial(g, setup, trial, self.actor)
        if _same(outcome, g.outcome) and not any(trial.flags) and len(trial.flags) == len(recorded):
            return None  # the changed statuses never came into play
        dice = Replay(recorded, seed)
        was = [dict(e) for e in g.in_force()]
        for team in (g.visitor, g.home):
            self.staff(team).revoke_usage(game=g.game, reason=self.reason)
        g.rewind(to=g.setup_position, to_start=True, reason=self.reason, actor=self.actor)
        kept = [name if name and setup[side]["starter"] == name else None
                for side, name in zip(("visitor", "home"), named)]
        session.play(scheduled, dice, _Marking(g, trial.flags), kept[0], kept[1], self.actor,
                     "recorded rolls (cascade)")
        if not _same(g.setup, setup) or g.status != FINAL:
            raise RulesError(f"{g.game}: re-resolving it did not repeat its trial run")
        self.changed[g.game] = g
        after = _summary(g.outcome, names)
        return {"game": g.game, "date": g.date, "before": before, "after": after,
                "status": "re-resolved" if after != before else SAME_RESULT, "fresh_rolls": sum(dice.flags),
                "rolls_kept": dice.flags.count(False), "rolls_unused": len(recorded) - dice.flags.count(False),
                "first_difference": first_difference(was, g.in_force(), names)}


    def _resolve_people(self, g: "GameLifecycleEvents", session: "SeasonPlayer", scheduled: dict[str, Any],
                        setup: dict[str, Any],
                        named: tuple[str | None, str | None], before: dict[str, Any] | None) -> dict[str, Any] | None:
        """A game people played (all or part): re-resolved with their own entries, in order, or held.

        Never the auto-manager deciding for them, never a roll drawn for them: where one of their
        entries can no longer stand under the new history, the game stays exactly as played and is
        held for the commissioner's review (``league review``).
        """
        entries = [{**e, "by": g.by_at(e["position"])} for e in g.in_force()]
        finished = g.status == FINAL
        seed = session.seed_for(g.game, g)
        names = session.names(g.visitor, g.home)
        held = _dropped_starter(g, setup, named)
        if held is None:
            trial = session.scratch(g, setup, self.actor)
            try:
                session.rerun(trial, entries, finished, Replay(_computer_rolls(entries), seed), self.actor)
            except EntryCannotStand as stop:
                held = (stop.position, str(stop))
            else:
                if _same(trial.outcome, g.outcome) and _same(trial.record_fact(), g.record_fact()):
                    return None  # their entries read to the same game: nothing to change
        if held is not None:
            position, why = held
            g.hold(reason=why, position=position, dispute=self.reason, actor=self.actor)
            self.changed[g.game] = g
            return {"game": g.game, "date": g.date, "before": before, "after": before, "status": "held for review",
                    "reason": why, "fresh_rolls": 0, "played_by": g.played_by}
        was = [dict(e) for e in g.in_force()]
        if finished:
            for team in (g.visitor, g.home):
                self.staff(team).revoke_usage(game=g.game, reason=self.reason)
        g.rewind(to=g.setup_position, to_start=True, reason=self.reason, actor=self.actor)
        g.restart(setup=setup, dice_source=RERESOLVED_SOURCE, actor=self.actor)
        session.rerun(g, entries, finished, Replay(_computer_rolls(entries), seed), self.actor)
        if g.status == FINAL:
            session.record_usage(g)
        self.changed[g.game] = g
        after = _summary(g.outcome, names)
        return {"game": g.game, "date": g.date, "before": before, "after": after,
                "status": "re-resolved with its own entries" if after != before else SAME_RESULT, "fresh_rolls": 0,
                "played_by": g.played_by, "first_difference": first_difference(was, g.in_force(), names)}


# A changed game whose score and decisions came out as before.
SAME_RESULT = "replayed, same result"


def first_difference(was: list[dict[str, Any]], now: list[dict[str, Any]],
                     names: dict[str, str]) -> dict[str, Any] | None:
    """The first entry in force that differs between two plays of a game, in words (None: none differs)."""
    for i in range(max(len(was), len(now))):
        a = was[i] if i < len(was) else None
        b = now[i] if i < len(now) else None
        if a is not None and b is not None and _fact(a) == _fact(b):
            continue
        return {"entry": i + 1, "before": _entry_words(a, names), "after": _entry_words(b, names),
                "position_before": a["position"] if a else None, "position_after": b["position"] if b else None}
    return None


def _fact(e: dict[str, Any]) -> Any:
    return plain({k: v for k, v in e.items() if k not in ("position", "fresh")})


def _entry_words(e: dict[str, Any] | None, names: dict[str, str]) -> str:
    """An entry as people read it: a decision by what it does and to whom, a roll by its dice and play."""
    if e is None:
        return "nothing (the game ended)"
    if e.get("kind") == "decision":
        d = e.get("decision") or {}
        who = [names.get(str(d[k]), str(d[k])) for k in ("in", "pitcher", "player", "out") if d.get(k)]
        return f"{str(d.get('type', 'decision')).replace('_', ' ')} {', '.join(who)}".strip()
    play: dict[str, Any] = e["play"] if isinstance(e.get("play"), dict) else {}
    text = f"{e.get('purpose') or ''} {e.get('dice') or ''}".strip()
    pitcher = play.get("pitcher")
    if pitcher:
        text += f" off {pitcher}"
    inner = play.get("play")
    result = play.get("result") or (inner.get("label") if isinstance(inner, dict) else None)
    for cid, name in names.items():
        text = text.replace(cid, name)
    return f"{text} -> {result}" if result else text


# The dice source a re-resolution of a person's game names: their own recorded entries.
RERESOLVED_SOURCE = "recorded entries (re-resolution)"


def _computer_rolls(entries: list[dict[str, Any]]) -> list[str]:
    """The rolls the computer made in a game a person began (it finishes with them again)."""
    return [str(e["dice"]) for e in entries if e.get("dice") and not is_person(str(e["by"]))]


def _dropped_starter(g: "GameLifecycle", setup: dict[str, Any],
                     named: tuple[str | None, str | None]) -> tuple[int, str] | None:
    """A starter a person named who can no longer start under the new history: (position, why)."""
    for side, name in zip(("visitor", "home"), named):
        if name and setup[side]["starter"] != name and is_person(g.by_at(g.setup_position)):
            return (g.setup_position, f"{name}, named to start for {setup[side]['team']}, may no longer start "
                                      "(not rested enough under the corrected history)")
    return None


def _same(a: Any, b: Any) -> bool:
    """Equal as stored (JSON has no tuples)."""
    return bool(a == b or plain(a) == plain(b))


def _named(g: Any) -> tuple[str | None, str | None]:
    """Starters the commissioner named for a Pennant Race game stay named."""
    out = []
    for side in ("visitor", "home"):
        s = g.setup[side]
        out.append(s["starter"] if str(s.get("starter_reason", "")).startswith("named by") else None)
    return out[0], out[1]


def _summary(outcome: dict[str, Any] | None, names: dict[str, str] | None = None) -> dict[str, Any] | None:
    """Score and decisions (by name; ``decision_ids`` keeps a card game's ids), as a journal entry and a
    preview show them."""
    if outcome is None:
        return None
    if "pitching" in outcome:
        lines = outcome["pitching"]
    else:
        lines = [*outcome["visitor"]["pitching"], *outcome["home"]["pitching"]]
    decisions: dict[str, str] = {}
    for p in lines:
        if p.get("decision") in ("W", "L", "SV"):
            decisions[p["decision"]] = p["pitcher"]
        if p.get("save"):
            decisions["SV"] = p["pitcher"]
    out = {"score": f"{outcome['visitor']['team']} {outcome['visitor']['runs']} - "
                    f"{outcome['home']['team']} {outcome['home']['runs']}",
           "decisions": {k: (names or {}).get(v, v) for k, v in decisions.items()}}
    if names and any(v in names for v in decisions.values()):
        out["decision_ids"] = decisions
    return out


def usage_of(staffs: dict[str, "Staff"], g: Any) -> dict[str, Any]:
    """Who pitched ``g`` for each club and who was hurt in it, as its Staff holds it (None: not counted),
    with the club's pitchers' outs and batters' at-bats in its box score where it has one.

    Later setups read all of it: rest from who pitched (and, in Strat-O-Matic's
    super advanced rules, 27.51, from how long a starter's last start was), the
    injury list from who was hurt, Strat-O-Matic's real-usage limits (10.x)
    from the outs and at-bats so far.
    """
    def held(team: str) -> Any:
        info = staffs[team].by_game.get(g.game) if team in staffs else None
        if info is None:
            return None
        return info.get("appearances"), info.get("injuries"), _box_usage(g, team)

    return {team: held(team) for team in (g.visitor, g.home)}


def _box_usage(g: Any, team: str) -> tuple[tuple[tuple[Any, Any], ...], ...] | None:
    """``team``'s pitchers with their outs and batters with their at-bats in ``g``'s box score
    (a plate-appearance game's; None for a box without them)."""
    box = g.outcome if isinstance(g.outcome, dict) else {}
    for side in ("visitor", "home"):
        line = box.get(side)
        if isinstance(line, dict) and line.get("team") == team and isinstance(line.get("pitching"), list):
            return (tuple((p.get("pitcher"), p.get("outs")) for p in line["pitching"]),
                    tuple((b.get("player"), b.get("ab")) for b in line.get("batting") or ()))
    return None


class _Changed:
    """The application as a cascade's season players read it: a game this command
    has changed (the disputed one, each re-resolved one) as it now stands in
    memory, not as stored; everything else as the application has it."""

    def __init__(self, app: "Records", games: dict[str, Any]) -> None:
        self._app = app
        self._games = games

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    def find_game(self, game: str) -> Any:
        g = self._games.get(game)
        return g if g is not None else self._app.find_game(game)


def ripple(cascade: Cascade, dirty: set[str], candidates: list[str], load: Callable[[str], Any],
           teams: Callable[[str], tuple[str, str]]) -> tuple[list[Any], list[dict[str, Any]], dict[str, int]]:
    """Settle ``candidates`` (later games, in date order) once the clubs in ``dirty`` have a new history.

    Later setups read nothing but who pitched when, so a club's games are
    looked at only from the first game whose pitchers changed for it on;
    returns the changed games, what changed in each, and their versions before.
    """
    dirty = set(dirty)
    changed: list[Any] = []
    report: list[dict[str, Any]] = []
    before: dict[str, int] = {}
    for gid in candidates:
        if not dirty:
            break
        if dirty.isdisjoint(teams(gid)):
            continue
        g = load(gid)
        version = g.version
        for team in (g.visitor, g.home):
            cascade.staff(team)
        used = usage_of(cascade.staffs, g)
        what = cascade.resolve(g)
        if what is None:
            continue
        before[gid] = version
        changed.append(g)
        report.append(what)
        now = usage_of(cascade.staffs, g)
        dirty.update(team for team in used if used[team] != now[team])
    return changed, report, before


__all__ = ["AsOf", "CASCADE", "Cascade", "Later", "Replay", "STAND", "game_key", "ripple", "usage_of"]
