"""Audit of game-level games: re-derive every recorded outcome from its rolls.

For each ``Game``, every roll must be one the engine asked for (same kind,
same team, same purpose) and every outcome must equal what the engine gives
for the setup and the rolls then in force, under the rules version the game
started with.  The first difference is reported with its position.

The games are listed in the order they started and each game's events
(game events only) are replayed through its rule system's engine once
(:class:`league.rules.game.hooks.GameHooks`), feeding it the recorded rolls
and checking each request against the record.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence
from uuid import UUID

import msgspec
import orjson

from league.adapters import forked
from league.domain import ids, topics
from league.domain.dice import NeedRoll, roll_from_text
from league.rules.game.hooks import GameHooks

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

GAME_TOPICS = (
    topics.GAME_STARTED,
    topics.GAME_RESTARTED,
    topics.GAME_DICE_ROLLED,
    topics.GAME_COMPLETED,
    topics.GAME_REWOUND,
    topics.GAME_VOIDED,
    topics.GAME_REINSTATED,
)


class AuditMismatch(Exception):
    pass


class _Teams:
    """Team files as they stood at a league version (cached by version)."""

    def __init__(self, app: "LeagueApplication", rules: GameHooks) -> None:
        self.app = app
        self.rules = rules
        self._cache: dict[int, dict[str, Any]] = {}

    def at(self, version: int) -> dict[str, Any]:
        if version not in self._cache:
            league = self.app.repository.get(ids.LEAGUE_ID, version=version)
            self._cache[version] = {c: self.rules.team_from_dict(s) for c, s in league.sheets.items()}
        return self._cache[version]


# Per application (a forked worker has its own): team files load once per audit, not per slice.
_teams: weakref.WeakKeyDictionary[Any, _Teams] = weakref.WeakKeyDictionary()


class _Completed(msgspec.Struct):
    """A Completed event with its outcome left as the bytes stored."""

    outcome: msgspec.Raw


_completed = msgspec.json.Decoder(_Completed)


def _decode(topic: str, state: bytes) -> dict[str, Any]:
    """The event's fields; a Completed's outcome stays raw bytes (``outcome_json``).

    Most of a game's bytes are its outcome (the explanation of every step).
    The re-derived outcome is encoded as it was when recorded and compared as
    bytes; only a difference is decoded (see :func:`_same_outcome`).
    """
    if topic == topics.GAME_COMPLETED:
        return {"outcome_json": bytes(_completed.decode(state).outcome)}
    data: dict[str, Any] = orjson.loads(state)
    return data


def _same_outcome(recorded_json: bytes, derived: dict[str, Any]) -> bool:
    # Equal bytes mean equal values.  Unequal bytes may still be equal values
    # written differently (an older encoder), so they are compared decoded.
    try:
        if orjson.dumps(derived, option=orjson.OPT_NON_STR_KEYS) == recorded_json:
            return True
    except TypeError:  # a value orjson cannot write as the transcoder did: compare decoded
        pass
    return bool(orjson.loads(recorded_json) == derived)


Segment = list[tuple[int, str, bytes]]  # one game's events as stored: (version, topic, state)


def read_log(app: "LeagueApplication", only: set[UUID] | None) -> list[Segment] | list[UUID]:
    """The games to audit, in the order they started: on SQLite their ids, each game's events read
    by the process that audits it (:func:`audit_games`); elsewhere each game's events in version
    order, read here in one pass over the log.

    On SQLite the parent reading every game event before the workers could start was a good part of
    a season's ``audit --all``, and ``league audit GAME`` read a season to check one game.
    """
    select = getattr(app.recorder, "select_originators", None)  # SQLite's: the ids without the events
    if select is not None:
        return [oid for oid in select(GAME_TOPICS[:1]) if only is None or oid in only]
    by_game: dict[UUID, Segment] = {}
    start = 1
    while True:
        batch = app.recorder.select_notifications(start, 20000, topics=GAME_TOPICS)
        for n in batch:
            if only is None or n.originator_id in only:
                by_game.setdefault(n.originator_id, []).append((n.originator_version, n.topic, n.state))
        if len(batch) < 20000:
            break
        start = batch[-1].id + 1
    for events in by_game.values():
        events.sort(key=lambda e: e[0])
    return list(by_game.values())


def audit_games(rules: GameHooks, app: "LeagueApplication", work: Sequence[Any]) -> tuple[int, int, str | None]:
    """Games and events checked, and the first problem (checking stops there).

    ``work`` is what :func:`read_log` gave: the games' events, or (SQLite) their ids, read here.
    """
    here = forked.own_app(app)
    if here not in _teams:
        _teams[here] = _Teams(here, rules)
    teams = _teams[here]
    checked = events = 0
    for segment in _segments(here, work):
        checked += 1
        events += len(segment)
        problem = _audit_game(rules, [(v, t, _decode(t, state)) for v, t, state in segment], teams)
        if problem:
            return checked, events, problem
    return checked, events, None


def _segments(app: "LeagueApplication", work: Sequence[Any]) -> Iterable[Segment]:
    """The games' events: as given, or (ids) read one game at a time, on one connection, as the
    audit comes to each (the SQLite recorder's ``states_of``)."""
    if not work or not isinstance(work[0], UUID):
        return work
    kept = frozenset(GAME_TOPICS)
    return ([e for e in rows if e[1] in kept] for rows in app.recorder.states_of(work))


def _audit_game(rules: GameHooks, events: list[tuple[int, str, dict[str, Any]]], teams: _Teams) -> str | None:
    first = events[0][2]
    game, ruleset, version = first["game"], first["ruleset"], first["ruleset_version"]
    if not rules.can_replay(ruleset, version):
        return f"{game} position 1: ruleset {ruleset} version {version} cannot be replayed by this build"

    def build(recorded: dict[str, Any] | None) -> Any:
        if recorded is None:
            return None
        s = teams.at(recorded["league_version"])
        return rules.engine_input(ruleset, version, recorded, s[first["visitor"]], s[first["home"]])

    def play(setup: Any, rolls: list[Any], source: Callable[[NeedRoll], Any]) -> Any:
        return rules.play_rolls(setup, rolls, source)[1]

    setup = None
    rolls: list[tuple[int, Any]] = []
    pending: list[tuple[int, dict[str, Any]]] = []  # rolls since the last check
    for pos, topic, e in events:
        kind = topic.split(".", 1)[-1]
        if kind in ("Started", "Restarted"):
            setup, rolls, pending = build(e["setup"]), [], []
        elif kind == "DiceRolled":
            pending.append((pos, e))
        elif kind == "Completed":
            try:
                outcome = _replay(play, setup, rolls, pending)
            except AuditMismatch as m:
                return f"{game} {m}"
            rolls += [(p, roll_from_text(d["dice"])) for p, d in pending]
            pending = []
            if outcome is None or not _same_outcome(e["outcome_json"], outcome):
                return f"{game} position {pos}: recorded outcome differs from re-derived: " \
                       f"{_first_difference(orjson.loads(e['outcome_json']), outcome)}"
        elif kind == "Rewound":
            rolls += [(p, roll_from_text(d["dice"])) for p, d in pending]
            rolls, pending = [(p, r) for p, r in rolls if p < e["to"]], []
        elif kind == "Reinstated":
            state = e["state"]
            setup = build(state["setup"])
            rolls = [(r["position"], roll_from_text(r["dice"])) for r in state["rolls"]]
            pending = []
            if state["outcome"] is not None:
                try:
                    derived = _replay(play, setup, rolls, [])
                except AuditMismatch:
                    derived = None
                if derived != state["outcome"]:
                    return f"{game} position {pos}: reinstated outcome differs from re-derived"
    if pending:  # a game stopped mid-way: its rolls must still be ones the rules asked for
        try:
            _replay(play, setup, rolls, pending, complete=False)
        except AuditMismatch as m:
            return f"{game} {m}"
    return None


class _Exhausted(Exception):
    """An unfinished game's recorded rolls ran out where the rules ask for more."""


def _replay(play: Callable[..., Any], setup: Any, rolls: list[tuple[int, Any]],
            pending: list[tuple[int, dict[str, Any]]], complete: bool = True) -> dict[str, Any] | None:
    """Feed the recorded rolls to the engine, checking each request against the record."""
    queue = list(pending)

    def source(need: NeedRoll) -> Any:
        if not queue:
            if not complete:
                raise _Exhausted
            raise AuditMismatch(f"outcome recorded but the rules still ask for a {need.kind} for the "
                                f"{need.team} ({need.purpose})")
        pos, rec = queue.pop(0)
        if (rec["kind"], rec["team"], rec["purpose"]) != (need.kind, need.team, need.purpose):
            raise AuditMismatch(f"position {pos}: recorded a {rec['kind']} for the {rec['team']} "
                                f"({rec['purpose']}) but the rules ask for a {need.kind} for the "
                                f"{need.team} ({need.purpose})")
        return roll_from_text(rec["dice"])

    try:
        outcome: dict[str, Any] = play(setup, [r for _, r in rolls], source)
    except _Exhausted:
        return None
    except ValueError as e:
        raise AuditMismatch(f"position {pending[-1][0] if pending else '?'}: {e}") from None
    if queue or not complete:
        where = queue[0][0] if queue else pending[-1][0]
        raise AuditMismatch(f"position {where}: a roll recorded after the game was decided")
    return outcome


def _first_difference(recorded: Any, derived: Any, path: str = "outcome") -> str:
    if isinstance(recorded, dict) and isinstance(derived, dict):
        for k in list(recorded) + [k for k in derived if k not in recorded]:
            if recorded.get(k) != derived.get(k):
                return _first_difference(recorded.get(k), derived.get(k), f"{path}.{k}")
    if isinstance(recorded, list) and isinstance(derived, list):
        for i, (a, b) in enumerate(zip(recorded, derived)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
        if len(recorded) != len(derived):
            return f"{path}: {len(recorded)} recorded vs {len(derived)} re-derived items"
    return f"{path}: recorded {recorded!r}, re-derived {derived!r}"
