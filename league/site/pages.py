"""The website's pages: which exist, and each one rendered from its template.

Paths are relative to the site's root; each page links to the others with
relative URLs (``root`` is "" or "../") so the site works from the file
system as well as from any static host.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from league.application.scorebook import game_summary
from league.site.content import Content, club_calendar, player_page, slug, team_lines
from league.site.links import Links
from league.site.plays import play_rows
from league.site.race import race_chart
from league.site.records import GameRecord

SITE_PAGES = ("index.html", "schedule.html", "leaders.html", "injuries.html", "journal.html")


def environment() -> Environment:
    # The bytecode cache (Jinja2's own, in the user's temporary folder) spares each build compiling the
    # templates again: a tenth of a second, a good part of a day's rebuild.
    env = Environment(loader=PackageLoader("league.site", "templates"), autoescape=select_autoescape(["html"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      bytecode_cache=FileSystemBytecodeCache())
    env.globals.update(slug=slug)
    return env


def log_rows(lines: list[dict[str, Any]], keys: tuple[str, ...], root: str, played: set[str]) -> Markup:
    """A player's game log as table rows: date, game (linked where it has a page), then ``keys``.

    Written here rather than as a template loop: a season's log is 160 rows of a dozen cells, on each
    of the hundreds of player pages a day's rebuild writes, and the loop took most of their time.
    Every value is escaped; a missing value is an empty cell; a save is "SV" after the decision.
    """
    out = []
    saves = "decision" in keys
    for r in lines:
        game = escape(r["game"])
        link = f'<a href="{root}games/{game}.html">{game}</a>' if r["game"] in played else game
        cells = ["<td>%s</td>" % (v if type(v) is int else "" if v is None else escape(v))
                 for v in map(r.__getitem__, keys)]
        if saves and r.get("save"):
            cells[keys.index("decision")] = cells[keys.index("decision")].replace("</td>", "SV</td>")
        out.append(f"<tr><td>{escape(r['date'])}</td><td>{link}</td>{''.join(cells)}</tr>\n")
    return Markup("".join(out))


class Pages:
    """Renders pages for one build (one ``Content``, the games loaded for it)."""

    def __init__(self, content: Content, played: set[str]) -> None:
        self.c = content
        self.played = played  # every game with a page
        self.records: dict[str, GameRecord] = {}  # the games whose pages are being rendered (loaded by the caller)
        self.app: Any = None  # the application to read club calendars with (the rendering process's own)
        self.wanted: dict[str, set[str]] = {}  # team -> players whose pages this process is about to render
        self.env = environment()
        self.names: dict[str, dict[str, str]] = {t: r.names() for t, r in content.rosters.items()}
        self._player_index: dict[str, tuple[str, str]] | None = None
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
                  "player_link": self.links.player, "club_link": self.links.club, "game_link": self.links.game,
                  "log_rows": lambda lines, keys: log_rows(lines, keys, root, self.played)}
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
        return self.env.get_template("player.html").render(**common, **self._player_context(team, player))

    def all_paths(self) -> Iterator[str]:
        yield from SITE_PAGES
        yield from self.game_pages().values()
        for code, path in self.club_pages().items():
            yield path
            for p in self.players(code):
                yield player_page(code, p)

    def club_page(self, code: str) -> str:
        return f"clubs/{slug(code)}.html"

    def player_path(self, team: str, player: str) -> str | None:
        return self._link_player(team, player)

    def load_templates(self) -> None:
        """Load (compile) every page's template now."""
        for name in (*SITE_PAGES, "game.html", "club.html", "player.html"):
            self.env.get_template(name)

    def plan(self, paths: Sequence[str]) -> None:
        """Say which pages are about to be rendered, so their players' lines are read together."""
        self.wanted = self.wanted_lines(paths)

    def wanted_lines(self, paths: Sequence[str]) -> dict[str, set[str]]:
        """team -> the players whose batting lines the pages show (every club with a page or a player page
        among them, for its pitching lines)."""
        wanted: dict[str, set[str]] = {}
        clubs = {self.club_page(code): code for code in self.c.clubs}
        for path in paths:
            if path.startswith("players/"):
                team, player = self._player_of(path)
                wanted.setdefault(team, set()).add(player)
            elif path in clubs:
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
        path = player_page(team, key)
        return path if path in self._players() else None

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
        pa_box = o is not None and "line" in o.get("visitor", {})
        return {"g": g, "rec": rec, "o": o, "pa_box": pa_box, "plays": play_rows(rec.log),
                "summary": None if pa_box else game_summary(g),
                "innings": max(len(o["visitor"]["line"]), len(o["home"]["line"])) if pa_box else 0}

    def _club_context(self, code: str) -> dict[str, Any]:
        c = self.c
        return {
            "code": code, "club": c.clubs[code], "roster": c.rosters[code],
            "calendar": club_calendar(self.app, c, code),
            "injuries": [r for r in c.injuries if r["team"] == code],
            "batting": [r for r in c.batting if r["team"] == code],
            "pitching": [r for r in c.pitching if r["team"] == code],
            "team_pitching": [r for r in c.team_pitching if r["team"] == code],
            "results": c.results.get(code, []),
            "recent_work": self._recent_work(code),
            "standing": next((r for r in c.standings if r["team"] == code), None),
        }

    def _lines(self, team: str, player: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """The club's pitching lines, and the batting lines of ``player`` and the others whose pages this
        process is rendering (read together)."""
        wanted = self.wanted.get(team, set()) | ({player} if player is not None else set())
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

    def _player_context(self, team: str, player: str) -> dict[str, Any]:
        lines = self._lines(team, player).get(player, [])
        r = self.c.rosters[team]
        card = next((p for p in r.batters + r.pitchers if p["key"] == player), None)
        return {
            "team": team, "player": player, "card": card, "roster": r,
            "batting_line": next((x for x in self.c.batting if x["team"] == team and x["player"] == player), None),
            "pitching_line": next((x for x in self.c.pitching if x["team"] == team and x["pitcher"] == player), None),
            "batting_games": [ln for ln in lines if ln["kind"] == "batting"],
            "pitching_games": [ln for ln in lines if ln["kind"] == "pitching"],
            "injuries": [x for x in self.c.injuries if x["team"] == team and x["player"] == player],
        }
