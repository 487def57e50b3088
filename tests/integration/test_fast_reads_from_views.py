"""What the read commands take from views instead of a GROUP BY or an aggregate stays exact.

A pitcher's and a batter's season totals (rm_pitching_season,
rm_pa_pitching_season, rm_pa_batting_season, and a Pennant Race batter's and
fielder's rm_batting_season, rm_fielding_season, kept by the boxscores view as
lines come and go) must equal the sums over their lines, and the journal
view must hold the Journal aggregate's entries, through a correction, a
void and undos, on both stores and both kinds of game.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Iterator

import pytest

from league.bootstrap import open_app
from league.adapters.schedule import balanced_schedule
from league.domain.journal_details import undone_entries
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team
from projections.db import dispose_all
from projections.migrate import upgrade
from projections.queries.journal import journal_entries
from projections.queries.stats import batting_stats, pa_batting_stats, pitching_stats
from projections.runner import catch_up, rebuild
from projections.snapshot import snapshot

TEAMS = ("ANV", "BRK", "CDR", "DUN")


@pytest.fixture
def season(db_url: str) -> Iterator[Any]:
    app = open_app(db_url)
    app.create_league("T", "strat-o-matic", "p1", actor="test")
    upgrade(app.store)
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in TEAMS], actor="test")
    app.import_schedule(balanced_schedule(list(TEAMS), 4, dt.date(2024, 4, 1), seed=3), "b", "test")
    app.simulate(actor="test")
    catch_up(app)
    yield app
    app.close()
    dispose_all()


def same_as_the_lines_and_the_aggregate(app: Any, team: str = "ANV", cards: bool = True) -> None:
    catch_up(app)
    # An --as-of sums the lines themselves (GROUP BY): the whole season's must equal the kept totals.
    pitching = pitching_stats(app.store)
    assert pitching and (not cards or "bf" in pitching[0]), "a played season has pitchers"
    assert pitching == pitching_stats(app.store, as_of="2099-12-31")
    assert pitching_stats(app.store, team=team) == pitching_stats(app.store, team=team, as_of="2099-12-31")
    if cards:
        totals = pa_batting_stats(app.store)
        assert totals, "a played season has batters"
        assert totals == pa_batting_stats(app.store, as_of="2099-12-31")
        assert pa_batting_stats(app.store, team=team) == pa_batting_stats(app.store, team=team, as_of="2099-12-31")
    else:  # Pennant Race: batting points and fielding runs (rm_batting_season, rm_fielding_season)
        totals = batting_stats(app.store)
        assert totals and any(r["fld"] for r in totals), "a played season has batters and fielders"
        assert totals == batting_stats(app.store, as_of="2099-12-31")
        assert batting_stats(app.store, team=team) == batting_stats(app.store, team=team, as_of="2099-12-31")
    entries = journal_entries(app.store)
    assert entries == app.journal().entries
    assert undone_entries(entries) == app.journal().undone()


def test_totals_and_journal_follow_corrections_voids_and_undos(season: Any) -> None:
    app = season
    same_as_the_lines_and_the_aggregate(app)
    disputes(app, same_as_the_lines_and_the_aggregate)


def test_pennant_race_pitching_totals_follow_corrections_voids_and_undos(db_url: str) -> None:
    from league.data import data_path
    from league.rules.pennant_race.sheet import read_sheet

    app = open_app(db_url)
    try:
        app.create_league("PR", "pennant-race", "p2", actor="test")
        upgrade(app.store)
        app.import_teams([(read_sheet(data_path("teams", f"{t}.tsv")), f"{t}.tsv") for t in ("TEX", "CAL")],
                        actor="test")
        app.import_schedule(balanced_schedule(["TEX", "CAL"], 6, dt.date(1988, 4, 4), seed=3), "b", "test")
        app.simulate(actor="test")

        def check(a: Any) -> None:
            same_as_the_lines_and_the_aggregate(a, team="TEX", cards=False)

        check(app)
        disputes(app, check)
    finally:
        app.close()
        dispose_all()


def disputes(app: Any, check: Any) -> None:
    """A correction, a cascaded void, two undos and a rebuild, with ``check`` after each."""
    games = sorted(app.league().games, key=lambda g: (app.league().games[g]["date"], g))
    # step: correct the last game's first roll (its lines replaced), then void another (its lines gone)
    last = games[-1]
    first = app.game(last).rolls[0]
    new = "".join(str(7 - int(d)) for d in first["dice"]) if first["dice"].isdigit() else first["dice"]
    app.correct(last, first["position"], new, reason="typo", actor="test", cascade=True)
    check(app)
    before_void = pitching_stats(app.store)
    app.void(games[0], reason="rained out", actor="test", cascade=True)  # later games re-resolved too
    check(app)
    assert pitching_stats(app.store) != before_void  # the void took the game's lines out of the totals
    # step: undo the void, then the correction: the totals come back with the lines
    app.undo(reason="it was played", actor="test")
    check(app)
    assert pitching_stats(app.store) == before_void
    app.undo(reason="it was right", actor="test")
    check(app)
    incremental = snapshot(app.store)
    assert incremental["rm_pitching_season"] and incremental["rm_journal"]
    assert incremental["rm_batting_season"] or incremental["rm_pa_batting_season"]
    rebuild(app)
    assert snapshot(app.store) == incremental
