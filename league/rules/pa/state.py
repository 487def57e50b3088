"""The immutable state of a plate-appearance game.

Everything here is a frozen dataclass of tuples, so a state can be shared,
compared and kept at every step of a replay; transitions live in
:mod:`league.rules.pa.play` (plays, outs, runs, innings) and
:mod:`league.rules.pa.subs` (substitutions) and always return a new state
with a JSON-able event dict.  Players are identified by card id strings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from league.domain.errors import RulesError

FIELD = ("p", "c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")
SIDES = ("visitor", "home")
Bases = tuple["str | None", "str | None", "str | None"]
EMPTY: Bases = (None, None, None)

R = TypeVar("R")
_FIELDS: dict[type, frozenset[str]] = {}


def evolve(record: R, **changes: Any) -> R:
    """``dataclasses.replace`` for the game's frozen records, without its per-call work.

    The records here (Team, PitcherLog, GameState) have only init fields and
    no ``__post_init__``, so a copy of the instance dict with the changes is
    exactly what ``replace`` builds; it runs tens of thousands of times a
    season.  Unknown field names are still refused.
    """
    kind = type(record)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = frozenset(f.name for f in fields(kind))  # type: ignore[arg-type]
    if not changes.keys() <= names:
        raise TypeError(f"{kind.__name__} has no field(s) {sorted(changes.keys() - names)}")
    new = _new(kind)
    _set(new, "__dict__", record.__dict__ | changes)  # frozen: its __setattr__ refuses, object's does not
    return new


_new, _set = object.__new__, object.__setattr__


def copied(record: R, changes: dict[str, Any]) -> R:
    """:func:`evolve` without the check of the names, for transitions whose names are written in
    the code (:func:`league.rules.pa.play.apply_play` runs four for every play of a season)."""
    new = _new(type(record))
    _set(new, "__dict__", record.__dict__ | changes)
    return new  # type: ignore[no-any-return]


# Every play looks up fielders' ratings, but a team's ``fielders`` and
# ``eligible`` tuples change only with a substitution: what is derived from
# them is kept by the tuples' identity (the cache holds them, so an id is
# never reused while its entry stands).
_DERIVED: dict[tuple[str, tuple[int, ...]], tuple[tuple[Any, ...], Any]] = {}


def _by_identity(name: str, inputs: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
    # An entry keeps its inputs alive, so while it stands no other object can have their ids: a key
    # found is always for these very objects (no identity check needed after the lookup).
    key = (name, tuple(map(id, inputs)))
    hit = _DERIVED.get(key)
    if hit is None:
        if len(_DERIVED) > 8192:
            _DERIVED.clear()
        hit = _DERIVED[key] = (inputs, compute())
    return hit[1]


# The records' own __init__ (init=False) gives each instance a plain dict of its fields.  Copies are
# made from that dict (evolve, copied, apply_play), and a dict read out of an instance the generated
# __init__ built is a "split" one: Python 3.11 cannot specialise an attribute read on an instance
# holding one (every read of such a state, team or stint took the slow path, about four times the
# cost), and its copies stay split.  A dict built whole is not, nor are its copies.
@dataclass(frozen=True, init=False)
class PitcherLog:
    """One pitcher's stint: what endurance rules (e.g. Strat 27.x) read."""

    pitcher: str
    role: str  # "starter" | "relief" | "emergency"
    entered_inning: int
    outs: int = 0  # outs recorded while he pitched
    batters: int = 0  # plate appearances completed against him
    # (inning, his outs so far) for each hit or unintentional walk he allowed
    counted: tuple[tuple[int, int], ...] = ()

    def __init__(self, pitcher: str, role: str, entered_inning: int, outs: int = 0, batters: int = 0,
                 counted: tuple[tuple[int, int], ...] = ()) -> None:
        _set(self, "__dict__", {"pitcher": pitcher, "role": role, "entered_inning": entered_inning, "outs": outs,
                                "batters": batters, "counted": counted})


