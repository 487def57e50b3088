"""Invariants of any simulated Pennant Race season (property tests).

Random small leagues (generated sheets, a balanced schedule, a random seed)
are simulated through the application; then the record must balance:
wins equal losses equal games, the runs a side scored are the runs the other
side's pitchers were charged, a team's pitchers' innings add up to its
innings, no reliever works when the fatigue rules forbid it and no starter
starts short of rest except one day short, flagged.  The rest and fatigue
checks count days directly from the dates, independently of the engine.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.bootstrap import open_app
from league.adapters.schedule import balanced_schedule
from league.rules.pennant_race.sheetgen import generate_sheet

TEAMS = [("AAA", "AL", "East"), ("BBB", "AL", "East"), ("CCC", "AL", "West"), ("DDD", "AL", "West")]


def simulate(tmp: Path, seed: int, sheet_seed: int, ruleset: str) -> Any:
    app = open_app(str(tmp / f"s{seed}-{sheet_seed}-{ruleset}.db"))
    app.create_league(name="prop", ruleset=ruleset, seed=str(seed), actor="test")
    sheets = [generate_sheet(c, c, lg, div, seed=sheet_seed + i) for i, (c, lg, div) in enumerate(TEAMS)]
    app.import_teams([(s, s.code) for s in sheets], actor="test")
    games = balanced_schedule([t[0] for t in TEAMS], 24, dt.date(1988, 4, 4), seed=seed)
    app.import_schedule(games, source="balanced", actor="test")
    app.simulate()
    return app


def outcomes(app: Any) -> list[tuple[Any, dict[str, Any]]]:
    league = app.league()
    played = [app.game(gid) for gid in sorted(league.games, key=lambda g: (league.games[g]["date"], g))]
    return [(g, g.outcome) for g in played]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), sheet_seed=st.integers(0, 10**6),
       ruleset=st.sampled_from(["pennant-race", "relief-defense"]))
def test_a_simulated_season_balances(tmp_path: Path, seed: int, sheet_seed: int, ruleset: str) -> None:
    app = simulate(tmp_path, seed, sheet_seed, ruleset)
    league = app.league()
    games = outcomes(app)
    assert len(games) == len(league.games)
    wins: dict[str, int] = defaultdict(int)
    losses: dict[str, int] = defaultdict(int)
    decisions = {"W": 0, "L": 0}
    scored = allowed = 0
    for g, o in games:
        assert o is not None and g.status == "final"
        v, h = o["visitor"], o["home"]
        assert v["runs"] != h["runs"], "a game ends tied"
        winner, loser = (v, h) if v["runs"] > h["runs"] else (h, v)
        wins[winner["team"]] += 1
        losses[loser["team"]] += 1
        for p in o["pitching"]:
            if p["decision"]:
                decisions[p["decision"]] += 1
        for side, other in ((v, h), (h, v)):
            charged = [p for p in o["pitching"] if p["team"] == other["team"]]
            assert sum(p["er"] for p in charged) == side["earned"]
            assert sum(p["ur"] for p in charged) == side["unearned"]
            assert side["runs"] == side["earned"] + side["unearned"]
            scored += side["runs"]
            allowed += sum(p["er"] + p["ur"] for p in charged)
            # The team's innings: 9 (8 for a visitor beaten in regulation) plus
            # extra innings, the last one 0.2 for a visitor beaten by a walk-off.
            extra = o["extra_innings"]
            outs = 27 + 3 * extra
            if other is v and h["runs"] > v["runs"]:
                outs = 24 if extra == 0 else outs - 1
            assert sum(p["outs"] for p in charged) == outs, (g.game, other["team"])
    assert sum(wins.values()) == sum(losses.values()) == len(games)
    assert decisions["W"] == decisions["L"] == len(games)
    assert scored == allowed
    check_pitcher_usage(app, games)


def check_pitcher_usage(app: Any, games: list[tuple[Any, dict[str, Any]]]) -> None:
    from league.rules.pennant_race.ratings import TeamSheet

    league = app.league()
    sheets = {c: TeamSheet.from_dict(s) for c, s in league.sheets.items()}
    days: dict[tuple[str, str], list[tuple[dt.date, str]]] = defaultdict(list)
    for g, o in games:
        day = dt.date.fromisoformat(g.date)
        for p in o["pitching"]:
            team, name = p["team"], p["pitcher"]
            pitcher = sheets[team].pitcher(name)
            assert pitcher is not None
            history = days[(team, name)]
            assert all(d != day for d, _ in history), f"{name} pitched twice on {day}"
            if p["role"] == "SP":
                starts = [d for d, r in history if r == "SP"]
                if starts:
                    rest = (day - max(starts)).days - 1
                    need = pitcher.rest or 0
                    assert rest >= need or (rest == need - 1 and p["short_rest"]), (g.game, name, rest, need)
            else:
                assert pitcher.rel is not None, f"{name} relieved without a REL rating"
                streak = 0
                d = day - dt.timedelta(days=1)
                worked = {x for x, _ in history}
                while d in worked:
                    streak += 1
                    d -= dt.timedelta(days=1)
                if pitcher.fat_asterisk:
                    assert streak == 0, f"asterisk reliever {name} worked on consecutive days ({g.game})"
                else:
                    assert streak <= 2, f"{name} worked a fourth day in a row ({g.game})"
                if pitcher.is_starter:
                    starts = [x for x, r in history if r == "SP"]
                    assert not starts or (day - max(starts)).days - 1 >= 3, f"dual-role {name} relieved too soon"
            history.append((day, p["role"]))
