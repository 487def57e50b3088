"""The CLI's tables drawn without rich are character for character what rich draws."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from commands import plain_table
from commands.plain_table import draw, draw_with_rich, plain


@pytest.fixture(autouse=True)
def no_forced_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)


def rich_text(headings: list[str], rows: list[list[str]], justify: list[str], title: str | None) -> str:
    out = io.StringIO()
    draw_with_rich(headings, rows, justify, title, out)
    return out.getvalue()


# Words as the commands print them, with runs of spaces and wide, combining and
# accented characters; half the tables also hold what rich treats specially
# (markup, emoji codes, tabs, line breaks) or overlong words.
PLAIN = ["TEX", "O. Ormsby", ".636", "-", "12", "3.45", "W13", "", " ", "  ", "é", "José", "中", "a\u0301",
         ":", "12:30:05", "13:01:22+00:00", "100", "+1", "•", "]", "grid=[112, 132]", "charged=[]",
         "[MARK CLEAR]", "[1", "\\"]
SPECIAL = [":smile:", ":100:", "[b]", "[", "\t", "\n", "x" * 40]


@st.composite
def tables(draw_: Any) -> tuple[list[str], list[list[str]], list[str], str | None]:
    pieces = st.sampled_from(PLAIN + (SPECIAL if draw_(st.booleans()) else []))
    texts = st.lists(pieces, max_size=4).map("".join)
    n = draw_(st.integers(1, 6))
    headings = draw_(st.lists(texts, min_size=n, max_size=n))
    rows = draw_(st.lists(st.lists(texts, min_size=n, max_size=n), max_size=6))
    justify = draw_(st.lists(st.sampled_from(["left", "right"]), min_size=n, max_size=n))
    title = draw_(st.none() | texts)
    return headings, rows, justify, title


@settings(max_examples=400, deadline=None)
@given(tables())
def test_a_table_drawn_without_rich_is_what_rich_draws(table: Any) -> None:
    headings, rows, justify, title = table
    text = plain(headings, rows, justify, title, io.StringIO())
    if text is not None:
        assert text == rich_text(headings, rows, justify, title)


# Tables wider than the console, as `game log` and `history` print them: rich shrinks
# the widest columns and wraps their words, cutting a word longer than its column with "…".
WORDS = ["TEX", "O.", "Ormsby", "a", "1988-04-04", "12:30", "sim", "batch", "of", "the", "superseded",
         "PlayResolved", "x" * 30, "y" * 90, "z" * 200, "", " ", "•", "José", "中"]


@st.composite
def wide_tables(draw_: Any) -> tuple[list[str], list[list[str]], list[str], str | None]:
    texts = st.lists(st.sampled_from(WORDS), max_size=30).map(lambda ws: " ".join(ws))
    n = draw_(st.integers(1, 9))
    headings = draw_(st.lists(texts, min_size=n, max_size=n))
    rows = draw_(st.lists(st.lists(texts, min_size=n, max_size=n), max_size=5))
    justify = draw_(st.lists(st.sampled_from(["left", "right"]), min_size=n, max_size=n))
    return headings, rows, justify, draw_(st.none() | st.just("Title"))


@settings(max_examples=300, deadline=None)
@given(wide_tables())
def test_a_table_wider_than_the_console_drawn_without_rich_is_what_rich_draws(table: Any) -> None:
    headings, rows, justify, title = table
    text = plain(headings, rows, justify, title, io.StringIO())
    if text is not None:
        assert text == rich_text(headings, rows, justify, title)


def test_a_long_log_line_is_wrapped_without_rich() -> None:
    headings, justify = ["#", "event", "detail"], ["right", "left", "left"]
    rows = [["1", "PlayResolved", " ".join(["strikeout swinging, the runner holds"] * 8)]]
    text = plain(headings, rows, justify, "TEX198804040", io.StringIO())
    assert text is not None and len(text.splitlines()) > 4  # title, heading, rule, the row in lines
    assert text == rich_text(headings, rows, justify, "TEX198804040")


def test_the_commands_tables_are_drawn_without_rich() -> None:
    # What standings and stats print: plain words and numbers, accented names.
    headings = ["Team", "W", "L", "PCT", "Player"]
    rows = [["BOS", "103", "59", ".636", "José Canseco"], ["NYA", "94", "67", ".584", "中 a\u0301"]]
    justify = ["left", "right", "right", "left", "left"]
    text = plain(headings, rows, justify, "AL East", io.StringIO())
    assert text is not None
    assert text == rich_text(headings, rows, justify, "AL East")


@pytest.mark.parametrize("headings, rows", [
    (["Player"], [["[bold]Ormsby[/bold]"]]),  # console markup
    (["Player"], [["Ormsby :smile:"]]),  # an emoji code
    (["Note"], [["two\nlines"]]),
    (["Note"], [["a\ttab"]]),
    ([f"column {i}" for i in range(20)], [["中" * 10] * 20]),  # wider than the console, in wide characters
    ([f"c{i}" for i in range(90)], [["x"] * 90]),  # columns that cannot shrink to fit
    ([], []),
])
def test_rich_draws_what_it_would_not_print_as_plain_text(headings: list[str], rows: list[list[str]]) -> None:
    justify = ["left"] * len(headings)
    assert plain(headings, rows, justify, None, io.StringIO()) is None
    out = io.StringIO()
    draw(headings, rows, justify, None, out)
    assert out.getvalue() == rich_text(headings, rows, justify, None)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_richs_table_with_its_styles(monkeypatch: pytest.MonkeyPatch) -> None:
    assert plain(["Team"], [["TEX"]], ["left"], None, Terminal()) is None
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich then styles a pipe's output too
    assert plain(["Team"], [["TEX"]], ["left"], None, io.StringIO()) is None
    monkeypatch.delenv("FORCE_COLOR")
    ascii_only = io.TextIOWrapper(io.BytesIO(), encoding="ascii")  # rich draws its box in ASCII
    assert not plain_table.plain_output(ascii_only)


def test_the_markup_tags_left_to_rich_are_richs_own() -> None:
    from rich.markup import RE_TAGS

    assert plain_table.MARKUP_TAG in RE_TAGS.pattern  # an upgraded rich with other tags fails here first
    for text in ("grid=[112, 132, 266, 666], team=MIL", "charged=[]", "[MARK CLEAR]"):
        assert plain_table._plain_text(text)
    for text in ("[b]bold", "[/]", "a \\[b] c", "[#fff]x", "\\[MARK]"):
        assert not plain_table._plain_text(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS[:-1] + ["  "]), max_size=40).map(" ".join), st.integers(1, 60))
def test_lines_are_divided_where_rich_divides_them(text: str, width: int) -> None:
    # Printable text in one-column characters: what plain() wraps (a tab or a wide character goes to rich).
    from rich._wrap import divide_line

    assert plain_table.divide_line(text, width) == divide_line(text, width, fold=False)


def test_the_emoji_codes_made_of_digits_are_richs() -> None:
    from rich._emoji_codes import EMOJI

    assert plain_table.NUMERIC_EMOJI == {name for name in EMOJI if set(name) <= plain_table._NUMERIC}
    for text in ("2026-11-27T13:01:22+00:00", "12:30:05", "a::b", "1-0 in the 7th: 2:1"):
        assert plain_table._plain_text(text)
    for text in ("a :100: b", "x:+1:", "12:1234:00", ":-1:"):
        assert not plain_table._plain_text(text)


def test_the_characters_measured_without_rich_take_one_column() -> None:
    import re

    from rich.cells import cell_len

    narrow = [chr(c) for c in range(0x20, 0x3000) if not re.search(plain_table._WIDER, chr(c))]
    assert "•" in narrow and "中" not in narrow and "\u0301" not in narrow
    assert all(cell_len(c) == 1 for c in narrow)
