"""Audit of plate-appearance games: re-derive every play and the box from the rolls.

For each game, the cards are those of the league version its setup names,
read by the card game's engine (its ruleset passes it); every roll must be
one the engine asked for, every recorded play must equal the engine's, and a
final game's box score must equal the fold's.  The first difference is
reported with its position (the fold is :mod:`league.rules.pa.replay`'s).
:func:`league.application.audit.audit` spreads them over the cores.

What makes it quick (an audit of a Strat-O-Matic season was once far over
its time target):

* A game's stored events are read and decoded once, into what the check
  needs (:class:`_Record`), rather than rebuilt into a :class:`PAGame`: the
  timestamps and hash chains are not decoded, and a play and the box score
  stay the bytes they were stored as.  The re-derived play and box score
  are written the same way and compared as bytes; only when the bytes differ
  (a store written by another encoder, or a real difference) are both read
  back and compared as values, as before.  A game whose log holds anything
  but a start, rolls, plays, decisions, injuries and its completion (a
  rewind, a restart, an undo, a void) is loaded as the aggregate, as before.
* The rolls a play asks for one by one are checked in one pass: the play is
  resolved once with all its rolls and the engine's roll log (kind and
  purpose of each roll, in order) is compared with the recorded rolls.  The
  engine reads the recorded rolls in order, so the roll it asked for k-th in
  that pass is the one it asks for when given only the first k-1.  When the
  logs differ (or the play fails) the rolls are checked one by one as before,
  so a problem is reported at the same position with the same words.
* A strategy or steal decision is checked, as the fold checks it, by
  resolving the play it sets up with no rolls; here that is left to the
  play: resolving it from its rolls runs the same checks before its first
  roll.  Only when the play does not resolve (or another decision comes
  first, or the game ends) is the decision checked on its own, first, so a
  problem is still reported at the decision with the same words.
"""

from __future__ import annotations

import gc
import weakref
from contextlib import closing
from typing import TYPE_CHECKING, Any, Generator, Mapping, Sequence
from uuid import UUID

import msgspec
import orjson

from league.adapters import forked
from league.domain import ids, topics
from league.domain.dice import roll_from_text
from league.domain.errors import LeagueError, RulesError
from league.rules.pa.game import DECISION, PLAY, ROLL
from league.domain.stored import plain
from league.rules.pa.box import box_score
from league.domain.dice import NeedRoll
from league.rules.pa.engine import CardEngine
from league.rules.pa.replay import Fold, ReplayMismatch, cards_for, start, stored_play

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

STARTED = (topics.PA_GAME_STARTED,)


def started_games(app: "LeagueApplication", only: set[UUID] | None, engine: CardEngine | None = None) -> list[UUID]:
    """The plate-appearance games (their ids) in the order they started, in one pass over the log.

    With ``engine``, the league's cards are also read here, so that forked
    workers inherit them rather than each reading every club's cards again.
    """
    select = getattr(app.recorder, "select_originators", None)  # SQLite's: the ids without the events
    if select is not None:
        out: list[UUID] = [oid for oid in select(STARTED) if only is None or oid in only]
    else:
        out = []
        start_at = 1
        while True:
            batch = app.recorder.select_notifications(start_at, 20000, topics=STARTED)
            out.extend(n.originator_id for n in batch if only is None or n.originator_id in only)
            if len(batch) < 20000:
                break
            start_at = batch[-1].id + 1
    if engine is not None and out:
        sheets = app.league().sheets
        try:
            cards_for(sheets, tuple(sheets), engine)
            engine.charts()
        except (LeagueError, ValueError):  # a card a game reads fails there, as it did before
            pass
    return out


def audit_pa_games(app: "LeagueApplication", games: Sequence[Any], engine: CardEngine) -> tuple[int, int, str | None]:
    """Audit the games (aggregate ids) in order with ``engine``: games and events checked, the first problem."""
    here = forked.own_app(app)
    # Keyed by the application handed in: a forked worker finds the versions its parent loaded.
    leagues = _leagues.setdefault(app, {})
    checked = events = 0
    pairings: dict[tuple[int, str, str], dict[str, Any]] = {}  # the cards of each pairing: see _audit_game
    # A replay allocates millions of short-lived objects and keeps almost none, and the
    # collector ran after every 700 of them (a tenth of the audit's time): here it runs
    # once every few games.
    collecting = gc.isenabled()
    gc.disable()
    try:
        with closing(_states(here.recorder, games)) as stored:
            for oid, rows in zip(games, stored):
                g = _load(here, oid, rows)
                checked += 1
                events += g.version
                problem = _audit_game(here, g, leagues, engine, pairings)
                if problem:
                    return checked, events, problem
                if checked % _COLLECT_EVERY == 0:
                    gc.collect(1)
    finally:
        if collecting:
            gc.enable()
    return checked, events, None


