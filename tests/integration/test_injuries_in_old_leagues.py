"""A league whose games were played before injuries benched players benches them from now on.

The old Strat-O-Matic fixture (tests/fixtures/old_db) was simulated through
2024-04-02 by code that kept injured players in the lineup, and no Staff
there records an injury.  Its list then: BRK03 (5 games) and ELM03 (15)
hurt on 2024-04-01; BRK02 (1, in the game left in progress) and HLV04 (1)
on 2024-04-02; FOX05 for that game only.  Played on with today's code, the
games of 2024-04-03 read those injuries from the old games themselves and
bench the four; the old log is only appended to and its seal still holds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.integration.test_old_database import ACTOR, STRAT, audit_passes, league, league_json, plays_on

OUT_ON_APRIL_3 = {"DUN202404030": ("visitor", {"BRK03", "BRK02"}), "GRN202404030": ("visitor", {"ELM03"}),
                  "HLV202404030": ("home", {"HLV04"})}


def appeared(box: dict[str, Any]) -> set[str]:
    """Everyone in one club's box score (``game show --json``): batting and pitching lines."""
    return {b["player"] for b in box["batting"]} | {p["pitcher"] for p in box["pitching"]}


def test_injuries_recorded_by_older_code_bench_players_in_the_next_games(tmp_path: Path) -> None:
    def play_on(db: str) -> None:
        league(db, "sim", "--through", "2024-04-03", "--finish-in-progress", "--quiet", *ACTOR)
        for game, (side, hurt) in OUT_ON_APRIL_3.items():
            setup = league_json(db, "game", "log", game, "--json")[0]["setup"][side]
            assert {o["player"] for o in setup.get("out", ())} == hurt, game
            assert not hurt & set(setup["order"]), game
            summary = league_json(db, "game", "show", game, "--json")
            assert summary["status"] == "final" and appeared(summary[side]), game
            assert not hurt & appeared(summary[side]), game
        # FOX05 was hurt for the rest of his game only: he is not out
        fox = league_json(db, "game", "log", "HLV202404030", "--json")[0]["setup"]["visitor"]
        assert "out" not in fox
        audit_passes(db)

    plays_on(tmp_path, STRAT, play_on)
