"""The calendars agree with the engine: same facts in, same pitchers out.

For every game of random seasons, the rest and fatigue calendars as of the
game's date (before the game) must say that the starter was eligible, give
exactly the bullpen statuses the engine recorded in Game.Started, and choose
(through the engine's own chooser) exactly the relievers the engine used.
"""

from __future__ import annotations

import datetime
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from league.rules.pennant_race.bullpen import choose_relievers, effective_rel
from league.rules.pennant_race.engine import RULESET_VERSION, USAGE_LIMITS
from league.rules.pennant_race.usage import RelieverStatus
from projections import queries
from projections.db import dispose_all
from projections.runner import catch_up
from tests.integration.projection_league import demo_league, season_dates


@settings(max_examples=4, deadline=None, phases=[Phase.explicit, Phase.generate],  # a season is slow to shrink
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.text("0123456789abcdef", min_size=1, max_size=8), days=st.integers(min_value=10, max_value=60))
def test_calendars_choose_what_the_engine_chose(tmp_path_factory: Any, seed: str, days: int) -> None:
    url = str(tmp_path_factory.mktemp("agree") / "league.db")
    app = demo_league(url, seed=seed)
    through = season_dates(app)[days]
    app.simulate(through=through, actor="test")
    catch_up(app)
    league = app.league()
    played = sorted((g for g in league.games.values() if g["date"] <= through.isoformat()),
                    key=lambda g: (g["date"], g["number"]))
    bullpens_checked = 0
    for g in played:
        game = app.game(g["game_id"])
        later_same_day = {o["game_id"] for o in played if o["date"] == g["date"] and o["number"] >= g["number"]}
        for side in ("visitor", "home"):
            bullpens_checked += _check_side(app, game, game.setup[side], later_same_day)
    assert bullpens_checked > len(played) // 2  # most games go to the bullpen
    app.close()
    dispose_all()


def _check_side(app: Any, game: Any, setup: dict[str, Any], exclude: set[str]) -> bool:
    team = setup["team"]
    cal = queries.pitcher_calendar(app, team, datetime.date.fromisoformat(game.date), exclude_games=exclude)
    # The starter: fully rested, or one day short exactly when the engine says so.
    row = next(r for r in cal["starters"] if r["pitcher"] == setup["starter"])
    assert row["fully_rested"] or (setup["short_rest"] and row["short_rest_ok"]), (game.game, row)
    # The bullpen: the calendar's facts are the engine's facts.
    statuses = [_status(r) for r in cal["relievers"]]
    assert statuses == [RelieverStatus(**s) for s in setup["bullpen"]], game.game
    # The relievers: the best available by the calendar are the ones who pitched.
    step = _relievers_step(game.outcome, team)
    if step is None:
        return False
    # The usage limits take a reliever out of the bullpen for the day (engine._within_limits),
    # and the calendar shows him unavailable.
    limits = USAGE_LIMITS[game.ruleset_version]
    assert limits is not None and game.ruleset_version == RULESET_VERSION["pennant-race"]
    pen = [s for s in statuses if limits.breach(s) is None]
    assert {r["pitcher"] for r in cal["relievers"] if r["available"]} == \
        {s.name for s in pen if effective_rel(s) is not None}, game.game
    chosen = choose_relievers(pen, step["relievers"], exclude={setup["starter"]})
    assert [s.name for s, _ in chosen] == [c["pitcher"] for c in step["chosen"]], game.game
    by_name = {r["pitcher"]: r for r in cal["relievers"]}
    assert [by_name[s.name]["effective_rel"] for s, _ in chosen] == [c["effective_rel"] for c in step["chosen"]]
    return True


def _status(r: dict[str, Any]) -> RelieverStatus:
    return RelieverStatus(
        name=r["pitcher"], rel=r["rel"] or 0, fat=None if r["asterisk"] else r["fat"], asterisk=r["asterisk"],
        dual_role=r["dual_role"], roster_order=r["order"], consecutive_days=r["days_in_a_row"],
        used_today=r["used_today"], days_since_start=r["days_since_start"],
        last_7_days=r["last_7_days"], last_30_days=r["last_30_days"], season_games=r["season_games"],
    )


def _relievers_step(outcome: dict[str, Any], team: str) -> dict[str, Any] | None:
    """The "relievers to use" step of the half in which ``team`` was in the field."""
    teams = {outcome["visitor"]["team"], outcome["home"]["team"]}
    fielding = None
    for step in outcome["explanation"]:
        if "batting" in step:  # each step names the team at bat
            fielding = next(t for t in teams if t != step["batting"])
        elif step.get("step") == "complete game check":
            fielding = step.get("team", fielding)
        if step.get("step") == "relievers to use" and fielding == team:
            return step  # type: ignore[no-any-return]
    return None