_COLLECT_EVERY = 20  # games


# League versions loaded, per application (a forked worker has its own).
_leagues: weakref.WeakKeyDictionary[Any, dict[int, Any]] = weakref.WeakKeyDictionary()


# An entry in force as the audit reads it: kind, position, dice, roll kind, purpose, and the play (of a
# play) or the decision (of a decision).  A tuple, not the aggregate's dict: a season's audit reads
# 240,000, and building each dict and reading it back by key was a cost of its own.
Entry = tuple[str, int, "str | None", "str | None", "str | None", Any]
KIND, POSITION, DICE, ROLL_KIND, PURPOSE, VALUE = range(6)


def _entry(e: Mapping[str, Any]) -> Entry:
    """An entry of :attr:`PAGame.entries` as the audit reads it."""
    kind = e["kind"]
    return (kind, e["position"], e.get("dice"), e.get("roll_kind"), e.get("purpose"),
            e["decision"] if kind == DECISION else e.get("play"))


class _Record:
    """What the audit reads of a game: the fields of :class:`PAGame` it uses.

    A play (an entry's ``VALUE``) and the outcome are either the stored
    bytes (read from the events) or values (from the aggregate).
    """

    __slots__ = ("game", "ruleset", "ruleset_version", "setup", "visitor", "home", "entries", "outcome",
                 "completed_position", "version")

    def __init__(self, g: Any, outcome: Any) -> None:
        self.game, self.ruleset, self.ruleset_version = g.game, g.ruleset, g.ruleset_version
        self.setup, self.visitor, self.home = g.setup, g.visitor, g.home
        self.entries: list[Entry] = []
        self.outcome = outcome
        self.completed_position = 0
        self.version = 0


class _Started(msgspec.Struct):
    game: str
    visitor: str
    home: str
    ruleset: str
    ruleset_version: str
    setup: dict[str, Any]


# Not tracked by the collector (nothing in them refers back): a season's audit decodes 240,000.
class _Rolled(msgspec.Struct, gc=False):
    kind: str
    purpose: str
    dice: str


class _PlayResolved(msgspec.Struct, gc=False):
    kind: str | None
    purpose: str | None
    dice: str | None
    play: msgspec.Raw


class _DecisionMade(msgspec.Struct, gc=False):
    decision: dict[str, Any]


class _Completed(msgspec.Struct, gc=False):
    outcome: msgspec.Raw


_started = msgspec.json.Decoder(_Started)
_rolled = msgspec.json.Decoder(_Rolled)
_played = msgspec.json.Decoder(_PlayResolved)
_decided = msgspec.json.Decoder(_DecisionMade)
_completed = msgspec.json.Decoder(_Completed)
_INJURED = topics.GAME_PLAYER_INJURED  # feeds the injury list; the fold re-derives the injury


def _load(app: "LeagueApplication", oid: UUID, stored: Sequence[tuple[int, str, bytes]]) -> Any:
    """The game as the audit reads it: from its events (``stored``) when they are the plain kind, else
    the aggregate."""
    try:
        record = _read(stored)
    except (msgspec.DecodeError, KeyError):
        record = None
    if record is not None:
        return record
    g = app.repository.get(oid)
    record = _Record(g, g.outcome)
    record.entries = [_entry(e) for e in g.entries]
    record.completed_position, record.version = g.completed_position, g.version
    return record


def _states(recorder: Any, oids: Sequence[UUID]) -> Generator[Sequence[tuple[int, str, bytes]], None, None]:
    """Each game's events as (version, topic, JSON), in order, read as the audit comes to the game
    (SQLite's recorder reads them faster, on one connection: ``states_of``)."""
    many = getattr(recorder, "states_of", None)
    if many is not None:
        return many(oids)  # type: ignore[no-any-return]
    return ([(e.originator_version, e.topic, e.state) for e in recorder.select_events(oid)] for oid in oids)


