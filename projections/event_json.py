"""An event's JSON read by the C scanner ``json.loads`` itself runs, without importing ``json``.

Importing ``json`` (its pure-Python decoder and encoder, and their regular
expressions) costs as much as some read commands' own work: the
direct readers of events (:mod:`projections.club_views`, a club's sheet;
:mod:`projections.game_record`, a game's events) and ``league history`` (the
journal's details) read JSON and write none.
"""

from __future__ import annotations

from typing import Any, cast


class _Decoder:
    """What the standard library's C JSON scanner reads of a decoder: ``json.loads``'s defaults (a
    constant, NaN or Infinity, read by ``float`` as ``json`` reads it)."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = float
    memo: dict[str, Any] = {}


def json_loads(data: bytes | str) -> Any:
    """``json.loads(data)`` of an event's JSON, by the scanner ``json.loads`` itself runs.

    Importing ``json`` (its pure-Python decoder and encoder, and their regular
    expressions) was a noticeable part of ``league pitchers`` on a card league, which reads
    one event's JSON and writes none (and of ``league game log``).  A document the scanner does not read
    whole goes to ``json.loads``, which then answers (or fails) exactly as before.
    """
    import _json

    if isinstance(data, str):
        text: str | None = data if data[:1] == "{" else None
    elif data[:1] == b"{" and b"\x00" not in data[:4]:  # UTF-8 as json.loads tells it (no UTF-16 or -32)
        text = data.decode("utf-8", "surrogatepass")
    else:
        text = None
    if text is not None:
        try:
            found, end = _json.make_scanner(cast(Any, _Decoder()))(text, 0)
        except (StopIteration, ValueError):
            pass
        else:
            if end == len(text):
                return found
    import json

    return json.loads(data)
