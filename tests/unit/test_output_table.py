"""The listing commands' table: headings, text to the left, numbers to the right, rich's box."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table
from rich.text import Text

from commands import table as table_module
from commands.output import emit_csv, output_rows, render_table


@pytest.fixture(autouse=True)
def no_forced_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)


ROWS = [{"team": "BOS", "w": 103, "pct": ".636", "home": True, "note": "[MARK CLEAR] 12:30:05"},
        {"team": "DET", "w": 65, "pct": ".401", "home": False, "note": None}]
COLUMNS = [("team", "Team"), ("w", "W"), ("pct", "PCT"), ("home", "Home"), ("note", "Note")]


def test_a_table_has_its_headings_text_left_and_numbers_right(capsys: pytest.CaptureFixture[str]) -> None:
    render_table(ROWS, COLUMNS, title="Standings")
    assert capsys.readouterr().out == (
        "Standings\n"
        "Team ┃   W ┃ PCT  ┃ Home ┃ Note                 \n"
        "━━━━━╇━━━━━╇━━━━━━╇━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━\n"
        "BOS  │ 103 │ .636 │  yes │ [MARK CLEAR] 12:30:05\n"
        "DET  │  65 │ .401 │   no │                      \n"
    )


def test_a_table_wider_than_the_console_wraps_its_widest_column(capsys: pytest.CaptureFixture[str]) -> None:
    words = " ".join(["superseded"] * 30)
    render_table([{"n": 1, "what": words}], [("n", "#"), ("what", "What")])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 3 and all(len(line) <= 160 for line in lines)
    assert " ".join(line.split("│")[1].strip() for line in lines[2:]) == words


def test_no_rows_still_prints_the_headings(capsys: pytest.CaptureFixture[str]) -> None:
    render_table([], [("team", "Team"), ("w", "W")])
    assert capsys.readouterr().out == "Team ┃ W\n━━━━━╇━━\n"


def test_a_cell_is_printed_as_it_is_never_as_console_markup(capsys: pytest.CaptureFixture[str]) -> None:
    render_table([{"what": "[b]held[/b] :smile:"}], [("what", "What")])
    assert capsys.readouterr().out == "What               \n━━━━━━━━━━━━━━━━━━━\n[b]held[/b] :smile:\n"


def test_json_and_csv_print_the_rows_as_they_are(capsys: pytest.CaptureFixture[str]) -> None:
    output_rows(ROWS[1:], COLUMNS, as_json=True)
    assert capsys.readouterr().out == (
        '[\n  {\n    "team": "DET",\n    "w": 65,\n    "pct": ".401",\n    "home": false,\n    "note": null\n  }\n]\n')
    emit_csv(ROWS, COLUMNS)
    assert capsys.readouterr().out == ("Team,W,PCT,Home,Note\nBOS,103,.636,yes,[MARK CLEAR] 12:30:05\n"
                                       "DET,65,.401,no,\n")


def cell_by_cell(headings: list[str], columns: list[list[str]], right: list[bool], title: str | None) -> str:
    """The table as rich draws it given a Text for each cell."""
    table = Table(title=None if title is None else Text(title, "table.title"), show_edge=False, header_style="bold",
                  pad_edge=False)
    for heading, to_right in zip(headings, right):
        table.add_column(Text(heading), justify="right" if to_right else "left")
    for row in zip(*columns):
        table.add_row(*map(Text, row))
    out = io.StringIO()
    Console(width=table_module.WIDTH, soft_wrap=True, file=out).print(table)
    return out.getvalue()


# Words as the commands print them, with runs of spaces, wide, combining and accented characters, what
# console markup or an emoji code would look like, and words long enough to make a table too wide.
WORDS = ["TEX", "O. Ormsby", ".636", "-", "12", "", " ", "  ", "é", "José", "中", "a\u0301", "12:30:05", ":smile:",
         "[b]", "[MARK CLEAR]", "\\", "superseded " * 6, "\t", "x" * 40]


@st.composite
def tables(draw: Any) -> tuple[list[str], list[list[str]], list[bool], str | None]:
    texts = st.lists(st.sampled_from(WORDS), max_size=4).map("".join)
    n = draw(st.integers(1, 8))
    headings = draw(st.lists(texts, min_size=n, max_size=n))
    height = draw(st.integers(0, 6))
    columns = [draw(st.lists(texts, min_size=height, max_size=height)) for _ in range(n)]
    right = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    return headings, columns, right, draw(st.none() | texts)


@settings(max_examples=300, deadline=None)
@given(tables())
def test_a_table_given_to_rich_a_column_at_a_time_is_what_rich_draws_cell_by_cell(table: Any) -> None:
    out = io.StringIO()
    table_module.draw(*table, file=out)
    assert out.getvalue() == cell_by_cell(*table)
