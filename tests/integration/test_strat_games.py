"""Simulated Strat-O-Matic games: rewind-and-replay reproduces them; box lines balance."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.application.app import LeagueApp
from league.domain.dice import roll_from_text
from league.rules.strat.team_file import read_card_team
from league.adapters.schedule import balanced_schedule
from league.rules.pa.game import DECISION, PAGame
from league.rules.pa.season import one_roll as _one_roll
from league.rules.pa.replay import fold
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.roster import CARD_SET

TEAMS = ("ANV", "BRK", "CDR", "DUN")
_APP: dict[str, LeagueApp] = {}


def league(seed: str, teams: tuple[str, ...], games: int, ruleset: str = "strat-o-matic") -> LeagueApp:
    """An in-memory Strat league of ``teams`` with a balanced schedule of ``games`` each, not yet played."""
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("T", ruleset, seed)
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in teams], actor="t")
    app.import_schedule(balanced_schedule(list(teams), games, dt.date(2024, 4, 1), seed=3), "b", "t")
    return app


def season() -> LeagueApp:
    """Four clubs, 6 games each, simulated once in memory and shared by the tests."""
    if "app" not in _APP:
        app = league("t1", TEAMS, 6)
        app.simulate()
        _APP["app"] = app
    return _APP["app"]


def super_season() -> LeagueApp:
    """The same four clubs under the super advanced rules (the newest revision), simulated once in memory."""
    if "super" not in _APP:
        app = league("t1", TEAMS, 6, "strat-o-matic-super")
        app.simulate()
        _APP["super"] = app
    return _APP["super"]


def games(app: LeagueApp) -> list[PAGame]:
    return [app.game(g) for g in sorted(app.league().games)]


def _cards(app: LeagueApp, g: PAGame) -> Any:
    from league.rules.pa.replay import cards_for

    return cards_for(app.league().sheets, (g.visitor, g.home), ENGINE)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 11), where=st.floats(0, 1))
def test_rewinding_to_any_roll_and_replaying_the_same_rolls_reproduces_the_game(which: int, where: float) -> None:
    _rewind_and_replay(season(), which, where)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, 11), where=st.floats(0, 1))
def test_super_advanced_games_rewound_anywhere_replay_the_same(which: int, where: float) -> None:
    """Revision 2 keeps facts on the game state (runs by pitcher and inning, the closer's switch): a
    replay from any roll must rebuild them, so the game ends in the same state."""
    _rewind_and_replay(super_season(), which, where)


def _rewind_and_replay(app: LeagueApp, which: int, where: float) -> None:
    original = games(app)[which]
    cards = _cards(app, original)
    entries = original.entries
    k = int(where * (len(entries) - 1))
    to = entries[k]["position"]
    # step: a copy of the game, rewound to that roll
    g: PAGame = app.repository.get(original.id)
    g.rewind(to=to, to_start=False, reason="test", actor="t")
    f = fold(g, cards, ENGINE)
    # step: replay the same remaining entries: decisions as made, rolls fed one by one
    rest = [e for e in entries if e["position"] >= to]
    rolls = [roll_from_text(e["dice"]) for e in rest if e["kind"] != DECISION and e["dice"]]
    for e in rest:
        if e["kind"] == DECISION:
            f.decide(e["decision"])
            g.decide(team=e["team"], decision=e["decision"], actor="t")
        else:
            _one_roll(g, f, lambda need: rolls.pop(0))
    strip = lambda es: [{k: v for k, v in e.items() if k != "position"} for e in es]  # noqa: E731
    assert strip(g.entries) == strip(entries)
    assert f.state == fold(original, cards, ENGINE).state and f.state.over


@pytest.mark.parametrize("which", ["advanced", "super advanced"])
def test_batting_and_pitching_lines_balance(which: str) -> None:
    for g in games(season() if which == "advanced" else super_season()):
        o = g.outcome
        assert o is not None
        for side, other in (("visitor", "home"), ("home", "visitor")):
            bat, pit = o[side]["batting"], o[other]["pitching"]
            for k in ("h", "bb", "so", "hr"):
                assert sum(b[k] for b in bat) == sum(p[k] for p in pit), (g.game, side, k)
            assert sum(b["r"] for b in bat) == o[side]["runs"] == sum(p["r"] for p in pit) == sum(o[side]["line"])
            for b in bat:
                assert b["ab"] + b["bb"] + b["hbp"] + b["sh"] + b["sf"] == b["pa"], b
            assert sum(b["pa"] for b in bat) == sum(p["bf"] for p in pit)
        decisions = [p["decision"] for s in ("visitor", "home") for p in o[s]["pitching"]]
        assert decisions.count("W") == 1 and decisions.count("L") == 1 and decisions.count("SV") <= 1


def test_starters_get_four_games_rest() -> None:
    app = season()
    for team in TEAMS:
        by_game = sorted(app.staff(team).by_game.values(), key=lambda x: (x["date"], x["number"]))
        starts = [next(a["pitcher"] for a in x["appearances"] if a["role"] == "start") for x in by_game]
        for i, s in enumerate(starts):
            assert s not in starts[max(0, i - 4):i], (team, starts)


def test_audit_rederives_every_strat_game() -> None:
    from league.application.audit import audit

    report = audit(season())
    assert report.ok, report.problems
    assert report.games == 12


def test_audit_rederives_every_super_advanced_game_of_revision_4() -> None:
    from league.application.audit import audit

    app = super_season()
    assert {g.setup["level"] for g in games(app)} == {"super+r4"}
    report = audit(app)
    assert report.ok, report.problems
    assert report.games == 12


def test_games_set_up_at_revision_2_replay_revision_2_and_audit_clean(monkeypatch: Any) -> None:
    from league.application.audit import audit
    from league.rules.strat import card_engine

    monkeypatch.setitem(card_engine.LEVELS, "strat-o-matic-super", ("super+r2", True))
    app = league("t1", TEAMS, 2, "strat-o-matic-super")
    app.simulate()
    monkeypatch.undo()  # the audit reads each game's revision from its setup, not the ruleset's newest
    assert {g.setup["level"] for g in games(app)} == {"super+r2"}
    report = audit(app)
    assert report.ok, report.problems


def test_games_set_up_at_revision_3_replay_revision_3_and_audit_clean(monkeypatch: Any) -> None:
    """Revision 4 (the super advanced fielding chart) changes X-chances: a game set up at revision 3 still
    reads the advanced chart, replays to its stored outcome and audits clean."""
    from league.application.audit import audit
    from league.rules.strat import card_engine

    monkeypatch.setitem(card_engine.LEVELS, "strat-o-matic-super", ("super+r3", True))
    app = league("t1", TEAMS, 2, "strat-o-matic-super")
    app.simulate()
    monkeypatch.undo()
    assert {g.setup["level"] for g in games(app)} == {"super+r3"}
    charts = {s.get("chart") for g in games(app) for e in g.entries for s in (e.get("play") or {}).get("steps", ())}
    assert "advanced fielding" in charts and not any(str(c).startswith("super fielding") for c in charts)
    report = audit(app)
    assert report.ok, report.problems


def test_correcting_a_strat_roll_then_undoing_it_restores_the_game() -> None:
    from league.application.audit import audit
    from league.application.verify import verify

    # Its own league: the shared one must stay as simulated for the other tests.
    app = league("t2", TEAMS[:2], 2)
    app.simulate()
    g = max(games(app), key=lambda x: (x.date, x.number, x.game))
    before = (g.outcome, [r["dice"] for r in g.rolls])
    first = g.rolls[0]
    new = "".join(str(7 - int(d)) for d in first["dice"]) if first["dice"].isdigit() else first["dice"]
    app.correct(g.game, first["position"], new, reason="typo", actor="t")
    corrected = app.game(g.game)
    assert corrected.rolls[0]["dice"] == new and corrected.status == "final"
    assert audit(app).ok and verify(app).ok
    app.undo(reason="no, it was right", actor="t")
    back = app.game(g.game)
    assert (back.outcome, [r["dice"] for r in back.rolls]) == before
    assert audit(app).ok and verify(app).ok


def test_a_strat_game_left_mid_way_by_a_rewind_depends_on_its_clubs_earlier_games() -> None:
    from league.application.corrections import dependents

    # Its own league: the shared one must stay as simulated for the other tests.
    app = league("t3", TEAMS[:2], 3)
    app.simulate()
    first, *_, last = games(app)
    # step: the last game is rewound to its middle: its starters were chosen from the earlier games
    app.rewind(last.game, last.entries[len(last.entries) // 2]["position"], reason="dispute", actor="t")
    assert app.game(last.game).status == "in progress"
    assert last.game in dependents(app, first.game)


def test_a_strat_game_being_played_by_hand_depends_on_its_clubs_earlier_games() -> None:
    from league.application.corrections import dependents
    from league.domain.dice import SeededDice
    from league.rules.pa.handplay import roll, start_game

    app = league("t4", TEAMS[:2], 3)
    order = sorted(app.league().games, key=lambda g: (app.league().games[g]["date"], g))
    app.simulate(through=dt.date.fromisoformat(app.league().games[order[-2]]["date"]), actor="t")
    # step: the last game is started by hand and rolled through its first half-inning
    last = order[-1]
    start_game(app, last, actor="t")
    roll(app, last, SeededDice("hand").roll, until="half", actor="t", dice_label="seeded")
    assert app.game(last).status == "in progress"
    assert last in dependents(app, order[0])
    # step: finished, it is found through its clubs' Staff instead
    app.simulate(actor="t")
    assert app.game(last).status == "final" and last in dependents(app, order[0])

