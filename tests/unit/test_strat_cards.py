"""The card format: reader, writer, errors, and the shipped fictional set."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from league.domain.errors import InputError
from league.rules.strat import cardgen
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import parse_cards, read_cards
from league.rules.strat.cardtext import format_card, format_cards
from league.rules.strat.context import EMERGENCY
from league.rules.strat.results import cell_text, parse_cell
from league.rules.strat.roster import CARD_SET, load_set, starting_team

SHIPPED = sorted(CARD_SET.glob("*.txt"))


def test_the_shipped_set_has_eight_teams_of_24_and_the_pitchers_hitting_cards():
    cards = load_set()
    teams = {c.team for c in cards.values()} - {"PIT", "ANY"}
    assert len(teams) == 8
    assert all(sum(c.team == t for c in cards.values()) == 24 for t in teams)
    assert {f"PH{n}" for n in range(1, 9)} <= set(cards)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_file_round_trips_byte_for_byte(path: Path):
    text = path.read_text(encoding="utf-8")
    cards = parse_cards(text, str(path))
    title = text.splitlines()[0].removeprefix("# ")
    assert format_cards(cards, title) == text


def test_the_generator_is_deterministic_and_wrote_the_shipped_set(tmp_path: Path):
    for written in cardgen.write_set(tmp_path):
        assert written.read_bytes() == (CARD_SET / written.name).read_bytes()


def test_every_team_fields_a_lineup_with_and_without_dh():
    cards = load_set()
    for code in cardgen.TEAMS:
        assert starting_team(cards, code, dh=True).dh
        assert starting_team(cards, code, dh=False).order[8].startswith(code)


@pytest.mark.parametrize("text", ["HOMERUN 1-10, DOUBLE 11-20", "GROUNDBALL(2b)X", "FLYBALL(rf)B?",
                                  "GROUNDBALL(ss)A++", "N-HOMERUN 1-6, FLYBALL(rf)B 7-20", "SINGLE**(rf)",
                                  "1 base error-1", "STRIKEOUT •", "SINGLE* PLUS INJURY", "LOMAX(ss)",
                                  "CATCH-X", "WALK 1-19, HBP 20"])
def test_readings_round_trip(text: str):
    assert cell_text(parse_cell(text)) == text


@pytest.mark.parametrize("alias,canonical", [("fly(rf)B?", "FLYBALL(rf)B?"), ("gb(ss)A+", "GROUNDBALL(ss)A++"),
                                             ("catcher x", "CATCH-X"), ("homerun", "HOMERUN")])
def test_advanced_abbreviations_are_read(alias: str, canonical: str):
    assert cell_text(parse_cell(alias)) == canonical


def _one_card() -> str:
    return format_card(load_set()["ANV01"])


@pytest.mark.parametrize("old,new,line,field", [
    ("running: 1-14", "running: 1-24", 7, "running"),
    ("stealing: C", "stealing: F", 8, "stealing"),
    ("fielding: c-2(+4)e9", "fielding: c-9e9", 5, "fielding"),
    ("1-4 HOMERUN 1-10, DOUBLE 11-20", "1-4 HOMERUN 1-10, DOUBLE 12-20", 16, "basic 1-4"),
    ("1-3 GROUNDBALL(ss)B++", "1-3 GRANDSLAM", 15, "basic 1-3"),
    ("1-3 GROUNDBALL(ss)B++", "4-3 STRIKEOUT", 15, "basic 4-3"),
    ("power: N/N", "colour: red", 12, "colour"),
    ("lead: 2-4/12 (15-10)", "lead: 2-4/12 (15)", 9, "lead"),
    ("1-3 GROUNDBALL(ss)B++", "1-4 STRIKEOUT", 16, "basic 1-4"),  # 1-4 given twice: named at the second
    ("1-3 GROUNDBALL(ss)B++", "1-13 STRIKEOUT", 15, "basic 1-13"),
    ("1-3 GROUNDBALL(ss)B++", "name: Someone Else", 15, "reading"),  # a field among the readings
])
def test_errors_name_file_line_and_field(old: str, new: str, line: int, field: str):
    text = _one_card()
    assert old in text
    with pytest.raises(InputError) as err:
        parse_cards(text.replace(old, new, 1), "ANV.txt")
    assert (err.value.source, err.value.line, err.value.field) == ("ANV.txt", line, field)


def test_a_bad_reading_is_named_at_its_own_line_in_every_file_that_repeats_it():
    # Reading lines are read once and kept (a league repeats a few thousand of them): a problem
    # found in one file must still be reported at the line and field of the next file's copy.
    text = _one_card().replace("1-4 HOMERUN 1-10, DOUBLE 11-20", "1-4 HOMERUN 1-10, DOUBLE 12-20", 1)
    shifted = "# two lines\n# of comment\n" + text
    for source, body, line in (("A.txt", text, 16), ("B.txt", shifted, 18), ("A.txt", text, 16)):
        with pytest.raises(InputError) as err:
            parse_cards(body, source)
        assert (err.value.source, err.value.line, err.value.field) == (source, line, "basic 1-4")
        assert "12-20" in str(err.value)


def test_every_league_shares_the_eight_pitchers_hitting_cards_and_the_emergency_card():
    shared = ENGINE.shared_cards()
    assert list(shared) == [f"PH{n}" for n in range(1, 9)] + [EMERGENCY]
    whole = load_set()  # read from their own files: the same cards as in the whole set, with no club
    assert all(card == replace(whole[k], team="") for k, card in shared.items())


def test_a_missing_reading_is_named():
    text = _one_card().replace("3-12 WALK\n", "", 1)
    with pytest.raises(InputError, match="basic 3-12"):
        parse_cards(text, "x.txt")


def test_a_card_without_end_is_refused():
    with pytest.raises(InputError, match="no END"):
        parse_cards(_one_card().replace("END\n", ""), "x.txt")


def test_read_cards_reads_a_file(tmp_path: Path):
    p = tmp_path / "one.txt"
    p.write_text(_one_card(), encoding="utf-8")
    assert [c.id for c in read_cards(p)] == ["ANV01"]
