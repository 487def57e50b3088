"""A league without the DH played before rule 1.4 (ruleset version 2) audits clean, and plays on under 3.

Version 3 counts a pinch hitter's BAT instead of the pitcher's in the team's
BAT value (manual 1.4), so the same setup and rolls give another score in
many games of clubs without the DH.  The games a version-2 build stored must
still replay as they were played, and the new games of the same league get
version 3.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from league.adapters.schedule import balanced_schedule
from league.application.audit import audit
from league.bootstrap import open_app
from league.domain.dice import NeedRoll, roll_from_text
from league.rules.pennant_race import engine
from league.rules.pennant_race.ruleset import RULESET
from league.rules.pennant_race.sheetgen import generate_sheet

# National League clubs: each lineup has the pitcher (BAT 0 or 1) and no DH.
TEAMS = [("NLA", "NL", "East"), ("NLB", "NL", "East"), ("NLC", "NL", "West"), ("NLD", "NL", "West")]


def _refuse(need: NeedRoll) -> Any:
    raise AssertionError(f"a stored game asked for a roll it did not record: {need}")


def test_a_season_without_the_dh_played_under_version_2_audits_and_plays_on_under_3(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(str(tmp_path / "nl.db"))
    try:
        app.create_league(name="no DH", ruleset="pennant-race", seed="14", actor="test")
        sheets = {c: generate_sheet(c, c, lg, div, seed=40 + i) for i, (c, lg, div) in enumerate(TEAMS)}
        assert all(s.pitcher_spot is not None for s in sheets.values())
        app.import_teams([(s, s.code) for s in sheets.values()], actor="test")
        schedule = balanced_schedule(list(sheets), 24, dt.date(1988, 4, 4), seed=3)
        app.import_schedule(schedule, source="balanced", actor="test")
        # The first half as a build before rule 1.4 played it.
        half = schedule[len(schedule) // 2].date
        with monkeypatch.context() as m:
            m.setitem(engine.RULESET_VERSION, "pennant-race", "2")
            app.simulate(through=half)
        app.simulate()
        games = [app.game(g) for g in app.league().games]
        outcomes = {g.game: g.outcome for g in games if g.outcome is not None}
        assert len(outcomes) == len(games)
        old = [g for g in games if g.ruleset_version == "2"]
        new = [g for g in games if g.ruleset_version == "3"]
        assert old and new and len(old) + len(new) == len(games)
        assert not any(s["step"] == "pinch hitter" for g in old for s in outcomes[g.game]["explanation"])
        assert all(any(s["step"] == "pinch hitter" for s in outcomes[g.game]["explanation"]) for g in new)

        # Under version 3 the old games' own setups and rolls give other outcomes...
        changed = 0
        for g in old:
            assert g.setup is not None
            setup = RULESET.engine_input(g.ruleset, "3", g.setup, sheets[g.visitor], sheets[g.home])
            _, again = engine.play(setup, [roll_from_text(r["dice"]) for r in g.rolls], _refuse)
            stored = outcomes[g.game]
            changed += (again.visitor.runs, again.home.runs) != (stored["visitor"]["runs"], stored["home"]["runs"])
        assert changed > 0
        # ...yet the audit replays each game under the version it was played with.
        report = audit(app)
        assert report.ok, report.problems
        assert report.games == len(games)
    finally:
        app.close()
