"""Who made a game's entries, as the boxscores view can know it without reading them.

A game knows who made each of its entries (:mod:`league.domain.actors`): its
*hands* say who makes them from each position on, and it was played by
``hand``, the ``computer`` or ``both`` as the makers of the entries in force
say (``GameLifecycle.played_by``).  The view reads a game's life-cycle
events -- Started, Restarted, HandsChanged, Held, HoldReleased, Rewound,
Reinstated, Voided -- never its rolls, plays and decisions, which are most
of a season's log (a rebuild reads a fraction of the events it would
otherwise).  It does not need them: every position between two events the
view reads holds an entry (or an injury, which follows its play), made by
the hands of the time.  So the fold keeps the hands, the runs of positions
that hold entries still in force (a rewind cuts them as it cuts the
game's), and the last position it read.

What it does not see are the entries after the last event it read.  A
``HandsChanged`` is written just before the entry it hands over, so hands
that took over last are taken to be making entries; the entries of hands
already counted change nothing.  A game's Completed is folded like the
others, but for a game whose hands are as it began (:meth:`Hands.as_begun`,
one maker: most of a season's games, which a rebuild would otherwise fold
twice): whatever its entries, its one maker played it, and any later
life-cycle event counts the entries before it -- a rewind goes back no
further than the Completed, so it cuts the Completed's position with them.
The fold depends on the events alone, never on how catch-up batched them.
"""

from __future__ import annotations

from typing import Any

import msgspec

from league.domain.actors import AUTO_MANAGER, first_hands, how_played


class Hands:
    """A game's hands, the runs of positions holding entries in force, and the last position read."""

    __slots__ = ("hands", "entries", "last")

    def __init__(self, hands: list[list[Any]], entries: list[list[int]], last: int) -> None:
        self.hands = hands  # [[position, by], ...] as the game keeps them
        self.entries = entries  # [[first, last], ...]: positions holding entries in force
        self.last = last

    @classmethod
    def began(cls, position: int, dice_source: str, actor: str) -> Hands:
        """A game's Started event."""
        return cls([[position, first_hands(dice_source, actor)]], [], position)

    @classmethod
    def read(cls, text: str | None) -> Hands:
        """The fold as :meth:`text` wrote it into the row."""
        if not text:
            return cls([[1, AUTO_MANAGER]], [], 1)
        data = msgspec.json.decode(text)
        return cls(data["hands"], data["entries"], data["last"])

    def text(self) -> str:
        return msgspec.json.encode({"hands": self.hands, "entries": self.entries, "last": self.last}).decode()

    def as_begun(self) -> bool:
        """One maker from the game's (re)start and nothing read since: whatever its entries, he played
        it (its Completed need not be folded)."""
        return len(self.hands) == 1 and not self.entries and self.last == self.hands[0][0]

    def seen(self, position: int) -> None:
        """An event the view reads, at ``position``: the positions since the last one read hold entries."""
        if position > self.last + 1:
            if self.entries and self.entries[-1][1] == self.last:  # only seen events between: one run
                self.entries[-1][1] = position - 1
            else:
                self.entries.append([self.last + 1, position - 1])
        self.last = max(self.last, position)

    def restarted(self, position: int, dice_source: str, actor: str) -> None:
        self.seen(position)
        self.hands = [[position, first_hands(dice_source, actor)]]

    def handed(self, position: int, by: str) -> None:
        self.seen(position)
        self.hands.append([position, by])

    def rewound(self, position: int, to: int) -> None:
        """Back to just before ``to``: the entries and hands from there on are no longer in force."""
        self.seen(position)
        self.hands = [h for h in self.hands if h[0] < to]
        self.entries = [[a, min(b, to - 1)] for a, b in self.entries if a < to]

    def reinstated(self, position: int, state: dict[str, Any], record: str) -> None:
        """Undo: the game's state at an earlier version, its entries (``state[record]``) and hands."""
        self.seen(position)
        if "hands" in state:  # states written before hands were kept leave them as they were
            self.hands = [list(h) for h in state["hands"]]
        if record not in state:  # a state that does not say (as written by hand, in a test): as they were
            return
        positions = sorted(int(e["position"]) for e in state[record])
        if len(self.hands) == 1 and positions and positions[0] == self.hands[0][0] + 1:
            # One maker whose entries follow his start, as most games: the row the game had as begun, so
            # an undo gives back the very row it replaced (any position counted after his start is his).
            self.entries, self.last = [], self.hands[0][0]
            return
        runs: list[list[int]] = []
        for p in positions:
            if runs and runs[-1][1] == p - 1:
                runs[-1][1] = p
            else:
                runs.append([p, p])
        self.entries = runs

    def played_by(self) -> str | None:
        """``hand``, ``computer`` or ``both``, as the game says; None when nobody has made anything
        (a game rewound to its start)."""
        hands = self.hands
        if len(hands) == 1 and (not self.entries or self.entries[0][0] > hands[0][0]):  # one maker: most games
            return how_played([hands[0][1]])
        makers: set[str] = set()
        for a, b in self.entries:
            if not hands or a < hands[0][0]:
                makers.add(AUTO_MANAGER)
            for i, (start, by) in enumerate(hands):
                end = hands[i + 1][0] if i + 1 < len(hands) else None
                if b >= start and (end is None or a < end):
                    makers.add(by)
        if hands and hands[-1][0] == self.last:  # took over last: making the game's entries now
            makers.add(hands[-1][1])
        if not makers and not hands:
            return None
        return how_played(sorted(makers) or [hands[-1][1]])
