"""``league site build``: write the website into a folder, whole or incrementally.

Every build writes into a new folder beside OUT and then swaps it into
place, so a reader (or a crash) never meets a half-written site.  Pages the
new log events cannot have changed are hard links to the previous build's
files, so an incremental build costs only the pages it rewrites.

The manifest (``.site.json``) records the log position the site was built
from and, for each page, the log position it was last rendered from; each
page also carries that position in ``<meta name="league-log-position">``.
It also keeps the seal's running state (the next build extends the seal,
:mod:`league.site.sealing`) and a fingerprint of what each club and player
page shows from the league-wide reads.

Which pages a day's games change: their game pages, their clubs' pages, the
pages of the players who appear in them, any club or player page whose
fingerprint moved (a rival's win, a new season line, an injury), and the
league-wide pages (standings and race charts, schedule, leaders, injuries,
journal), which are always rendered.  A rendered page that says what the
old one said (but for the build stamp) is not written: the old file stays.
Anything else in the log since the last build (a sheet edit, a new
schedule, teams) and any change to the site's own templates rebuild
everything.

The pages are rendered in forked workers where there are many (a season's
game pages are most of a build); ``LEAGUE_SITE_WORKERS=1`` keeps a build in
one process.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from league.domain import ids
from league.domain.errors import LeagueError
from league.adapters.forked import map_slices, workers_for
from league.rules.ruleset import RosterTable
from league.site.calendars import calendars_later, forked_reader
from league.site.content import (Content, OneLeague, gather, pitcher_calendar, players_in_games, read_day_lines,
                                 read_lines)
from league.site.pages import SITE_PAGES, Pages
from league.site.records import changed_games, head, load_games, stored_since
from league.site.sealing import SealState

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

MANIFEST = ".site.json"
ROSTERS = ".site-rosters.json"  # the clubs' roster tables, with the league and version they were read from
FORMAT = 2
SITE_WORKERS = "LEAGUE_SITE_WORKERS"
# Below this many pages a build stays in one process (forking costs more).
PARALLEL_FROM = 100


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


def build_site(app: "LeagueApplication", out: Path, full: bool = False) -> BuildReport:
    """Build (or bring up to date) the site in ``out`` from the league's log and views."""
    t0 = time.perf_counter()
    out = Path(out)
    check_out(out)
    from projections.runner import catch_up

    mark = time.perf_counter()
    catch_up(app)
    timings: dict[str, float] = {"catch_up": time.perf_counter() - mark}
    position = head(app)
    league = app.league()
    previous = _manifest(out)
    fingerprint = _templates_fingerprint()
    identity = f"{league.name} (created {league.created_on.isoformat()})"  # not another league's site
    incremental = (not full and previous is not None and previous.get("format") == FORMAT
                   and previous.get("templates") == fingerprint and previous.get("league") == identity
                   and 0 < int(previous.get("position", 0)) <= position)
    stored = stored_since(app, int(previous["position"])) if incremental and previous is not None else None
    originators = {n.originator_id for n in stored or ()}
    incremental = incremental and ids.LEAGUE_ID not in originators  # the league itself (teams, sheets, schedule)
    since = None if full or previous is None or previous.get("league") != identity else \
        SealState.from_json(previous.get("seal"))
    if since is None or stored is None or since.position != int(previous["position"] if previous else -1):
        stored = None  # the seal reads its own events
    roster_key = f"{identity} version {league.version}, templates {fingerprint}"
    cached = None if full else _cached_rosters(out, roster_key)
    mark = time.perf_counter()
    changed = changed_games(league.games, originators) if incremental else set()
    # The rest calendars of the clubs whose pages are surely written, read meanwhile (league.site.calendars).
    surely = {t for gid in changed for t in (league.games[gid]["visitor"], league.games[gid]["home"])} \
        if incremental else set(league.sheets)
    calendars = calendars_later(app, surely, lambda mine, club: pitcher_calendar(OneLeague(mine, league), club),
                                SITE_WORKERS)
    try:
        content = gather(app, position, SITE_WORKERS, since, cached, timings, league, stored)
    except BaseException:
        calendars()
        raise
    played = {g["game"] for g in content.schedule if g["played"]}
    pages = Pages(content, played)
    paths = list(dict.fromkeys(pages.all_paths()))
    old_pages: dict[str, int] = previous["pages"] if incremental and previous is not None else {}
    digests = _digests(pages, content)
    if incremental:
        assert previous is not None
        dirty = _dirty_paths(app, pages, content, changed, league.games, digests, previous.get("digests") or {})
        where = f"{out}/"
        dirty.update(p for p in paths if p not in old_pages or not os.path.isfile(where + p))
    else:
        dirty = set(paths)
    timings["read"] = time.perf_counter() - mark
    staging = _staging(out)
    try:
        for folder in {p.rpartition("/")[0] for p in paths} - {""}:
            (staging / folder).mkdir(parents=True, exist_ok=True)
        todo = [p for p in paths if p in dirty]
        mark_lines = time.perf_counter()
        if incremental:  # the player pages' game logs as the last build wrote them, and the day's lines
            read_day_lines(app.store, content, changed, pages.keep_logs(todo, out, changed))
        read_lines(app.store, content, pages.wanted_lines(todo))  # one pass here, inherited by the workers
        timings["lines"] = time.perf_counter() - mark_lines
        writer = _Writer(app, pages, dirty, staging, out, set(old_pages))
        mark = time.perf_counter()
        # While the calendars are read, this process writes pages that show none (and links the others).
        clubs = set(pages.club_pages().values())
        done, unchanged = writer.meanwhile([p for p in paths if p not in clubs], lambda: not calendars.ready())
        timings["meanwhile"] = time.perf_counter() - mark
        mark = time.perf_counter()
        content.calendars.update((club, cal) for club, cal in calendars().items() if cal is not None)
        timings["calendars_wait"] = time.perf_counter() - mark
        mark = time.perf_counter()
        written = set(done)
        unchanged |= writer.run([p for p in paths if p not in written])
        built = {path: position if path in dirty and path not in unchanged else old_pages[path] for path in paths}
        timings["render"] = time.perf_counter() - mark
        mark = time.perf_counter()
        # The static files and the roster tables as the last build wrote them, where they are the same
        # (the same templates; rosters read from the same sheets): linked, not written again.
        _copy_static(staging / "static", out / "static" if incremental else None)
        if cached is not None and content.rosters is cached:
            os.link(out / ROSTERS, staging / ROSTERS)
        else:
            _keep_rosters(staging, roster_key, content.rosters)
        (staging / MANIFEST).write_text(json.dumps({
            "format": FORMAT, "templates": fingerprint, "league": identity, "position": position,
            "seal": content.seal_state.as_json() if content.seal_state else None, "digests": digests,
            "pages": built}, indent=0, sort_keys=True), encoding="utf-8")
        _swap(staging, out)
        timings["swap"] = time.perf_counter() - mark
    except OSError as e:  # a full disk, a file that cannot be written: the old site stays as it was
        shutil.rmtree(staging, ignore_errors=True)
        calendars()
        where = f" ({e.filename})" if e.filename else ""
        raise SiteError(f"{out}: the site could not be written{where}: {e.strerror or e}; "
                        "the previous site (if any) is left as it was") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        calendars()  # waited for already, or now: no process of the build's is left behind
        raise
    return BuildReport(out, position, len(paths), len(todo) - len(unchanged), incremental, time.perf_counter() - t0,
                       timings)


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


