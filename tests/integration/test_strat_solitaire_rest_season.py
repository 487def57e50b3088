"""26.2 over a season: with ``solitaire-rest=on`` regulars rest now and then, part-timers often, each rest
on the game's log with its dice; without the option nobody rests and the season plays as it always did.

The cards are the shipped set with made-up ``actual:`` lines: in each club the first five batters
(C, 1B, 2B, SS and 3B) are regulars of 600 at-bats and 50 walks, the other lineup men part-timers of 220
and 30, the bench 120 and 10.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from league.application.cascade import Cascade
from league.application.scorebook import game_log
from league.bootstrap import open_app
from league.domain.errors import LeagueError
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team
from tests.integration.test_strat_calendar_agrees_with_engine import card_schedule

CLUBS = ("ANV", "BRK", "CDR", "DUN")
DAYS = 24


def with_figures(text: str) -> str:
    out, batters = [], 0
    for line in text.splitlines():
        out.append(line)
        if re.match(r"^BATTER\s+\S+", line):
            batters += 1
            out.append("actual: " + ("ab=600, bb=50" if batters <= 5 else "ab=220, bb=30" if batters <= 9
                                     else "ab=120, bb=10"))
    return "\n".join(out) + "\n"


def season(folder: Path, options: dict[str, str] | None, seed: str = "rest") -> Any:
    app = open_app(str(folder / "league.db"))
    app.create_league(name="rest", ruleset="strat-o-matic-super", seed=seed, actor="test", options=options)
    for c in CLUBS:
        (folder / f"{c}.txt").write_text(with_figures((CARD_SET / f"{c}.txt").read_text()))
    app.import_teams([(read_card_team(folder / f"{c}.txt"), f"{c}.txt") for c in CLUBS], actor="test")
    app.import_schedule(card_schedule(CLUBS, DAYS, set(), set()), source="test", actor="test")
    app.simulate(actor="test")
    return app


def setups(app: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(g["game_id"], app.game(g["game_id"]).setup)
            for g in sorted(app.league().games.values(), key=lambda g: (g["date"], g["number"], g["game_id"]))]


def test_regulars_rest_seldom_part_timers_often_and_the_log_names_them(tmp_path: Path) -> None:
    app = season(tmp_path, {"solitaire-rest": "on"})
    try:
        games = setups(app)
        rests: dict[str, int] = {}
        candidates: dict[str, int] = {}
        logged = ""
        for gid, setup in games:
            for side in ("visitor", "home"):
                record = setup[side]["solitaire_rest"]
                assert 1 <= record["d6"] <= 6 and len(record["checks"]) == 3  # 26.2 B: every lineup, every game
                for c in record["checks"]:
                    group = "regular" if c["ab_bb"] == 650 else "part-timer"
                    candidates[group] = candidates.get(group, 0) + 1
                    rests[group] = rests.get(group, 0) + c["rests"]
                for note in setup[side].get("out", ()):
                    if note.get("rested"):
                        # E: on the bench, out of the batting order (or D: he starts, the note says so)
                        assert note["player"] in setup[side]["bench"] or note["replaced_by"] is None
                        assert note["replaced_by"] is None or note["player"] not in setup[side]["order"]
            if not logged and any(n.get("rested") and n["replaced_by"] for s in ("visitor", "home")
                                  for n in setup[s].get("out", ())):
                logged = game_log(app.game(gid), app.game_events(gid))[0]["summary"]
        assert rests["regular"] <= 0.15 * candidates["regular"]  # rests on a 1: 5% of his chances
        assert rests["part-timer"] >= 0.6 * candidates["part-timer"]  # 250: on 1-15, 75%
        assert rests["regular"] >= 1, "a regular rests now and then"
        assert re.search(r"\(\w+\) rests \(26\.2\): lineup usage d6 \d \([A-Z0-9, ]+\); \d+ at-bats and walks, "
                         r"rest chart .* rests on 1(-\d+)?, d20 \d+; \w+ takes his place", logged), logged
        # a setup made again (a dispute's cascade) reads the same dice: no game is set up differently
        cascade = Cascade(app=app, staffs={}, actor="test", reason="check")
        assert [gid for gid, _ in games if cascade.resolve(app.game(gid)) is not None] == []
    finally:
        app.close()


def test_without_the_option_nobody_rests_and_the_chart_is_not_read(tmp_path: Path) -> None:
    app = season(tmp_path, None)
    try:
        for _, setup in setups(app):
            for side in ("visitor", "home"):
                assert "solitaire_rest" not in setup[side]
                assert not any(n.get("rested") for n in setup[side].get("out", ()))
    finally:
        app.close()


@pytest.mark.parametrize("ruleset", ["strat-o-matic", "strat-o-matic-basic"])
def test_the_option_is_refused_outside_super_advanced(tmp_path: Path, ruleset: str) -> None:
    app = open_app(str(tmp_path / "league.db"))
    try:
        with pytest.raises(LeagueError, match="solitaire-rest is a super advanced rule"):
            app.create_league(name="x", ruleset=ruleset, seed="1", actor="test", options={"solitaire-rest": "on"})
        app.create_league(name="x", ruleset=ruleset, seed="1", actor="test", options={"solitaire-rest": "off"})
    finally:
        app.close()
