"""``league site serve``: a local preview of a built site (Python's http.server).

Bound to 127.0.0.1 unless told otherwise: a preview is for the commissioner,
not the network.  The server stops cleanly on Ctrl-C or SIGTERM: the
request in flight finishes, the socket is closed, and the call returns
within a second or so.
"""

from __future__ import annotations

import functools
import signal
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any, Callable

from league.site.build import MANIFEST, SiteError


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


class SiteServer:
    """An HTTP server for one folder, run in a thread of its own; ``stop()`` is bounded."""

    def __init__(self, folder: Path, host: str = "127.0.0.1", port: int = 0) -> None:
        folder = Path(folder)
        if not (folder / MANIFEST).is_file():
            raise SiteError(f"{folder}: no site here; build one first with 'league site build {folder}'")
        handler = functools.partial(_QuietHandler, directory=str(folder))
        try:
            self.httpd = ThreadingHTTPServer((host, port), handler)
        except OSError as e:
            raise SiteError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.2},
                                       name="site-server", daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/"

    def start(self) -> "SiteServer":
        self.thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout)

    def __enter__(self) -> "SiteServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def serve_until_stopped(server: SiteServer, ready: Callable[[str], None]) -> None:
    """Serve until Ctrl-C or SIGTERM, then shut down cleanly."""
    done = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        done.set()

    previous = signal.signal(signal.SIGTERM, stop)
    server.start()
    ready(server.url)
    try:
        while not done.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.stop()
