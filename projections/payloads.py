"""Typed decoders for the hot events: only the fields the views read.

A Completed event carries the whole explanation and a Started event the
bullpen as it stood; msgspec skips the fields a schema does not name without
building them, which makes decoding several times faster than json.loads.
Unknown fields are ignored, so the engine can add to its outcome freely.
"""

from __future__ import annotations

from typing import Optional

import msgspec


class Side(msgspec.Struct):
    runs: int
    earned: int = 0
    unearned: int = 0


class PitchingLine(msgspec.Struct):
    team: str
    pitcher: str
    role: str
    outs: int = 0
    er: int = 0
    ur: int = 0
    decision: Optional[str] = None
    save: bool = False
    cg: bool = False
    sho: bool = False
    rel: Optional[int] = None
    short_rest: bool = False


class BattingLine(msgspec.Struct):
    team: str
    batter: str
    bat_pts: int = 0
    pow_pts: int = 0
    spd_pts: int = 0
    hr: int = 0
    ei_bat_pts: int = 0


class FieldingLine(msgspec.Struct):
    team: str
    fielder: str
    runs_saved: int = 0


class Outcome(msgspec.Struct):
    visitor: Side
    home: Side
    winner: Optional[str] = None
    extra_innings: int = 0
    pitching: list[PitchingLine] = []
    batting: list[BattingLine] = []
    fielding: list[FieldingLine] = []


class GameCompleted(msgspec.Struct):
    outcome: Outcome


class GameStarted(msgspec.Struct):
    game: str
    date: str
    visitor: str
    home: str
    number: int = 0
    ruleset: str = ""  # the rule system that plays it: which kind of box score it makes
    dice_source: str = ""  # with the actor: who makes the game's first entries (league.domain.actors)
    actor: str = ""


class GameRestarted(msgspec.Struct):
    dice_source: str = ""
    actor: str = ""


completed = msgspec.json.Decoder(GameCompleted)
started = msgspec.json.Decoder(GameStarted)
restarted = msgspec.json.Decoder(GameRestarted)
