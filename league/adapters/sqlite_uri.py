"""A SQLite file's URI: how a connection is told the file's mode (``ro``, ``rw``) and nothing else.

SQLite reads a ``file:`` URI's ``?`` as the start of its parameters and its
``#`` as the start of a fragment, so a league file named ``Season #2.db``
written into such a URI unquoted was opened as ``Season `` -- and in the
default mode, which creates that file.  The path is percent-encoded here as
``pathlib.Path.as_uri`` encodes it (a test holds the two equal), without
importing pathlib, which brings ``urllib.parse`` and ``ipaddress`` with it:
a good part of a read command's start-up in a plain install.
"""

from __future__ import annotations

import os

# What Path.as_uri leaves as it is (urllib.parse.quote_from_bytes with "/" safe): letters, digits, "_.-~".
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")


def sqlite_uri(path: str, mode: str) -> str:
    """``file:`` URI of the SQLite file at ``path`` (relative to the working folder) opened in ``mode``."""
    if os.name == "nt":  # drive letters and backslashes: pathlib knows them
        from pathlib import Path

        return f"{Path(path).absolute().as_uri()}?mode={mode}"
    full = path if path.startswith("/") else os.path.join(os.getcwd(), path)
    # Path's reading of it: repeated slashes and "." parts dropped (".." kept), "//" kept as a root.
    root = "//" if full.startswith("//") and not full.startswith("///") else "/"
    parts = [p for p in full.split("/") if p not in ("", ".")]
    encoded = "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in os.fsencode(root + "/".join(parts)))
    return f"file://{encoded}?mode={mode}"
