"""A dispute keeps the season: later games keep their dice, undo gives it all back.

Property, over simulated seasons of both rule families (Pennant Race and
Strat-O-Matic), on SQLite and PostgreSQL: rewinding, correcting or voiding a
random early game with --cascade

- leaves every game that was not re-resolved exactly as it was (not one event);
- re-resolves a later game only where its setup, as of its date, changed;
- feeds each re-resolved game its own recorded rolls: of each kind (triad,
  pair, d20) the rolls not marked fresh are the recorded ones in their order,
  and a fresh roll of a kind comes only after every recorded one was used;
- is foretold exactly by the same command with --dry-run, which stores nothing;
- passes audit; and undo gives back the identical season, every view row.

The season is built once per store and reused by every example: each example
ends with an undo, and the next one starts by checking the season is the one
built, so a lossy undo fails the run.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.application.audit import audit
from league.bootstrap import open_app
from league.application.cascade import game_key
from league.rules.strat.team_file import read_card_team
from league.adapters.schedule import balanced_schedule
from league.rules.pennant_race.sheetgen import generate_sheet
from league.rules.strat.roster import CARD_SET
from projections.db import dispose_all
from projections.migrate import upgrade
from projections.runner import catch_up
from projections.snapshot import snapshot as view_rows

PR_TEAMS = [("AAA", "AL", "East"), ("BBB", "AL", "East"), ("CCC", "AL", "West"), ("DDD", "AL", "West")]
STRAT_TEAMS = ("ANV", "BRK", "CDR", "DUN")


def pennant_race(url: str) -> Any:
    app = open_app(url)
    app.create_league(name="d", ruleset="pennant-race", seed="11", actor="test")
    upgrade(app.store)
    sheets = [generate_sheet(c, c, lg, d, seed=40 + i) for i, (c, lg, d) in enumerate(PR_TEAMS)]
    app.import_teams([(s, s.code) for s in sheets], actor="test")
    app.import_schedule(balanced_schedule([t[0] for t in PR_TEAMS], 12, dt.date(1988, 4, 4), seed=2), "b", "test")
    app.simulate(actor="test")
    return app


def strat(url: str) -> Any:
    app = open_app(url)
    app.create_league("d", "strat-o-matic", "s5", actor="test")
    upgrade(app.store)
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in STRAT_TEAMS], actor="test")
    app.import_schedule(balanced_schedule(list(STRAT_TEAMS), 4, dt.date(2024, 4, 1), seed=3), "b", "test")
    app.simulate(actor="test")
    return app


def in_order(app: Any) -> list[str]:
    return sorted(app.league().games, key=lambda gid: game_key(app.game(gid)))


def record(app: Any) -> dict[str, Any]:
    """Each game as stored: version, setup, rolls in force, outcome."""
    out = {}
    for gid in app.league().games:
        g = app.game(gid)
        out[gid] = {"version": g.version, "setup": g.setup, "rolls": [r["dice"] for r in g.rolls],
                    "outcome": g.outcome, "status": g.status}
    return out


def views(app: Any) -> dict[str, Any]:
    """Every view row but the journal's: the journal records each command, the dispute and its undo too."""
    catch_up(app)
    rows = view_rows(app.store)
    del rows["rm_journal"]
    return rows


def journal_commands(app: Any) -> list[str]:
    catch_up(app)
    return [row[1] for row in view_rows(app.store, ["journal"])["rm_journal"]]


def stored_events(app: Any) -> int:
    return int(app.recorder.max_notification_id() or 0)


def kind_of(dice: str) -> str:
    return "d20" if dice.startswith("d") else ("triad" if len(dice) == 3 else "pair")


def other_roll(dice: str) -> str:
    """A different roll of the same kind."""
    if dice.startswith("d"):
        return f"d{21 - int(dice[1:])}"
    return "".join(str(7 - int(c)) for c in dice)


