"""The Pennant Race calendar shows the engine's reliever limits without importing the engine.

``league pitchers`` must not pay for the engine, the season player or the
event-sourcing library (issue #16); the calendar reads the limits new games
are played under from the versions table the engine plays by.
"""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_calendar_path_imports_neither_the_engine_nor_the_season_player_nor_the_dice() -> None:
    code = (
        "import json, sys\n"
        "from league import registry\n"
        "rules = registry.ruleset('pennant-race')\n"
        "import league.rules.pennant_race.calendar\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    loaded = set(json.loads(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                           text=True).stdout))
    heavy = {"league.rules.pennant_race.engine", "league.rules.game.season", "league.rules.game.audit",
             "league.domain.game", "league.domain.dice", "eventsourcing.domain", "multiprocessing"}
    assert loaded & heavy == set()
    assert "league.rules.pennant_race.calendar" in loaded
