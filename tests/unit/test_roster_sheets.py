"""Roster sheets: the Texas sheet of the manual, the round trip, every refusal."""

from __future__ import annotations

import pytest

from league.data import data_path, shipped_team_paths
from league.domain.errors import InputError
from league.rules.pennant_race.sheet import parse_sheet, read_sheet, write_sheet

TEX = data_path("teams", "TEX.tsv").read_text(encoding="utf-8")


def line_of(text: str, start: str) -> int:
    """1-based number of the first line starting with ``start``."""
    for n, line in enumerate(text.splitlines(), start=1):
        if line.startswith(start):
            return n
    raise AssertionError(f"no line starts with {start!r}")


def replace_line(start: str, new: str | None, text: str = TEX) -> str:
    lines = text.splitlines()
    n = line_of(text, start) - 1
    if new is None:
        del lines[n]
    else:
        lines[n] = new
    return "\n".join(lines) + "\n"


def rejected(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        parse_sheet(text, "tex.tsv")
    assert info.value.source == "tex.tsv"
    return info.value


def assert_rejected(text: str, line: int | None, field: str | None, *words: str) -> InputError:
    err = rejected(text)
    assert (err.line, err.field) == (line, field), str(err)
    for word in words:
        assert word.lower() in err.message.lower(), err.message
    return err


# --- the manual's Texas sheet ------------------------------------------------

def test_texas_team_ratings_equal_the_manual():
    sheet = read_sheet(data_path("teams", "TEX.tsv"))
    assert (sheet.code, sheet.name, sheet.league, sheet.division) == ("TEX", "Texas Rangers", "AL", "West")
    assert sheet.bat_value == 28 == sum(b.bat for b in sheet.lineup)
    assert sheet.unearned == (2, 0, 1, 1, 0, 1, 2, 1)
    assert sheet.xhr_grid == (111, 141, 245, 666)


def test_texas_starters_equal_section_1_1():
    sheet = read_sheet(data_path("teams", "TEX.tsv"))
    starters = [(p.name, p.st, p.end, p.rest, p.cg, p.sho) for p in sheet.pitchers if p.is_starter]
    assert starters == [
        ("CHARLIE HOUGH", 4.5, 8, 4, 522, 666),
        ("PAUL KILGUS", 2.5, 6, 4, 612, 634),
        ("JOSE GUZMAN", 3.5, 7, 4, 555, 644),
        ("JEFF RUSSELL", 3.5, 8, 5, 553, 666),
        ("BOBBY WITT", 3.0, 7, 5, 334, 634),
        ("RAY HAYWARD", 1.5, 3, 7, 636, 636),
    ]
    assert not any(p.is_reliever for p in sheet.pitchers if p.is_starter)


def test_texas_relievers_equal_section_1_2():
    sheet = read_sheet(data_path("teams", "TEX.tsv"))
    relievers = [(p.name, p.rel, p.fat, p.fat_asterisk) for p in sheet.pitchers if not p.is_starter]
    assert relievers == [
        ("DEWAYNE VAUGHN", 7, None, True),
        ("DWAYNE HENRY", 7, None, True),
        ("ED VANDE BERG", 2, None, True),
        ("JOSE CECENA", 4, None, True),
        ("CRAIG MCMURTRY", -4, 4, False),
        ("DALE MOHORCIC", 4, 3, False),
        ("MITCH WILLIAMS", 3, 1, False),
    ]


def test_texas_lineup_equals_section_1_3():
    sheet = read_sheet(data_path("teams", "TEX.tsv"))
    lineup = [(b.slot, b.name, b.pos, b.bat, b.pow, b.spd, b.xhr, b.fld, b.ei, b.dice) for b in sheet.lineup]
    assert lineup == [
        ("1", "ODDIBE MCDOWELL", "CF", 2, 2, 5, 12, 0, (11, 12), 11),
        ("2", "CECIL ESPY", "RF", 2, 1, 5, None, 1, (13, 14), 12),
        ("3", "PETE O'BRIEN", "1B", 4, 3, 1, 21, 2, (15, 16), 13),
        ("4", "PETE INCAVIGLIA", "LF", 2, 4, 2, 33, 1, (21, 22), 14),
        ("5", "RUBEN SIERRA", "DH", 3, 3, 3, 51, None, (23, 24), 15),
        ("6", "STEVE BUECHELE", "3B", 2, 3, 1, 61, 2, (25, 26), 16),
        ("7", "CURT WILKERSON", "2B", 5, 2, 2, None, 1, (31, 32), 17),
        ("8", "GENO PETRALLI", "C", 4, 2, 0, 63, -1, (33, 34), 18),
        ("9", "SCOTT FLETCHER", "SS", 4, 1, 2, None, 2, (35, 36), None),
    ]


def test_texas_bench_covers_extra_inning_numbers_41_to_66():
    sheet = read_sheet(data_path("teams", "TEX.tsv"))
    assert [b.slot for b in sheet.bench] == ["A", "B", "C", "D"]
    assert sheet.bench[0].ei[0] == 41 and sheet.bench[-1].ei[1] == 66
    assert all(b.dice is None for b in sheet.bench)


# --- round trip and tolerance ------------------------------------------------

@pytest.mark.parametrize("path", shipped_team_paths(), ids=lambda p: p.stem)
def test_shipped_sheet_round_trips_exactly(path):
    text = path.read_text(encoding="utf-8")
    sheet = read_sheet(path)
    assert write_sheet(sheet) == text
    assert parse_sheet(write_sheet(sheet), "again") == sheet
    assert type(sheet).from_dict(sheet.to_dict()) == sheet


def test_shipped_demo_league_has_two_divisions_of_four():
    sheets = [read_sheet(p) for p in shipped_team_paths()]
    divisions = {}
    for s in sheets:
        divisions.setdefault((s.league, s.division), set()).add(s.code)
    assert divisions == {("AL", "West"): {"TEX", "CAL", "OAK", "SEA"}, ("AL", "East"): {"NYA", "BOS", "DET", "TOR"}}


def test_crlf_trailing_whitespace_and_comments_are_tolerated():
    text = "# Texas, 1988\r\n" + "\r\n".join(line + "  " for line in TEX.splitlines()) + "\r\n"
    text = text.replace("PITCHERS\t", "# the staff\r\nPITCHERS\t")
    assert parse_sheet(text, "crlf") == parse_sheet(TEX, "plain")


def test_bat_value_line_is_optional_and_then_computed():
    sheet = parse_sheet(replace_line("BAT VALUE", None), "x")
    assert sheet.bat_value == 28


def test_read_sheet_accepts_text_and_names_its_source():
    assert read_sheet(TEX, "typed").code == "TEX"
    with pytest.raises(InputError) as info:
        read_sheet(replace_line("TEAM", "TEAM\ttex\tTexas\tAL\tWest"), "typed")
    assert info.value.source == "typed"


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="cannot read"):
        read_sheet(tmp_path / "nope.tsv")


