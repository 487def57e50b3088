"""A report reads each final game once, and a report after a change sees the change.

``league report realism`` reads the final games three times; they are folded
once per log position (league.reports.final_games).  A later sim, a void or
an undo moves the log on, and the next report folds them again.
"""

from __future__ import annotations

from league.reports.final_games import final_games
from league.reports.pitcher_usage import league_outings
from tests.integration.test_tamper_evidence import season


def test_a_report_after_a_change_reads_the_games_again(db_url: str) -> None:
    app = season(db_url)  # nine games, all played
    first = final_games(app)
    assert [g for g, _ in first] == sorted(g for g, s in app.game_statuses().items() if s == "final")
    assert len(first) == 9
    assert final_games(app) is first  # nothing new in the log: the same folds
    outings = league_outings(app)
    games = app.league().games
    last = max(games, key=lambda g: (games[g]["date"], games[g]["number"]))  # nothing depends on it
    app.void(last, reason="wrong roster", actor="test")
    after = final_games(app)
    assert [g for g, _ in after] == [g for g, _ in first if g != last]
    assert {o.game for o in league_outings(app)} == {o.game for o in outings} - {last}
    app.undo(reason="the void was a mistake", actor="test")
    assert [g for g, _ in final_games(app)] == [g for g, _ in first]
    app.close()


def test_an_empty_league_has_no_final_games(db_url: str) -> None:
    from league.bootstrap import open_app

    app = open_app(db_url)
    app.create_league(name="t", ruleset="pennant-race", seed="1", actor="test")
    assert final_games(app) == []
    assert league_outings(app) == []
    app.close()
