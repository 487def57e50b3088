"""Generated roster sheets: valid, deterministic, on the manual's scale."""

from __future__ import annotations

import pytest

from league.data import data_path
from league.rules.pennant_race.sheet import FIELDING, parse_sheet, read_sheet, write_sheet
from league.rules.pennant_race.sheetgen import TEAMS_1988, generate_1988_league, generate_sheet

SEEDS = range(200)


@pytest.mark.parametrize("league", ["AL", "NL"])
def test_every_generated_sheet_passes_validation_and_round_trips(league):
    for seed in SEEDS:
        sheet = generate_sheet("GEN", "Generated", league, "East", seed)
        assert parse_sheet(write_sheet(sheet), f"seed {seed}") == sheet


def test_same_seed_gives_the_same_sheet_and_another_seed_another():
    assert generate_sheet("ABC", "A", "AL", "East", 5) == generate_sheet("ABC", "A", "AL", "East", 5)
    assert generate_sheet("ABC", "A", "AL", "East", 5) != generate_sheet("ABC", "A", "AL", "East", 6)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 42])
def test_generated_staff_has_six_starters_and_seven_relievers(seed):
    sheet = generate_sheet("ABC", "A", "AL", "East", seed)
    starters = [p for p in sheet.pitchers if p.is_starter]
    relievers = [p for p in sheet.pitchers if p.is_reliever and not p.is_starter]
    assert len(starters) == 6 and len(relievers) == 7
    assert all(p.rest in (4, 5) and 1.5 <= p.st <= 4.5 and 3 <= p.end <= 9 for p in starters)
    assert sum(p.fat_asterisk for p in relievers) == 2
    assert all(-4 <= p.rel <= 7 for p in relievers)


def test_some_generated_teams_have_a_swingman():
    swingmen = sum(any(p.dual_role for p in generate_sheet("ABC", "A", "AL", "E", s).pitchers) for s in SEEDS)
    assert 30 < swingmen < 120


@pytest.mark.parametrize("league, ninth", [("AL", "DH"), ("NL", "P")])
def test_generated_lineup_has_eight_fielders_plus_dh_or_pitcher(league, ninth):
    sheet = generate_sheet("ABC", "A", league, "East", 9)
    assert sorted(b.pos for b in sheet.lineup) == sorted(FIELDING + (ninth,))
    if ninth == "P":
        pitcher = sheet.fielder_at("P")
        assert pitcher.fld is not None and pitcher.bat <= 1


def test_generated_dice_and_extra_inning_ranges_cover_the_sheet():
    for seed in SEEDS:
        sheet = generate_sheet("ABC", "A", "NL" if seed % 2 else "AL", "East", seed)
        assert [b.dice for b in sheet.lineup] == [11, 12, 13, 14, 15, 16, 17, 18, None]
        assert len(sheet.bench) == 4
        ei = sorted(b.ei for b in sheet.batters)
        assert ei[0][0] == 11 and ei[-1][1] == 66
        assert [b.ei[1] for b in sheet.lineup][-1] == 36 and sheet.bench[0].ei[0] == 41
        xhr = [b.xhr for b in sheet.batters if b.xhr is not None]
        assert xhr == sorted(xhr) and xhr[-1] == 66
        assert sheet.xhr_grid[-1] == 666
        assert 2 <= min(b.bat for b in sheet.lineup if b.pos != "P") and max(b.bat for b in sheet.lineup) <= 5


def test_generate_1988_league_writes_26_valid_sheets_with_the_manual_texas(tmp_path):
    paths = generate_1988_league(tmp_path)
    assert len(paths) == 26
    sheets = {s.code: s for s in map(read_sheet, paths)}
    assert set(sheets) == set(TEAMS_1988)
    assert sheets["TEX"] == read_sheet(data_path("teams", "TEX.tsv"))
    divisions = {}
    for s in sheets.values():
        divisions.setdefault((s.league, s.division), []).append(s.code)
    assert sorted(len(v) for v in divisions.values()) == [6, 6, 7, 7]
    assert sheets["SLN"].fielder_at("P") is not None and sheets["BAL"].fielder_at("DH") is not None
