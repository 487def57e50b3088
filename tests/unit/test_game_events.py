"""The life-cycle events are declared once (league.domain.game_events): each game record has them under its
own stored topics, and one that names a topic league.domain.topics does not is refused as it is made."""

from __future__ import annotations

import pytest
from eventsourcing.utils import get_topic

from league.domain import topics
from league.domain.base import LeagueAggregate
from league.domain.game import Game
from league.domain.game_events import EVENTS, GameLifecycleEvents
from league.rules.pa.game import PAGame


@pytest.mark.parametrize("record", [Game, PAGame])
def test_each_game_record_takes_the_life_cycle_events_under_its_own_topics(record: type) -> None:
    for name in EVENTS.values():
        event_class = vars(record)[name]
        assert event_class.__qualname__ == f"{record.__name__}.{name}"
        assert get_topic(event_class) == f"{record.TOPIC}.{name}"
    assert get_topic(Game.Rewound) == topics.GAME_REWOUND
    assert get_topic(PAGame.Rewound) == topics.PA_GAME_REWOUND


def test_a_game_record_whose_topics_are_not_named_is_refused() -> None:
    with pytest.raises(TypeError, match="no topic 'test:Unnamed.Started'"):
        class Unnamed(GameLifecycleEvents, LeagueAggregate):
            TOPIC = "test:Unnamed"
