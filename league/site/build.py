"""``league site build``: write the website into a folder, whole or incrementally.

Every build writes into a new folder beside OUT and then swaps it into
place, so a reader (or a crash) never meets a half-written site.  Pages the
new log events cannot have changed are hard links to the previous build's
files, so an incremental build costs only the pages it rewrites.

The manifest (``.site.json``) records the log position the site was built
from and, for each page, the log position it was last rendered at; each page
also carries that position in ``<meta name="league-log-position">``.

Which pages a day's games change: their game pages, their clubs' pages and
those clubs' players' pages, and the league-wide pages (standings and race
charts, schedule, leaders, injuries, journal), which are always rewritten.
Anything else in the log since the last build (a sheet edit, a new schedule,
teams) and any change to the site's own templates rebuild everything.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from league import ids
from league.errors import LeagueError
from league.site.content import gather
from league.site.pages import Pages
from league.site.records import changed_games, head, load_games, notifications

MANIFEST = ".site.json"
FORMAT = 1


class SiteError(LeagueError):
    """OUT cannot hold the site (a file, not writable, or a folder that is not a site)."""


@dataclass
class BuildReport:
    out: Path
    position: int
    pages: int  # pages in the site
    written: int  # pages rendered by this build
    incremental: bool
    seconds: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)


def build_site(app: Any, out: Path, full: bool = False) -> BuildReport:
    """Build (or bring up to date) the site in ``out`` from the league's log and views."""
    t0 = time.perf_counter()
    out = Path(out)
    check_out(out)
    from projections.runner import catch_up

    catch_up(app)
    position = head(app)
    league = app.league()
    previous = _manifest(out)
    fingerprint = _templates_fingerprint()
    incremental = (not full and previous is not None and previous.get("format") == FORMAT
                   and previous.get("templates") == fingerprint and previous.get("league") == league.name
                   and 0 < int(previous.get("position", 0)) <= position
                   and not _other_changes(app, int(previous["position"])))
    timings: dict[str, float] = {}
    mark = time.perf_counter()
    if incremental:
        assert previous is not None
        changed = changed_games(app, league.games, int(previous["position"]))
        records = load_games(app, changed, everything=False)
    else:
        changed = set()
        records = load_games(app, league.games, everything=True)
    timings["games"] = time.perf_counter() - mark
    mark = time.perf_counter()
    content = gather(app, position)
    timings["views"] = time.perf_counter() - mark
    if incremental:
        assert previous is not None
        old_pages: dict[str, int] = previous["pages"]
        played = {p.removeprefix("games/").removesuffix(".html") for p in old_pages if p.startswith("games/")}
        pages = Pages(app, content, records, played | set(records))
        dirty = _dirty_paths(pages, records, league)
    else:
        old_pages = {}
        pages = Pages(app, content, records, set(records))
        dirty = set(pages.all_paths())
    paths = list(dict.fromkeys(pages.all_paths()))
    staging = _staging(out)
    try:
        mark = time.perf_counter()
        built: dict[str, int] = {}
        made: set[Path] = set()
        for path in paths:
            target = staging / path
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            if path in dirty or path not in old_pages:
                target.write_text(pages.render(path), encoding="utf-8")
                built[path] = position
            else:
                os.link(out / path, target)
                built[path] = old_pages[path]
        timings["render"] = time.perf_counter() - mark
        _copy_static(staging / "static")
        (staging / MANIFEST).write_text(json.dumps({
            "format": FORMAT, "templates": fingerprint, "league": league.name, "position": position,
            "pages": built}, indent=0, sort_keys=True), encoding="utf-8")
        _swap(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    written = sum(1 for p in paths if p in dirty or p not in old_pages)
    return BuildReport(out, position, len(paths), written, incremental, time.perf_counter() - t0, timings)


def check_out(out: Path) -> None:
    """Refuse an OUT that cannot become the site, before anything is read or written."""
    if out.exists() and not out.is_dir():
        raise SiteError(f"{out}: is a file, not a folder; give a folder for the site")
    parent = out.resolve().parent
    if not parent.is_dir():
        raise SiteError(f"{out}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK) or (out.exists() and not os.access(out, os.W_OK | os.X_OK)):
        raise SiteError(f"{out}: not writable")
    if out.is_dir() and any(out.iterdir()) and not (out / MANIFEST).is_file():
        raise SiteError(f"{out}: a folder that holds files but no site built by 'league site build'; "
                        "refusing to replace it (give a new or empty folder)")


def _staging(out: Path) -> Path:
    """A new folder beside OUT to build in (same file system, so the swap is a rename)."""
    try:
        return Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.resolve().parent))
    except OSError as e:
        raise SiteError(f"{out}: not writable ({e.strerror or e})") from None


def _manifest(out: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("pages"), dict) else None


def _other_changes(app: Any, after: int) -> bool:
    """Whether the league itself (teams, sheets, schedule) changed since log position ``after``."""
    return any(n.originator_id == ids.LEAGUE_ID for n in notifications(app, after + 1))


def _dirty_paths(pages: Pages, records: dict[str, Any], league: Any) -> set[str]:
    from league.site.pages import SITE_PAGES

    dirty = set(SITE_PAGES)
    clubs: set[str] = set()
    for gid in records:
        dirty.add(f"games/{gid}.html")
        g = league.games.get(gid, {})
        clubs.update(t for t in (g.get("visitor"), g.get("home")) if t)
    for code in clubs:
        dirty.update(pages.club_paths(code))
    return dirty


def _templates_fingerprint() -> str:
    """A digest of the templates and static files: a changed look rebuilds every page."""
    digest = hashlib.sha256()
    root = resources.files("league.site")
    for folder in ("templates", "static"):
        for f in sorted(root.joinpath(folder).iterdir(), key=lambda p: p.name):
            digest.update(f.name.encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def _copy_static(target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for f in resources.files("league.site").joinpath("static").iterdir():
        (target / f.name).write_bytes(f.read_bytes())


def _swap(staging: Path, out: Path) -> None:
    """Put the new build in OUT's place; the old one is removed only once the new one is there."""
    if not out.exists():
        staging.rename(out)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=staging.parent))
    retired.rmdir()
    out.rename(retired)
    staging.rename(out)
    shutil.rmtree(retired, ignore_errors=True)