# --- refusals: header lines --------------------------------------------------

def test_lowercase_team_code_is_rejected_naming_line():
    assert_rejected(replace_line("TEAM", "TEAM\ttex\tTexas Rangers\tAL\tWest"), 1, "code", "tex")


def test_team_line_without_division_is_rejected_naming_missing_column():
    assert_rejected(replace_line("TEAM", "TEAM\tTEX\tTexas Rangers\tAL"), 1, "division", "missing column")


def test_bat_value_not_the_lineup_sum_is_rejected():
    text = replace_line("BAT VALUE", "BAT VALUE\t30")
    assert_rejected(text, line_of(text, "BAT VALUE"), "BAT VALUE", "28")


def test_unearned_runs_with_seven_values_is_rejected_naming_missing_column():
    text = replace_line("UNEARNED", "UNEARNED RUNS\t2\t0\t1\t1\t0\t1\t2")
    assert_rejected(text, 3, "UNEARNED RUNS 10", "missing column")


def test_unearned_runs_with_nine_values_is_rejected_as_extra_column():
    text = replace_line("UNEARNED", "UNEARNED RUNS\t2\t0\t1\t1\t0\t1\t2\t1\t1")
    assert_rejected(text, 3, None, "extra column")


def test_non_numeric_unearned_runs_is_rejected_naming_the_dice_sum():
    text = replace_line("UNEARNED", "UNEARNED RUNS\t2\t0\tx\t1\t0\t1\t2\t1")
    assert_rejected(text, 3, "UNEARNED RUNS 5", "not a whole number")


def test_xhr_grid_that_decreases_is_rejected():
    assert_rejected(replace_line("X-HR", "X-HR\t111\t245\t141\t666"), 4, "X-HR 1", "never decrease")


def test_xhr_grid_with_a_seven_is_rejected():
    assert_rejected(replace_line("X-HR", "X-HR\t111\t141\t245\t667"), 4, "X-HR 0", "triad")


def test_missing_unearned_runs_line_is_rejected():
    assert_rejected(replace_line("UNEARNED", None), 1, "UNEARNED RUNS", "missing")


