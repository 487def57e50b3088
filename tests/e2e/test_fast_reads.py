"""A read command on current views prints exactly what the full path prints, table and --json.

The direct path (projections.current, projections.rows) reads a SQLite file
with the standard library alone, a PostgreSQL database with psycopg alone:
the league's name and players' names from the league view, the rows through
the driver.  ``LEAGUE_FAST_READS=0`` takes
the full path: the application, the projection runner and SQLAlchemy, names
from the League aggregate.  Every read command is run both ways, on a
Pennant Race season and on a Strat-O-Matic one (card ids named on screen),
on both stores.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli
from league.rules.strat.roster import CARD_SET
from projections.current import current
from projections.db import dispose_all
from league.bootstrap import parse_db_url
from tests.e2e.cli import make_league, ok, run_process

PR_SCHEDULE = "1988-04-04,TEX,CAL\n1988-04-05,CAL,TEX\n1988-04-06,TEX,CAL\n1988-04-07,CAL,TEX\n"


def run(db: str, args: list[str], fast: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("LEAGUE_FAST_READS", "1" if fast else "0")
    r = CliRunner().invoke(cli, ["--db", db, *args])
    assert r.exit_code == 0, (args, fast, r.output, r.exception)
    return r.output


def commands(db: str, team: str) -> list[list[str]]:
    games = json.loads(ok(db, "schedule", "list", "--status", "played", "--json"))
    game = games[0]["game"]
    base = [["standings"], ["stats", "pitching"], ["stats", "batting"], ["stats", "pitching", "--by", "team"],
            ["leaders"], ["leaders", "--combined", "--limit", "3"], ["injuries"], ["pitchers", "--team", team],
            ["game", "show", game], ["game", "log", game], ["history"], ["schedule", "list"],
            ["schedule", "list", "--team", team, "--status", "played"], ["teams", "list"], ["roster", team]]
    out = []
    for args in base:
        out += [args, [*args, "--json"]]
    return out + [["standings", "--csv"], ["stats", "batting", "--csv"], ["standings", "--as-of", "1988-04-05"]]


def same_both_ways(db: str, team: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ok(db, "standings")  # the views caught up (and migrated) once
    assert current(parse_db_url(db))
    for args in commands(db, team):
        direct = run(db, args, True, monkeypatch)
        full = run(db, args, False, monkeypatch)
        assert direct == full, args
        if args[0] in ("game", "history", "stats", "pitchers", "roster") and "--json" not in args:
            # A fresh interpreter has imported nothing the tests did (aggregate classes, topics).
            monkeypatch.setenv("LEAGUE_FAST_READS", "1")
            done = run_process(db, *args)
            assert done.returncode == 0 and done.stdout == full, (args, done.stderr)
    dispose_all()


def test_pennant_race_reads_are_the_same_both_ways(db_url: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # On PostgreSQL the direct path runs the same SQL text through psycopg alone (projections.rows).
    db = make_league(tmp_path, PR_SCHEDULE, db=db_url)
    ok(db, "sim", "--quiet")
    same_both_ways(db, "TEX", monkeypatch)


def test_card_game_reads_are_the_same_both_ways(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = db_url
    ok(db, "init", "--name", "Cards", "--ruleset", "strat-o-matic", "--seed", "3")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home\n2024-04-01,ANV,BRK\n2024-04-02,BRK,ANV\n2024-04-03,ANV,BRK\n")
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--quiet")
    # The screens name the players from the cards: the view holds the same names as the aggregate.
    assert "ANV" not in run(db, ["stats", "pitching"], True, monkeypatch).split("\n")[3].split("│")[0]
    same_both_ways(db, "ANV", monkeypatch)


def test_names_follow_an_undone_import(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from league.bootstrap import open_app
    from league.rules.strat.card_headers import pitcher_headers
    from projections.club_views import ClubViews

    db = db_url
    ok(db, "init", "--name", "Cards", "--ruleset", "strat-o-matic", "--seed", "3")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    ok(db, "undo", "--reason", "wrong files")
    ok(db, "teams", "import", str(CARD_SET / "BRK.txt"), str(CARD_SET / "ANV.txt"))
    sched = tmp_path / "u.csv"
    sched.write_text("date,visitor,home\n2024-04-01,ANV,BRK\n")
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--quiet")
    same_both_ways(db, "BRK", monkeypatch)
    # The calendars' direct reader found each club's sheet itself (an undone import: the search from
    # the newest League event back), the one the League aggregate holds, and the league view's card
    # headers followed the undo to that sheet's.
    app = open_app(db)
    try:
        views = ClubViews(SimpleNamespace(store=parse_db_url(db)))
        for team in ("ANV", "BRK"):
            sheet = app.league().sheets[team]
            assert views.club_sheet(team) == sheet, team
            headers = pitcher_headers(sheet["cards"])
            assert headers and views.card_pitchers(team) == [(h.id, h.name, h.starter, h.relief) for h in headers]
    finally:
        app.close()


def test_clubs_and_pitchers_follow_an_undone_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from league.data import data_path

    db = str(tmp_path / "c.db")
    ok(db, "init", "--name", "Undo", "--seed", "3")
    ok(db, "teams", "import", str(data_path("teams", "TEX.tsv")), str(data_path("teams", "CAL.tsv")))
    ok(db, "undo", "--reason", "wrong files")
    ok(db, "teams", "import", str(data_path("teams", "CAL.tsv")))
    for fast in (True, False):
        clubs = {r["team"] for r in json.loads(run(db, ["standings", "--json"], fast, monkeypatch))}
        assert clubs == {"CAL"}, fast
        monkeypatch.setenv("LEAGUE_FAST_READS", "1" if fast else "0")
        r = CliRunner().invoke(cli, ["--db", db, "pitchers", "--team", "TEX"])
        assert r.exit_code == 1 and "no team 'TEX'" in r.output, (fast, r.output)
        assert "CAL starters" in run(db, ["pitchers", "--team", "CAL"], fast, monkeypatch)


def test_the_schedule_follows_an_undone_schedule_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = make_league(tmp_path, PR_SCHEDULE, seed="3")
    ok(db, "standings")  # the views caught up with the first import
    sched = tmp_path / "more.csv"
    sched.write_text("date,visitor,home\n1988-04-08,TEX,CAL\n1988-04-09,CAL,TEX\n")
    ok(db, "schedule", "import", str(sched))
    ok(db, "standings")
    ok(db, "undo", "--reason", "wrong file")
    ok(db, "schedule", "import", str(sched))  # the same games again: the view takes them once
    ok(db, "undo", "--reason", "wrong again")
    for fast in (True, False):
        dates = [g["date"] for g in json.loads(run(db, ["schedule", "list", "--json"], fast, monkeypatch))]
        assert dates == ["1988-04-04", "1988-04-05", "1988-04-06", "1988-04-07"], fast


def _first_roll(db: str, game: str) -> tuple[int, str]:
    """A roll of the game to correct: its position and a different roll of the same dice."""
    for e in json.loads(ok(db, "game", "log", game, "--json")):
        dice = e.get("dice")
        if e["type"] in ("DiceRolled", "Rolled", "PlayResolved") and dice and dice.isdigit() and not e["superseded"]:
            return e["position"], "".join(str(7 - int(d)) for d in dice)
    raise AssertionError(f"no roll in {game}")


def disputed_games_read_the_same_both_ways(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Correct, rewind (left in progress), void and undo, then read every game both ways.

    The direct path folds each game's events itself (projections.game_record); the full path
    reads the aggregate: through rewinds, restarts, voids and reinstated states they must agree,
    superseded events included.
    """
    from projections.game_record import read_game

    games = [g["game"] for g in json.loads(ok(db, "schedule", "list", "--status", "played", "--json"))]
    position, roll = _first_roll(db, games[0])
    ok(db, "correct", games[0], "--position", str(position), "--roll", roll, "--reason", "misread", "--cascade")
    ok(db, "rewind", games[1], "--to", str(_first_roll(db, games[1])[0]), "--reason", "scorer's slip", "--cascade")
    ok(db, "void", games[-1], "--reason", "protest upheld", "--cascade")
    position, roll = _first_roll(db, games[2])
    ok(db, "correct", games[2], "--position", str(position), "--roll", roll, "--reason", "misread", "--cascade")
    ok(db, "undo", "--reason", "the roll was right")
    store = parse_db_url(db)
    for game in games:
        assert read_game(store, game) is not None, game  # the direct path, not a fall-back to the aggregate
        for args in (["game", "show", game], ["game", "log", game]):
            for extra in ([], ["--json"]):
                assert run(db, [*args, *extra], True, monkeypatch) == run(db, [*args, *extra], False, monkeypatch), \
                    (args, extra)
    assert read_game(store, "NOSUCHGAME") is None
    dispose_all()


