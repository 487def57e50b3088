"""Reading a file a user gives (sheet, cards, schedule, dice script) as text, or saying why not.

Every reader goes through :func:`read_text`, so a binary file, a file that
is not UTF-8, an empty one or one far larger than any real input is
refused with an :class:`~league.domain.errors.InputError` naming the file (and,
for bad bytes, the line) instead of a ``UnicodeDecodeError`` traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

from league.domain.errors import InputError

# The largest real input is a season's Retrosheet schedule, about 100 KB; a
# file a hundred times that is not one of ours.
MAX_BYTES = 10_000_000
STDIN = "-"


def read_text(path: str | Path, what: str, source: str | None = None) -> str:
    """The text of ``path`` (``-``: standard input), checked to be a ``what`` one could read."""
    name = source or str(path)
    if str(path) == STDIN:
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        p = Path(path)
        try:
            if p.is_dir():
                raise InputError(name, None, None, f"is a folder, not a {what}")
            size = p.stat().st_size
            if size > MAX_BYTES:
                raise InputError(name, None, None, f"is {size / 1e6:.0f} MB, far larger than any {what} "
                                                   "(is it the right file?)")
            data = p.read_bytes()
        except OSError as exc:
            raise InputError(name, None, None, f"cannot read: {exc.strerror or exc}") from None
    return decode(data, what, name)


def decode(data: bytes, what: str, source: str) -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped), or an InputError saying why not."""
    if len(data) > MAX_BYTES:
        raise InputError(source, None, None, f"is larger than any {what} (is it the right input?)")
    if b"\x00" in data:
        raise InputError(source, None, None, f"is a binary file, not a {what}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise InputError(source, line, None, f"is not UTF-8 text (byte 0x{data[e.start]:02x}); "
                                             f"save the {what} as UTF-8") from None
    if not text.strip():
        raise InputError(source, None, None, f"is empty: expected a {what}")
    return text