class _Writer:
    """Writes the ``dirty`` pages and links the others from the ``previous`` site.

    A page whose new text differs from the one the ``previous`` site ``built`` only in the log position and
    seal it was built from is not written: the old file is linked in its place (keeping its position).
    """

    def __init__(self, app: "LeagueApplication", pages: Pages, dirty: set[str], staging: Path, previous: Path,
                 built: set[str]) -> None:
        self.app, self.pages, self.dirty, self.built = app, pages, dirty, built
        self.new, self.old = f"{staging}/", f"{previous}/"  # plain strings: pathlib's joins cost more than links

    def meanwhile(self, paths: Sequence[str], wait: Callable[[], bool]) -> tuple[list[str], set[str]]:
        """Write ``paths`` here, a few at a time, until ``wait()`` says to stop.  Returns the paths done and
        those left as they were."""
        done: list[str] = []
        same: set[str] = set()
        for at in range(0, len(paths), 8):
            if not wait():
                break
            same.update(self.slice(paths[at:at + 8]))
            done += paths[at:at + 8]
        return done, same

    def run(self, paths: Sequence[str]) -> set[str]:
        """Write ``paths``, spread over forked workers when there are many pages to write (the links too: a
        season's site is thousands of them).  Returns the pages left as they were."""
        workers = workers_for(sum(p in self.dirty for p in paths), PARALLEL_FROM, SITE_WORKERS)
        if workers > 1:
            self.pages.load_templates()  # once here, not once in each worker
        return {p for kept in map_slices(self.slice, list(paths), workers) for p in kept}

    def slice(self, chunk: Sequence[str]) -> list[str]:
        pages, new, old = self.pages, self.new, self.old
        mine = [p for p in chunk if p in self.dirty]
        for path in chunk:
            if path not in self.dirty:
                os.link(old + path, new + path)
        if not mine:
            return []
        # A worker reads the games with its own connection (never the parent's).
        games = [p.removeprefix("games/").removesuffix(".html") for p in mine if p.startswith("games/")]
        reader = forked_reader(self.app)
        pages.records = load_games(reader, games)
        pages.app = OneLeague(reader, pages.c.league)
        pages.plan(mine)
        same = []
        for path in mine:
            text = pages.render(path)
            if path in self.built and path not in pages.grown and _unchanged(old + path, text):
                os.link(old + path, new + path)
                same.append(path)
            else:
                with open(new + path, "w", encoding="utf-8") as f:
                    f.write(text)
        return same


