"""``LeagueAggregate.trigger`` makes the event the library's ``trigger_event`` makes: the same fields in the
same order, the same stored bytes and hash chain, the same aggregate after it."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any, Callable

import pytest

from league.bootstrap import open_app
from league.rules.pa.game import PAGame
from league.domain.staff import Staff

WHEN = dt.datetime(2024, 4, 1, 12, 0, tzinfo=dt.timezone.utc)


def _game() -> PAGame:
    return PAGame(game="SAA202404010", date="2024-04-01", number=0, visitor="SAA", home="SAB",
                  ruleset="strat-o-matic", ruleset_version="strat-3", setup={"level": "basic"},
                  dice_source="seeded", actor="t")


def _staff() -> Staff:
    return Staff(team="SAA")  # type: ignore[call-arg]


CASES: list[tuple[Callable[[], Any], str, dict[str, Any]]] = [
    (_game, "Rolled", {"team": "visitor", "kind": "triad", "purpose": "SAA01 bats", "dice": "123"}),
    (_game, "Rolled", {"team": "home", "kind": "d20", "purpose": "split", "dice": "d7", "fresh": True}),
    (_game, "PlayResolved", {"team": "visitor", "kind": "triad", "purpose": "SAA01 bats", "dice": "456",
                             "play": {"type": "plate_appearance", "after": {"outs": 1}}}),
    (_game, "PlayResolved", {"team": "home", "kind": None, "purpose": None, "dice": None,
                             "play": {"type": "intentional_walk"}, "fresh": True}),
    (_game, "DecisionMade", {"team": "home", "decision": {"type": "strategy", "set": {"held": [1]}},
                             "actor": "auto"}),
    (_staff, "PitchersUsed", {"game": "SAA202404010", "date": "2024-04-01",
                              "appearances": [{"pitcher": "SAA14", "role": "start"}]}),
    (_staff, "PitchersUsed", {"game": "SAA202404011", "date": "2024-04-01",
                              "appearances": [{"pitcher": "SAA15", "role": "relief"}], "number": 2}),
    (_staff, "PlayersInjured", {"game": "SAA202404010", "injuries": [{"player": "SAA03", "games": 4}]}),
]


@pytest.mark.parametrize("make, name, fields", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_trigger_makes_the_event_trigger_event_makes(make: Callable[[], Any], name: str, fields: dict[str, Any],
                                                     tmp_path: Any) -> None:
    ours = make()
    theirs = copy.deepcopy(ours)  # the same aggregate, its creation event and all
    ours.trigger(getattr(ours, name), timestamp=WHEN, **fields)
    theirs.trigger_event(getattr(theirs, name), timestamp=WHEN, **fields)
    a, b = ours.pending_events[-1], theirs.pending_events[-1]
    assert type(a) is type(b)
    assert list(vars(a).items()) == list(vars(b).items())  # the fields, in order: the stored JSON's order
    assert a == b
    assert ours.version == theirs.version
    assert ours.modified_on == theirs.modified_on == WHEN
    state = {k: v for k, v in vars(ours).items() if k not in ("_pending_events", "_created_on", "_modified_on")}
    assert state == {k: v for k, v in vars(theirs).items() if k not in ("_pending_events", "_created_on",
                                                                         "_modified_on")}
    # stored alike: the same bytes and the same link in the hash chain
    app = open_app(str(tmp_path / "l.db"))
    try:
        mine, lib = ours.collect_events(), theirs.collect_events()
        assert [app.mapper.to_stored_event(e) for e in mine] == [app.mapper.to_stored_event(e) for e in lib]
    finally:
        app.close()


def test_trigger_refuses_what_trigger_event_refuses() -> None:
    g = _game()
    with pytest.raises(TypeError):
        g.trigger(g.Rolled, team="visitor", kind="triad", purpose="x")  # no dice
    with pytest.raises(TypeError):
        g.trigger(g.Rolled, team="visitor", kind="triad", purpose="x", dice="123", colour="red")
    with pytest.raises(TypeError):
        g.trigger_event(g.Rolled, team="visitor", kind="triad", purpose="x")
    assert g.version == 1 and len(g.pending_events) == 1  # nothing made by the refusals
