"""Shared fixtures for the Strat tests: filler cards, a ready game, scripted dice.

Al Simmons and Lefty Gomez are the manual's pictured cards; only the readings
its examples quote are theirs, every other cell is filler.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from league.domain.dice import Pair, Triad
from league.domain.dice import D20
from league.rules.pa.state import GameState, new_team
from league.rules.strat.cards import ROWS, Card, Fielding
from league.rules.strat.engine import resolve_pa, resolve_steal
from league.rules.strat.results import parse_cell
from league.rules.strat.roster import load_set
from league.rules.strat.strategy import Strategy

POS = ("c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")


def filler(cid: str, kind: str, team: str, reading: str = "STRIKEOUT", **kw: Any) -> Card:
    columns = (1, 2, 3) if kind == "batter" else (4, 5, 6)
    cells = {(s, c, r): parse_cell(reading) for s in ("basic", "L", "R") for c in columns for r in ROWS}
    base: dict[str, Any] = dict(id=cid, kind=kind, name=cid, team=team, hand="R", cells=cells)
    if kind == "pitcher":
        base.update(batting="1WR", starter=7, relief=2)
    base.update(kw)
    return Card(**base)


def with_cells(card: Card, readings: dict[str, str], sides: tuple[str, ...] = ("basic", "L", "R")) -> Card:
    """``{"1-4": "HOMERUN"}`` set on the given sides."""
    cells = dict(card.cells)
    for key, text in readings.items():
        c, r = (int(x) for x in key.split("-"))
        for s in sides:
            cells[(s, c, r)] = parse_cell(text)
    return replace(card, cells=cells)


def card_set() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for t in ("V", "H"):
        for i, pos in enumerate(POS, start=1):
            arm = 0 if pos in ("c", "lf", "cf", "rf") else None
            cards[f"{t}{i}"] = filler(f"{t}{i}", "batter", t, fielding=(Fielding(pos, 3, arm, 10),),
                                      running=10, catcher_t=(1, 5) if pos == "c" else None)
        cards[f"{t}9"] = filler(f"{t}9", "batter", t, fielding=(Fielding("1b", 4, None, 10),))
        for i in (10, 11, 12):
            cards[f"{t}{i}"] = filler(f"{t}{i}", "batter", t,
                                      fielding=(Fielding(POS[i - 10], 3, 0, 10), Fielding("1b", 3, None, 5)))
        cards[f"{t}P"] = filler(f"{t}P", "pitcher", t, fielding=(Fielding("p", 3, None, 5),))
        for i in (1, 2, 3):
            cards[f"{t}R{i}"] = filler(f"{t}R{i}", "pitcher", t, fielding=(Fielding("p", 3, None, 5),),
                                       starter=None, relief=2)
    real = load_set()
    cards.update({k: v for k, v in real.items() if k.startswith("PH") or k == "EMERGENCY"})
    return cards



def v1_reads(reading: str) -> dict[str, Card]:
    """The shipped test cards with the visiting leadoff man's 1-7 cell reading ``reading``."""
    cards = card_set()
    cards["V1"] = with_cells(cards["V1"], {"1-7": reading})
    return cards


def step_note(ev: dict[str, Any], rule: str) -> str:
    """The note of the play's first step that cites ``rule``."""
    return str(next(s["note"] for s in ev["steps"] if rule in s.get("note", "")))


def team(cards: dict[str, Card], t: str, dh: bool = True):  # type: ignore[no-untyped-def]
    fielders = {pos: f"{t}{i}" for i, pos in enumerate(POS, start=1)}
    fielders["p"] = f"{t}P"
    order = [f"{t}{i}" for i in range(1, 9)] + ([f"{t}9"] if dh else [f"{t}P"])
    if dh:
        fielders["dh"] = f"{t}9"
    bench = [f"{t}{i}" for i in (10, 11, 12)] + ([] if dh else [f"{t}9"])
    eligible = {c.id: tuple(f.position for f in c.fielding) for c in cards.values() if c.team == t}
    return new_team(t, order, fielders, eligible, bench, [f"{t}R{i}" for i in (1, 2, 3)], dh)


def game(cards: dict[str, Card], dh: bool = True, **kw: Any) -> GameState:
    return replace(GameState(team(cards, "V", dh), team(cards, "H", dh)), **kw)


def roll(text: str):  # type: ignore[no-untyped-def]
    """"316" triad, "25" pair (colored dice only), "d14" the d20."""
    if text.startswith("d"):
        return D20(int(text[1:]))
    return Triad(*map(int, text)) if len(text) == 3 else Pair(*map(int, text))


def pa(state: GameState, cards: dict[str, Card], *rolls: str, level: str = "basic",
       s: Strategy = Strategy()):  # type: ignore[no-untyped-def]
    out = resolve_pa(state, cards, None, [roll(r) for r in rolls], s, level)
    assert isinstance(out, tuple), f"needs more dice: {out}"
    return out


def steal(state: GameState, cards: dict[str, Card], runners: tuple[int, ...], *rolls: str,
          level: str = "basic", s: Strategy = Strategy()):  # type: ignore[no-untyped-def]
    out = resolve_steal(state, cards, None, [roll(r) for r in rolls], runners, s, level)
    assert isinstance(out, tuple), f"needs more dice: {out}"
    return out
