"""``league site build|serve`` without a browser: refusals, the swap, incremental rebuilds, the server."""

from __future__ import annotations

import datetime as dt
import errno
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.cli import ok, run
from tests.e2e.site_leagues import event_count, pennant_race_league


def _manifest(out: Path) -> dict[str, Any]:
    return json.loads((out / ".site.json").read_text())


def _position_meta(page: Path) -> int:
    m = re.search(r'<meta name="league-log-position" content="(\d+)">', page.read_text())
    assert m is not None
    return int(m[1])


@pytest.fixture
def league_db(tmp_path: Path) -> str:
    db = str(tmp_path / "league.db")
    pennant_race_league(db, games_per_club=6).close()
    return db


def test_an_out_that_is_a_file_is_refused_and_nothing_changes(tmp_path: Path, league_db: str) -> None:
    target = tmp_path / "site.html"
    target.write_text("mine")
    before = _events(league_db)
    r = run(league_db, "site", "build", str(target))
    assert r.exit_code == 1
    assert f"{target}: is a file" in r.output and len(r.output.strip().splitlines()) == 1
    assert target.read_text() == "mine"
    assert _events(league_db) == before


def test_an_out_that_cannot_be_written_is_refused(tmp_path: Path, league_db: str) -> None:
    before = _events(league_db)
    r = run(league_db, "site", "build", "/proc/league-site")  # not writable, not even by root
    assert r.exit_code == 1
    assert "/proc/league-site: not writable" in r.output
    assert _events(league_db) == before
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        if os.geteuid() != 0:  # root may write anywhere
            r = run(league_db, "site", "build", str(locked / "site"))
            assert r.exit_code == 1 and "not writable" in r.output
    finally:
        locked.chmod(0o755)


def test_a_folder_that_is_not_a_site_is_left_alone(tmp_path: Path, league_db: str) -> None:
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "keep.jpg").write_text("x")
    r = run(league_db, "site", "build", str(folder))
    assert r.exit_code == 1 and "no site built by 'league site build'" in r.output
    assert [p.name for p in folder.iterdir()] == ["keep.jpg"]


def test_a_failed_build_leaves_the_previous_site_in_place(tmp_path: Path, league_db: str, monkeypatch: Any) -> None:
    out = tmp_path / "site"
    ok(league_db, "site", "build", str(out))
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    from league.site.pages import Pages

    calls = {"n": 0}
    real = Pages.render

    def failing(self: Any, path: str) -> str:
        calls["n"] += 1
        if calls["n"] > 10:
            raise RuntimeError("disk full, say")
        return real(self, path)

    monkeypatch.setattr(Pages, "render", failing)
    r = run(league_db, "site", "build", str(out), "--full")
    assert r.exit_code != 0
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".site")) == []


def test_a_disk_that_fills_up_mid_build_is_a_clear_refusal_and_the_old_site_stays(
    tmp_path: Path, league_db: str, monkeypatch: Any
) -> None:
    out = tmp_path / "site"
    ok(league_db, "site", "build", str(out))
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    from league.site.pages import Pages

    calls = {"n": 0}
    real = Pages.render

    def filling(self: Any, path: str) -> str:
        calls["n"] += 1
        if calls["n"] > 10:
            raise OSError(errno.ENOSPC, "No space left on device", path)
        return real(self, path)

    monkeypatch.setattr(Pages, "render", filling)
    r = run(league_db, "site", "build", str(out), "--full")
    assert r.exit_code == 1
    assert f"{out}: the site could not be written" in r.output and "No space left on device" in r.output
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".site")] == []


def test_a_rebuild_after_a_day_rewrites_only_the_pages_that_day_changed(tmp_path: Path, db_url: str) -> None:
    app = pennant_race_league(db_url, games_per_club=6, through=dt.date(1988, 4, 8))
    games = app.league().games
    dates = sorted({g["date"] for g in games.values()})
    played_through = max(d for d in dates if d <= "1988-04-08")
    next_day = min(d for d in dates if d > played_through)
    out = tmp_path / "site"
    first = json.loads(ok(db_url, "site", "build", str(out), "--json"))
    assert not first["incremental"] and first["written"] == first["pages"]
    old = _manifest(out)

    # step: one more day's games, then rebuild
    app.simulate(through=dt.date.fromisoformat(next_day), actor="test")
    app.close()
    inode = {p: (out / p).stat().st_ino for p in old["pages"]}
    text = {p: _unstamped(out / p) for p in old["pages"]}
    second = json.loads(ok(db_url, "site", "build", str(out), "--json"))
    new = _manifest(out)
    assert second["incremental"]
    assert new["position"] > old["position"]
    todays = {gid for gid, g in games.items() if g["date"] == next_day}
    rewritten = {p for p, pos in new["pages"].items() if pos == new["position"]}
    assert {f"games/{gid}.html" for gid in todays} <= rewritten
    assert {"index.html", "schedule.html"} <= rewritten
    assert second["written"] == len(rewritten) < second["pages"]
    for page, pos in new["pages"].items():
        assert _position_meta(out / page) == pos
        if page not in rewritten:
            assert pos == old["pages"][page] and (out / page).stat().st_ino == inode[page]
    # a page is rewritten only if it changed: not every player of the clubs that played, and never one
    # who did not play and whose season lines and injuries stayed the same
    changed = {p for p in rewritten if p in text and _unstamped(out / p) != text[p]}
    assert rewritten <= changed | {p for p in rewritten if p not in text}
    players = {p for p in new["pages"] if p.startswith("players/")}
    assert 0 < len(rewritten & players) < len(players)
    # every page, rewritten or kept, says what a whole new site says (but for the build it came from)
    whole = tmp_path / "whole"
    ok(db_url, "site", "build", str(whole), "--full")
    assert {p: _unstamped(out / p) for p in new["pages"]} == {p: _unstamped(whole / p) for p in new["pages"]}


