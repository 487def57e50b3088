"""``league export retrosheet`` asks the league's rule system for the play-by-play, not each game its kind.

A Pennant Race game is decided by a few rolls: its rule system has no card
engine to replay plays with, so the export is refused before any game is
read, naming why, and writes nothing.
"""

from __future__ import annotations

from pathlib import Path

from tests.e2e.cli import make_league, ok, refused


def test_a_league_whose_games_have_no_play_by_play_is_not_exported(tmp_path: Path) -> None:
    db = make_league(tmp_path, "1988-04-04,TEX,CAL\n")
    ok(db, "sim")
    out = tmp_path / "retro"
    for args in (["--season", str(out)], ["CAL198804040", str(out)]):
        assert "no play-by-play" in refused(db, "export", "retrosheet", *args)
    assert not out.exists()
