"""The website's pages: which exist, and each one rendered from its template.

Paths are relative to the site's root; each page links to the others with
relative URLs (``root`` is "" or "../") so the site works from the file
system as well as from any static host.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Collection, Iterator, Sequence

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from league import registry
from league.domain import boxes
from league.application.scorebook import game_summary, played_words
from league.site.content import Content, club_calendar, player_page, slug, team_lines
from league.site import tables
from league.site.links import Links
from league.site.logs import KEYS, KINDS, kept_logs, log_rows
from league.site.plays import play_rows
from league.site.race import race_chart
from league.site.records import GameRecord

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication

SITE_PAGES = ("index.html", "schedule.html", "leaders.html", "injuries.html", "journal.html")


def environment() -> Environment:
    # The bytecode cache (Jinja2's own, in the user's temporary folder) spares each build compiling the
    # templates again, a good part of a day's rebuild.
    # Not reloaded: a build's templates do not change while it runs, and checking each template file again
    # for every page (Jinja2's default) was a stat call per page.
    env = Environment(loader=PackageLoader("league.site", "templates"), autoescape=select_autoescape(["html"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      bytecode_cache=FileSystemBytecodeCache(), auto_reload=False)
    env.globals.update(slug=slug)
    return env


class Pages:
    """Renders pages for one build (one ``Content``, the games loaded for it)."""

    def __init__(self, content: Content, played: set[str]) -> None:
        self.c = content
        self.played = played  # every game with a page
        self.records: dict[str, GameRecord] = {}  # the games whose pages are being rendered (loaded by the caller)
        self.app: "LeagueApplication | None" = None  # the application to read club calendars with (the rendering process's own)
        self.wanted: dict[str, set[str]] = {}  # team -> players whose pages this process is about to render
        # player page -> its game logs' rows as the last build wrote them, kept (league.site.logs)
        self.kept_logs: dict[str, dict[str, Markup]] = {}
        self.escaped: dict[str, str] = {}  # the game logs' escaped texts (dates, games), shared by the pages
        self.grown: set[str] = set()  # pages rendered with a kept game log and new rows: surely not as they were
        self.env = environment()
        self.names: dict[str, dict[str, str]] = {t: r.names() for t, r in content.rosters.items()}
        self._player_index: dict[str, tuple[str, str]] | None = None
        self._club_paths: dict[str, str] = {}
        self._player_links: dict[tuple[str, str], str | None] = {}
        self._lines_of: dict[str, dict[tuple[str, str], Any]] | None = None  # season lines by (team, player)
        self.links = Links(self._link_player, self._name, self.club_page)

    # --- which pages ------------------------------------------------------------

    def game_pages(self) -> dict[str, str]:
        return {gid: f"games/{gid}.html" for gid in sorted(self.played)}

    def club_pages(self) -> dict[str, str]:
        return {code: self.club_page(code) for code in self.c.clubs}

    def players(self, team: str) -> list[str]:
        """Everyone on the club's sheet, then anyone else who played for it."""
        r = self.c.rosters[team]
        keys = [p["key"] for p in r.batters + r.pitchers]
        keys += sorted(self.c.players.get(team, set()) - set(keys))
        return list(dict.fromkeys(keys))

    # --- rendering ----------------------------------------------------------------

    def render(self, path: str) -> str:
        root = "../" * path.count("/")
        self.links.root = root
        common = {"root": root, "c": self.c, "name": self._name, "games": self.played,
                  "player_link": self.links.player, "club_link": self.links.club, "game_link": self.links.game}
        if path in SITE_PAGES:
            return self.env.get_template(path).render(**common, **self._site_context(path))
        folder, file = path.split("/", 1)
        key = file.removesuffix(".html")
        if folder == "games":
            return self.env.get_template("game.html").render(**common, **self._game_context(key))
        if folder == "clubs":
            code = next(c for c in self.c.clubs if slug(c) == key)
            return self.env.get_template("club.html").render(**common, **self._club_context(code))
        team, player = self._player_of(path)
        return self.env.get_template("player.html").render(**common, **self._player_context(path, team, player, root))

    def all_paths(self) -> Iterator[str]:
        yield from SITE_PAGES
        yield from self.game_pages().values()
        for code, path in self.club_pages().items():
            yield path
            for p in self.players(code):
                yield player_page(code, p)

    def club_page(self, code: str) -> str:
        page = self._club_paths.get(code)
        if page is None:  # slug's regular expressions, once per club rather than once per link
            page = self._club_paths[code] = f"clubs/{slug(code)}.html"
        return page

    def player_path(self, team: str, player: str) -> str | None:
        return self._link_player(team, player)

    def load_templates(self) -> None:
        """Load (compile) every page's template now."""
        for name in (*SITE_PAGES, "game.html", "club.html", "player.html"):
            self.env.get_template(name)

    def plan(self, paths: Sequence[str]) -> None:
        """Say which pages are about to be rendered, so their players' lines are read together."""
        self.wanted = self.wanted_lines(paths)

    def keep_logs(self, paths: Sequence[str], previous: Path, changed: Collection[str]) -> set[tuple[str, str]]:
        """Keep the game logs of the player pages among ``paths`` that the ``previous`` site's pages show
        as a whole build would, but for the ``changed`` games' rows (:func:`league.site.logs.kept_logs`).
        Returns their players (team, player): the lines they need are those of the changed games only."""
        dates: dict[str, list[str]] = {}
        for gid in changed:
            g = self.c.league.games.get(gid) if self.c.league is not None else None
            if g is None:
                return set()  # a game the schedule does not know: every log is read whole
            for team in (g["visitor"], g["home"]):
                dates.setdefault(team, []).append(g["date"])
        kept = set()
        for path in paths:
            if path.startswith("players/"):
                team, player = self._player_of(path)
                logs = kept_logs(previous / path, dates.get(team, ()))
                if logs is not None:
                    self.kept_logs[path] = logs
                    kept.add((team, player))
        return kept

    def wanted_lines(self, paths: Sequence[str]) -> dict[str, set[str]]:
        """team -> the players whose batting lines the pages show, but for the logs kept from the last
        build (every club with a page among them, for its pitchers' last work, where its ruleset keeps no
        rest calendar; a club's player pages read its pitching lines too)."""
        wanted: dict[str, set[str]] = {}
        clubs = {self.club_page(code): code for code in self.c.clubs}
        no_calendar = not registry.ruleset(self.c.ruleset).has_calendar
        for path in paths:
            if path.startswith("players/"):
                if path not in self.kept_logs:
                    team, player = self._player_of(path)
                    wanted.setdefault(team, set()).add(player)
            elif path in clubs and no_calendar:
                wanted.setdefault(clubs[path], set())
        return wanted

    def _player_of(self, path: str) -> tuple[str, str]:
        return self._players()[path]

    def _players(self) -> dict[str, tuple[str, str]]:
        if self._player_index is None:
            self._player_index = {player_page(t, p): (t, p) for t in self.c.clubs for p in self.players(t)}
        return self._player_index

    def _link_player(self, team: str, key: str) -> str | None:
        """The player's page, when he has one (every name in a table links where it can)."""
        if (team, key) not in self._player_links:  # slug once per player, not once per link
            path = player_page(team, key)
            self._player_links[(team, key)] = path if path in self._players() else None
        return self._player_links[(team, key)]

    def _name(self, team: str, key: str) -> str:
        name = self.names.get(team, {}).get(key, key)
        return name if name == key else f"{name} ({key})"

    def _site_context(self, path: str) -> dict[str, Any]:
        if path == "index.html":
            return {"divisions": self._divisions(), "latest": self._latest()}
        if path == "schedule.html":
            by_date: dict[str, list[dict[str, Any]]] = {}
            for g in self.c.schedule:
                by_date.setdefault(g["date"], []).append(g)
            return {"by_date": by_date}
        if path == "leaders.html":
            by_cat: dict[str, list[dict[str, Any]]] = {}
            for r in self.c.leaders:
                by_cat.setdefault(r["category"], []).append(r)
            return {"by_category": by_cat}
        return {}

    def _divisions(self) -> list[dict[str, Any]]:
        groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for r in self.c.standings:
            groups.setdefault((r["league"], r["division"]), []).append(r)
        out = []
        for (lg, div), rows in groups.items():
            title = " ".join(x for x in (lg, div) if x) or "Standings"
            out.append({"title": title, "rows": rows,
                        "chart": race_chart(title, [r["team"] for r in rows], self.c.results)})
        return out

    def _latest(self) -> list[dict[str, Any]]:
        played = [g for g in self.c.schedule if g["status"] == "final"]
        if not played:
            return []
        last = played[-1]["date"]
        return [g for g in played if g["date"] == last]

    def _game_context(self, gid: str) -> dict[str, Any]:
        rec = self.records[gid]
        g = rec.aggregate
        o = g.outcome
        plays_box = o is not None and self.c.box == boxes.PLAYS  # a line score and lines counted from the plays
        return {"g": g, "rec": rec, "o": o, "plays_box": plays_box, "plays": play_rows(rec.log),
                "played_by": None if g.status == "scheduled" else played_words(g),
                "held": g.held,
                "summary": None if plays_box else game_summary(g),
                "innings": max(len(o["visitor"]["line"]), len(o["home"]["line"])) if plays_box else 0}

    def _club_context(self, code: str) -> dict[str, Any]:
        c = self.c
        assert self.app is not None, "the rendering process's application is set before pages are rendered"
        calendar = club_calendar(self.app, c, code)
        return {
            "code": code, "club": c.clubs[code], "roster": c.rosters[code],
            "calendar": calendar,
            "injuries": [r for r in c.injuries if r["team"] == code],
            "batting": [r for r in c.batting if r["team"] == code],
            "pitching": [r for r in c.pitching if r["team"] == code],
            "team_pitching": [r for r in c.team_pitching if r["team"] == code],
            "results": c.results.get(code, []),
            "recent_work": self._recent_work(code) if calendar is None else [],
            "standing": next((r for r in c.standings if r["team"] == code), None),
            # the long tables, written by league.site.tables
            "rows": tables.rows,
            "game_log": tables.results(c.results.get(code, []), self.links.root, self.played, self.links.club),
            "roster_link": lambda p: self.links.player(code, p["key"]),
            "batter_link": lambda r: self.links.player(code, r["player"]),
            "pitcher_link": lambda r: self.links.player(code, r["pitcher"]),
        }

    def _lines(self, team: str, player: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """The club's pitching lines, and the batting lines of ``player`` and the others whose pages this
        process is rendering (read together)."""
        wanted = self.wanted.get(team, set()) | ({player} if player is not None else set())
        assert self.app is not None
        return team_lines(self.app.store, self.c, team, wanted)

    def _recent_work(self, code: str) -> list[dict[str, Any]]:
        """Each pitcher's last appearance, for rulesets whose views keep no rest calendar."""
        out = []
        for who, lines in self._lines(code).items():
            pitched = [ln for ln in lines if ln["kind"] == "pitching"]
            if pitched:
                last = pitched[-1]
                out.append({"pitcher": who, "last": last["date"], "game": last["game"], "ip": last["ip"],
                            "bf": last.get("bf", ""), "games": len(pitched)})
        return sorted(out, key=lambda r: r["last"], reverse=True)

    def _player_context(self, path: str, team: str, player: str, root: str) -> dict[str, Any]:
        r = self.c.rosters[team]
        card = next((p for p in r.batters + r.pitchers if p["key"] == player), None)
        kept = self.kept_logs.get(path)
        if kept is not None:  # the last build's rows, and the rows of the games stored since
            lines = self.c.day_lines.get((team, player), [])
        else:
            lines = self._lines(team, player).get(player, [])
        logs, keys = {}, {}
        for kind in KINDS:
            keys[kind] = KEYS[(kind, self.c.box)]
            rows = log_rows([ln for ln in lines if ln["kind"] == kind], keys[kind], root, self.played, self.escaped)
            logs[kind] = kept[kind] + rows if kept is not None else rows
        if kept is not None and lines:
            self.grown.add(path)
        return {
            "team": team, "player": player, "card": card, "roster": r,
            "batting_line": self._season_lines()["batting"].get((team, player)),
            "pitching_line": self._season_lines()["pitching"].get((team, player)),
            "batting_log": logs["batting"], "batting_keys": keys["batting"],
            "pitching_log": logs["pitching"], "pitching_keys": keys["pitching"],
            "injuries": self._season_lines()["injuries"].get((team, player), []),
            "season_keys": _season_keys,
        }

    def _season_lines(self) -> dict[str, dict[tuple[str, str], Any]]:
        """The season batting and pitching lines (the first for a player, as the listings were searched)
        and the injuries, by (team, player): hundreds of player pages look theirs up."""
        if self._lines_of is None:
            batting: dict[tuple[str, str], Any] = {}
            pitching: dict[tuple[str, str], Any] = {}
            hurt: dict[tuple[str, str], Any] = {}
            for x in self.c.batting:
                batting.setdefault((x["team"], x["player"]), x)
            for x in self.c.pitching:
                pitching.setdefault((x["team"], x["pitcher"]), x)
            for x in self.c.injuries:
                hurt.setdefault((x["team"], x["player"]), []).append(x)
            self._lines_of = {"batting": batting, "pitching": pitching, "injuries": hurt}
        return self._lines_of


def _season_keys(line: dict[str, Any], leave_out: tuple[str, ...]) -> list[str]:
    """A season line's columns but those named (a filter chain in the template cost more than the table)."""
    return [k for k in line if k not in leave_out]
