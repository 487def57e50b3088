"""The commissioner's review of games a dispute held: accept as played, replay by hand, or let the computer finish.

A cascade never replaces what a person entered: where one of a person's rolls
or decisions can no longer stand under a corrected history, the game stays
exactly as played and is held (``Game.Held``, with the reason and the first
entry that can no longer stand).  Each way of settling it is one journaled,
undoable command:

- ``accept``: the game stands as played (its setup was made on the history of
  its day, and the audit checks it against that recorded setup);
- ``replay``: the game is set up again from the history as it now stands, the
  people's entries before the stop are re-applied, and it is left in progress
  for them to play on (``league game roll`` / ``league play GAME --dice``);
- ``finish``: the same, then the computer finishes it (seeded dice, the
  auto-manager).

A replayed or finished game changes its clubs' pitching history; the later
games stand as played (a review settles one game; a further dispute of them
is the commissioner's to start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from league.application.cascade import AsOf, Replay, game_key
from league.domain.dice import SeededDice
from league.domain.errors import EntryCannotStand, RulesError
from league.domain.lifecycle import FINAL

if TYPE_CHECKING:
    from league.application.ports import Records
    from league.domain.game_events import GameLifecycleEvents

ACCEPT, REPLAY, FINISH = "accepted", "replayed", "finished"
DISPUTES = ("rewind", "void", "correct")


class Reviews:
    """Mixed into the application (its records come through ``Records``, league.application.ports): the
    games a dispute held, and how the commissioner settles them."""

    @property
    def _records(self) -> "Records":
        return cast("Records", self)

    def held_games(self) -> list[dict[str, Any]]:
        """The games held for review, in date order, each with why and where it stopped."""
        named: set[str] = set()
        for e in self._records.journal().entries:
            if e["command"] in DISPUTES:
                named.update(c["game"] for c in e["details"].get("cascade") or ()
                             if c.get("status") == "held for review")
        out = []
        for gid in named:
            g = self._records.find_game(gid)
            if g is not None and g.held is not None:
                out.append({"game": gid, "date": g.date, "visitor": g.visitor, "home": g.home,
                            "status": g.status, "played_by": g.played_by, **g.held})
        return sorted(out, key=lambda h: (h["date"], h["game"]))

    def review(self, game: str, how: str, reason: str, actor: str) -> dict[str, Any]:
        """Settle a held game: ``accepted`` as played, ``replayed`` by people from its stop, or
        ``finished`` by the computer from there."""
        if how not in (ACCEPT, REPLAY, FINISH):
            raise RulesError(f"a held game is accepted, replayed or finished, not {how!r}")
        g = self._records.game(game)
        if g.held is None:
            raise RulesError(f"game {game} is not held for review (see 'league review')")
        before = g.version
        stop = int(g.held["position"])
        g.release(how=how, reason=reason, actor=actor)
        staffs: list[Any] = []
        if how != ACCEPT:
            staffs = self._play_again(g, stop, how, reason, actor)
        details = {"game": game, "how": how, "stop": stop, "games_before": {game: before}}
        command = f"review {how.removesuffix('ed').removesuffix('e')}"  # accept, replay, finish
        self._records.save_command(None, command, actor, reason, details, g, *staffs)
        return {"game": game, "how": how, "status": g.status, "position": g.version,
                "outcome": g.outcome}

    def _play_again(self, g: "GameLifecycleEvents", stop: int, how: str, reason: str, actor: str) -> list[Any]:
        """Set ``g`` up anew from today's history, re-apply its people's entries before ``stop`` (or before
        the first that no longer stands), and, to ``finish``, let the computer play the rest."""
        league = self._records.league()
        staffs: dict[str, Any] = {}
        session = self._records.season_player(league, staffs)
        real = {t: self._records.staff(t) for t in (g.visitor, g.home)}
        for team in (g.visitor, g.home):
            session.staffs[team] = AsOf(real[team], game_key(g))  # type: ignore[assignment]
        scheduled = league.games[g.game]
        setup = session.setup_now(scheduled, g, (None, None))
        entries = [{**e, "by": g.by_at(e["position"])} for e in g.in_force()]
        was_final = g.status == FINAL
        while True:  # back to the last entry that still stands under today's history
            kept = [e for e in entries if e["position"] < stop]
            try:
                session.rerun(session.scratch(g, setup, actor), kept, False, SeededDice("trial"), actor)
                break
            except EntryCannotStand as e:
                stop = e.position if 0 < e.position < stop else (kept[-1]["position"] if kept else stop)
                if not kept:
                    raise
        if was_final:
            for team in (g.visitor, g.home):
                real[team].revoke_usage(game=g.game, reason=reason)
        g.rewind(to=g.setup_position, to_start=True, reason=reason, actor=actor)
        g.restart(setup=setup, dice_source=REVIEW_SOURCE, actor=actor)
        kept = [e for e in entries if e["position"] < stop]
        session.rerun(g, kept, False, SeededDice(session.seed_for(g.game, g)), actor)
        if how == FINISH and g.status != FINAL:
            session.staffs.update(real)
            session.play(scheduled, SeededDice(session.seed_for(g.game, g)), g, None, None, actor, "seeded")
            return list(real.values())
        if g.status == FINAL:
            session.staffs.update(real)
            session.record_usage(g)
        return list(real.values())


# The dice source of a held game set up again by the commissioner's review: the people's entries up to its stop.
REVIEW_SOURCE = "recorded entries (review)"

__all__ = ["ACCEPT", "FINISH", "REPLAY", "Reviews"]
