"""The dice of a re-resolved game: its own rolls kind by kind, fresh ones only past them, marked."""

from __future__ import annotations

from typing import Any

from league.application.cascade import Replay, _Marking
from league.domain.dice import NeedRoll
from league.domain.game import Game


def need(kind: str) -> Any:
    return NeedRoll(kind=kind, team="visitor", purpose="test")  # type: ignore[arg-type]


def test_each_kind_comes_from_the_recorded_rolls_of_that_kind_in_order_then_fresh() -> None:
    dice = Replay(["123", "45", "456", "d7"], seed="s")
    served = [str(dice.roll(need(k))) for k in ("pair", "triad", "triad", "d20", "triad", "pair")]
    assert served[:4] == ["45", "123", "456", "d7"]
    assert dice.flags == [False, False, False, False, True, True]
    again = Replay(["123", "45", "456", "d7"], seed="s")
    assert [str(again.roll(need(k))) for k in ("pair", "triad", "triad", "d20", "triad", "pair")] == served


def test_only_the_rolls_drawn_afresh_are_marked_in_their_events() -> None:
    g = Game(game="G", date="1988-04-04", number=0, visitor="AAA", home="BBB", ruleset="pennant-race",
             ruleset_version="1", setup={}, dice_source="test", actor="t")
    marked = _Marking(g, [False, True])
    marked.record_roll(team="visitor", kind="triad", purpose="a", dice="123")
    marked.record_roll(team="home", kind="triad", purpose="b", dice="456")
    assert [r.get("fresh", False) for r in g.rolls] == [False, True]
    events = g.collect_events()
    assert [getattr(e, "fresh", None) for e in events[1:]] == [False, True]
