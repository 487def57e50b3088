"""The boxscores view's fold of who made a game's entries (projections/handlers/hands.py) says what the game
says of itself, though it reads only the game's life-cycle events, never the entries.

Random games are played through the life cycle the game record folds (projections.game_record, the
aggregates' own methods): entries, hand-overs, completions, rewinds (to the start too, then a restart),
holds and their release, voids and undos; after each event the view reads, the view's ``played_by``
is the game's, however catch-up batches the events.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from league.domain.actors import AUTO_MANAGER
from league.domain.lifecycle import ENTRY, FINAL, IN_PROGRESS, SCHEDULED
from projections.game_record import GameRecord
from projections.handlers.hands import Hands

PEOPLE = ("alice", "bob")


class Both:
    """A game as the record folds it and as the view folds it, event by event."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        source, actor = rng.choice([("people", "alice"), ("script: d.txt", "bob"), ("seeded", "carol")])
        started = SimpleNamespace(game="G", date="2024-04-01", number=0, visitor="V", home="H", ruleset="r",
                                  ruleset_version="1", setup={}, dice_source=source, actor=actor)
        self.record = GameRecord("rolls", started)
        self.view = Hands.began(1, source, actor)
        self.undo: list[dict[str, Any]] = []  # states to reinstate

    def event(self, kind: str, **fields: Any) -> None:
        e = SimpleNamespace(originator_version=self.record.version + 1, **fields)
        assert self.record.apply(ENTRY if kind == "DiceRolled" else kind, e)  # the step the event takes
        p = e.originator_version
        if kind == "Restarted":
            self.view.restarted(p, fields["dice_source"], fields["actor"])
        elif kind == "HandsChanged":
            self.view.handed(p, fields["by"])
        elif kind == "Rewound":
            self.view.rewound(p, fields["to"])
        elif kind == "Reinstated":
            self.view.reinstated(p, fields["state"], "rolls")
        elif kind == "Completed":  # the view folds it but for a game whose hands are as it began
            if not self.view.as_begun():
                self.view.seen(p)
        elif kind != "DiceRolled":  # the view reads no entry
            self.view.seen(p)
        if self.rng.random() < 0.3:  # the next event in another catch-up batch: the fold read from its row
            self.view = Hands.read(self.view.text())

    def entry(self) -> None:
        self.event("DiceRolled")

    def agree(self) -> None:
        expected = None if not self.record.hands and not self.record.in_force() else self.record.played_by
        assert self.view.played_by() == expected, (self.record.hands, self.record.in_force(), self.view.text())

    def step(self) -> bool:
        """One command's events; True when the view has read an event it can be checked at."""
        g, rng = self.record, self.rng
        if g.status == SCHEDULED:
            self.event("Restarted", setup={}, dice_source=rng.choice(["people", "seeded"]), actor=rng.choice(PEOPLE))
            return True
        choices = ["entry", "entry", "entry", "rewind", "void", "undo"]
        if g.status == IN_PROGRESS and g.held is None:
            choices += ["hand over", "complete"]
        if g.status == FINAL:
            choices += ["release" if g.held is not None else "hold"]
        what = rng.choice(choices)
        if what in ("entry", "hand over", "complete") and (g.status != IN_PROGRESS or g.held is not None):
            what = "rewind"
        self.undo.append(g.snapshot())
        if what == "entry":
            for _ in range(rng.randint(1, 3)):
                self.entry()
            return False  # the view cannot see entries until the game's next event it reads
        if what == "hand over":
            self.event("HandsChanged", by=rng.choice([b for b in (*PEOPLE, AUTO_MANAGER) if b != g.hands_now]))
            self.entry()  # a hand-over is written just before the entry it hands over
        elif what == "complete":
            self.event("Completed", outcome={})
        elif what == "rewind":
            positions = sorted(g.active_positions())
            if not positions:
                return False
            to = rng.choice(positions)
            self.event("Rewound", to=to, to_start=to == g.setup_position)
        elif what == "void":
            self.event("Voided")
        elif what == "hold":
            self.event("Held", reason="r", position=1, dispute="d")
        elif what == "release":
            self.event("HoldReleased")
        else:
            self.event("Reinstated", state=self.rng.choice(self.undo))
        return True


@pytest.mark.parametrize("seed", range(300))
def test_the_view_says_how_a_game_was_played_as_the_game_does(seed: int) -> None:
    game = Both(random.Random(seed))
    game.agree()
    for _ in range(40):
        if game.record.status == "void":
            break
        if game.step():
            game.agree()


def test_the_fold_is_kept_in_the_row_as_text() -> None:
    hands = Hands.began(1, "people", "alice")
    hands.handed(5, AUTO_MANAGER)
    hands.seen(9)
    again = Hands.read(hands.text())
    assert (again.hands, again.entries, again.last) == ([[1, "alice"], [5, AUTO_MANAGER]], [[2, 4], [6, 8]], 9)
    assert again.played_by() == "both"
    assert Hands.read(None).played_by() == "computer"
