"""Hand-built notifications and a list-backed event log for projection tests."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Sequence
from uuid import UUID, uuid5

from eventsourcing.persistence import Notification

from league.bootstrap import Store, parse_db_url

NS = UUID("00000000-0000-0000-0000-00000000abcd")


def uid(name: str) -> UUID:
    return uuid5(NS, name)


@dataclass
class FakeLog:
    """Enough of ApplicationRecorder for the runner: select and max id."""

    items: list[Notification] = field(default_factory=list)
    versions: dict[UUID, int] = field(default_factory=dict)

    def append(self, origin: str, topic: str, **state: Any) -> Notification:
        oid = uid(origin)
        version = self.versions.get(oid, 0) + 1
        self.versions[oid] = version
        n = Notification(
            id=len(self.items) + 1, originator_id=oid, originator_version=version,
            topic=topic, state=json.dumps(state).encode(),
        )
        self.items.append(n)
        return n

    def select_notifications(
        self, start: int | None, limit: int, stop: int | None = None, topics: Sequence[str] = (), **_: Any
    ) -> list[Notification]:
        out = [
            n for n in self.items
            if n.id >= (start or 1) and (stop is None or n.id <= stop) and (not topics or n.topic in topics)
        ]
        return out[:limit]

    def max_notification_id(self) -> int | None:
        return self.items[-1].id if self.items else None


@dataclass
class FakeApp:
    store: Store
    recorder: FakeLog

    def league(self) -> Any:
        """The log holds Pennant Race sheets: the calendar asks which rule system reads them."""
        return SimpleNamespace(ruleset="pennant-race")


def fake_app(path: str) -> FakeApp:
    return FakeApp(store=parse_db_url(path), recorder=FakeLog())


def sheet(code: str, league: str = "AL", division: str = "West", name: str | None = None) -> dict[str, Any]:
    return {
        "code": code, "name": name or f"{code} club", "league": league, "division": division,
        "pitchers": [
            {"name": f"{code} ACE", "st": 4.5, "end": 8, "rest": 4, "cg": 522, "sho": 666,
             "rel": None, "fat": None, "fat_asterisk": False},
            {"name": f"{code} CLOSER", "rel": -4, "fat": 4, "fat_asterisk": False},
            {"name": f"{code} LONG", "rel": 2, "fat": None, "fat_asterisk": True},
        ],
        "lineup": [], "bench": [],
    }


def outcome(visitor: str, home: str, vr: int, hr: int, extra: int = 0) -> dict[str, Any]:
    """A minimal GameOutcome dict: starters, one reliever for the winner, a batter, a fielder."""
    win, lose = (visitor, home) if vr > hr else (home, visitor)
    return {
        "visitor": {"team": visitor, "runs": vr, "earned": vr, "unearned": 0},
        "home": {"team": home, "runs": hr, "earned": hr, "unearned": 0},
        "winner": "visitor" if vr > hr else "home",
        "extra_innings": extra,
        "pitching": [
            {"team": win, "pitcher": f"{win} ACE", "role": "SP", "order": 1, "outs": 24,
             "er": min(vr, hr), "ur": 0, "decision": "W", "save": False, "cg": False, "sho": False,
             "rel": None, "short_rest": False},
            {"team": win, "pitcher": f"{win} CLOSER", "role": "RP", "order": 2, "outs": 3, "er": 0, "ur": 0,
             "decision": None, "save": abs(vr - hr) <= 3, "cg": False, "sho": False, "rel": -4,
             "short_rest": False},
            {"team": lose, "pitcher": f"{lose} ACE", "role": "SP", "order": 1, "outs": 24,
             "er": max(vr, hr), "ur": 0, "decision": "L", "save": False, "cg": True, "sho": False,
             "rel": None, "short_rest": False},
        ],
        "batting": [{"team": win, "batter": f"{win} SLUGGER", "bat_pts": 3, "pow_pts": 12, "spd_pts": 0,
                     "hr": 1, "ei_bat_pts": 2 if extra else 0}],
        "fielding": [{"team": lose, "fielder": f"{lose} GLOVE", "runs_saved": 1}],
        "home_runs": [], "explanation": [{"step": "a long explanation"}],
    }


def play(log: FakeLog, game: str, day: str, visitor: str, home: str, vr: int, hr: int, number: int = 0) -> None:
    """What a played game appends: start, completion and both staffs' usage."""
    log.append(game, "league:Game.Started", game=game, date=day, number=number, visitor=visitor, home=home,
               ruleset="pennant-race", ruleset_version="1", setup={}, dice_source="seeded", actor="t")
    log.append(game, "league:Game.DiceRolled", team=visitor, kind="3d6", purpose="offense", dice="123")
    log.append(game, "league:Game.Completed", outcome=outcome(visitor, home, vr, hr))
    win = visitor if vr > hr else home
    for team in (visitor, home):
        apps = [{"pitcher": f"{team} ACE", "role": "start"}]
        if team == win:
            apps.append({"pitcher": f"{team} CLOSER", "role": "relief"})
        log.append(f"staff:{team}", "league:Staff.PitchersUsed", game=game, date=day, appearances=apps)
