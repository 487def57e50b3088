"""A small Strat-O-Matic season on both stores: plate-appearance box lines in the read models."""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from typing import Any, Iterator

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from commands.cli import cli
from league.bootstrap import open_app
from league.domain import boxes
from league.rules.strat.team_file import read_card_team
from league.adapters.schedule import balanced_schedule
from league.rules.strat.roster import CARD_SET
from projections import queries
from projections.db import dispose_all, engine_for
from projections.migrate import upgrade
from projections.runner import catch_up, rebuild
from projections.snapshot import snapshot
from projections.tables import box_batting, box_pitching, box_team, pa_batting, pa_pitching

TEAMS = ("ANV", "BRK", "CDR", "DUN")


@pytest.fixture
def season(db_url: str) -> Iterator[Any]:
    # step: four clubs, six games each, simulated in two chunks with a catch-up after each
    app = open_app(db_url)
    app.create_league("T", "strat-o-matic", "p1", actor="test")
    upgrade(app.store)
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in TEAMS], actor="test")
    app.import_schedule(balanced_schedule(list(TEAMS), 6, dt.date(2024, 4, 1), seed=3), "b", "test")
    catch_up(app)
    dates = sorted({dt.date.fromisoformat(g["date"]) for g in app.league().games.values()})
    app.simulate(through=dates[len(dates) // 2], actor="test")
    catch_up(app)
    app.simulate(actor="test")
    catch_up(app)
    yield app
    app.close()
    dispose_all()


def _rows(app: Any, table: Any) -> list[Any]:
    with engine_for(app.store).connect() as conn:
        return list(conn.execute(select(table)))


def test_rebuild_equals_incremental_through_a_correction_and_its_undo(season: Any) -> None:
    app = season
    assert len(_rows(app, box_team)) == 2 * 12
    assert not _rows(app, box_batting)  # the Pennant Race lines stay empty
    # step: correct the last game's first roll (Rewound, a replay, Completed), then undo it (Reinstated)
    last = max(app.league().games, key=lambda g: (app.league().games[g]["date"], g))
    rolls = app.game(last).rolls
    first = rolls[0]
    new = "".join(str(7 - int(d)) for d in first["dice"]) if first["dice"].isdigit() else first["dice"]
    app.correct(last, first["position"], new, reason="typo", actor="test")
    catch_up(app)
    corrected = snapshot(app.store, ["boxscores"])
    app.undo(reason="it was right", actor="test")
    catch_up(app)
    incremental = snapshot(app.store)
    assert incremental["rm_pa_batting"] and incremental["rm_pa_pitching"]
    keys = {r[0] for r in incremental["rm_box_team"]}
    assert {r[0] for r in incremental["rm_pa_batting"]} == keys == {r[0] for r in incremental["rm_pa_pitching"]}
    assert corrected["rm_pa_batting"] != [] and len({r[0] for r in corrected["rm_pa_batting"]}) == 12
    rebuild(app)
    assert snapshot(app.store) == incremental


def test_undoing_a_rewind_puts_the_games_injuries_back_on_the_list(season: Any) -> None:
    app = season
    hurt = next(g for g in sorted(app.league().games) if app.game(g).injuries)
    first = app.game(hurt).injuries[0]
    before = queries.injury_list(app.store)
    assert any(r["player"] == first["player"] and r["game"] == hurt for r in before)
    # step: rewind to the roll before the injury (later games rewound too), then undo it
    app.rewind(hurt, first["position"] - 1, reason="dispute", actor="test", cascade=True)
    catch_up(app)
    assert not any(r["game"] == hurt and r["player"] == first["player"] for r in queries.injury_list(app.store))
    app.undo(reason="the roll stood", actor="test")
    catch_up(app)
    assert queries.injury_list(app.store) == before
    incremental = snapshot(app.store)
    rebuild(app)
    assert snapshot(app.store) == incremental


def test_box_lines_balance(season: Any) -> None:
    bat, pit = _rows(season, pa_batting), _rows(season, pa_pitching)
    teams = {(r.game_key, r.team): r for r in _rows(season, box_team)}
    hits: dict[tuple[int, str], int] = defaultdict(int)
    runs: dict[tuple[int, str], int] = defaultdict(int)
    allowed: dict[tuple[int, str], int] = defaultdict(int)
    for b in bat:
        assert b.ab + b.bb + b.hbp + b.sh + b.sf == b.pa, b
        hits[(b.game_key, b.team)] += b.h
        runs[(b.game_key, b.team)] += b.r
    for p in pit:
        allowed[(p.game_key, p.team)] += p.h
    for (key, team), t in teams.items():
        # a team's hits are what the other side's pitchers gave up; its runs are on the team row
        assert hits[(key, team)] == allowed[(key, t.opponent)], (key, team)
        assert runs[(key, team)] == t.runs
    # the same pitchers, in the same order, as the generic pitching lines
    generic = sorted((r.game_key, r.team, r.pitcher, r.outs, r.er) for r in _rows(season, box_pitching))
    assert sorted((r.game_key, r.team, r.pitcher, r.outs, r.er) for r in pit) == generic


def test_stats_and_leaders_for_a_strat_league(season: Any) -> None:
    store = season.store
    assert queries.league_box(store) == boxes.PLAYS  # as the rule system declares
    batters = queries.batting_stats(store)
    for b in batters:
        assert b["ab"] + b["bb"] + b["hbp"] + b["sh"] + b["sf"] == b["pa"], b
    pitchers = queries.pitching_stats(store)
    assert sum(b["h"] for b in batters) == sum(p["h"] for p in pitchers)
    assert sum(b["hr"] for b in batters) == sum(p["hr"] for p in pitchers)
    assert sum(b["pa"] for b in batters) == sum(p["bf"] for p in pitchers)
    assert {"h", "bb", "so", "hr", "bf", "era"} <= set(pitchers[0])
    teams = queries.team_pitching(store)
    assert sum(t["bf"] for t in teams) == sum(p["bf"] for p in pitchers)
    brk = queries.batting_stats(store, "BRK")
    assert brk and {b["team"] for b in brk} == {"BRK"}
    top = queries.leaders(store, "avg")
    assert top and all(r["value"].startswith(("0", ".", "1")) for r in top)
    qualified = {(b["player"], b["team"]) for b in batters if b["pa"] >= 3.1 * 6}
    assert {(r["player"], r["team"]) for r in top} <= qualified
    everything = queries.leaders(store)
    shown = {r["category"] for r in everything}
    assert {"avg", "hr", "rbi", "era", "w"} <= shown and not shown & {"bat", "pow", "spd", "fld"}
    with pytest.raises(ValueError):
        queries.leaders(store, "bat")


def test_the_cli_shows_strat_batting(season: Any, db_url: str) -> None:
    def run(*args: str) -> str:
        r = CliRunner().invoke(cli, ["--db", db_url, *args], catch_exceptions=False)
        assert r.exit_code == 0, r.output
        return r.output

    rows = json.loads(run("stats", "batting", "--json"))
    fields = {"player", "team", "pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh",
              "sf", "avg", "obp", "slg"}
    assert rows and all(fields <= set(r) for r in rows)
    assert {r["team"] for r in json.loads(run("stats", "batting", "--team", "ANV", "--json"))} == {"ANV"}
    text = run("stats", "batting")
    assert "OBP" in text and "SLG" in text
    assert "BF" in run("stats", "pitching")
    pitching = json.loads(run("stats", "pitching", "--json"))
    assert {"h", "bb", "so", "hr", "bf"} <= set(pitching[0])
    leaders = json.loads(run("leaders", "--category", "avg", "--min-pa", "1", "--json"))
    assert leaders and leaders[0]["category"] == "avg"


def test_upgrading_a_0001_database_fills_the_new_lines_for_games_already_played(season: Any) -> None:
    from alembic import command

    from projections.db import immediate
    from projections.migrate import alembic_config, current_revision

    # step: back to the schema before plate-appearance lines, with the views as they stood
    before = snapshot(season.store)
    engine = engine_for(season.store)
    cfg = alembic_config(engine)
    with immediate(engine.connect()) as conn, conn.begin():
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0001")
    assert current_revision(season.store) == "0001"
    # step: upgrade: the boxscores view starts over, and the next catch-up refills it
    upgrade(season.store)
    assert not _rows(season, box_team)
    catch_up(season)
    assert snapshot(season.store) == before
