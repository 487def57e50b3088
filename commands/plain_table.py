"""The CLI's tables: rich draws them, or, when rich would print plain text, this module does.

Every listing command prints through :func:`draw` (``commands.output.render_table``):
a rich ``Table(show_edge=False, pad_edge=False)`` with its heavy-head box
on a 160-column console in soft-wrap mode.  rich lays a table out cell by
cell, about a millisecond a row: most of the time of ``league stats
batting`` on a 30-club season, and its import is a good part of a small
command's start-up.

When rich would print no styles (the output is not a terminal: a pipe, a
file, a test's runner) and every cell is plain text that fits the console,
its output is a matter of padding strings, and :func:`plain` produces the
same characters without loading it.  Anything else -- a terminal (rich's
colours and bold headings), console markup or emoji codes in a cell,
control characters, a table wider than the console, an encoding other
than UTF-8 -- gets None from :func:`plain`, and rich draws the table.
tests/unit/test_plain_table.py holds the two to the same output.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Callable, Sequence

WIDTH = 160  # the console's width
HEAD_VERTICAL, BODY_VERTICAL, HEAD_RULE, HEAD_CROSS = "┃", "│", "━", "╇"  # rich's box.HEAVY_HEAD


def draw(headings: Sequence[str], rows: Sequence[Sequence[str]], justify: Sequence[str],
         title: str | None = None, file: Any = None) -> None:
    """Print the table on ``file`` (default: standard output as it is now)."""
    out = sys.stdout if file is None else file
    text = plain(headings, rows, justify, title, out)
    if text is None:
        draw_with_rich(headings, rows, justify, title, file)
        return
    out.write(text)
    out.flush()


def draw_with_rich(headings: Sequence[str], rows: Sequence[Sequence[str]], justify: Sequence[str],
                   title: str | None = None, file: Any = None) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title, show_edge=False, header_style="bold", pad_edge=False)
    for heading, how in zip(headings, justify):
        table.add_column(heading, justify=how)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    Console(width=WIDTH, soft_wrap=True, file=file).print(table)


def plain(headings: Sequence[str], rows: Sequence[Sequence[str]], justify: Sequence[str],
          title: str | None, out: Any) -> str | None:
    """rich's output for the table as text, or None when rich's would not be plain text."""
    if not headings or not plain_output(out):
        return None
    texts = [*headings, *(c for row in rows for c in row), *([title] if title else [])]
    if not all(_plain_text(t) for t in texts):
        return None
    measure: Callable[[str], int] = len
    if not all(t.isascii() for t in texts):
        from rich.cells import cell_len  # wide characters take two columns, combining ones none

        measure = cell_len
    last = len(headings) - 1
    # Each cell has a space of padding on either side, except at the table's left and right edges.
    lefts = [0 if i == 0 else 1 for i in range(len(headings))]
    rights = [0 if i == last else 1 for i in range(len(headings))]
    widths = []  # of the text inside the padding
    for i, heading in enumerate(headings):
        text = max((measure(row[i]) for row in rows), default=0)
        widths.append(max(text, measure(heading), 1 - lefts[i] - rights[i]))
    if sum(widths) + sum(lefts) + sum(rights) > WIDTH - last:  # rich would shrink and wrap columns
        return None

    def line(cells: Sequence[str], vertical: str) -> str:
        parts = []
        for i, text in enumerate(cells):
            if justify[i] == "right":
                text = text.rstrip()
                body = " " * (widths[i] - measure(text)) + text
            else:
                body = text + " " * (widths[i] - measure(text))
            parts.append(" " * lefts[i] + body + " " * rights[i])
        return vertical.join(parts)

    lines = [title] if title else []
    lines.append(line(headings, HEAD_VERTICAL))
    lines.append(HEAD_CROSS.join(HEAD_RULE * (lefts[i] + widths[i] + rights[i]) for i in range(len(headings))))
    lines.extend(line(row, BODY_VERTICAL) for row in rows)
    return "\n".join(lines) + "\n"


def plain_output(out: Any) -> bool:
    """Whether rich, writing to ``out``, would print no styles and draw its box in Unicode.

    rich's own test (``Console.is_terminal``, ``Console.encoding``), leaning
    to rich whenever in doubt.
    """
    if sys.platform == "win32" or "IPython" in sys.modules:
        return False
    if "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
        return False
    isatty = getattr(out, "isatty", None)
    try:
        if isatty is None or isatty():
            return False
    except Exception:
        return False
    return (getattr(out, "encoding", "utf-8") or "utf-8").lower().startswith("utf")


def _plain_text(text: str) -> bool:
    """Text that rich prints as it is: no markup, emoji codes, tabs, line breaks or control characters."""
    if not text.isprintable() or "[" in text:
        return False
    if ":" in text:
        from rich._emoji_replace import _emoji_replace

        return _emoji_replace(text) == text
    return True