def dispute(app: Any, action: str, game: str, pick: int, dry_run: bool) -> dict[str, Any]:
    g = app.game(game)
    rolls = g.rolls
    roll = rolls[pick % len(rolls)]
    if action == "rewind":
        return app.rewind(game, roll["position"], reason="p", actor="test", cascade=True, dry_run=dry_run)
    if action == "void":
        return app.void(game, reason="p", actor="test", cascade=True, dry_run=dry_run)
    return app.correct(game, roll["position"], other_roll(roll["dice"]), reason="p", actor="test",
                       cascade=True, dry_run=dry_run)


SEASONS: dict[tuple[str, str], tuple[Any, dict[str, Any], dict[str, Any]]] = {}


def built(ruleset: str, url: str) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    if (ruleset, url) not in SEASONS:
        app = (pennant_race if ruleset == "pennant-race" else strat)(url)
        SEASONS[(ruleset, url)] = (app, record(app), views(app))
    return SEASONS[(ruleset, url)]


@pytest.fixture
def seasons() -> Any:
    yield
    for app, _, _ in SEASONS.values():
        app.close()
    SEASONS.clear()
    dispose_all()


@pytest.mark.parametrize("ruleset", ["pennant-race", "strat-o-matic"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.sampled_from(["rewind", "correct", "void"]), early=st.integers(0, 10**6),
       pick=st.integers(0, 10**6))
def test_a_dispute_keeps_every_later_games_dice_and_undo_gives_the_season_back(
    db_url: str, seasons: Any, ruleset: str, action: str, early: int, pick: int
) -> None:
    app, season, shown = built(ruleset, db_url)
    before = record(app)
    assert {gid: r["outcome"] for gid, r in before.items()} == {gid: r["outcome"] for gid, r in season.items()}
    order = in_order(app)
    game = order[early % (len(order) // 3)]
    # step: the dry run foretells, and stores nothing
    events = stored_events(app)
    foretold = dispute(app, action, game, pick, dry_run=True)
    assert stored_events(app) == events and record(app) == before
    # step: the dispute itself
    result = dispute(app, action, game, pick, dry_run=False)
    assert result["cascaded"] == foretold["cascaded"]
    after = record(app)
    changed = {c["game"]: c for c in result["cascaded"]}
    root_key = game_key(app.game(game))
    for gid in order:
        if gid == game:
            continue
        old, new = before[gid], after[gid]
        if gid not in changed:
            assert new == old, f"{gid} was not reported changed but its record differs"
            continue
        assert game_key(app.game(gid)) > root_key
        assert new["setup"] != old["setup"], f"{gid} re-resolved though its setup was unchanged"
        assert new["status"] == "final"
        rolls = app.game(gid).rolls
        for kind in ("triad", "pair", "d20"):
            recorded = [d for d in old["rolls"] if kind_of(d) == kind]
            kept = [r["dice"] for r in rolls if kind_of(r["dice"]) == kind and not r.get("fresh")]
            fresh = [r for r in rolls if kind_of(r["dice"]) == kind and r.get("fresh")]
            assert kept == recorded[:len(kept)], f"{gid}: its recorded {kind}s were not used in order"
            assert not fresh or len(kept) == len(recorded), f"{gid}: a fresh {kind} while recorded ones remained"
        assert changed[gid]["fresh_rolls"] == sum(1 for r in rolls if r.get("fresh"))
    report = audit(app)
    assert report.ok, report.problems[:3]
    # step: undo gives back the identical season, every view row
    app.undo(reason="p", actor="test")
    assert {gid: (r["setup"], r["rolls"], r["outcome"], r["status"]) for gid, r in record(app).items()} == {
        gid: (r["setup"], r["rolls"], r["outcome"], r["status"]) for gid, r in season.items()}
    assert views(app) == shown
    # what `league history` shows keeps both: the dispute, then its undo
    assert journal_commands(app)[-2:] == [action, "undo"]
    assert audit(app).ok
