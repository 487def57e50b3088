"""Walk every aggregate's hash chain and name the first broken link.

Per aggregate, versions must run 1, 2, 3 ... and each event's ``chain`` must
equal the hash of its content and the previous link.  That catches an edited
event, a deleted one in the middle, two swapped and one appended from outside.
A deleted *last* event leaves no gap, so the log is also cross-checked: every
finished game has its pitchers recorded on both staffs and every staff entry
names a finished game.

Aggregates are independent, so a large log is checked on every core
(:mod:`league.adapters.forked`; ``LEAGUE_AUDIT_WORKERS`` sets how many processes, as for audit);
the problems come out in the same order as from one process.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence
from uuid import UUID

from league.adapters import forked
from league.domain.base import GENESIS, link_hash

MIN_EVENTS = 5000  # a smaller log: starting processes costs more than it saves


@dataclass
class VerifyReport:
    events: int = 0
    aggregates: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def notifications(app: Any, start: int = 1) -> Iterator[Any]:
    """Every stored event from log position ``start`` on, in order, read in batches."""
    while True:
        batch = app.recorder.select_notifications(start, 10000)
        yield from batch
        if len(batch) < 10000:
            return
        start = batch[-1].id + 1


@dataclass(frozen=True)
class Seal:
    """The log up to one event, in one SHA-256: ``POSITION:FINGERPRINT``.

    Anyone who can write the database can recompute the hash chains (they are
    not keyed), but not a seal the commissioner has published elsewhere.
    """

    position: int
    fingerprint: str

    def __str__(self) -> str:
        return f"{self.position}:{self.fingerprint}"

    @classmethod
    def parse(cls, text: str) -> "Seal":
        position, _, fingerprint = text.strip().lower().partition(":")
        if not position.isdigit() or len(fingerprint) != 64 or any(c not in "0123456789abcdef" for c in fingerprint):
            raise ValueError(f"seal {text!r}: expected POSITION:FINGERPRINT as `league verify --seal` prints it")
        return cls(int(position), fingerprint)


def seal(app: Any, upto: int | None = None) -> Seal:
    """The fingerprint of every event up to log position ``upto`` (default: the last).

    It covers each event's position, aggregate, version, topic and stored
    bytes, in log order: any edit, deletion, reordering or insertion at or
    before ``upto`` changes it; events appended later do not.
    """
    digest = hashlib.sha256()
    last = 0
    for n in notifications(app):
        if upto is not None and n.id > upto:
            break
        digest.update(seal_record(n))
        last = n.id
    return Seal(last, digest.hexdigest())


def seal_record(n: Any) -> bytes:
    """What the seal hashes of one stored event: the fingerprint is SHA-256 over these, in log order.

    Exposed so a caller that keeps the running SHA-256 state (the website, between builds) can extend a
    seal over only the events stored since, and get exactly what :func:`seal` gives.
    """
    return f"{n.id} {n.originator_id} {n.originator_version} {n.topic} ".encode() + hashlib.sha256(n.state).digest()


def check_seal(app: Any, sealed: Seal) -> str | None:
    """None when the log up to the sealed position is the one sealed; otherwise why not."""
    now = seal(app, sealed.position)
    if now.position < sealed.position:
        return (f"the log ends at event {now.position}, before the sealed position {sealed.position}: "
                "events were removed")
    if now.fingerprint != sealed.fingerprint:
        return (f"the log up to event {sealed.position} is not the one sealed "
                f"(fingerprint now {now.fingerprint}): an event up to there was changed, removed or added")
    return None


def verify(app: Any) -> VerifyReport:
    report = VerifyReport()
    by_aggregate: dict[UUID, list[Any]] = {}
    for n in notifications(app):
        by_aggregate.setdefault(n.originator_id, []).append(n)
        report.events += 1
    report.aggregates = len(by_aggregate)
    completed: dict[str, int] = {}  # game -> 1 while a result stands
    staff_games: dict[str, int] = {}
    workers = forked.workers_for(report.events, MIN_EVENTS, forked.AUDIT_WORKERS)
    # Workers decode with the inherited mapper: no database connection is used.
    slices = forked.map_slices(lambda part: _walk(app, part), list(by_aggregate.items()), workers)
    for problems, games, staffs in slices:
        report.problems += problems
        completed.update(games)  # each game aggregate is in one slice
        for game, count in staffs.items():
            staff_games[game] = staff_games.get(game, 0) + count
    for game, count in sorted(completed.items()):
        if count * 2 != staff_games.get(game, 0):
            report.problems.append(
                f"game {game}: {count} final result(s) but {staff_games.get(game, 0)} staff record(s) "
                "- an event was removed"
            )
    for game in sorted(set(staff_games) - set(completed)):
        if staff_games[game]:
            report.problems.append(f"game {game}: pitchers recorded but the game has no result - an event was removed")
    return report


def _walk(
    app: Any, aggregates: Sequence[tuple[UUID, list[Any]]]
) -> tuple[list[str], dict[str, int], dict[str, int]]:
    """Each aggregate's chain: the broken links, and the results and staff records standing."""
    problems: list[str] = []
    completed: dict[str, int] = {}
    staff_games: dict[str, int] = {}
    for originator, stored in aggregates:
        stored.sort(key=lambda n: n.originator_version)
        head = GENESIS
        game = None  # a game aggregate's name, from its first event
        for expected, n in enumerate(stored, start=1):
            where = f"aggregate {originator} event {n.originator_version} (log position {n.id}, {n.topic})"
            if n.originator_version != expected:
                problems.append(f"{where}: expected version {expected} - an event is missing or was added")
                break
            try:
                state = _decode(app, n)
            except Exception as e:  # noqa: BLE001 - any undecodable row is a finding
                problems.append(f"{where}: cannot be read ({e})")
                break
            recorded = state.get("chain")
            if recorded != link_hash(head, n.topic, state):
                problems.append(f"{where}: hash chain broken (content or order changed)")
                break
            head = recorded
            if expected == 1:
                game = state.get("game")
            _cross_reference(n.topic, state, game, completed, staff_games)
    return problems, completed, staff_games


def _decode(app: Any, n: Any) -> dict[str, Any]:
    """The event's state as the application sees it (same shape as when it was hashed)."""
    event = app.mapper.to_domain_event(n)
    return dict(vars(event))


def _cross_reference(
    topic: str, state: dict[str, Any], game: str | None, completed: dict[str, int], staff_games: dict[str, int]
) -> None:
    """Per game: is a result standing (0/1); per game: staff records standing.

    ``game`` is the name the aggregate's first event gave (games only).
    """
    topic = topic.replace("league:PAGame.", "league:Game.")  # the same life cycle, roll by roll
    if topic.startswith("league:Game.") and game is not None:
        if topic == "league:Game.Completed":
            completed[game] = 1
        elif topic in ("league:Game.Rewound", "league:Game.Voided"):
            completed[game] = 0
        elif topic == "league:Game.Reinstated":
            completed[game] = int(state["state"]["status"] == "final")
        else:
            completed.setdefault(game, 0)
    elif topic == "league:Staff.PitchersUsed":
        staff_games[state["game"]] = staff_games.get(state["game"], 0) + 1
    elif topic == "league:Staff.UsageRevoked":
        staff_games[state["game"]] = staff_games.get(state["game"], 0) - 1

