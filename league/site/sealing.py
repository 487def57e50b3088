"""The log's seal for the home page, taken in a forked process while the views are read.

The seal (``league verify --seal``) hashes every stored event, so on a
season of a quarter of a million events it is the longest single read of a
build; the read-model queries do not depend on it, so they run meanwhile.
Where a second process is not to be had (one core, no fork, macOS, or
``LEAGUE_SITE_WORKERS=1``) or not worth having (a short log), it is taken
here, in turn.
"""

from __future__ import annotations

import multiprocessing
from typing import Any, Callable

from league.adapters.forked import own_app, workers_for
from league.application.verify import seal


# Below this many events the seal takes less than starting a process.
SEAL_APART_FROM = 5000


def seal_later(app: Any, position: int, workers_env: str) -> Callable[[], str]:
    """Start taking the seal of the log up to ``position``; call the result to wait for it."""
    if workers_for(position, SEAL_APART_FROM, workers_env) < 2:
        value = str(seal(app, position))
        return lambda: value
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def take() -> None:
        # The child reads with its own connection, never the parent's.
        try:
            sender.send(("ok", str(seal(own_app(app), position))))
        except BaseException as e:  # noqa: BLE001 - the parent re-raises it
            sender.send(("error", f"{type(e).__name__}: {e}"))
        finally:
            sender.close()

    child = context.Process(target=take, name="site-seal", daemon=True)
    child.start()
    sender.close()

    def result() -> str:
        try:
            status, value = receiver.recv()
        except EOFError:
            status, value = "error", "the process taking the seal ended without an answer"
        finally:
            child.join()
            receiver.close()
        if status != "ok":
            raise RuntimeError(f"taking the log's seal failed: {value}")
        return str(value)

    return result