def test_sheet_without_lineup_section_is_rejected():
    text = TEX[: TEX.index("LINEUP")]
    err = rejected(text)
    assert err.field == "LINEUP" and "missing" in err.message


def test_empty_sheet_is_rejected():
    err = rejected("# nothing here\n")
    assert err.field == "TEAM"


def test_stray_line_between_sections_is_rejected_naming_line():
    text = TEX.replace("\n\nPITCHERS", "\nHELLO\tWORLD\n\nPITCHERS")
    assert_rejected(text, line_of(text, "HELLO"), None, "unexpected line")


def test_misspelt_table_header_is_rejected_naming_the_column():
    text = TEX.replace("PITCHERS\tST\tEND", "PITCHERS\tST\tENDURANCE")
    assert_rejected(text, line_of(text, "PITCHERS"), "END", "expected END")


# --- refusals: pitchers ------------------------------------------------------

@pytest.mark.parametrize(
    "row, field, words",
    [
        ("CHARLIE HOUGH\t4.7\t8\t4\t522\t666\t-\t-", "ST", ["0.5"]),
        ("CHARLIE HOUGH\t9.5\t8\t4\t522\t666\t-\t-", "ST", ["out of range"]),
        ("CHARLIE HOUGH\tfour\t8\t4\t522\t666\t-\t-", "ST", ["not a number"]),
        ("CHARLIE HOUGH\t4.5\t11\t4\t522\t666\t-\t-", "END", ["1..10"]),
        ("CHARLIE HOUGH\t4.5\t8\t0\t522\t666\t-\t-", "REST", ["1..9"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t527\t666\t-\t-", "CG", ["triad"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t66\t-\t-", "SHO", ["triad"]),
        ("CHARLIE HOUGH\t4.5\t8\t-\t522\t666\t-\t-", "REST", ["needs REST"]),
        ("CHARLIE HOUGH\t-\t8\t4\t522\t666\t+1\t+1", "END", ["no ST"]),
        ("CHARLIE HOUGH\t-\t-\t-\t-\t-\t-\t-", "ST", ["or REL"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t+2\t-", "FAT", ["needs FAT"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t-\t+2", "FAT", ["no REL"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t-10\t+2", "REL", ["-9..+9"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t+2\t10", "FAT", ["+0..+9"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t+2\t**", "FAT", ["whole number"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t-", "FAT", ["missing column"]),
        ("CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t-\t-\t9", None, ["extra column"]),
        ("-\t4.5\t8\t4\t522\t666\t-\t-", "name", ["empty"]),
    ],
)
def test_bad_pitcher_rating_is_rejected_naming_line_and_field(row, field, words):
    text = replace_line("CHARLIE HOUGH", row)
    assert_rejected(text, line_of(TEX, "CHARLIE HOUGH"), field, *words)


def test_rel_and_fat_without_sign_are_read_as_positive():
    text = replace_line("MITCH WILLIAMS", "MITCH WILLIAMS\t-\t-\t-\t-\t-\t3\t1")
    williams = parse_sheet(text, "x").pitcher("MITCH WILLIAMS")
    assert (williams.rel, williams.fat) == (3, 1)


def test_dual_role_pitcher_is_both_starter_and_reliever():
    text = replace_line("RAY HAYWARD", "RAY HAYWARD\t1.5\t3\t7\t636\t636\t+5\t+2")
    assert parse_sheet(text, "x").pitcher("RAY HAYWARD").dual_role


def test_staff_without_reliever_is_rejected_naming_pitchers_header():
    lines = [ln for ln in TEX.splitlines() if not ln.startswith(("DEWAYNE", "DWAYNE", "ED V", "JOSE C",
                                                                  "CRAIG", "DALE", "MITCH"))]
    text = "\n".join(lines) + "\n"
    assert_rejected(text, line_of(text, "PITCHERS"), "PITCHERS", "reliever")


def test_staff_without_starter_is_rejected_naming_pitchers_header():
    lines = [ln for ln in TEX.splitlines() if not ln.startswith(("CHARLIE", "PAUL", "JOSE G", "JEFF",
                                                                  "BOBBY", "RAY"))]
    text = "\n".join(lines) + "\n"
    assert_rejected(text, line_of(text, "PITCHERS"), "PITCHERS", "starter")


# --- refusals: batters -------------------------------------------------------

MCDOWELL = "1\tODDIBE MCDOWELL\tCF\t2\t2\t5\t12\t+0\t11-12\t11"


@pytest.mark.parametrize(
    "row, field, words",
    [
        (MCDOWELL.replace("\tCF\t", "\tCX\t"), "POS", ["not a position"]),
        (MCDOWELL.replace("\tCF\t2\t", "\tCF\t10\t"), "BAT", ["0..9"]),
        (MCDOWELL.replace("\tCF\t2\t2\t", "\tCF\t2\tx\t"), "POW", ["whole number"]),
        (MCDOWELL.replace("\t5\t12\t", "\t-1\t12\t"), "SPD", ["whole number"]),
        (MCDOWELL.replace("\t12\t", "\t17\t"), "X-HR", ["two-dice"]),
        (MCDOWELL.replace("\t+0\t", "\t+4\t"), "FLD", ["-3..+3"]),
        (MCDOWELL.replace("\t+0\t", "\t-\t"), "FLD", ["DH"]),
        (MCDOWELL.replace("11-12", "12-11"), "E.I.", ["backwards"]),
        (MCDOWELL.replace("11-12", "11-17"), "E.I.", ["two-dice"]),
        (MCDOWELL.replace("11-12", "1112"), "E.I.", ["range"]),
        (MCDOWELL.replace("12\t11", "12\t19"), "DICE", ["3..18"]),
        (MCDOWELL.replace("\t11-12\t11", "\t11-12"), "DICE", ["missing column"]),
        (MCDOWELL.replace("1\t", "2\t", 1), "slot", ["expected 1"]),
    ],
)
def test_bad_batter_rating_is_rejected_naming_line_and_field(row, field, words):
    text = replace_line("1\tODDIBE", row)
    assert_rejected(text, line_of(TEX, "1\tODDIBE"), field, *words)


def test_sheet_with_eight_men_in_lineup_is_rejected_naming_line():
    text = replace_line("9\tSCOTT FLETCHER", None)
    assert_rejected(text, line_of(text, "LINEUP"), "LINEUP", "8 men", "nine")


def test_sheet_with_ten_men_in_lineup_is_rejected_naming_the_tenth():
    text = TEX.replace("35-36\t-\n", "35-36\t-\n10\tEXTRA MAN\t1B\t2\t1\t1\t-\t+0\t-\t-\n")
    assert_rejected(text, line_of(text, "10\tEXTRA"), "slot", "more than nine")


def test_two_shortstops_in_lineup_are_rejected_naming_the_second():
    text = replace_line("7\tCURT", "7\tCURT WILKERSON\tSS\t5\t2\t2\t-\t+1\t31-32\t17")
    assert_rejected(text, line_of(text, "9\tSCOTT"), "POS", "SS", "line")


def test_lineup_with_dh_and_pitcher_is_rejected():
    text = replace_line("7\tCURT", "7\tCURT WILKERSON\tP\t5\t2\t2\t-\t+1\t31-32\t17")
    assert_rejected(text, line_of(text, "7\tCURT"), "POS", "both")


def test_lineup_with_pitcher_instead_of_dh_is_accepted():
    text = replace_line("5\tRUBEN", "5\tRUBEN SIERRA\tP\t3\t3\t3\t51\t+0\t23-24\t15")
    assert parse_sheet(text, "x").fielder_at("P").name == "RUBEN SIERRA"


def test_bench_slots_out_of_order_are_rejected():
    text = TEX.replace("B\tGUS", "C\tGUS")
    assert_rejected(text, line_of(text, "C\tGUS"), "slot", "expected B")


def test_duplicate_player_name_is_rejected_naming_the_second_line():
    text = TEX.replace("D\tMARTY OKESON", "D\tMITCH WILLIAMS")
    err = assert_rejected(text, line_of(text, "D\tMITCH"), "name", "already")
    assert str(line_of(text, "MITCH WILLIAMS")) in err.message


def test_overlapping_extra_inning_ranges_are_rejected():
    text = TEX.replace("45-52", "44-52")
    assert_rejected(text, line_of(text, "B\tGUS"), "E.I.", "overlaps", "41-44")


def test_duplicate_dice_values_are_rejected():
    text = TEX.replace("35-36\t-", "35-36\t11")
    assert_rejected(text, line_of(text, "9\tSCOTT"), "DICE", "11")


def test_xhr_ranges_out_of_order_down_the_sheet_are_rejected():
    text = TEX.replace("\t64\t", "\t62\t")
    assert_rejected(text, line_of(text, "C\tLEON"), "X-HR", "63")


def test_spaces_instead_of_tabs_are_read_when_columns_are_two_spaces_apart():
    spaced = TEX.replace("\t", "   ")
    assert parse_sheet(spaced, "spaced") == parse_sheet(TEX, "tabs")
