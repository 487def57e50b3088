"""Files shipped with the package: team sheets (``teams/``) and schedules (``schedules/``)."""

from __future__ import annotations

from pathlib import Path

# The package's own folder: the files are always installed as files (they were read through
# ``Path(str(importlib.resources.files(...)))`` before, which assumed so too).  importlib.resources
# loads tempfile, shutil, zipfile and random, a tenth of a read command's start-up (issue #16).
_HERE = Path(__file__).parent


def data_path(*parts: str) -> Path:
    """The path of a shipped data file, e.g. ``data_path("teams", "TEX.tsv")``."""
    return _HERE.joinpath(*parts)


def shipped_team_paths() -> list[Path]:
    """Every shipped team sheet, sorted by team code."""
    return sorted(data_path("teams").glob("*.tsv"))
