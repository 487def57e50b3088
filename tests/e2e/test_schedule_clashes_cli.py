"""`league schedule import` refuses a club in two games at once, on SQLite and PostgreSQL alike.

Each refusal: exit 1, the file, line and field named, and not one event stored.
The real 1988 Retrosheet schedule (doubleheaders, makeups) still imports.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from league.data import data_path
from league.rules.pennant_race.sheetgen import generate_1988_league
from tests.e2e.cli import ok, refused

SKED_1988 = data_path("retrosheet", "1988SKED.TXT")


@pytest.fixture
def league(db_url: str, tmp_path: Path) -> str:
    ok(db_url, "init", "--name", "x", "--seed", "1")
    ok(db_url, "teams", "import", *(str(data_path("teams", f"{t}.tsv")) for t in ("TEX", "CAL", "SEA", "OAK")))
    first = tmp_path / "first.csv"
    first.write_text("date,visitor,home\n1988-04-04,CAL,TEX\n1988-04-05,SEA,OAK\n")
    ok(db_url, "schedule", "import", str(first))
    return db_url


def test_tex_at_sea_on_a_day_tex_is_at_home_is_refused(league: str, tmp_path: Path) -> None:
    s = tmp_path / "clash.csv"
    s.write_text("date,visitor,home\n1988-04-06,CAL,TEX\n1988-04-06,TEX,SEA\n")
    out = refused(league, "schedule", "import", str(s), names=("clash.csv", "line 3", "field visitor", "TEX"))
    assert "two games at once" in out


def test_a_second_file_clashing_with_games_already_scheduled_is_refused(league: str, tmp_path: Path) -> None:
    s = tmp_path / "second.csv"
    s.write_text("date,visitor,home\n1988-04-10,CAL,TEX\n1988-04-05,OAK,CAL\n")
    refused(league, "schedule", "import", str(s),
            names=("second.csv", "line 3", "field visitor", "OAK198804050, already scheduled"))


def test_a_retrosheet_file_with_a_clash_is_refused(league: str, tmp_path: Path) -> None:
    s = tmp_path / "SKED.TXT"
    s.write_text('"19880406","0","Wed","CAL","AL",2,"TEX","AL",2,"N","",""\r\n'
                 '"19880406","0","Wed","SEA","AL",2,"CAL","AL",3,"N","",""\r\n')
    refused(league, "schedule", "import", str(s), names=("SKED.TXT", "line 2", "field home", "CAL"))


def test_a_schedule_without_clashes_still_imports_beside_the_stored_one(league: str, tmp_path: Path) -> None:
    s = tmp_path / "more.csv"
    s.write_text("date,visitor,home,game\n1988-04-04,SEA,OAK,0\n1988-04-05,CAL,TEX,1\n1988-04-05,CAL,TEX,2\n")
    assert "Scheduled 3 game(s)" in ok(league, "schedule", "import", str(s))


@pytest.mark.skipif(not SKED_1988.exists(), reason="1988SKED.TXT not available")
def test_the_real_1988_schedule_imports_and_cannot_be_imported_twice(db_url: str, tmp_path: Path) -> None:
    sheets = generate_1988_league(tmp_path / "sheets")
    ok(db_url, "init", "--name", "1988", "--seed", "1")
    ok(db_url, "teams", "import", *map(str, sheets))
    assert "Scheduled 2098 game(s)" in ok(db_url, "schedule", "import", str(SKED_1988))
    # step: the same file again clashes on its first line with the games it stored
    refused(db_url, "schedule", "import", str(SKED_1988), names=("1988SKED.TXT", "line 1", "already scheduled"))
