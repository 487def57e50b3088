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
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence, cast
from uuid import UUID

from eventsourcing.persistence import StoredEvent, find_id_convertor
from eventsourcing.utils import resolve_topic

from league.adapters import forked
from league.domain import lifecycle, topics
from league.domain.base import GENESIS, link_hash

if TYPE_CHECKING:
    from league.application.app import LeagueApp
    from league.rules.ruleset import LeagueApplication

MIN_EVENTS = 5000  # a smaller log: starting processes costs more than it saves


@dataclass
class VerifyReport:
    events: int = 0
    aggregates: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def notifications(app: "LeagueApplication", start: int = 1) -> Iterator[Any]:
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


def seal(app: "LeagueApp", upto: int | None = None) -> Seal:
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


def check_seal(app: "LeagueApp", sealed: Seal) -> str | None:
    """None when the log up to the sealed position is the one sealed; otherwise why not."""
    now = seal(app, sealed.position)
    if now.position < sealed.position:
        return (f"the log ends at event {now.position}, before the sealed position {sealed.position}: "
                "events were removed")
    if now.fingerprint != sealed.fingerprint:
        return (f"the log up to event {sealed.position} is not the one sealed "
                f"(fingerprint now {now.fingerprint}): an event up to there was changed, removed or added")
    return None


def verify(app: "LeagueApplication") -> VerifyReport:
    report = VerifyReport()
    listing = getattr(app.recorder, "aggregates_in_log_order", None)
    if listing is not None:
        # SQLite: the aggregates and their counts from the key's index; each worker reads and
        # decompresses its own aggregates' rows (the parent reading every event first was more
        # than half of a Strat-O-Matic season's verify, and no worker could start before it ended).
        counted = listing()
        report.events = sum(count for _, count in counted)
        work: list[Any] = [oid for oid, _ in counted]

        def walk(part: Sequence[Any]) -> tuple[list[str], dict[str, int], dict[str, int]]:
            here = forked.own_app(app)
            return _walk(here, zip(part, here.recorder.rows_of(part)))
    else:
        by_aggregate: dict[UUID, list[Row]] = {}
        for n in notifications(app):
            by_aggregate.setdefault(n.originator_id, []).append((n.id, n.originator_version, n.topic, n.state))
            report.events += 1
        for rows in by_aggregate.values():
            rows.sort(key=lambda r: r[1])
        work = list(by_aggregate.items())

        def walk(part: Sequence[Any]) -> tuple[list[str], dict[str, int], dict[str, int]]:
            return _walk(app, part)  # workers decode with the inherited mapper: no connection is used
    report.aggregates = len(work)
    completed: dict[str, int] = {}  # game -> 1 while a result stands
    staff_games: dict[str, int] = {}
    workers = forked.workers_for(report.events, MIN_EVENTS, forked.AUDIT_WORKERS)
    slices = forked.map_slices(walk, work, workers)
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


# One stored event as the walk reads it: log position, version, topic, JSON.
Row = tuple[int, int, str, bytes]


def _walk(
    app: "LeagueApplication", aggregates: Iterable[tuple[UUID, Sequence[Row]]]
) -> tuple[list[str], dict[str, int], dict[str, int]]:
    """Each aggregate's chain (its events in version order): the broken links, and the results and
    staff records standing."""
    problems: list[str] = []
    completed: dict[str, int] = {}
    staff_games: dict[str, int] = {}
    decode = _Decoder(app.mapper)
    for originator, stored in aggregates:
        head = GENESIS
        game = None  # a game aggregate's name, from its first event
        for expected, (position, version, topic, data) in enumerate(stored, start=1):
            if version != expected:
                problems.append(f"{_where(originator, version, position, topic)}: expected version {expected} "
                                "- an event is missing or was added")
                break
            try:
                state = decode(originator, version, topic, data)
            except Exception as e:  # noqa: BLE001 - any undecodable row is a finding
                problems.append(f"{_where(originator, version, position, topic)}: cannot be read ({e})")
                break
            recorded = state.get("chain")
            if recorded != link_hash(head, topic, state):
                problems.append(f"{_where(originator, version, position, topic)}: hash chain broken "
                                "(content or order changed)")
                break
            head = recorded
            if expected == 1:
                game = state.get("game")
            _cross_reference(topic, state, game, completed, staff_games)
    return problems, completed, staff_games


def _where(originator: UUID, version: int, position: int, topic: str) -> str:
    return f"aggregate {originator} event {version} (log position {position}, {topic})"


class _Decoder:
    """An event's state as the application sees it (the shape it had when it was hashed).

    What the mapper's ``to_domain_event`` puts in the event's ``__dict__`` -- the transcoder's
    reading of the JSON, the id and version, ``class_version`` taken out -- without making the
    event object and its StoredEvent, a third of the walk.  An event class with versions to
    upcast, a mapper that decrypts or decompresses, or JSON the transcoder cannot read goes to
    ``to_domain_event`` itself, which then answers (or fails, in its words) as it always has.
    """

    def __init__(self, mapper: Any) -> None:
        self.mapper = mapper
        self.plain = getattr(mapper, "cipher", None) is None and getattr(mapper, "compressor", None) is None
        self.classes: dict[str, Any] = {}
        self.convertors: dict[tuple[Any, type], Any] = {}

    def __call__(self, originator: UUID, version: int, topic: str, data: bytes) -> dict[str, Any]:
        cls = self.classes.get(topic)
        if cls is None:
            cls = self.classes[topic] = resolve_topic(topic)
        if self.plain and getattr(cls, "class_version", 1) == 1:
            try:
                state: dict[str, Any] = self.mapper.transcoder.decode(data)
            except Exception:  # noqa: BLE001 - the mapper's own reading says what is wrong
                pass
            else:
                key = (cls, type(originator))
                convert = self.convertors.get(key)
                if convert is None:
                    convert = self.convertors[key] = find_id_convertor(cls, cast(Any, type(originator)))
                state["originator_id"] = convert(originator)
                state["originator_version"] = version
                state.pop("class_version", None)
                return state
        event = self.mapper.to_domain_event(StoredEvent(originator_id=originator, originator_version=version,
                                                        topic=topic, state=data))
        return dict(vars(event))


def _cross_reference(
    topic: str, state: dict[str, Any], game: str | None, completed: dict[str, int], staff_games: dict[str, int]
) -> None:
    """Per game: is a result standing (0/1); per game: staff records standing.

    ``game`` is the name the aggregate's first event gave (games only).
    """
    if lifecycle.is_game_event(topic) and game is not None:
        step = lifecycle.STEPS.get(topic)
        if step == lifecycle.COMPLETED:
            completed[game] = 1
        elif step in (lifecycle.REWOUND, lifecycle.VOIDED):
            completed[game] = 0
        elif step == lifecycle.REINSTATED:
            completed[game] = int(state["state"]["status"] == "final")
        else:
            completed.setdefault(game, 0)
    elif topic == topics.STAFF_PITCHERS_USED:
        staff_games[state["game"]] = staff_games.get(state["game"], 0) + 1
    elif topic == topics.STAFF_USAGE_REVOKED:
        staff_games[state["game"]] = staff_games.get(state["game"], 0) - 1

