"""Re-derive every recorded outcome from its rolls: the log is the final word.

For each game, every roll must be one the engine asked for (same kind, same
team, same purpose) and every outcome must equal what the engine gives for
the setup and the rolls then in force, under the ruleset version the game
started with.  The first difference is reported with its position.

The log is read in one pass (game events only) and each game segment is
replayed through the engine once, feeding it the recorded rolls and checking
each request against the record.  Games are independent, so a season's are
decoded and replayed on every core (:mod:`league.forked`;
``LEAGUE_AUDIT_WORKERS`` sets how many processes, ``1`` none forked).  The
first difference reported is the first in log order either way.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence
from uuid import UUID

import msgspec
import orjson

from league import forked, ids
from league.dice import NeedRoll, roll_from_text
from league.rules.pennant_race import engine
from league.rules.pennant_race.ratings import TeamSheet

MIN_GAMES = 200  # fewer Pennant Race games: starting processes costs more than it saves

GAME_TOPICS = (
    "league:Game.Started",
    "league:Game.Restarted",
    "league:Game.DiceRolled",
    "league:Game.Completed",
    "league:Game.Rewound",
    "league:Game.Voided",
    "league:Game.Reinstated",
)
PA_STARTED = ("league:PAGame.Started",)


@dataclass
class AuditReport:
    games: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


class AuditMismatch(Exception):
    pass


class _Sheets:
    """Team sheets as they stood at a league version (cached by version)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._cache: dict[int, dict[str, TeamSheet]] = {}

    def at(self, version: int) -> dict[str, TeamSheet]:
        if version not in self._cache:
            league = self.app.repository.get(ids.LEAGUE_ID, version=version)
            self._cache[version] = {c: TeamSheet.from_dict(s) for c, s in league.sheets.items()}
        return self._cache[version]


# Per application (a forked worker has its own): sheets load once per audit, not per slice.
_sheets: weakref.WeakKeyDictionary[Any, _Sheets] = weakref.WeakKeyDictionary()


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
    if topic == "league:Game.Completed":
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
# Audits a slice of the games: (games checked, events checked, the first problem or None).
SliceAudit = Callable[[Any, Sequence[Any]], tuple[int, int, "str | None"]]


def _read_log(app: Any, only: set[UUID] | None) -> tuple[list[Segment], list[UUID]]:
    """In one pass: each Pennant Race game's events in version order, and the
    plate-appearance games (their ids), both in the order the games started."""
    by_game: dict[UUID, Segment] = {}
    pa_games: list[UUID] = []
    start = 1
    while True:
        batch = app.recorder.select_notifications(start, 20000, topics=GAME_TOPICS + PA_STARTED)
        for n in batch:
            if only is None or n.originator_id in only:
                if n.topic in PA_STARTED:
                    pa_games.append(n.originator_id)
                else:
                    by_game.setdefault(n.originator_id, []).append((n.originator_version, n.topic, n.state))
        if len(batch) < 20000:
            break
        start = batch[-1].id + 1
    for events in by_game.values():
        events.sort(key=lambda e: e[0])
    return list(by_game.values()), pa_games


def audit(
    app: Any, games: Iterable[str] | None = None, progress: Callable[[int, int], None] | None = None
) -> AuditReport:
    """Re-derive the games (all of them by default); stop at the first problem.

    ``progress(k, total)`` is called as games are checked: ``k`` more of ``total``.
    """
    from league.pa_audit import MIN_PA_GAMES, audit_pa_games

    report = AuditReport()
    only = {ids.game_id(g) for g in games} if games is not None else None
    segments, pa_games = _read_log(app, only)
    total = len(segments) + len(pa_games)
    done = None if progress is None else (lambda k: progress(k, total))
    # Plate-appearance games (Strat-O-Matic) are re-derived by their own fold.
    kinds: list[tuple[Sequence[Any], SliceAudit, int]] = [
        (segments, _audit_games, MIN_GAMES), (pa_games, audit_pa_games, MIN_PA_GAMES)]
    for work, audit_slice, minimum in kinds:
        workers = forked.workers_for(len(work), minimum, forked.AUDIT_WORKERS)
        results = forked.map_slices(lambda s: audit_slice(app, s), work, workers,
                                    until=lambda r: r[2] is not None, done=done)
        for checked, events, problem in results:
            report.games += checked
            report.events += events
            if problem:
                report.problems.append(problem)
                return report
    return report


def _audit_games(app: Any, segments: Sequence[Segment]) -> tuple[int, int, str | None]:
    """Games and events checked, and the first problem (checking stops there)."""
    from league.application import setup_from_record

    here = forked.own_app(app)
    if here not in _sheets:
        _sheets[here] = _Sheets(here)
    sheets = _sheets[here]
    checked = events = 0
    for segment in segments:
        checked += 1
        events += len(segment)
        problem = _audit_game([(v, t, _decode(t, state)) for v, t, state in segment], sheets, setup_from_record)
        if problem:
            return checked, events, problem
    return checked, events, None


def _audit_game(events: list[tuple[int, str, dict[str, Any]]], sheets: _Sheets, setup_from_record: Any) -> str | None:
    first = events[0][2]
    game, ruleset = first["game"], first["ruleset"]
    if ruleset not in engine.RULESET_VERSION or first["ruleset_version"] not in engine.USAGE_LIMITS:
        return f"{game} position 1: ruleset {ruleset} version {first['ruleset_version']} cannot be replayed by this build"

    def build(recorded: dict[str, Any] | None) -> Any:
        if recorded is None:
            return None
        s = sheets.at(recorded["league_version"])
        return setup_from_record(ruleset, recorded, s[first["visitor"]], s[first["home"]], first["ruleset_version"])

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
                outcome = _replay(setup, rolls, pending)
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
                derived = engine.resolve(setup, [r for _, r in rolls])
                if isinstance(derived, NeedRoll) or derived.to_dict() != state["outcome"]:
                    return f"{game} position {pos}: reinstated outcome differs from re-derived"
    if pending:  # a game stopped mid-way: its rolls must still be ones the rules asked for
        try:
            _replay(setup, rolls, pending, complete=False)
        except AuditMismatch as m:
            return f"{game} {m}"
    return None


class _Exhausted(Exception):
    """An unfinished game's recorded rolls ran out where the rules ask for more."""


def _replay(setup: Any, rolls: list[tuple[int, Any]], pending: list[tuple[int, dict[str, Any]]],
            complete: bool = True) -> dict[str, Any] | None:
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
        _, outcome = engine.play(setup, [r for _, r in rolls], source)
    except _Exhausted:
        return None
    except ValueError as e:
        raise AuditMismatch(f"position {pending[-1][0] if pending else '?'}: {e}") from None
    if queue or not complete:
        where = queue[0][0] if queue else pending[-1][0]
        raise AuditMismatch(f"position {where}: a roll recorded after the game was decided")
    return outcome.to_dict()


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
