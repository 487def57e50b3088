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
same characters without loading it; a table wider than the console has
its columns shrunk and its words wrapped as rich does it.  Anything else
-- a terminal (rich's colours and bold headings), console markup or emoji
codes in a cell, control characters, a wide table holding wide
characters, an encoding other than UTF-8 -- gets None from :func:`plain`,
and rich draws the table.
tests/unit/test_plain_table.py holds the two to the same output.
"""

from __future__ import annotations

import os
import re
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

        def measure(text: str) -> int:  # printable ASCII is one column a character: no need to ask rich
            return len(text) if text.isascii() else cell_len(text)
    last = len(headings) - 1
    # Each cell has a space of padding on either side, except at the table's left and right edges.
    lefts = [0 if i == 0 else 1 for i in range(len(headings))]
    rights = [0 if i == last else 1 for i in range(len(headings))]
    widths = []  # of the text inside the padding
    for i, heading in enumerate(headings):
        text = max((measure(row[i]) for row in rows), default=0)
        widths.append(max(text, measure(heading), 1 - lefts[i] - rights[i]))
    wrapped = sum(widths) + sum(lefts) + sum(rights) > WIDTH - last
    if wrapped:  # rich shrinks the widest columns to fit and wraps their cells
        if measure is not len and any(measure(t) != len(t) for t in texts):
            return None  # wide or combining characters: rich's wrapping counts cells and characters apart
        # rich measures each column with its padding, at most the whole width, then shrinks them.
        room = WIDTH - last
        outer = _collapse([min(w + lefts[i] + rights[i], room) for i, w in enumerate(widths)], room)
        widths = [w - lefts[i] - rights[i] for i, w in enumerate(outer)]
        if min(widths) < 1:
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

    def row_lines(cells: Sequence[str], vertical: str, bottom: bool = False) -> list[str]:
        """The row's lines; a short cell is filled with blank lines below (the header's: above)."""
        if not wrapped:
            return [line(cells, vertical)]
        blocks = [_wrap(text, widths[i], justify[i]) for i, text in enumerate(cells)]
        height = max(len(b) for b in blocks)
        blank = [[" " * w] * (height - len(b)) for w, b in zip(widths, blocks)]
        blocks = [fill + b if bottom else b + fill for b, fill in zip(blocks, blank)]
        return [vertical.join(" " * lefts[i] + b[k] + " " * rights[i] for i, b in enumerate(blocks))
                for k in range(height)]

    lines = [title] if title else []
    lines.extend(row_lines(headings, HEAD_VERTICAL, bottom=True))
    lines.append(HEAD_CROSS.join(HEAD_RULE * (lefts[i] + widths[i] + rights[i]) for i in range(len(headings))))
    for row in rows:
        lines.extend(row_lines(row, BODY_VERTICAL))
    return "\n".join(lines) + "\n"


def _collapse(widths: list[int], max_width: int) -> list[int]:
    """rich's ``Table._collapse_widths`` (every column may wrap), then its last resort: reduce them all evenly."""
    total = sum(widths)
    excess = total - max_width
    while total and excess > 0:
        widest = max(widths)
        second = max((w for w in widths if w != widest), default=0)
        ratios = [1 if w == widest else 0 for w in widths]
        difference = widest - second
        if not difference:
            break
        widths = ratio_reduce(excess, ratios, [min(excess, difference)] * len(widths), widths)
        total = sum(widths)
        excess = total - max_width
    if total > max_width:
        widths = ratio_reduce(total - max_width, [1] * len(widths), widths, widths)
    return widths


def ratio_reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich's ``rich._ratio.ratio_reduce`` (rich 15), word for word: importing that module loads fractions
    and decimal, a tenth of a read command's own time; a unit test holds the two equal."""
    ratios = [ratio if _max else 0 for ratio, _max in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    total_remaining = total
    result: list[int] = []
    for ratio, maximum, value in zip(ratios, maximums, values):
        if ratio and total_ratio > 0:
            distributed = min(maximum, round(ratio * total_remaining / total_ratio))
            result.append(value - distributed)
            total_remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def _wrap(text: str, width: int, justify: str) -> list[str]:
    """One cell's lines as rich's ``Text.wrap`` makes them: words to the width, overlong ones cut with "…"."""
    if len(text) <= width:  # it fits: rich breaks no line (no word ends past the width), as below with no offsets
        piece = text.rstrip() if justify == "right" else text
        return [piece + " " * (width - len(piece)) if justify != "right" else " " * (width - len(piece)) + piece]
    from rich._wrap import divide_line

    offsets = [0, *divide_line(text, width, fold=False), len(text)]
    out = []
    for start, end in zip(offsets, offsets[1:]):
        piece = text[start:end]
        if len(piece) > width:  # Text.rstrip_end: trailing spaces beyond the width go
            spaces = len(piece) - len(piece.rstrip())
            piece = piece[:len(piece) - min(spaces, len(piece) - width)]
        if justify == "right":
            piece = piece.rstrip()
        if len(piece) > width:
            piece = piece[:width - 1] + "…"
        out.append(piece + " " * (width - len(piece)) if justify != "right" else " " * (width - len(piece)) + piece)
    return out


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


# rich's console markup tag (rich.markup.RE_TAGS): "[b]", "[/]", "[#fff]"; a bracket that is none
# ("grid=[112, 132]", "charged=[]", "[MARK CLEAR]") is printed as it is, as rich prints it.
MARKUP_TAG = r"(\\*)\[([a-z#/@][^[]*?)]"


def _plain_text(text: str) -> bool:
    """Text that rich prints as it is: no markup, emoji codes, tabs, line breaks or control characters."""
    if not text.isprintable():
        return False
    if "[" in text:
        if "\\[" in text or re.search(MARKUP_TAG, text):  # rich drops the backslash of any "\["
            return False
    if ":" in text:
        if not re.search(r":\S*?:", text):  # no emoji code (rich's "(:(\S*?)(?:(?:\-)(emoji|text))?:)") can match
            return True
        from rich._emoji_replace import _emoji_replace

        return _emoji_replace(text) == text
    return True
