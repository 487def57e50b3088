"""Files shipped with the package: team sheets (``teams/``) and schedules (``schedules/``)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

# The package's own folder: the files are always installed as files (they were read through
# ``Path(str(importlib.resources.files(...)))`` before, which assumed so too).  importlib.resources
# loads tempfile, shutil, zipfile and random, a good part of a read command's start-up.
_HERE = os.path.dirname(os.path.abspath(__file__))


def data_path(*parts: str) -> Path:
    """The path of a shipped data file, e.g. ``data_path("teams", "TEX.tsv")``."""
    from pathlib import Path  # here: it brings urllib.parse and ipaddress, which a read command need not load

    return Path(data_file(*parts))


def data_file(*parts: str) -> str:
    """:func:`data_path` as a string, without loading pathlib (``game log``'s compression dictionary)."""
    return os.path.join(_HERE, *parts)


def shipped_team_paths() -> list[Path]:
    """Every shipped team sheet, sorted by team code."""
    return sorted(data_path("teams").glob("*.tsv"))
