"""The listing commands' table (``commands.output.render_table``), drawn by rich.

A table that fits the console is handed to rich a column at a time (:class:`Column`), so rich lays
out and draws each column once instead of each of a season's thousands of cells.  A wider one (or
one holding tabs or line breaks) goes a cell at a time, and rich wraps its widest columns to fit.
Headings and cells are text, never console markup.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

WIDTH = 160  # the console's width, whatever the terminal's


def draw(headings: Sequence[str], columns: Sequence[Sequence[str]], right: Sequence[bool],
         title: str | None = None, file: Any = None) -> None:
    """Print the table on ``file`` (standard output as it is now): each of ``columns`` is its cells,
    top to bottom, under its heading, to the right where ``right`` says so, else to the left."""
    table = Table(title=None if title is None else Text(title, "table.title"), show_edge=False, header_style="bold",
                  pad_edge=False)
    for heading, to_right in zip(headings, right):
        table.add_column(Text(heading), justify="right" if to_right else "left")
    width = sum(max(map(cell_len, [heading, *cells])) for heading, cells in zip(headings, columns))
    # (rich draws no line of a column 0 wide: when all are, each row's line comes of drawing its cells)
    if 0 < width <= WIDTH - 3 * (len(headings) - 1) and all(text.isprintable() for c in columns for text in c):
        if columns and columns[0]:
            table.add_row(*(Column(cells, to_right) for cells, to_right in zip(columns, right)))
    else:
        for row in zip(*columns):
            table.add_row(*map(Text, row))
    Console(width=WIDTH, soft_wrap=True, file=file).print(table)


class Column:
    """A column's cells, one a line, as one renderable (rich's console protocol).

    rich gives it the column's width, its widest cell's when the table fits the console; each line
    is padded to it as rich pads a ``Text`` cell (a right-justified one loses its trailing spaces).
    """

    def __init__(self, texts: Sequence[str], right: bool) -> None:
        self.width = max(map(cell_len, texts), default=0)
        self.texts = [t.rstrip() for t in texts] if right else list(texts)
        self.right = right

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        width = options.max_width
        for text in self.texts:
            pad = " " * (width - cell_len(text))
            yield Segment(pad + text if self.right else text + pad)
            yield Segment.line()
