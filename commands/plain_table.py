"""The CLI's tables: rich draws them, or, when rich would print plain text, this module does.

Every listing command prints through :func:`draw` (``commands.output.render_table``):
a rich ``Table(show_edge=False, pad_edge=False)`` with its heavy-head box
on a 160-column console in soft-wrap mode.  rich lays a table out cell by
cell, which was most of the time of ``league stats batting`` on a 30-club
season, and its import is a good part of a small command's start-up.

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
from itertools import chain, cycle
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
    texts = [*headings, *chain.from_iterable(rows), *([title] if title else [])]
    # Every cell at once (a season's injury list is thousands): " " is printable, so the whole is
    # printable when each cell is; only a cell holding "[" or ":" is looked at alone.
    joined = " ".join(texts)
    if not joined.isprintable():
        return None
    if ("[" in joined or ":" in joined) and not all(_plain_text(t) for t in texts if "[" in t or ":" in t):
        return None
    measure: Callable[[str], int] = len
    if not joined.isascii() and re.search(_WIDER, joined):
        from rich.cells import cell_len  # wide characters take two columns, combining ones none

        def measure(text: str) -> int:  # printable ASCII is one column a character: no need to ask rich
            return len(text) if text.isascii() else cell_len(text)
    last = len(headings) - 1
    # Each cell has a space of padding on either side, except at the table's left and right edges.
    lefts = [0 if i == 0 else 1 for i in range(len(headings))]
    rights = [0 if i == last else 1 for i in range(len(headings))]
    widths = []  # of the text inside the padding
    columns = list(zip(*rows)) if rows else [() for _ in headings]
    for i, heading in enumerate(headings):
        text = max(map(measure, columns[i]), default=0)
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

    right = [how == "right" for how in justify]
    lpad = [" " * n for n in lefts]
    rpad = [" " * n for n in rights]

    def line(cells: Sequence[str], vertical: str) -> str:
        parts = []
        for i, text in enumerate(cells):
            if measure is len:  # str.rjust and ljust pad by characters: here each is a column
                body = text.rstrip().rjust(widths[i]) if right[i] else text.ljust(widths[i])
            elif right[i]:
                text = text.rstrip()
                body = " " * (widths[i] - measure(text)) + text
            else:
                body = text + " " * (widths[i] - measure(text))
            parts.append(lpad[i] + body + rpad[i])
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
    if measure is not len:
        for row in rows:
            lines.extend(row_lines(row, BODY_VERTICAL))
        return "\n".join(lines) + "\n"
    # A column a character: a row on one line is one format (a right-justified cell is stripped of its
    # trailing spaces first, as rich does).  Unwrapped, every row is one line: one format for them all
    # (thousands of rows in a list); wrapped, each row whose cells all fit their columns.
    body = BODY_VERTICAL.join(lpad[i] + ("{:%s%d}" % (">" if right[i] else "<", w) if w else "{}") + rpad[i]
                              for i, w in enumerate(widths))
    if not wrapped:
        cells: Any = chain.from_iterable(rows)
        if any(right):
            cells = (c.rstrip() if r else c for c, r in zip(cells, cycle(right)))
        if rows:
            lines.append("\n".join([body] * len(rows)).format(*cells))
        return "\n".join(lines) + "\n"
    for row in rows:
        if all(len(c) <= w for c, w in zip(row, widths)):  # _wrap gives each its one line, so padded
            lines.append(body.format(*[c.rstrip() if r else c for c, r in zip(row, right)]))
        else:
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
    offsets = [0, *divide_line(text, width), len(text)]
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


_WORD = r"\s*\S+\s*"  # rich._wrap.re_word (patterns are compiled when first used, by re)


def divide_line(text: str, width: int) -> list[int]:
    """rich's ``rich._wrap.divide_line(text, width, fold=False)`` (rich 15) for text whose every character
    takes one column, word for word: importing rich's module loads its cell tables, a tenth of a read
    command's own time; a unit test holds the two equal."""
    break_positions: list[int] = []
    cell_offset = 0
    for match in re.finditer(_WORD, text):  # rich's words(): each word with the spaces after it
        start, word = match.start(), match.group(0)
        word_length = len(word.rstrip())
        if width - cell_offset >= word_length:
            cell_offset += len(word)
        elif word_length > width:  # fold=False: the word is cropped, on a line of its own
            if start:
                break_positions.append(start)
            cell_offset = len(word)
        elif cell_offset and start:
            break_positions.append(start)
            cell_offset = len(word)
    return break_positions


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


# Every emoji code a colon begins ("::" too), overlapping: what rich's pattern could match from each colon.
_EMOJI_CODE = r"(?=:(\S*?):)"
_NUMERIC = frozenset("0123456789+-")
NUMERIC_EMOJI = frozenset({"100", "1234", "+1", "-1"})  # rich's emoji names made of those (a unit test checks)
# A character outside rich's one-column ranges (rich.cells._SINGLE_CELL_UNICODE_RANGES) and the bullet
# `game log` prints: only then does a cell's width need rich's tables (a unit test holds these narrow).
_WIDER = r"[^\x20-\x7e\xa0-\xac\xae-\u02ff\u0370-\u0482\u2500-\u25fc\u2800-\u28ff\u2022]"

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
        # rich's emoji code "(:(\S*?)(?:(?:\-)(emoji|text))?:)" can begin at any colon and reaches the
        # next one.  A code made of digits and signs alone ("12:30:05", "13:01:22+00:00") that
        # is none of rich's names is printed as it is, without loading rich's 3,600 emoji names.
        if all(set(code) <= _NUMERIC and code not in NUMERIC_EMOJI for code in re.findall(_EMOJI_CODE, text)):
            return True
        from rich._emoji_replace import _emoji_replace

        return _emoji_replace(text) == text
    return True
