"""Pine Tar's charts, read once from the documented data files under ``charts/``.

The manual names these tables and reproduces cells of them in its worked
examples, but does not print them; each file says which examples it keeps.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

CHARTS = Path(__file__).parent / "charts"
RULESET_VERSION = "pine-tar-1"


@dataclass(frozen=True)
class Charts:
    location: tuple[str, ...]  # batter roll 00-99 -> LF, CF, RF or IF
    modifier: dict[tuple[str, str], str]  # (original result, grade) -> new result
    ground: dict[str, dict[str, tuple[str, ...]]]  # table -> GO type -> white die 0-9 -> column
    tag: dict[tuple[str, int], int]  # (field, base) -> highest roll that tags
    errors: tuple[tuple[str, str], ...]  # pair 00-99 -> (fielder, RS)
    sacrifice: dict[str, str]
    defense: tuple[tuple[str, str, str], ...]  # PDR roll 00-99 -> (fielder, Pos result, Neg/Neu location)
    injury: dict[str, tuple[int, ...]]  # INJ letter -> one die 0-9 -> games out (the optional injuries)


def _lines(name: str) -> list[str]:
    return [ln.split("#", 1)[0].strip() for ln in (CHARTS / name).read_text().splitlines()
            if ln.split("#", 1)[0].strip()]


def _span(text: str) -> range:
    lo, _, hi = text.partition("-")
    return range(int(lo), int(hi or lo) + 1)


@functools.cache
def load_charts() -> Charts:
    by_white: dict[int, str] = {}
    location = [""] * 100
    for ln in _lines("hit_location.txt"):
        kind, key, where = ln.split()
        if kind == "white":
            by_white[int(key)] = where
    for roll in range(100):
        location[roll] = by_white[roll % 10]
    for ln in _lines("hit_location.txt"):
        kind, key, where = ln.split()
        if kind == "roll":
            location[int(key)] = where
    modifier: dict[tuple[str, str], str] = {}
    for ln in _lines("pitcher_modifier.txt"):
        words = ln.split()
        for grade in words[1:-1]:
            modifier[(words[0], grade)] = words[-1]
    ground: dict[str, dict[str, tuple[str, ...]]] = {}
    table: dict[str, tuple[str, ...]] = {}
    for ln in _lines("ground_outs.txt"):
        if ln.startswith("["):
            table = ground.setdefault(ln[1:-1], {})
            continue
        words = ln.split()
        cells = [""] * 10
        for column, span in zip(words[1::2], words[2::2]):
            for w in _span(span):
                cells[w] = column
        if "" in cells:
            raise ValueError(f"ground_outs.txt: {words[0]} leaves a white die without a column")
        table[words[0]] = tuple(cells)
    tag = {(f, int(b)): int(v) for f, b, v in (ln.split() for ln in _lines("tag.txt"))}
    errors = [("", "")] * 100
    for ln in _lines("errors.txt"):
        span, fielder, rs = ln.split()
        for k in _span(span):
            errors[k] = (fielder, rs)
    sacrifice = {" ".join(ln.split()[:2]) if ln.split()[1] in ("even", "odd") else ln.split()[0]:
                 " ".join(ln.split()[2:] if ln.split()[1] in ("even", "odd") else ln.split()[1:])
                 for ln in _lines("sacrifice.txt")}
    defense = [("", "", "")] * 100
    for ln in _lines("defensive.txt"):
        span, fielder, pos_result, fail = ln.split()
        for k in _span(span):
            defense[k] = (fielder, pos_result, fail)
    injury = {words[0]: tuple(int(w) for w in words[1:]) for words in (ln.split() for ln in _lines("injury_length.txt"))}
    if any(len(games) != 10 for games in injury.values()):
        raise ValueError("injury_length.txt: each letter needs games for the die's 0-9")
    return Charts(tuple(location), modifier, ground, tag, tuple(errors), sacrifice, tuple(defense), injury)


__all__ = ["CHARTS", "Charts", "RULESET_VERSION", "load_charts"]
