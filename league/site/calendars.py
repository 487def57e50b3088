"""The clubs' rest calendars, read in a forked process while the build reads everything else.

A club's rest calendar is the slowest read of its page: a Strat-O-Matic
club's is its Staff folded again and its cards parsed (tens of milliseconds
a club, and the rule system's modules to import first).  It needs nothing
the build reads before it (only the League and the views), so it is read in
a process of its own from the start of a build, for the clubs whose pages
the build will surely write (every club for a whole site; the clubs whose
games changed for a rebuild), while this process reads the standings,
statistics, box-score lines and old pages, and then writes the pages that
need no calendar until they come.  The processes that render the other
pages inherit what it read; a club it did not read (a rival whose standing
moved) is read by the process rendering its page, as before.

Where a second process is not to be had (one core, no fork, macOS, or
``LEAGUE_SITE_WORKERS=1``) every calendar is read when its page is rendered.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import TYPE_CHECKING, Any, Callable, Collection

from league.adapters.forked import own_app, workers_for

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

_engines_renewed: set[int] = set()  # the processes that have let go of the views' inherited connections


def forked_reader(app: "LeagueApplication") -> Any:
    """The application a forked process reads with: its own, on the same store (see ``own_app``).

    On PostgreSQL it also leaves the parent's pooled connections to the views to the parent: SQLAlchemy's
    recipe for a forked process is a new pool that does not close (or use) the inherited connections.
    """
    mine = own_app(app)
    if mine is app or os.getpid() in _engines_renewed or app.store is None or app.store.kind == "sqlite":
        return mine
    _engines_renewed.add(os.getpid())
    from projections.db import engine_for

    engine_for(app.store).dispose(close=False)
    return mine


class Calendars:
    """The calendars being read by :func:`calendars_later`: ``ready()`` says whether they have come,
    calling it waits for them (club -> calendar; calling it again gives the same)."""

    def __init__(self, receiver: Any = None, child: Any = None) -> None:
        self._receiver, self._child = receiver, child
        self._found: dict[str, dict[str, Any] | None] | None = None if child is not None else {}

    def ready(self) -> bool:
        return self._found is not None or self._receiver.poll()

    def __call__(self) -> dict[str, dict[str, Any] | None]:
        if self._found is None:
            try:
                found = self._receiver.recv()
            except EOFError:  # the process ended without an answer: the pages read their calendars
                found = {}
            finally:
                self._child.join()
                self._receiver.close()
            self._found = found if isinstance(found, dict) else {}
        return self._found


def calendars_later(app: "LeagueApplication", clubs: Collection[str], read: Callable[[Any, str], dict[str, Any] | None],
                    workers_env: str) -> Calendars:
    """Start reading ``read(app, club)`` for each club in a forked process (:class:`Calendars`).  Nothing
    to wait for where no second process is to be had or there is nothing to read; a read that fails there
    is left to the page's own process."""
    if not clubs or workers_for(len(clubs), 1, workers_env) < 2:
        return Calendars()
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    wanted = sorted(clubs)

    def take() -> None:
        try:
            mine = forked_reader(app)
            sender.send({club: read(mine, club) for club in wanted})
        except BaseException:  # noqa: BLE001 - the pages read what is missing themselves
            sender.send({})
        finally:
            sender.close()

    child = context.Process(target=take, name="site-calendars", daemon=True)
    child.start()
    sender.close()
    return Calendars(receiver, child)
