"""`league pitchers` on a card league reads the pitchers' card headers from the league view, or the club's
current sheet from one event when it can, and the same calendar as the aggregates' fold in every case
(issue #16: the sheet search, the card headers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli
from league.rules.strat.roster import CARD_SET
from projections.db import dispose_all
from tests.e2e.cli import ok

SCHEDULE = "date,visitor,home\n2024-04-01,ANV,BRK\n2024-04-02,BRK,ANV\n2024-04-03,ANV,BRK\n"


def pitchers(db: str, team: str, fast: bool, monkeypatch: pytest.MonkeyPatch, *more: str) -> str:
    monkeypatch.setenv("LEAGUE_FAST_READS", "1" if fast else "0")
    r = CliRunner().invoke(cli, ["--db", db, "pitchers", "--team", team, *more])
    assert r.exit_code == 0, (fast, r.output, r.exception)
    return r.output


def same_both_ways(db: str, team: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The calendar from the views' rows and the one-event sheet read, and from the aggregates: the same bytes."""
    for more in ((), ("--json",), ("--as-of", "2024-04-02"), ("--as-of", "2024-04-02", "--json")):
        direct = pitchers(db, team, True, monkeypatch, *more)
        assert direct == pitchers(db, team, False, monkeypatch, *more), more
    dispose_all()
    return pitchers(db, team, True, monkeypatch, "--json")


def league(tmp_path: Path, *files: Path) -> str:
    db = str(tmp_path / "cards.db")
    ok(db, "init", "--name", "Cards", "--ruleset", "strat-o-matic", "--seed", "3")
    ok(db, "teams", "import", *map(str, files))
    sched = tmp_path / "s.csv"
    sched.write_text(SCHEDULE)
    ok(db, "schedule", "import", str(sched))
    return db


def count_decompressed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    import league.adapters.event_bytes as event_bytes

    calls = [0]
    real = event_bytes.decompress

    def counted(stored: bytes) -> bytes:
        calls[0] += 1
        return real(stored)

    monkeypatch.setattr(event_bytes, "decompress", counted)
    return calls


def test_a_club_registered_once_is_read_from_its_one_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from projections.club_views import ClubViews

    db = league(tmp_path, CARD_SET / "ANV.txt", CARD_SET / "BRK.txt")
    ok(db, "sim", "--quiet")
    same_both_ways(db, "ANV", monkeypatch)
    calls = count_decompressed(monkeypatch)
    cal = json.loads(pitchers(db, "ANV", True, monkeypatch, "--json"))
    assert calls[0] == 0  # the pitchers' card headers come from the league view (rm_card_pitchers)
    assert cal["games_counted"] == 3 and cal["starters"] and cal["relievers"]
    # Where the view keeps no headers for the club, its sheet is read from the League's events.
    monkeypatch.setattr(ClubViews, "card_pitchers", lambda self, team: [])
    assert json.loads(pitchers(db, "ANV", True, monkeypatch, "--json")) == cal
    # ANV was registered first: the search from the newest event back would read BRK's sheet too.
    assert calls[0] == 1


def test_a_club_registered_again_shows_its_new_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (CARD_SET / "BRK.txt").read_text(encoding="utf-8")
    pitcher = text.index("\nPITCHER ")
    name_at = text.index("name: ", pitcher) + len("name: ")
    old_name = text[name_at:text.index("\n", name_at)]
    changed = tmp_path / "BRK.txt"
    changed.write_text(text[:name_at] + "Renamed Righty*" + text[name_at + len(old_name):], encoding="utf-8")
    db = league(tmp_path, CARD_SET / "ANV.txt", CARD_SET / "BRK.txt")
    ok(db, "teams", "import", str(changed))  # a second registration of BRK: its later sheet counts
    ok(db, "sim", "--quiet")
    cal = json.loads(same_both_ways(db, "BRK", monkeypatch))
    names = [r["name"] for r in cal["starters"] + cal["relievers"]]
    assert "Renamed Righty*" in names and old_name not in names
    # The asterisk (26.1) is read from the new header: three games of rest, where the others need four.
    assert {r["name"]: r["rest"] for r in cal["starters"]}["Renamed Righty*"] == 3
    same_both_ways(db, "ANV", monkeypatch)


def test_a_club_after_an_undone_import_reads_the_same_both_ways(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    db = league(tmp_path, CARD_SET / "ANV.txt", CARD_SET / "BRK.txt")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"))
    ok(db, "undo", "--reason", "the same file twice")
    ok(db, "sim", "--quiet")
    same_both_ways(db, "ANV", monkeypatch)
    same_both_ways(db, "BRK", monkeypatch)
