"""Rewind moves back in time without losing anything.

Property: in a random season, rewinding a random game to a random roll (and,
with --cascade, re-resolving the later games that depended on it with their
own rolls), then replaying the same rolls, gives back the game's original
outcome; the log still passes audit and verify, and undo brings back the
state before.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.application.audit import audit
from league.bootstrap import open_app
from league.domain.dice import ScriptedDice
from league.adapters.schedule import balanced_schedule
from league.rules.pennant_race.sheetgen import generate_sheet
from league.application.verify import verify
from projections import queries
from projections.runner import catch_up, rebuild
from projections.snapshot import snapshot as view_rows

TEAMS = [("AAA", "AL", "East"), ("BBB", "AL", "East"), ("CCC", "AL", "West"), ("DDD", "AL", "West")]


def season(path: Path, seed: int) -> Any:
    app = open_app(str(path))
    app.create_league(name="r", ruleset="pennant-race", seed=str(seed), actor="test")
    sheets = [generate_sheet(c, c, lg, d, seed=seed + i) for i, (c, lg, d) in enumerate(TEAMS)]
    app.import_teams([(s, s.code) for s in sheets], actor="test")
    app.import_schedule(balanced_schedule([t[0] for t in TEAMS], 12, dt.date(1988, 4, 4), seed=seed), "b", "test")
    app.simulate()
    return app


def snapshot(app: Any) -> dict[str, Any]:
    return {gid: app.game(gid).outcome for gid in app.league().games}


def views(app: Any) -> dict[str, Any]:
    """What people read: standings and stats, from the read models."""
    catch_up(app)
    return {
        "standings": queries.standings(app.store),
        "pitching": queries.pitching_stats(app.store),
        "batting": queries.batting_stats(app.store),
    }


def ordered(app: Any, games: list[str]) -> list[str]:
    sched = app.league().games
    return sorted(games, key=lambda g: (sched[g]["date"], sched[g]["number"], g))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), roll_pick=st.integers(0, 10**6))
def test_rewind_then_replaying_the_same_rolls_gives_the_same_season(
    tmp_path: Path, seed: int, pick: int, roll_pick: int
) -> None:
    app = season(tmp_path / f"r{seed}-{pick}-{roll_pick}.db", seed)
    before = snapshot(app)
    shown = views(app)
    games = sorted(before)
    game = games[pick % len(games)]
    g = app.game(game)
    positions = sorted(r["position"] for r in g.rolls)
    to = positions[roll_pick % len(positions)]
    old_rolls = {gid: [r["dice"] for r in app.game(gid).rolls] for gid in games}
    result = app.rewind(game, to, reason="test", actor="test", cascade=True)
    assert app.game(game).status == "in progress"
    # the later games were settled at once, each with its own recorded rolls
    for change in result["cascaded"]:
        assert app.game(change["game"]).status == "final"
        kept = [r["dice"] for r in app.game(change["game"]).rolls if not r.get("fresh")]
        assert all(d in old_rolls[change["game"]] for d in kept)
    # step: replay the rewound game from the rewound roll: its result is the one it had
    again = [r["dice"] for r in g.rolls if r["position"] >= to]
    app.play([game], dice=ScriptedDice(again, "replay"), actor="test")
    assert app.game(game).outcome == before[game]
    assert audit(app).ok and verify(app).ok
    # step: undo the replay and the rewind; the season is back, views and all
    app.undo(reason="test", actor="test")
    app.undo(reason="test", actor="test")  # the rewind itself, with its cascade
    assert snapshot(app) == before
    assert views(app) == shown
    assert all(app.game(gid).status == "final" for gid in games)
    assert audit(app).ok and verify(app).ok


def test_rewind_refuses_when_later_games_depend_unless_cascade(tmp_path: Path) -> None:
    import pytest

    from league.domain.errors import RulesError

    app = season(tmp_path / "dep.db", 3)
    first = ordered(app, list(app.league().games))[0]
    with pytest.raises(RulesError, match="depended on"):
        app.rewind(first, app.game(first).rolls[0]["position"], reason="x", actor="t")
    assert app.game(first).status == "final"


def test_void_and_correct_are_new_events_and_undoable(tmp_path: Path) -> None:
    app = season(tmp_path / "vc.db", 5)
    last = ordered(app, list(app.league().games))[-1]
    before = app.game(last).outcome
    version = app.game(last).version
    app.void(last, reason="wrong roster", actor="t")
    assert app.game(last).status == "void" and app.game(last).version == version + 1
    app.undo(reason="void was a mistake", actor="t")
    assert app.game(last).outcome == before
    pos = app.game(last).rolls[0]["position"]
    old = app.game(last).rolls[0]["dice"]
    new = "".join(str(7 - int(d)) for d in old)
    app.correct(last, pos, new, reason="typo", actor="t")
    corrected = app.game(last)
    assert corrected.rolls[0]["dice"] == new and corrected.status == "final"
    assert audit(app).ok and verify(app).ok
    entries = [e["command"] for e in app.journal().entries]
    assert entries[-3:] == ["void", "undo", "correct"]


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6))
def test_rewind_then_replaying_other_rolls_gives_views_equal_to_a_rebuild(
    tmp_path: Path, seed: int, pick: int
) -> None:
    app = season(tmp_path / f"o{seed}-{pick}.db", seed)
    catch_up(app)
    games = sorted(app.league().games)
    game = games[pick % len(games)]
    app.rewind(game, app.game(game).rolls[-1]["position"], reason="test", actor="test", cascade=True)
    catch_up(app)  # the views drop the rewound results
    assert all(app.game(g).status in ("final", "in progress", "scheduled") for g in games)
    app.simulate(actor="test")  # fresh seeded rolls for everything reopened
    catch_up(app)
    incremental = view_rows(app.store)
    rebuild(app)
    assert view_rows(app.store) == incremental
    assert audit(app).ok and verify(app).ok