def test_disputed_pennant_race_games_read_the_same_both_ways(db_url: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    db = make_league(tmp_path, PR_SCHEDULE, db=db_url)
    ok(db, "sim")
    disputed_games_read_the_same_both_ways(db, monkeypatch)


def test_disputed_card_games_read_the_same_both_ways(db_url: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    db = db_url
    ok(db, "init", "--name", "Cards", "--ruleset", "strat-o-matic", "--seed", "5")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    sched = tmp_path / "d.csv"
    sched.write_text("date,visitor,home\n2024-04-01,ANV,BRK\n2024-04-02,BRK,ANV\n2024-04-03,ANV,BRK\n"
                     "2024-04-04,BRK,ANV\n")
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--quiet")
    disputed_games_read_the_same_both_ways(db, monkeypatch)


def test_card_rest_calendars_read_the_same_both_ways(db_url: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Strat-O-Matic `pitchers` day by day, doubleheaders, an injured pitcher and tired relievers included.

    On current views the calendar reads the club's games, injuries and
    schedule from rows and its cards from the League's own events
    (projections.club_views): the same bytes as the calendar folded from the
    League and Staff aggregates, and no aggregate is folded (the
    event-sourcing library is not even imported), on SQLite through
    ``sqlite3`` and on PostgreSQL through psycopg.
    """
    db = db_url
    ok(db, "init", "--name", "Cards", "--ruleset", "strat-o-matic", "--seed", "3")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "BRK.txt"))
    lines = ["date,visitor,home,game"]
    first = datetime.date(2024, 4, 1)
    for i in range(20):  # a game a day, a doubleheader every sixth day: relievers work days in a row
        day, (v, h) = first + datetime.timedelta(days=i), (("ANV", "BRK") if i % 2 else ("BRK", "ANV"))
        lines += [f"{day},{v},{h},1", f"{day},{h},{v},2"] if i % 6 == 3 else [f"{day},{v},{h},0"]
    sched = tmp_path / "r.csv"
    sched.write_text("\n".join(lines) + "\n")
    ok(db, "schedule", "import", str(sched))
    ok(db, "sim", "--quiet", "--through", "2024-04-12")  # games left to play: "rested on" dates ahead
    ok(db, "standings")
    assert current(parse_db_url(db))
    seen: set[str] = set()
    for i in range(16):
        for team in ("ANV", "BRK"):
            args = ["pitchers", "--team", team, "--as-of", str(first + datetime.timedelta(days=i)), "--json"]
            direct = run(db, args, True, monkeypatch)
            assert direct == run(db, args, False, monkeypatch), args
            cal = json.loads(direct)
            for r in cal["starters"] + cal["relievers"]:
                if r["injured"]:
                    seen.add("injured")
            for r in cal["relievers"]:
                for why in ("days in a row", "already pitched today", "started"):
                    if why in (r["reason"] or ""):
                        seen.add(why)
    # The season as it stands: the tables, on the club's next game day.
    for team in ("ANV", "BRK"):
        for args in (["pitchers", "--team", team], ["pitchers", "--team", team, "--json"]):
            assert run(db, args, True, monkeypatch) == run(db, args, False, monkeypatch), args
    assert seen >= {"injured", "days in a row", "already pitched today"}, seen
    # Where the league view keeps no card headers for a club (a rule system that cannot vouch for
    # them), the calendar reads the club's cards from the League's events, and prints the same.
    from projections.club_views import ClubViews

    sheets: list[str] = []
    club_sheet = ClubViews.club_sheet
    monkeypatch.setattr(ClubViews, "card_pitchers", lambda self, team: [])
    monkeypatch.setattr(ClubViews, "club_sheet", lambda self, team: sheets.append(team) or club_sheet(self, team))
    for team in ("ANV", "BRK"):
        args = ["pitchers", "--team", team, "--json"]
        assert run(db, args, True, monkeypatch) == run(db, args, False, monkeypatch), args
    assert sheets == ["ANV", "BRK"], sheets
    monkeypatch.undo()
    # A fresh interpreter: the direct path prints the same and folds no aggregate; the pitchers come
    # from the league view's card headers (no event is decompressed, no card text read).
    monkeypatch.setenv("LEAGUE_FAST_READS", "1")
    script = ("import sys\nfrom commands.cli import cli\n"
              "try:\n    cli(sys.argv[1:], prog_name='league')\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
              "print('LOADED', sorted(m for m in ('eventsourcing', 'sqlalchemy', 'league.rules.pa.state', "
              "'league.rules.strat.manager', 'league.domain.staff', 'zstandard', 'league.rules.strat.card_headers') "
              "if m in sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script, "--db", db, "pitchers", "--team", "BRK"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == run(db, ["pitchers", "--team", "BRK"], False, monkeypatch)
    assert "LOADED []" in done.stderr, done.stderr
    dispose_all()


def test_a_postgresql_failure_during_a_direct_read_is_a_message(pg_url: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # The direct path's errors are psycopg's own (no event-sourcing library around them): the
    # commissioner still gets a line naming the database and exit status 1, not a traceback.
    import psycopg

    from league.data import data_path

    db = pg_url
    ok(db, "init", "--name", "test", "--seed", "1")
    ok(db, "teams", "import", str(data_path("teams", "TEX.tsv")), str(data_path("teams", "CAL.tsv")))
    ok(db, "standings")

    def server_gone(*args: object, **kwargs: object) -> None:
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("projections.queries.standings", server_gone)  # the name the command imports
    monkeypatch.setenv("LEAGUE_FAST_READS", "1")
    r = CliRunner().invoke(cli, ["--db", db, "standings"])
    assert r.exit_code == 1, r.output
    assert f"Error: cannot use the database {db}: server closed the connection unexpectedly" in r.output
    assert r.exception is None or isinstance(r.exception, SystemExit)
