"""The pitchers' card headers (league pitchers' reader) say what the full card parser says of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.rules.strat.card_headers import pitcher_headers
from league.rules.strat.cardgen import format_cards, team_cards
from league.rules.strat.cards import parse_cards

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted([*(ROOT / "league" / "data" / "cards").glob("*.txt"),
                  ROOT / "league" / "rules" / "strat" / "charts" / "emergency-pitcher.txt"])


def parsed(text: str) -> list[tuple[str, str, int | None, int | None]]:
    """What the calendar reads of each pitcher's card, from the full parser."""
    return [(c.id, c.name, c.starter, c.relief) for c in parse_cards(text) if c.kind == "pitcher"]


def headers(text: str) -> list[tuple[str, str, int | None, int | None]]:
    found = pitcher_headers(text)
    assert found is not None
    assert all(h.kind == "pitcher" for h in found)
    return [(h.id, h.name, h.starter, h.relief) for h in found]


def test_there_are_shipped_card_files_with_pitchers() -> None:
    assert len(SHIPPED) >= 9
    assert sum(len(parsed(p.read_text(encoding="utf-8"))) for p in SHIPPED) > 50


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_card_file_gives_the_parsers_pitchers(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert headers(text) == parsed(text)


@pytest.mark.parametrize("code", ["GEN", "SAA", "XQZ"])
def test_a_generated_card_file_gives_the_parsers_pitchers(code: str) -> None:
    text = format_cards(team_cards(code), f"Generated club {code} ({code})")
    assert headers(text) == parsed(text)
    assert any(s is not None for _, _, s, _ in headers(text)) and any(r is not None for *_, r in headers(text))


def _card(head: str) -> str:
    """A pitcher's card with ``head`` as its header lines and a full set of readings."""
    readings = "\n".join(f"[{side}]\n" + "\n".join(f"{c}-{r} STRIKEOUT" for c in (4, 5, 6) for r in range(2, 13))
                         for side in ("basic", "vs LHB", "vs RHB"))
    return f"{head}\n{readings}\nEND\n"


ODD = "# PITCHER P0 is a comment, not a card\n" + _card("  PITCHER   P1   # the opening, with a comment\n"
            "NAME: Wes Alder*   # a starter with an asterisk\n"
            "team: ODD\nthrows: R\nbatting: 1WR\nfielding: p-3e5\n"
            "Endurance: starter(6) relief(2)/3\n"
            "name: Wes Alder Jr.*\n"  # a field given twice: the last one counts, as for the parser
            "  # a comment line\n\n") + _card(
            "PITCHER P2\nname: Cy Brandt  # PITCHER P7\nteam: ODD\nthrows: L\nbatting: 1NL\nfielding: p-1e2\n"
            "endurance: relief(3)/N\nhold: +2") + _card(
            "PITCHER\tP3\t\nname: Al # not part of the name\nteam: ODD\nthrows: R\nbatting: 2WS\nfielding: p-2e3\n"
            "ENDURANCE : starter(5)")


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r", "\u2028", "\x0c"])
def test_comments_case_repeated_fields_closers_and_any_line_break_read_as_the_parser_reads_them(newline: str) -> None:
    text = ODD.replace("\n", newline)
    assert headers(text) == parsed(text) == [("P1", "Wes Alder Jr.*", 6, 2), ("P2", "Cy Brandt", None, 3),
                                             ("P3", "Al", 5, None)]


def test_a_header_it_cannot_vouch_for_leaves_the_cards_to_the_parser() -> None:
    no_endurance = _card("PITCHER P9\nname: Nobody\nteam: ODD\nthrows: R\nbatting: 1WR\nfielding: p-3e5")
    assert pitcher_headers(no_endurance) is None
    assert pitcher_headers(_card("PITCHER P9\nteam: ODD\nendurance: starter(5)")) is None


def test_a_file_without_pitchers_has_no_headers() -> None:
    assert pitcher_headers("# nothing here\n") == ()
