"""Dice as values, and the sources that produce them.

The manuals read dice in a fixed order: a Pennant Race triad is white, red,
green (``645`` is white 6, red 4, green 5); a two-dice roll is read as a
two-digit number (``31``).  Rule engines never roll: they say what they need
(:class:`NeedRoll`) and a *dice source* answers — a seeded random source, a
commissioner's script of physical rolls, or the recorded log during audit.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, NamedTuple, Protocol, Sequence, Union

from league.domain.errors import DiceScriptError, EntryCannotStand

RollKind = Literal["triad", "pair", "d20", "d10"]


class Triad(NamedTuple):
    """Three six-sided dice read white, red, green."""

    white: int
    red: int
    green: int

    @property
    def sum(self) -> int:
        return self.white + self.red + self.green

    @property
    def value(self) -> int:
        """The triad read as a three-digit number (``645``)."""
        return self.white * 100 + self.red * 10 + self.green

    def __str__(self) -> str:
        return f"{self.white}{self.red}{self.green}"


class Pair(NamedTuple):
    """Two six-sided dice read as a two-digit number (first die = tens)."""

    first: int
    second: int

    @property
    def value(self) -> int:
        return self.first * 10 + self.second

    def __str__(self) -> str:
        return f"{self.first}{self.second}"


class D20(NamedTuple):
    """One roll of the 20-sided die (Strat's split chances, fielding, running).

    Written ``d14`` so a script line can never be mistaken for a pair of d6.
    """

    value: int

    def __str__(self) -> str:
        return f"d{self.value}"


class Tens(NamedTuple):
    """Pine Tar's dice, all four as thrown: red, white and blue ten-sided dice (0-9) and the
    green six-sided die (1-6).  Each rule reads the dice it names (the batter roll red then
    white, 00-99; the error check adds blue; the optional randomizer reads green), so the
    record keeps every die.  Written ``r6w8b3g2``: never mistaken for six-sided dice.
    """

    red: int
    white: int
    blue: int
    green: int

    @property
    def value(self) -> int:
        """Red then white as a two-digit number, 00-99."""
        return self.red * 10 + self.white

    def __str__(self) -> str:
        return f"r{self.red}w{self.white}b{self.blue}g{self.green}"


Roll = Union[Triad, Pair, D20, Tens]
# The roll class of each kind, as a NeedRoll names it.
ROLL_TYPES: dict[str, type] = {"triad": Triad, "pair": Pair, "d20": D20, "d10": Tens}
_TENS = re.compile(r"r(\d)w(\d)b(\d)g(\d)")


def parse_tens(text: str) -> Tens:
    """``r6w8b3g2`` as recorded, or a script's shorthand read red, white, blue, green:
    ``68`` (blue 0, green 1), ``683`` (green 1) or ``6832``; ValueError with a reason."""
    t = text.strip().lower()
    m = _TENS.fullmatch(t)
    digits = list(m.groups()) if m else list(t)
    if not all(d.isdigit() for d in digits) or not 2 <= len(digits) <= 4:
        raise ValueError(f"expected Pine Tar dice like 68, 683, 6832 or r6w8b3g2, got {text.strip()!r}")
    values = [int(d) for d in digits] + [0, 1][len(digits) - 2:]
    if not 1 <= values[3] <= 6:
        raise ValueError(f"impossible green die {values[3]} in {text.strip()!r} (the six-sided die shows 1-6)")
    return Tens(*values)


@dataclass(frozen=True)
class NeedRoll:
    """What an engine asks for next: the kind of roll, who rolls, and why."""

    kind: RollKind
    team: str  # "visitor" | "home"
    purpose: str


def parse_roll(text: str, kind: RollKind) -> Roll:
    """Parse ``645`` (triad), ``31`` (pair) or ``d14`` (d20); ValueError with a reason."""
    if kind == "d10":
        return parse_tens(text)
    digits = text.strip()
    if digits[:1] in ("r", "R"):
        raise ValueError(f"expected a {kind}, got the Pine Tar roll {digits!r}")
    if kind == "d20" or digits[:1] in ("d", "D"):
        number = digits[1:] if digits[:1] in ("d", "D") else ""
        if kind != "d20":
            raise ValueError(f"expected a {kind}, got the d20 roll {digits!r}")
        if not number.isdigit() or not 1 <= int(number) <= 20:
            raise ValueError(f"expected a d20 roll d1-d20, got {digits!r}")
        return D20(int(number))
    width = 3 if kind == "triad" else 2
    if len(digits) != width or not digits.isdigit():
        raise ValueError(f"expected a {kind} of {width} digits, got {text.strip()!r}")
    values = [int(c) for c in digits]
    for v in values:
        if not 1 <= v <= 6:
            raise ValueError(f"impossible die value {v} in {digits!r} (dice show 1-6)")
    return Triad(*values) if kind == "triad" else Pair(*values)


def roll_from_text(text: str) -> Roll:
    """Rebuild a recorded roll from its text (3 digits triad, 2 digits pair, ``d14``)."""
    if text[:1] in ("d", "D"):
        return parse_roll(text, "d20")
    if text[:1] in ("r", "R"):
        return parse_roll(text, "d10")
    return parse_roll(text, "triad" if len(text) == 3 else "pair")


class DiceSource(Protocol):
    def roll(self, need: NeedRoll) -> Roll: ...


class SeededDice:
    """Pseudo-random dice from a seed string; same seed, same rolls.

    Each die is ``random.Random(seed).randint``'s draw, taken the way randint takes it (below) without
    its three calls: a season's simulation rolls about 600,000 dice.
    """

    def __init__(self, seed: str) -> None:
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits

    def roll(self, need: NeedRoll) -> Roll:
        bits, kind = self._bits, need.kind
        if kind == "triad":
            return _TRIADS[1 + below(bits, 6, 3)][1 + below(bits, 6, 3)][1 + below(bits, 6, 3)]
        if kind == "d20":
            return _D20S[1 + below(bits, 20, 5)]
        if kind == "d10":
            return Tens(below(bits, 10, 4), below(bits, 10, 4), below(bits, 10, 4), 1 + below(bits, 6, 3))
        return _PAIRS[1 + below(bits, 6, 3)][1 + below(bits, 6, 3)]


def below(bits: Callable[[int], int], n: int, width: int) -> int:
    """``randint(0, n - 1)`` of the generator whose ``getrandbits`` is ``bits`` (``width``: n's bit length).

    What CPython's randint does through randrange and ``_randbelow_with_getrandbits``: draw ``width``
    bits until the number is below ``n``.  So the rolls of a seed are those randint gave before
    (``tests/unit/test_seeded_dice.py`` holds them equal).
    """
    r = bits(width)
    while r >= n:
        r = bits(width)
    return r


# Every triad, pair and d20 roll made once, by its dice (index 0 unused): the seeded dice hand out
# these shared values rather than a new tuple a roll, and whoever keeps something about a roll by its
# identity (league.rules.pa.dice.Dice) finds it again.
_TRIADS = tuple(tuple(tuple(Triad(w, r, g) for g in range(7)) for r in range(7)) for w in range(7))
_PAIRS = tuple(tuple(Pair(a, b) for b in range(7)) for a in range(7))
_D20S = tuple(D20(v) for v in range(21))


class RecordedDice:
    """A person's recorded rolls, in order, for a game a dispute re-resolves: each roll the game asks
    for must be the next recorded one and of the kind asked; a roll the game never had is refused
    (:class:`EntryCannotStand`), never drawn by the computer.

    ``entries`` are (position, dice text, who rolled it); ``end`` is the position to name when the
    game asks for more rolls than were recorded.
    """

    def __init__(self, entries: Sequence[tuple[int, str, str]], end: int) -> None:
        self._entries = list(entries)
        self._next = 0
        self._end = end

    def roll(self, need: NeedRoll) -> Roll:
        if self._next >= len(self._entries):
            raise EntryCannotStand(self._end, f"the game now needs a roll it never had ({need.kind} for "
                                              f"{need.purpose})")
        position, text, by = self._entries[self._next]
        roll = roll_from_text(text)
        if not isinstance(roll, ROLL_TYPES[need.kind]):
            raise EntryCannotStand(position, f"the game now asks for a {need.kind} ({need.purpose}) where {by} "
                                             f"rolled {text}")
        self._next += 1
        return roll

    @property
    def unused(self) -> list[tuple[int, str, str]]:
        """The recorded rolls the game has not asked for."""
        return self._entries[self._next:]


class ScriptedDice:
    """Rolls typed by a commissioner: one roll per line, ``#`` comments allowed.

    Every problem names the script and the line: an impossible value, a
    malformed line, a script that runs out, and (via :meth:`check_exhausted`)
    rolls left over once the game is over.
    """

    def __init__(self, lines: Iterable[str], source: str = "<dice>") -> None:
        self.source = source
        self._rolls: list[tuple[int, str]] = []
        for number, raw in enumerate(lines, start=1):
            text = raw.split("#", 1)[0].strip()
            if text:
                self._rolls.append((number, text))
        self._next = 0
        self._last_line = 0

    def roll(self, need: NeedRoll) -> Roll:
        if self._next >= len(self._rolls):
            raise DiceScriptError(
                self.source,
                self._last_line + 1 if self._rolls else 1,
                f"the script ran out: the game needs a {need.kind} for the "
                f"{need.team} ({need.purpose})",
            )
        line, text = self._rolls[self._next]
        self._next += 1
        self._last_line = line
        try:
            return parse_roll(text, need.kind)
        except ValueError as e:
            raise DiceScriptError(
                self.source, line, f"{e} (wanted for the {need.team}: {need.purpose})"
            ) from None

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self._next

    def check_exhausted(self, why: str = "the game ended before using them") -> None:
        """Refuse rolls the script still holds; ``why`` says what stopped before them."""
        if self._next < len(self._rolls):
            line, text = self._rolls[self._next]
            raise DiceScriptError(
                self.source,
                line,
                f"{len(self._rolls) - self._next} roll(s) left over ({text!r} and after): {why}",
            )


class NeedMore(Exception):
    """Raised inside an engine when the recorded rolls run out."""

    def __init__(self, need: NeedRoll) -> None:
        super().__init__(need.purpose)
        self.need = need




class Dice:
    """An engine's dice: recorded rolls handed out in order, each logged with what it was for.

    Without a ``source``, running out raises :class:`NeedMore` (the engine
    answers the need); with one, it rolls, so a simulation runs in one pass.
    """

    def __init__(self, rolls: Sequence[Roll], source: Callable[[NeedRoll], Roll] | None = None,
                 whole: str = "the play"):
        self._rolls = list(rolls)
        self._next = 0
        self._source = source
        self.log: list[dict[str, Any]] = []
        self.asked: list[tuple[NeedRoll, Roll]] = []  # the rolls the source gave, with what each was for
        self._whole = whole

    def take(self, kind: RollKind, team: str, purpose: str) -> Any:
        i, rolls = self._next, self._rolls
        if i >= len(rolls):
            need = NeedRoll(kind, team, purpose)
            if self._source is None:
                raise NeedMore(need)
            rolls.append(self._source(need))
            self.asked.append((need, rolls[-1]))
        roll = rolls[i]
        # Every roll of every play comes here: a roll already found valid gives its text by its identity
        # (the audit reads each recorded text into one shared roll, the seeded dice hand out shared ones).
        known = _TEXTS.get(id(roll))
        if known is not None and known[1] == kind:
            text = known[2]
        else:
            if not isinstance(roll, ROLL_TYPES[kind]) or not _valid(roll):
                raise ValueError(f"roll {i + 1} ({roll!r}) is not a {kind} ({purpose})")
            text = str(roll)
            if len(_TEXTS) > 8192:
                _TEXTS.clear()
            _TEXTS[id(roll)] = (roll, kind, text)
        self._next = i + 1
        self.log.append({"kind": kind, "roll": text, "for": purpose})
        return roll

    @staticmethod
    def replaying(rolls: Sequence[Roll]) -> Dice:
        """``Dice(rolls)``, made without a class call: every resolution of every play replays its rolls,
        and Python 3.11 calls a class's __init__ through a slow generic path (a third of the cost)."""
        dice = _new(Dice)
        # the attributes in __init__'s order: the instances share one key table
        dice._rolls = list(rolls)
        dice._next = 0
        dice._source = None
        dice.log = []
        dice.asked = []
        dice._whole = "the play"
        return dice

    @property
    def used(self) -> int:
        return self._next

    def check_done(self) -> None:
        if self._next < len(self._rolls):
            raise ValueError(f"{len(self._rolls) - self._next} roll(s) more than {self._whole} needs")


_new = object.__new__


# A roll found valid for a kind, with its text, by the roll's identity.  Rolls are immutable (tuples of
# ints), so the kind check and the text hold for as long as the roll lives, and the entry keeps the roll
# alive: an id found is always that very roll's.
_TEXTS: dict[int, tuple[Roll, str, str]] = {}


def _valid(roll: Roll) -> bool:
    if isinstance(roll, D20):
        return 1 <= roll.value <= 20
    if isinstance(roll, Tens):
        return all(0 <= d <= 9 for d in roll[:3]) and 1 <= roll.green <= 6
    return all(1 <= d <= 6 for d in roll)
