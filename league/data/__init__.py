"""Files shipped with the package: team sheets (``teams/``) and schedules (``schedules/``)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_path(*parts: str) -> Path:
    """The path of a shipped data file, e.g. ``data_path("teams", "TEX.tsv")``."""
    path = resources.files(__name__)
    for part in parts:
        path = path / part
    return Path(str(path))


def shipped_team_paths() -> list[Path]:
    """Every shipped team sheet, sorted by team code."""
    return sorted(data_path("teams").glob("*.tsv"))
