"""The pitchers' card headers of a club's card file, read without parsing its readings.

A club's rest calendar (``league pitchers``) needs of each pitcher's card
only its header: id, name (an asterisk after it: 26.1) and endurance (the
starter and relief POW).  The full parser (:mod:`.cards`) splits the whole
file (about 43 KB) and parses some 1,100 readings of the pitchers' cards,
and importing it loads the readings' tables, more than a read command
should spend on a rest calendar.  This module finds the ``PITCHER id`` lines by searching
the text for the word and reads only the lines up to each card's first
section.

It reads files the full parser accepted (a club's stored sheet): the lines
are read as the parser reads them (a ``#`` comment dropped, field names in
any case, the last of a field given twice), the endurance by the parser's
own function (:func:`endurance`, which :mod:`.cards` imports from here).
A header it cannot vouch for (no name or endurance) makes
:func:`pitcher_headers` answer None, and the caller parses the cards.
``tests/unit/test_strat_card_headers.py`` holds it to the parser on every
shipped card file and a generated one.
"""

from __future__ import annotations

import re
from typing import Any

from league.rules.strat.pitcher_header import PitcherHeader

# Every line break str.splitlines() knows (the parser's lines) other than "\n": a text holding any is
# read through splitlines, so that a "line" here is always the parser's line.  (Nine searches of the
# text cost less than compiling a pattern for them.)
_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
# A pitcher's card opens with a line "PITCHER id" (a comment after it allowed).  In a file the parser
# accepted, only an opening can look like this: inside a card, such a line is neither a field (no known
# name before a colon) nor a reading (no column-row), and the parser refuses it.  Matched against each
# line holding the word (found by str.find: a quarter of the time of a multi-line search of the file).
_OPENING = re.compile(r"[^\S\n]*PITCHER[^\S\n]+([^\s#]+)[^\S\n]*(?:#.*)?")
_CLOSER = re.compile(r"relief\((\d{1,2})\)/([0-6n])")


def pitcher_headers(text: str) -> tuple[PitcherHeader, ...] | None:
    """The pitchers' card headers of a card file the parser accepted, in card order; None when one
    lacks its name or endurance (the caller then parses the cards, and says what is wrong)."""
    if any(b in text for b in _OTHER_BREAKS):
        text = "\n".join(text.splitlines())
    out = []
    word = text.find("PITCHER")
    while word >= 0:
        line_end = text.find("\n", word)
        line_end = len(text) if line_end < 0 else line_end
        m = _OPENING.fullmatch(text, text.rfind("\n", 0, word) + 1, line_end)
        word = text.find("PITCHER", line_end)
        if m is None:
            continue
        fields: dict[str, str] = {}
        at = line_end + 1
        while at <= len(text):
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            line = text[at:end].split("#", 1)[0].strip()
            at = end + 1
            if not line:
                continue
            if line.startswith("[") or line == "END":  # the readings begin: the header is read
                break
            key, _, value = line.partition(":")
            fields[key.strip().lower()] = value.strip()
        if "name" not in fields or "endurance" not in fields:
            return None
        try:
            pow_ = endurance(fields["endurance"])
        except ValueError:
            return None
        out.append(PitcherHeader(m[1], fields["name"], pow_["starter"], pow_["relief"]))
    return tuple(out)


def endurance(value: str) -> dict[str, Any]:
    """A card's ``endurance`` field: ``starter(6)``, ``relief(2)``, ``relief(2)/3`` (a closer endurance
    0-6 or N, 28.1) or a starter's and a reliever's both (the card parser's reading of the field)."""
    text = value.lower()
    closer = _CLOSER.search(text)
    if closer:  # 28.0: "relief(2)/3", a closer endurance after the relief POW
        text = _CLOSER.sub(lambda m: f"relief({m[1]})", text)
    found = dict(re.findall(r"(starter|relief)\((\d{1,2})\)", text))
    if not found or re.sub(r"(starter|relief)\(\d{1,2}\)", "", text).strip():
        raise ValueError(f"expected 'starter(6)', 'relief(2)' (or 'relief(2)/3', a closer endurance 0-6 or N, "
                         f"28.1) or both, got {value!r}")
    return {"starter": int(found["starter"]) if "starter" in found else None,
            "relief": int(found["relief"]) if "relief" in found else None,
            "closer": closer[2].upper() if closer else None}


__all__ = ["PitcherHeader", "endurance", "pitcher_headers"]