def _unstamped(page: Path) -> str:
    """The page without what says which build made it (log position, seal, time)."""
    return re.sub(r'<meta name="league-log-position" content="\d+">|<footer>.*?</footer>|<code class="seal">[^<]*</code>'
                  r"|taken [0-9T:+-]+", "", page.read_text(), flags=re.S)


def _seal_on_home_page(out: Path) -> str:
    m = re.search(r'<code class="seal">(\d+:[0-9a-f]{64})</code>', (out / "index.html").read_text())
    assert m is not None
    return m[1]


def _verify_seal(db: str) -> str:
    seal = json.loads(ok(db, "verify", "--seal", "--json"))["seal"]
    assert isinstance(seal, str)
    return seal


def test_a_rebuild_extends_the_last_builds_seal_to_exactly_verify_seal(tmp_path: Path, monkeypatch: Any) -> None:
    db = str(tmp_path / "league.db")
    app = pennant_race_league(db, games_per_club=6, through=dt.date(1988, 4, 7))
    out = tmp_path / "site"
    ok(db, "site", "build", str(out))
    first = _manifest(out)["seal"]
    assert f"{first['position']}:{first['fingerprint']}" == _seal_on_home_page(out) == _verify_seal(db)
    assert first["state"]  # the running state the next build extends

    # step: more games, rebuild: the seal is extended over the new events only, and equals verify --seal
    app.simulate(through=dt.date(1988, 4, 9), actor="test")
    from league.site import sealing

    from league.site import build_site

    calls = {"whole": 0}
    real = sealing.whole_seal

    def counted(app: Any, position: int) -> Any:
        calls["whole"] += 1
        return real(app, position)

    monkeypatch.setattr(sealing, "whole_seal", counted)
    report = build_site(app, out)
    app.close()
    assert report.incremental and calls["whole"] == 0
    assert _seal_on_home_page(out) == _verify_seal(db) != f"{first['position']}:{first['fingerprint']}"

    # step: a state that does not give the recorded seal is not used: the whole log is hashed again
    manifest = _manifest(out)
    manifest["seal"]["state"] = manifest["seal"]["state"][:-8] + "00000000"
    manifest["seal"]["fingerprint"] = "0" * 64
    (out / ".site.json").write_text(json.dumps(manifest))
    ok(db, "site", "build", str(out))
    assert _seal_on_home_page(out) == _verify_seal(db)
    assert _manifest(out)["seal"]["fingerprint"] != "0" * 64


