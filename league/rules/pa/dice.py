"""The dice a plate-appearance engine asks for, including the 20-sided die.

The dice themselves (triads, pairs and :class:`D20`) live in ``league.domain.dice``,
the one dice module; this module keeps the PA engines' names for them, a need
that may ask for a d20, and a dice taker that replays recorded rolls and stops
with the next need when they run out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Literal, Sequence, Union

from league.domain.dice import ROLL_TYPES, D20, Pair, Tens, Triad, parse_tens

PaRollKind = Literal["triad", "pair", "d20", "d10"]
PaRoll = Union[Triad, Pair, D20, Tens]


@dataclass(frozen=True)
class PaNeed:
    """What the engine asks for next (same fields as ``league.domain.dice.NeedRoll``)."""

    kind: PaRollKind
    team: str  # "visitor" | "home": who rolls
    purpose: str


def roll_text(roll: PaRoll) -> str:
    """``"316"`` for a triad, ``"25"`` for a pair, ``"d14"`` for the d20."""
    return str(roll)


def parse_pa_roll(text: str) -> PaRoll:
    """Rebuild a roll from :func:`roll_text`; ValueError with a reason otherwise."""
    t = text.strip()
    if t[:1] in ("r", "R"):
        return parse_tens(t)
    if t[:1] in ("d", "D"):
        if not t[1:].isdigit() or not 1 <= int(t[1:]) <= 20:
            raise ValueError(f"impossible d20 roll {t!r} (the die shows 1-20)")
        return D20(int(t[1:]))
    if not t.isdigit() or len(t) not in (2, 3) or any(not 1 <= int(c) <= 6 for c in t):
        raise ValueError(f"expected 2 or 3 dice of 1-6 or d1-d20, got {t!r}")
    values = [int(c) for c in t]
    return Triad(*values) if len(values) == 3 else Pair(*values)


def seeded_source(seed: str) -> Callable[[PaNeed], PaRoll]:
    """A pseudo-random dice source; same seed, same rolls."""
    rng = random.Random(seed)

    def roll(need: PaNeed) -> PaRoll:
        r = rng.randint
        if need.kind == "d20":
            return D20(r(1, 20))
        if need.kind == "d10":
            return Tens(r(0, 9), r(0, 9), r(0, 9), r(1, 6))
        if need.kind == "triad":
            return Triad(r(1, 6), r(1, 6), r(1, 6))
        return Pair(r(1, 6), r(1, 6))

    return roll


class NeedMore(Exception):
    """Raised inside an engine when the recorded rolls run out."""

    def __init__(self, need: PaNeed) -> None:
        super().__init__(need.purpose)
        self.need = need




class Dice:
    """Recorded rolls handed out in order, each logged with what it was for.

    Without a ``source``, running out raises :class:`NeedMore` (the engine
    answers the need); with one, it rolls, so a simulation runs in one pass.
    """

    def __init__(self, rolls: Sequence[PaRoll], source: Callable[[PaNeed], PaRoll] | None = None):
        self._rolls = list(rolls)
        self._next = 0
        self._source = source
        self.log: list[dict[str, Any]] = []

    def take(self, kind: PaRollKind, team: str, purpose: str) -> Any:
        i, rolls = self._next, self._rolls
        if i >= len(rolls):
            need = PaNeed(kind, team, purpose)
            if self._source is None:
                raise NeedMore(need)
            rolls.append(self._source(need))
        roll = rolls[i]
        # Every roll of every play comes here: a roll already found valid gives its text by its identity
        # (the audit reads each recorded text into one shared roll, the seeded dice hand out shared ones).
        known = _TEXTS.get(id(roll))
        if known is not None and known[1] == kind:
            text = known[2]
        else:
            if not isinstance(roll, ROLL_TYPES[kind]) or not _valid(roll):
                raise ValueError(f"roll {i + 1} ({roll!r}) is not a {kind} ({purpose})")
            text = roll_text(roll)
            if len(_TEXTS) > 8192:
                _TEXTS.clear()
            _TEXTS[id(roll)] = (roll, kind, text)
        self._next = i + 1
        self.log.append({"kind": kind, "roll": text, "for": purpose})
        return roll

    @staticmethod
    def replaying(rolls: Sequence[PaRoll]) -> Dice:
        """``Dice(rolls)``, made without a class call: every resolution of every play replays its rolls,
        and Python 3.11 calls a class's __init__ through a slow generic path (a third of the cost)."""
        dice = _new(Dice)
        # the attributes in __init__'s order: the instances share one key table
        dice._rolls = list(rolls)
        dice._next = 0
        dice._source = None
        dice.log = []
        return dice

    @property
    def used(self) -> int:
        return self._next

    def check_done(self) -> None:
        if self._next < len(self._rolls):
            raise ValueError(f"{len(self._rolls) - self._next} roll(s) more than the play needs")


_new = object.__new__


# A roll found valid for a kind, with its text, by the roll's identity.  Rolls are immutable (tuples of
# ints), so the kind check and the text hold for as long as the roll lives, and the entry keeps the roll
# alive: an id found is always that very roll's.
_TEXTS: dict[int, tuple[PaRoll, str, str]] = {}


def _valid(roll: PaRoll) -> bool:
    if isinstance(roll, D20):
        return 1 <= roll.value <= 20
    if isinstance(roll, Tens):
        return all(0 <= d <= 9 for d in roll[:3]) and 1 <= roll.green <= 6
    return all(1 <= d <= 6 for d in roll)
