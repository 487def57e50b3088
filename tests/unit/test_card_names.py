"""Screens name Strat-O-Matic players by scanning the cards: the same names a full parse gives."""

from __future__ import annotations

from types import SimpleNamespace

from commands.names import named_rows, player_names
from league.rules.pa.words import with_names
from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET


def test_the_scan_names_every_card_as_the_parser_does() -> None:
    texts = {p.stem: p.read_text() for p in CARD_SET.glob("*.txt") if p.name != "pitcher-hitting.txt"}
    league = SimpleNamespace(ruleset="strat-o-matic", sheets={code: {"cards": text} for code, text in texts.items()})
    parsed = {c.id: c.name for code, text in texts.items() for c in parse_cards(text, code)}
    assert player_names(league) == parsed and len(parsed) > 100


def test_a_sheet_league_has_no_names_to_swap() -> None:
    league = SimpleNamespace(ruleset="pennant-race", sheets={"TEX": {"lineup": [{"name": "PETE O'BRIEN"}]}})
    assert player_names(league) == {}
    rows = [{"player": "PETE O'BRIEN"}]
    assert named_rows(rows, {}, ["player"], for_machines=False) == rows


def test_people_read_names_and_machines_keep_the_ids() -> None:
    names = {"DUN03": "Roy Norcross"}
    rows = [{"player": "DUN03", "hr": 12}]
    assert named_rows(rows, names, ["player"], for_machines=False) == [{"player": "Roy Norcross", "hr": 12}]
    assert named_rows(rows, names, ["player"], for_machines=True) == [
        {"player": "DUN03", "player_name": "Roy Norcross", "hr": 12}]
    assert with_names("411 (DUN03 bats) -> DUN03: SINGLE; DUN031 stays", names) == \
        "411 (Roy Norcross bats) -> Roy Norcross: SINGLE; DUN031 stays"


def test_the_scan_reads_the_lines_as_the_parser_does() -> None:
    # Indented fields, a field name in capitals and a comment: the parser accepts them.
    text = next(p for p in CARD_SET.glob("*.txt") if p.name != "pitcher-hitting.txt").read_text()
    relaxed = "\n".join("  Name : " + line.partition(":")[2] + "  # as printed" if line.startswith("name:")
                        else "  " + line for line in text.splitlines())
    parsed = {c.id: c.name for c in parse_cards(relaxed, "relaxed")}
    assert player_names(SimpleNamespace(ruleset="strat-o-matic", sheets={"X": {"cards": relaxed}})) == parsed and parsed
