"""Simulated Strat-O-Matic seasons: nobody plays while he is on the injury list, on SQLite and PostgreSQL.

For every injury on ``league injuries`` (the read model), the player is in
no box score of his club's next N games (N from the chart; pitching lines
count) unless the game's setup says nobody was left to take his place;
``missed`` and ``status`` agree with the club's games; each day, the players
the list shows as out the evening before are exactly the ones the club's
first game of the day set up as out; and a regular whose games are over is
back in the next lineup.  A void with ``--cascade`` and its undo keep all of
it true.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.adapters.schedule import balanced_schedule
from league.bootstrap import open_app
from league.rules.pa.replay import cards_for
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team
from projections import queries
from projections.db import dispose_all
from projections.migrate import upgrade
from projections.runner import catch_up

TEAMS = ("ANV", "BRK", "CDR", "DUN")
SEEDS = ("t1", "s0", "s4")  # each benches players; s0 and s4 also injured pitchers


def simulated(url: str, seed: str, games: int = 12) -> Any:
    app = open_app(url)
    app.create_league("T", "strat-o-matic", seed, actor="test")
    upgrade(app.store)
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in TEAMS], actor="test")
    app.import_schedule(balanced_schedule(list(TEAMS), games, dt.date(2024, 4, 1), seed=3), "b", "test")
    dates = sorted({g["date"] for g in app.league().games.values()})
    app.simulate(through=dt.date.fromisoformat(dates[len(dates) // 2]), actor="test")  # two commands
    app.simulate(actor="test")
    catch_up(app)
    return app


@pytest.fixture
def season(db_url: str, request: Any) -> Iterator[Any]:
    app = simulated(db_url, request.param)
    yield app
    app.close()
    dispose_all()


def _key(g: Any) -> tuple[str, int, str]:
    return (g.date, g.number, g.game)


def _side(g: Any, team: str) -> str:
    return "visitor" if g.visitor == team else "home"


def appeared(g: Any, team: str) -> set[str]:
    """Everyone in ``team``'s box score: batting and pitching lines."""
    box = g.outcome[_side(g, team)]
    return {b["player"] for b in box.get("batting", ())} | {p["pitcher"] for p in box["pitching"]}


def plays_hurt(g: Any, team: str, player: str) -> bool:
    """The setup kept him in: nobody was left to take his place (the documented fallback)."""
    return any(o["player"] == player and o["at"] not in ("bench", "pitcher") and o["replaced_by"] is None
               for o in g.setup[_side(g, team)].get("out", ()))


def check(app: Any) -> int:
    """Every check of the module docstring; returns how many club games an injury kept someone out of."""
    league = app.league()
    finals = [g for g in (app.game(gid) for gid in league.games) if g.status == "final"]
    by_club: dict[str, list[Any]] = defaultdict(list)
    for g in sorted(finals, key=_key):
        by_club[g.visitor].append(g)
        by_club[g.home].append(g)
    regulars = {t: [c.id for c in cards_for(league.sheets, (t,), ENGINE).values()
                    if c.team == t and c.kind == "batter"][:9] for t in TEAMS}  # the DH league: nine
    kept_out = 0
    injuries = queries.injury_list(app.store)
    for inj in injuries:
        team, player, games = inj["team"], inj["player"], inj["games"]
        hurt_in = app.game(inj["game"])
        after = [g for g in by_club[team] if _key(g) > _key(hurt_in)]
        missed = after[:games]
        for g in missed:
            assert player not in appeared(g, team) or plays_hurt(g, team, player), (inj, g.game)
            kept_out += player not in appeared(g, team)
        assert inj["missed"] == len(missed), inj
        assert inj["status"] == ("back" if len(missed) == games else "out"), inj
        if len(after) > games and player in regulars[team]:
            back = after[games]  # his first game back: in the lineup unless hurt again meanwhile
            out_again = any(o["player"] == player for o in back.setup[_side(back, team)].get("out", ()))
            assert out_again or player in back.setup[_side(back, team)]["order"], (inj, back.game)
    # each day: the list as of the evening before is who the club's first game of the day set up as out
    for team, games_of in by_club.items():
        seen: set[str] = set()
        for g in games_of:
            if g.date in seen:
                continue
            seen.add(g.date)
            eve = (dt.date.fromisoformat(g.date) - dt.timedelta(days=1)).isoformat()
            listed = {r["player"] for r in queries.injury_list(app.store, team=team, as_of=eve, active_only=True)}
            setup_out = {o["player"] for o in g.setup[_side(g, team)].get("out", ())}
            assert listed == setup_out, (g.game, team)
            assert not {p for p in listed & appeared(g, team) if not plays_hurt(g, team, p)}, g.game
    return kept_out


@pytest.mark.parametrize("season", SEEDS, indirect=True)
def test_nobody_plays_while_on_the_injury_list_and_the_list_agrees_with_who_played(season: Any) -> None:
    assert check(season) > 0  # the seeds are chosen so that injuries do bench players


@pytest.mark.parametrize("season", ["t1"], indirect=True)
def test_a_void_with_cascade_and_its_undo_keep_the_list_and_the_lineups_in_step(season: Any) -> None:
    app = season
    league = app.league()
    # the first game that put someone out of a later game (t1: CDR08, out 10 games from 2024-04-06)
    hurt = min((g for g in (app.game(gid) for gid in league.games) if any(i["games"] > 0 for i in g.injuries)),
               key=_key)
    staffs = {t: dict(app.staff(t).by_game) for t in TEAMS}
    before = queries.injury_list(app.store)
    # step: void it: its injuries leave the list and the later games are set up again without them
    app.void(hurt.game, reason="rained out", actor="test", cascade=True)
    catch_up(app)
    assert not any(r["game"] == hurt.game for r in queries.injury_list(app.store))
    check(app)
    # step: undo: the list, the Staff records and the lineups are back as they were
    app.undo(reason="it was played", actor="test")
    catch_up(app)
    assert queries.injury_list(app.store) == before
    assert {t: dict(app.staff(t).by_game) for t in TEAMS} == staffs
    assert check(app) > 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_any_seed_keeps_injured_players_out_on_sqlite(seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = simulated(str(Path(tmp) / "league.db"), f"h{seed}", games=9)
        try:
            check(app)
        finally:
            app.close()
            dispose_all()
