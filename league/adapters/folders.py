"""Output folders a user names (``--out``, an export's DIR): made, or refused with a message."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from league.domain.errors import LeagueError


class OutputError(LeagueError):
    """An output path that cannot be written."""


def prepare_folder(path: str | Path, what: str) -> Path:
    """``path`` as an existing, writable folder (made if missing), or an OutputError naming it."""
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out}: is a file; {what} go in a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{out}: cannot make the folder for {what} ({e.strerror or e})") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise OutputError(f"{out}: the folder is not writable, so {what} cannot be written there")
    return out


def write_file(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path``, turning a failure (disk full, permissions) into an OutputError."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise OutputError(f"{path}: cannot be written ({e.strerror or e})") from None


def write_files(out_dir: str | Path, what: str, files: Iterable[tuple[str, str]]) -> list[Path]:
    """Write each ``(name, text)`` into the folder ``out_dir`` (made if missing); the paths, in order."""
    out = prepare_folder(out_dir, what)
    paths = []
    for name, text in files:
        path = out / name
        write_file(path, text)
        paths.append(path)
    return paths
