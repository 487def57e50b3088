"""Re-derive every recorded outcome from its rolls: the log is the final word.

For each game, every roll must be one the engine asked for (same kind, same
team, same purpose) and every outcome must equal what the engine gives for
the setup and the rolls then in force, under the ruleset version the game
started with.  The first difference is reported with its position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from eventsourcing.utils import get_topic

from league import ids
from league.dice import NeedRoll, roll_from_text
from league.rules.pennant_race import engine
from league.rules.pennant_race.ratings import TeamSheet


@dataclass
class AuditReport:
    games: int = 0
    events: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


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


def audit(app: Any, games: Iterable[str] | None = None) -> AuditReport:
    from league.application import setup_from_record

    report = AuditReport()
    league = app.league()
    sheets = _Sheets(app)
    wanted = list(games) if games is not None else sorted(league.games)
    for game in wanted:
        events = list(app.events.get(ids.game_id(game)))
        if not events:
            continue
        report.games += 1
        report.events += len(events)
        problem = _audit_game(game, events, sheets, setup_from_record)
        if problem:
            report.problems.append(problem)
            break
    return report


def _audit_game(game: str, events: list[Any], sheets: _Sheets, setup_from_record: Any) -> str | None:
    first = events[0]
    ruleset = first.ruleset

    def build(recorded: dict[str, Any] | None) -> Any:
        if recorded is None:
            return None
        s = sheets.at(recorded["league_version"])
        return setup_from_record(ruleset, recorded, s[first.visitor], s[first.home])

    setup = None
    rolls: list[tuple[int, Any]] = []
    for e in events:
        kind = get_topic(type(e)).split(".", 1)[-1]
        pos = e.originator_version
        if kind in ("Started", "Restarted"):
            if kind == "Started" and engine.RULESET_VERSION.get(ruleset) != e.ruleset_version:
                return (f"{game} position {pos}: ruleset {ruleset} version {e.ruleset_version} "
                        "cannot be replayed by this build")
            setup = build(e.setup)
            rolls = []
        elif kind == "DiceRolled":
            answer = engine.resolve(setup, [r for _, r in rolls])
            asked = (e.kind, e.team, e.purpose)
            if not isinstance(answer, NeedRoll) or (answer.kind, answer.team, answer.purpose) != asked:
                got = "no further roll" if not isinstance(answer, NeedRoll) else \
                    f"a {answer.kind} for the {answer.team} ({answer.purpose})"
                return f"{game} position {pos}: recorded a {e.kind} for the {e.team} ({e.purpose}) but the rules ask for {got}"
            rolls.append((pos, roll_from_text(e.dice)))
        elif kind == "Completed":
            answer = engine.resolve(setup, [r for _, r in rolls])
            if isinstance(answer, NeedRoll):
                return f"{game} position {pos}: outcome recorded but the rules still ask for a {answer.kind}"
            derived = answer.to_dict()
            if derived != e.outcome:
                return f"{game} position {pos}: recorded outcome differs from re-derived: {_first_difference(e.outcome, derived)}"
        elif kind == "Rewound":
            rolls = [(p, r) for p, r in rolls if p < e.to]
        elif kind == "Reinstated":
            setup = build(e.state["setup"])
            rolls = [(r["position"], roll_from_text(r["dice"])) for r in e.state["rolls"]]
            if e.state["outcome"] is not None:
                answer = engine.resolve(setup, [r for _, r in rolls])
                if isinstance(answer, NeedRoll) or answer.to_dict() != e.state["outcome"]:
                    return f"{game} position {pos}: reinstated outcome differs from re-derived"
    return None


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