def _read(stored: Sequence[tuple[int, str, bytes]]) -> _Record | None:
    """The record of a game that was started, played and maybe completed, nothing else; else None."""
    if not stored or stored[0][1] != topics.PA_GAME_STARTED or stored[0][0] != 1:
        return None
    record = _Record(_started.decode(stored[0][2]), None)
    append = record.entries.append
    played, rolled = _played.decode, _rolled.decode  # a season's audit reads 240,000 events here
    expect = 1
    for version, topic, state in stored[1:]:
        expect += 1
        if version != expect:
            return None
        if topic == topics.PA_GAME_PLAY_RESOLVED:
            p = played(state)
            append((PLAY, version, p.dice, p.kind, p.purpose, bytes(p.play)))
        elif topic == topics.PA_GAME_ROLLED:
            r = rolled(state)
            append((ROLL, version, r.dice, r.kind, r.purpose, None))
        elif topic == topics.PA_GAME_DECISION_MADE:
            append((DECISION, version, None, None, None, _decided.decode(state).decision))
        elif topic == topics.PA_GAME_COMPLETED:
            record.outcome = bytes(_completed.decode(state).outcome)
            record.completed_position = version
            return _after_completion(record, stored, version)
        elif topic != _INJURED:
            return None
    record.version = len(stored)
    return record


def _after_completion(record: _Record, stored: Sequence[tuple[int, str, bytes]], completed: int) -> _Record | None:
    """The record, when the events after its completion (at version ``completed``) are injuries only."""
    expect = completed
    for version, topic, _ in stored[completed:]:
        expect += 1
        if version != expect or topic != _INJURED:
            return None
    record.version = len(stored)
    return record


def _audit_game(app: "LeagueApplication", g: Any, leagues: dict[int, Any], engine: CardEngine,
                pairings: dict[tuple[int, str, str], dict[str, Any]]) -> str | None:
    if not engine.can_replay(g.ruleset_version):
        return (f"game {g.game} position 1: ruleset {g.ruleset} version "
                f"{g.ruleset_version} cannot be replayed by this build ({engine.version})")
    if g.setup is None:
        return None
    version = g.setup["league_version"]
    if version not in leagues:
        leagues[version] = app.repository.get(ids.LEAGUE_ID, version=version)
    # The cards of a pairing, built once per league version and slice (a season's 2,430 games have 870
    # pairings), as the season's player shares them between its games: nothing writes to them.
    key = (version, g.visitor, g.home)
    cards = pairings.get(key)
    if cards is None:
        cards = pairings[key] = cards_for(leagues[version].sheets, (g.visitor, g.home), engine)
    try:
        f = check(g, cards, engine)
    except ReplayMismatch as e:
        return str(e)
    if g.outcome is not None and not _same(box_score(f.timeline, f.state), g.outcome):
        return (f"game {g.game} position {g.completed_position}: the recorded box score "
                "differs from the one the plays give")
    return None


def check(game: Any, cards: dict[str, Any], engine: CardEngine) -> Fold:
    """Replay every entry in force through ``engine``; each roll must be one it asks for, each play its own.

    What :func:`league.rules.pa.replay.fold` does with ``check=True``, the
    rolls before a play checked in one pass (see the module doc).
    """
    f = start(game, cards, engine)
    pending: list[tuple[Entry, int]] = []  # rolls of the play in progress, unchecked yet
    decided: list[Entry] = []  # the strategy or steal decided last, unchecked yet
    name = game.game
    for e in game.entries:
        try:
            if e[0] == PLAY:  # most entries: checked here, without a call
                dice = e[2]
                if dice is not None:
                    f.rolls.append(_ROLLS.get(dice) or _roll(dice))
                out = f.resolve()  # a problem: the except below checks what came before first
                decided.clear()  # the play ran the decision's checks before its first roll, and passed them
                if pending:
                    if not _asked(out, f, pending):
                        _check_rolls(f, name, pending)
                    pending.clear()
                if isinstance(out, NeedRoll):
                    raise ValueError(f"the play needs another roll ({out.purpose})")
                if not _same_play(out[1], e[5]):
                    _differs(e[5])
                f.settle(out)
            else:
                _step(f, e, pending, decided, name)
        except (RulesError, ValueError) as err:
            _check_decided(f, name, decided)  # an earlier decision's or roll's problem comes first
            _check_rolls(f, name, pending)
            raise ReplayMismatch(f"game {name} position {e[1]}: {err}") from None
    _check_decided(f, name, decided)
    _check_rolls(f, name, pending)
    return f


def _step(f: Fold, e: Entry, pending: list[tuple[Entry, int]], decided: list[Entry], name: str) -> None:
    """A decision or a roll (:func:`check` checks a play itself)."""
    kind = e[0]
    if kind == DECISION:
        _check_decided(f, name, decided)
        _check_rolls(f, name, pending)
        decision = e[5]
        if decision["type"] in _CHECKED_ON_THE_PLAY:
            f.decide(decision, check_next=False)
            decided.append(e)
        else:
            f.decide(decision)
        return
    assert kind == ROLL
    if e[2] is not None:
        f.rolls.append(_roll(e[2]))
    pending.append((e, len(f.rolls)))  # what the engine asked for: checked with the play