@dataclass(frozen=True, init=False)  # its own __init__: see PitcherLog
class Team:
    """One side's lineup and who is still available."""

    code: str
    order: tuple[str, ...]  # the nine batting slots
    fielders: tuple[tuple[str, str], ...]  # (position, player), "p" and maybe "dh" included
    eligible: tuple[tuple[str, tuple[str, ...]], ...]  # player -> positions rated on his card
    bench: tuple[str, ...] = ()  # position players not yet used
    bullpen: tuple[str, ...] = ()  # pitchers not yet used
    dh: bool = False
    up: int = 0  # index of the next batting slot
    removed: tuple[str, ...] = ()  # left the game: may never re-enter
    injured: tuple[str, ...] = ()  # hurt and must be replaced before the next play
    pitchers: tuple[PitcherLog, ...] = ()  # every stint, the current one last

    def __init__(self, code: str, order: tuple[str, ...], fielders: tuple[tuple[str, str], ...],
                 eligible: tuple[tuple[str, tuple[str, ...]], ...], bench: tuple[str, ...] = (),
                 bullpen: tuple[str, ...] = (), dh: bool = False, up: int = 0, removed: tuple[str, ...] = (),
                 injured: tuple[str, ...] = (), pitchers: tuple[PitcherLog, ...] = ()) -> None:
        _set(self, "__dict__", {"code": code, "order": order, "fielders": fielders, "eligible": eligible,
                                "bench": bench, "bullpen": bullpen, "dh": dh, "up": up, "removed": removed,
                                "injured": injured, "pitchers": pitchers})

    # -- queries ---------------------------------------------------------
    # at() and pitcher run about ten times a plate appearance: a plain loop, not next() over a
    # generator, which costs a frame and its setup per call.
    def at(self, position: str) -> str | None:
        for pos, p in self.fielders:
            if pos == position:
                return p
        return None

    def position_of(self, player: str) -> str | None:
        for pos, p in self.fielders:
            if p == player:
                return pos
        return None

    @property
    def pitcher(self) -> str:
        for pos, p in self.fielders:
            if pos == "p":
                if p is not None:
                    return p
                break
        raise RulesError(f"{self.code} has no pitcher")

    @property
    def batter(self) -> str:
        return self.order[self.up]

    @property
    def stint(self) -> PitcherLog:
        return self.pitchers[-1]

    def rated(self, player: str) -> tuple[str, ...]:
        by_player = _by_identity("rated", (self.eligible,),
                                 lambda: {p: pos for p, pos in reversed(self.eligible)})  # first entry wins
        return by_player.get(player, ())  # type: ignore[no-any-return]

    def misplaced(self) -> tuple[tuple[str, str], ...]:
        """(position, player) for each fielder not rated where he stands ("p" and "dh" need none)."""
        return _by_identity("misplaced", (self.fielders, self.eligible), lambda: tuple(  # type: ignore[no-any-return]
            (pos, p) for pos, p in self.fielders if pos not in ("p", "dh") and pos not in self.rated(p)))

    def in_game(self, player: str) -> bool:
        if player in self.order:
            return True
        for _, p in self.fielders:  # a loop, not any() over a generator: the manager asks this of
            if p == player:         # every bench player and reliever before each play
                return True
        return False

    def available(self, player: str) -> bool:
        """On the bench or in the bullpen, and never removed."""
        return player not in self.removed and not self.in_game(player) and (
            player in self.bench or player in self.bullpen)