def test_serve_binds_to_this_machine_and_stops_cleanly(tmp_path: Path, league_db: str) -> None:
    out = tmp_path / "site"
    ok(league_db, "site", "build", str(out))
    proc = subprocess.Popen([sys.executable, "-m", "commands", "site", "serve", str(out), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # type: ignore[union-attr]
        m = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        assert m, line
        with urllib.request.urlopen(m[1] + "index.html", timeout=5) as page:
            assert b"Site PR League" in page.read()
        proc.send_signal(signal.SIGTERM)
        t0 = time.monotonic()
        assert proc.wait(timeout=5) == 0
        assert time.monotonic() - t0 < 3
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_refuses_a_folder_with_no_site(tmp_path: Path) -> None:
    r = run(str(tmp_path / "league.db"), "site", "serve", str(tmp_path), "--port", "0")
    assert r.exit_code == 1 and "no site here" in r.output


def _events(db: str) -> int:
    from league.bootstrap import open_app

    app = open_app(db)
    try:
        return event_count(app)
    finally:
        app.close()


def test_pages_rendered_by_forked_workers_are_the_pages_one_process_renders(
    tmp_path: Path, db_url: str, monkeypatch: Any
) -> None:
    """The workers read calendars and box-score lines with their own connections (PostgreSQL too)."""
    pennant_race_league(db_url, games_per_club=6).close()
    league_db = db_url
    monkeypatch.setenv("LEAGUE_SITE_WORKERS", "1")
    ok(league_db, "site", "build", str(tmp_path / "one"))
    monkeypatch.setenv("LEAGUE_SITE_WORKERS", "2")
    monkeypatch.setattr("league.site.build.PARALLEL_FROM", 1)
    ok(league_db, "site", "build", str(tmp_path / "two"))

    def pages(folder: Path) -> dict[str, str]:
        taken = re.compile(r"taken \d{4}-\d\d-\d\dT[\d:]+\+00:00")  # the seal's wall-clock time
        return {str(p.relative_to(folder)): taken.sub("taken <time>", p.read_text())
                for p in folder.rglob("*.html")}

    one, two = pages(tmp_path / "one"), pages(tmp_path / "two")
    assert len(one) > 20 and one == two


def test_a_strat_club_page_shows_who_started_last_needs_his_full_rest(tmp_path: Path) -> None:
    from tests.e2e.site_leagues import last_game, strat_league

    db = str(tmp_path / "strat.db")
    app = strat_league(db, tmp_path)
    game = last_game(app)
    g = app.game(game)
    app.close()
    out = tmp_path / "site"
    ok(db, "site", "build", str(out))
    for side in ("visitor", "home"):
        starter = g.outcome[side]["pitching"][0]["pitcher"]
        page = (out / "clubs" / f"{g.outcome[side]['team'].lower()}.html").read_text()
        row = re.search(rf"\({starter}\)</a></td><td>(\d)</td><td>(\d*)</td><td class=\"text\">([^<]*)<", page)
        assert row is not None, starter
        assert (row[2], row[3]) == ("0", f"needs {row[1]} more game(s)")


def test_a_rebuild_keeps_a_game_log_only_where_it_reads_as_a_whole_build_writes_it(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A player page's game log is kept from the last build's page, with the new games' rows added,
    unless one of his club's changed games is dated on or before the last row shown (a rewound game)."""
    from league.site import logs, pages

    db = str(tmp_path / "league.db")
    app = pennant_race_league(db, games_per_club=6, through=dt.date(1988, 4, 8))
    dates = sorted({g["date"] for g in app.league().games.values()})
    played = max(d for d in dates if d <= "1988-04-08")
    out = tmp_path / "site"
    ok(db, "site", "build", str(out))

    # step: the last game already on the site is rewound and replayed, and the next day is played
    rewound = last_game_through(app, played)
    app.rewind(rewound, 2, reason="home roll misread at the table", actor="commissioner")
    app.simulate(through=dt.date.fromisoformat(min(d for d in dates if d > played)), actor="test")
    app.close()
    kept: dict[str, tuple[bool, bool]] = {}  # page -> (its log showed the rewound game, the log was kept)

    def watched(page: Path, changed_dates: Any) -> Any:
        found = logs.kept_logs(page, changed_dates)
        kept[page.name] = (f"{rewound}.html" in page.read_text().partition("data-log=")[2], found is not None)
        return found

    monkeypatch.setattr(pages, "kept_logs", watched)
    assert json.loads(ok(db, "site", "build", str(out), "--json"))["incremental"]
    # the logs that showed the rewound game are read whole again; others (the other clubs') are kept
    assert {k for showed, k in kept.values() if showed} == {False}
    assert {k for showed, k in kept.values() if not showed} >= {True}
    whole = tmp_path / "whole"
    ok(db, "site", "build", str(whole), "--full")
    pages_now = _manifest(out)["pages"]
    assert {p: _unstamped(out / p) for p in pages_now} == {p: _unstamped(whole / p) for p in pages_now}


def last_game_through(app: Any, day: str) -> str:
    """The last game played on or before ``day``."""
    games = {k: g for k, g in app.league().games.items() if g["date"] <= day}
    return max(games, key=lambda k: (games[k]["date"], games[k]["number"], k))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_old_site_is_removed_after_a_rebuild(tmp_path: Path, league_db: str, monkeypatch: Any,
                                                  workers: str) -> None:
    """In one process the build removes it itself; otherwise a process of its own does, unwaited for."""
    monkeypatch.setenv("LEAGUE_SITE_WORKERS", workers)
    out = tmp_path / "site"
    ok(league_db, "site", "build", str(out))
    ok(league_db, "site", "build", str(out), "--full")
    deadline = time.monotonic() + 30
    while [p for p in tmp_path.iterdir() if p.name.startswith(".site.old-")] and time.monotonic() < deadline:
        assert workers != "1"
        time.sleep(0.05)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".site")] == []
    assert (out / "index.html").is_file()