def _differs(recorded: Any) -> None:
    """The mismatch of a play that differs from its record."""
    if isinstance(recorded, bytes):
        recorded = orjson.loads(recorded)
    raise ValueError(f"the recorded play differs from the engine's ({recorded.get('result')})")


def _roll(text: str) -> Any:
    """The roll a recorded text stands for (rolls are immutable: a Strat season has a few hundred texts,
    a Pine Tar one up to 6,000 -- two tens dice, a blue and a green -- all kept under the bound)."""
    roll = _ROLLS.get(text)
    if roll is None:
        roll = roll_from_text(text)  # ValueError for a text that is no roll
        if len(_ROLLS) < 16384:
            _ROLLS[text] = roll
    return roll


_ROLLS: dict[str, Any] = {}


def _same_play(event: dict[str, Any], recorded: Any) -> bool:
    """The engine's play event equals the recorded play (what :func:`stored_play` keeps of it)."""
    if "rolls" not in event or not isinstance(recorded, bytes):
        return _same(stored_play(event), recorded)
    # The event less its rolls, written without copying it: the rolls are taken out for the
    # writing and put back (at the end: nothing here reads the event's order again).
    rolls = event.pop("rolls")
    try:
        written = _written(event)
    finally:
        event["rolls"] = rolls
    return written == recorded or bool(plain(stored_play(event)) == orjson.loads(recorded))


def _asked(out: Any, f: Fold, pending: list[tuple[Entry, int]]) -> bool:
    """Whether the play's roll log shows the engine taking every recorded roll, each one for what it was
    recorded for (then checking them one by one would find nothing)."""
    if isinstance(out, NeedRoll):
        return False
    log = out[1].get("rolls")
    if type(log) is not list or len(log) != len(f.rolls):
        return False
    for taken, roll in zip(log, f.rolls):
        if type(taken) is not dict or taken.get("roll") != str(roll):
            return False
    for e, n in pending:
        taken = log[n - 1]
        if taken.get("kind") != e[3] or taken.get("for") != e[4]:
            return False
    return True


_CHECKED_ON_THE_PLAY = ("strategy", "steal")  # the decisions the fold checks by resolving the play they set up


def _check_decided(f: Fold, name: str, decided: list[Entry]) -> None:
    """The fold's check of a strategy or steal decision (``Fold.decide``): the play it sets up, resolved
    with no rolls, passes the engine's checks.  A problem is the game's mismatch at the decision."""
    for e in decided:
        try:
            f.resolve([])
        except (RulesError, ValueError) as err:
            decided.clear()
            raise ReplayMismatch(f"game {name} position {e[1]}: {err}") from None
    decided.clear()


def _check_rolls(f: Fold, name: str, pending: list[tuple[Entry, int]]) -> None:
    """Each pending roll checked on its own, as the fold checks a roll: the engine, given the rolls
    before it, asks for it.  A problem is the game's mismatch at the roll's position."""
    for e, n in pending:
        try:
            need = f.resolve(f.rolls[:n - 1])
            if not isinstance(need, NeedRoll) or (need.kind, need.purpose) != (e[3], e[4]):
                raise ValueError(f"the engine did not ask for this roll ({e[4]})")
        except (RulesError, ValueError) as err:
            pending.clear()
            raise ReplayMismatch(f"game {name} position {e[1]}: {err}") from None
    pending.clear()


def _same(derived: Any, recorded: Any) -> bool:
    """``plain(derived) == plain(recorded)``; a recorded value still in its stored bytes is compared
    with ``derived`` written the same way first (equal bytes: equal values)."""
    written = _written(derived)
    if isinstance(recorded, bytes):
        return written == recorded or bool(plain(derived) == orjson.loads(recorded))
    return written == _written(recorded) or bool(plain(derived) == plain(recorded))


def _written(value: Any) -> bytes:
    """``value`` as orjson writes it with ``OPT_NON_STR_KEYS`` (what :func:`plain` reads back).

    Written without the option first: it costs orjson a third more on every dict, and a play's
    keys are all strings, for which the bytes are the same.  A key that is not a string makes
    orjson refuse (TypeError), and then the option writes it.
    """
    try:
        return orjson.dumps(value)
    except TypeError:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