@dataclass(frozen=True, init=False)  # its own __init__: see PitcherLog
class GameState:
    visitor: Team
    home: Team
    inning: int = 1
    half: str = "top"  # "top": the visitor bats
    outs: int = 0
    bases: Bases = EMPTY
    score: tuple[int, int] = (0, 0)  # visitor, home
    innings: int = 9  # scheduled length
    over: bool = False
    plays: int = 0  # transitions so far: the position of the next event
    extra: tuple[tuple[str, Any], ...] = field(default=())  # ruleset-specific facts

    def __init__(self, visitor: Team, home: Team, inning: int = 1, half: str = "top", outs: int = 0,
                 bases: Bases = EMPTY, score: tuple[int, int] = (0, 0), innings: int = 9, over: bool = False,
                 plays: int = 0, extra: tuple[tuple[str, Any], ...] = ()) -> None:
        _set(self, "__dict__", {"visitor": visitor, "home": home, "inning": inning, "half": half, "outs": outs,
                                "bases": bases, "score": score, "innings": innings, "over": over,
                                "plays": plays, "extra": extra})

    @property
    def batting_side(self) -> str:
        return "visitor" if self.half == "top" else "home"

    @property
    def fielding_side(self) -> str:
        return "home" if self.half == "top" else "visitor"

    @property
    def offense(self) -> Team:
        return self.visitor if self.half == "top" else self.home

    @property
    def defense(self) -> Team:
        return self.home if self.half == "top" else self.visitor

    def team(self, side: str) -> Team:
        return self.visitor if side == "visitor" else self.home

    def with_team(self, side: str, team: Team) -> GameState:
        return evolve(self, visitor=team) if side == "visitor" else evolve(self, home=team)

    def runner_count(self) -> int:
        return sum(1 for b in self.bases if b is not None)

    def situation(self) -> str:
        """Bases as the charts key them: ``"1-3"`` for first and third, ``"---"`` empty."""
        first, second, third = self.bases  # written out: every groundball asks, and a generator costs a frame
        return ("1" if first else "-") + ("2" if second else "-") + ("3" if third else "-")

    def summary(self) -> dict[str, Any]:
        # Asked three times a plate appearance, of two states: the play's new state twice (its facts'
        # "after", then the event's), and that state again as the next play's "before" unless
        # something came between.  The last state's summary is kept (see _LAST_SUMMARY) and that
        # same dict given again: events only write it out, nothing writes to it (the Strat, Pine Tar
        # and Inside Pitch engines, the box score, the audit and the play words were all checked).
        last = _LAST_SUMMARY[0]
        if last[0] is self:
            return last[1]
        made = {"inning": self.inning, "half": self.half, "outs": self.outs,
                "bases": list(self.bases), "score": list(self.score)}
        _LAST_SUMMARY[0] = (self, made)  # one tuple, replaced whole: a reader sees a state and its own summary
        return made


# The last state summarised and its summary (GameState.summary): one entry, so bounded; it keeps its
# state alive and is found by identity, and a frozen state's summary never changes, so it is never stale.
_LAST_SUMMARY: list[tuple[Any, dict[str, Any]]] = [(None, {})]


def new_team(code: str, order: list[str], fielders: dict[str, str],
             eligible: dict[str, tuple[str, ...]], bench: list[str], bullpen: list[str],
             dh: bool) -> Team:
    """A starting lineup, checked: nine batters, every position filled once."""
    team = Team(code, tuple(order), tuple(fielders.items()),
                tuple((p, tuple(v)) for p, v in eligible.items()),
                tuple(bench), tuple(bullpen), dh)
    check_lineup(team)
    return evolve(team, pitchers=(PitcherLog(team.pitcher, "starter", 1),))


def check_lineup(team: Team) -> None:
    """Raise RulesError unless the lineup is complete and consistent."""
    if len(team.order) != 9 or len(set(team.order)) != 9:
        raise RulesError(f"{team.code}: the batting order needs nine different players")
    positions = [pos for pos, _ in team.fielders]
    want = set(FIELD) | ({"dh"} if team.dh else set())
    if sorted(positions) != sorted(want):
        raise RulesError(f"{team.code}: positions {sorted(positions)} should be {sorted(want)}")
    players = [p for _, p in team.fielders]
    if len(set(players)) != len(players):
        raise RulesError(f"{team.code}: a player holds two positions")
    batting = set(players) - ({team.at("p")} if team.dh else set())
    if batting != set(team.order):
        raise RulesError(f"{team.code}: the batting order and the fielders differ"
                         + (" (with the DH the pitcher does not bat)" if team.dh else ""))