# What every page says about the build it came from (base.html): the log position, the seal and its time.
_STAMPS = re.compile(r'<meta name="league-log-position" content="\d+">|<footer>.*?</footer>', re.S)


def _unchanged(old: str, text: str) -> bool:
    """Whether the page at ``old`` says what ``text`` says, but for the build it came from."""
    try:
        with open(old, encoding="utf-8") as f:
            before = f.read()
    except OSError:
        return False
    return _STAMPS.sub("", before) == _STAMPS.sub("", text)


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


def _cached_rosters(out: Path, key: str) -> dict[str, RosterTable] | None:
    """The roster tables the last build kept, if they were read from the same league at the same version
    (so the same sheets) for the same templates; ``--full`` reads them again whatever the key says."""
    try:
        data = json.loads((out / ROSTERS).read_text(encoding="utf-8"))
        if data["key"] != key:
            return None
        return {code: RosterTable([tuple(c) for c in t["batter_columns"]],
                                  [tuple(c) for c in t["pitcher_columns"]],
                                  t["batters"], t["pitchers"])
                for code, t in data["rosters"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _keep_rosters(staging: Path, key: str, rosters: dict[str, RosterTable]) -> None:
    """Keep the roster tables beside the site, so the next build need not read thirty clubs' cards again.

    Only plain values are kept (they come back from JSON as they were); anything else is read again.
    """
    plain = (str, int, float, bool, type(None))
    if any(not isinstance(v, plain) for r in rosters.values() for row in r.batters + r.pitchers
           for v in row.values()):
        return
    tables = {code: {"batter_columns": r.batter_columns, "pitcher_columns": r.pitcher_columns,
                     "batters": r.batters, "pitchers": r.pitchers} for code, r in rosters.items()}
    (staging / ROSTERS).write_text(json.dumps({"key": key, "rosters": tables}), encoding="utf-8")


def _dirty_paths(app: "LeagueApplication", pages: Pages, content: Content, changed: set[str], schedule: dict[str, Any],
                 digests: dict[str, str], before: dict[str, str]) -> set[str]:
    """The pages the changed games can have changed (see the module doc).

    ``digests`` (``before``: the last build's) fingerprint what a club or player page shows besides its
    games: a page whose fingerprint moved is rewritten even if its club did not play (a rival's win moves
    its games behind; a season line can appear or change).
    """
    dirty: set[str | None] = set(SITE_PAGES)
    clubs: set[str] = set()
    for gid in changed:
        dirty.add(f"games/{gid}.html")
        g = schedule.get(gid, {})
        clubs.update(t for t in (g.get("visitor"), g.get("home")) if t)
    played = players_in_games(app.store, content.box, changed)
    for code in clubs:
        dirty.add(pages.club_page(code))
        dirty.update(pages.player_path(code, p) for p in played.get(code, set()))
    dirty.update(p for p, d in digests.items() if before.get(p) != d)
    return {p for p in dirty if p is not None}


def _digests(pages: Pages, content: Content) -> dict[str, str]:
    """A fingerprint of what each club and player page shows from the league-wide reads: the club's
    standing and injuries; the player's season lines and injuries."""
    batting: dict[tuple[str, str], Any] = {}
    pitching: dict[tuple[str, str], Any] = {}
    hurt: dict[tuple[str, str], list[Any]] = {}
    for r in content.batting:
        batting.setdefault((r["team"], r["player"]), r)
    for r in content.pitching:
        pitching.setdefault((r["team"], r["pitcher"]), r)
    for r in content.injuries:
        hurt.setdefault((r["team"], r["player"]), []).append(r)
    standing = {r["team"]: r for r in content.standings}

    def digest(*parts: Any) -> str:
        return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:16]

    out: dict[str, str] = {}
    for code in content.clubs:
        out[pages.club_page(code)] = digest(standing.get(code), [r for r in content.injuries if r["team"] == code])
        for player in pages.players(code):
            path = pages.player_path(code, player)
            if path is not None:
                key = (code, player)
                out[path] = digest(batting.get(key), pitching.get(key), hurt.get(key))
    return out


def _templates_fingerprint() -> str:
    """A digest of the templates and static files: a changed look rebuilds every page."""
    digest = hashlib.sha256()
    root = resources.files("league.site")
    for folder in ("templates", "static"):
        for f in sorted(root.joinpath(folder).iterdir(), key=lambda p: p.name):
            digest.update(f.name.encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def _copy_static(target: Path, previous: Path | None) -> None:
    """The style sheet and script, linked from the ``previous`` site's (same templates) where it has them."""
    target.mkdir(parents=True, exist_ok=True)
    for f in resources.files("league.site").joinpath("static").iterdir():
        if previous is not None and (previous / f.name).is_file():
            os.link(previous / f.name, target / f.name)
        else:
            (target / f.name).write_bytes(f.read_bytes())


def _swap(staging: Path, out: Path) -> None:
    """Put the new build in OUT's place; the old one is removed only once the new one is there."""
    if not out.exists():
        staging.rename(out)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=staging.parent))
    retired.rmdir()
    out.rename(retired)
    try:
        staging.rename(out)
    except OSError:
        retired.rename(out)  # the old site back in its place
        raise
    _remove_apart(retired)


def _remove_apart(folder: Path) -> None:
    """Remove the old site in a process of its own, which the build does not wait for.

    Freeing a file's blocks can cost far more than writing it: on a disk mounted with online discard (a
    cloud machine's, this project's development machine's) each page the last build wrote is slow to remove
    once it has reached the disk, so removing the pages a day replaced took longer than the rest of the
    rebuild.  The new site is in place already; nothing reads the old one.  A process of a process
    that has ended (init reaps it) does it, so none is left to wait for; where a build stays in one process
    (``LEAGUE_SITE_WORKERS=1``, no fork, macOS) it is removed here.
    """
    if workers_for(2, 1, SITE_WORKERS) < 2:
        shutil.rmtree(folder, ignore_errors=True)
        return
    child = os.fork()
    if child == 0:  # pragma: no cover - the forked processes end with os._exit
        try:
            if os.fork() == 0:
                try:
                    shutil.rmtree(folder, ignore_errors=True)
                finally:
                    os._exit(0)
        finally:
            os._exit(0)
    os.waitpid(child, 0)
