"""What the website shows, read once per build from the read models and the log.

Everything here is plain data (dicts and lists) for the templates: the same
query functions the CLI listings use (``league standings``, ``stats``,
``leaders``, ``injuries``, ``pitchers``), the journal as ``league history``
lists it, and the log's seal as ``league verify --seal`` prints it.
"""

from __future__ import annotations

import datetime
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Collection, Sequence

from league import registry
from league.domain import boxes
from league.domain.errors import NotFoundError
from league.domain.journal import games_named, what_changed
from league.rules.ruleset import RosterTable
from league.site.sealing import SealState, seal_later
from projections import queries
from projections.queries.common import fmt_ip
from projections.rows import rows_of
from projections.tables import box_batting, box_pitching, box_team, games, pa_batting, pa_pitching

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueApplication


def slug(text: str) -> str:
    """A file name for a player or club: lower case, letters and digits, dashes between."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def player_page(team: str, player: str) -> str:
    return f"players/{slug(team)}-{slug(player)}.html"


@dataclass
class Content:
    """The league as of one log position, shaped for the pages."""

    name: str
    ruleset: str
    box: str  # the kind of box score the league's games make (league.domain.boxes), as its rule system says
    position: int
    seal: str
    sealed_at: str
    clubs: dict[str, dict[str, Any]]  # code -> {name, league, division}
    standings: list[dict[str, Any]]
    schedule: list[dict[str, Any]]  # every scheduled game with its status and score, by date
    pitching: list[dict[str, Any]]
    batting: list[dict[str, Any]]
    team_pitching: list[dict[str, Any]]
    leaders: list[dict[str, Any]]
    injuries: list[dict[str, Any]]
    journal: list[dict[str, Any]]
    rosters: dict[str, RosterTable]
    players: dict[str, set[str]] = field(default_factory=dict)  # team -> everyone with a box-score line for it
    game_lines: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)  # team -> player -> games
    lines_read: set[tuple[str, str]] = field(default_factory=set)  # (team, player) read; (team, "") its pitching
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # team -> its games in order
    calendars: dict[str, dict[str, Any] | None] = field(default_factory=dict)  # team -> rest calendar, as read
    # (team, player) -> his lines in the games stored since the last build, for a game log kept from its page
    day_lines: dict[tuple[str, str], list[dict[str, Any]]] = field(default_factory=dict)
    seal_state: SealState | None = None  # the seal with its running state, for the next build to extend
    league: Any = None  # the League aggregate the content was read from

    @property
    def batting_columns(self) -> tuple[tuple[str, str], ...]:
        """(key, heading) of a club page's batting table: what the league's box scores count."""
        return CLUB_BATTING[self.box]


def gather(app: "LeagueApplication", position: int, workers_env: str, since: SealState | None = None,
           rosters: dict[str, RosterTable] | None = None, timings: dict[str, float] | None = None,
           league: Any = None, stored: Sequence[Any] | None = None) -> Content:
    """Read everything the pages need (the views must be caught up with the log).

    ``since``: the last build's seal state, to extend the seal from rather than hash the whole log.
    ``rosters``: the clubs' roster tables when the caller has them already (the league's sheets unchanged
    since it read them), rather than read from the sheets again.  ``timings`` is given each read's seconds.
    ``league``: the League aggregate at ``position``, when the caller has it.  ``stored``: the events after
    ``since`` when the caller has read them (the seal is extended over them).
    """
    clock = _Clock(timings if timings is not None else {})
    sealed = seal_later(app, position, workers_env, since, stored)
    clock.lap("seal_started")
    app = OneLeague(app, league)
    store = app.store
    league = app.league()
    rules = registry.ruleset(league.ruleset)
    sheets = league.sheets
    clubs = {code: {"name": s.get("name", code), "league": s.get("league", ""), "division": s.get("division", "")}
             for code, s in sorted(sheets.items())}
    clock.lap("league")
    schedule, results = _schedule(store, league.games)
    clock.lap("schedule")
    stamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    content = Content(
        name=league.name,
        ruleset=league.ruleset,
        box=rules.box_kind,
        position=position,
        seal="",
        sealed_at=stamp,
        clubs=clubs,
        standings=queries.standings(store),
        schedule=schedule,
        pitching=queries.pitching_stats(store),
        batting=queries.batting_stats(store),
        team_pitching=queries.team_pitching(store),
        leaders=queries.leaders(store, None, None, 5, None),
        injuries=[],
        journal=[],
        rosters={},
        results=results,
    )
    clock.lap("stats")
    content.injuries = queries.injury_list(store)
    clock.lap("injuries")
    content.journal = journal_rows(app)
    clock.lap("journal")
    content.rosters = rosters if rosters is not None and set(rosters) == set(sheets) else \
        {code: rules.roster_table(sheet) for code, sheet in sheets.items()}
    clock.lap("rosters")
    content.players = _players_with_lines(store, content.box)
    clock.lap("players")
    content.seal_state = sealed()
    content.seal = content.seal_state.seal
    clock.lap("seal_wait")
    content.league = app.league()
    return content


class OneLeague:
    """The application, but ``league()`` reads the League aggregate once.

    A club's rest calendar asks for the League (its cards, its schedule) several times, and each time it
    is folded again from its events, card files and all: a second or more over thirty clubs.  The site
    only reads it, at one log position.
    """

    def __init__(self, app: "LeagueApplication", league: Any = None) -> None:
        self._app = app
        self._league: Any = league

    @property
    def repository(self) -> Any:
        return self._app.repository

    @property
    def store(self) -> Any:
        return self._app.store

    @property
    def recorder(self) -> Any:
        return self._app.recorder

    def league(self) -> Any:
        if self._league is None:
            self._league = self._app.league()
        return self._league

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)


class _Clock:
    def __init__(self, timings: dict[str, float]) -> None:
        self.timings, self.mark = timings, time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = self.timings.get(name, 0.0) + now - self.mark
        self.mark = now


def club_calendar(app: "LeagueApplication", content: Content, code: str) -> dict[str, Any] | None:
    """The club's starters' rest and relievers' fatigue calendar, read when its page is rendered.

    It is read per club, by the process rendering the club's page, because it is the slowest read of
    a club (its cards and its Staff); ``content.calendars`` keeps what was read.
    """
    if code not in content.calendars:
        calendar = pitcher_calendar(app, code)
        if calendar is None:
            rules = registry.ruleset(content.ruleset)
            calendar = rules.staff_calendar(app, code, content.rosters[code], _next_day(code, content.schedule))
        content.calendars[code] = calendar
    return content.calendars[code]


def pitcher_calendar(app: "LeagueApplication", team: str) -> dict[str, Any] | None:
    """The starters' rest and relievers' fatigue calendar, where the ruleset keeps one in the views.

    Named with the league's ruleset, the query may read a Strat-O-Matic club's games and sheet from the
    views rather than fold its Staff and the League (``league pitchers``' direct path, the same calendar):
    a calendar process that need not import the event-sourcing library and the season player starts
    sooner.
    """
    try:
        return queries.pitcher_calendar(app, team, None, ruleset=app.league().ruleset)
    except NotFoundError:
        return None


def _next_day(team: str, schedule: list[dict[str, Any]]) -> str:
    """The club's next game day: its first unplayed game's date, else the day after its last game."""
    mine = [g for g in schedule if team in (g["visitor"], g["home"])]
    upcoming = [g["date"] for g in mine if not g["played"]]
    if upcoming:
        return str(upcoming[0])
    last = datetime.date.fromisoformat(mine[-1]["date"]) if mine else datetime.date.today()
    return (last + datetime.timedelta(days=1)).isoformat()


def journal_rows(app: "LeagueApplication") -> list[dict[str, Any]]:
    """The commissioner's journal as ``league history`` lists it: who, when, what and why."""
    journal = app.journal()
    undone = journal.undone()
    rows = []
    for e in journal.entries:
        d = e["details"]
        named = games_named(d)
        rows.append({"entry": e["entry"], "at": e["at"], "actor": e["actor"], "command": e["command"],
                     "what": what_changed(d), "reason": e["reason"], "undone": e["entry"] in undone,
                     "games": named if len(named) <= 3 else []})
    return rows


def _schedule(store: Any, scheduled: dict[str, dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    with rows_of(store) as conn:
        status = {r.game_id: (r.status, r.game_key, r.played_by, r.held_reason) for r in
                  conn.all(f"SELECT game_id, status, game_key, played_by, held_reason FROM {games.name}")}
        scores = {(r.game_key, r.team): r for r in
                  conn.all(f"SELECT game_key, team, opponent, is_home, runs, opp_runs, won, extra_innings "
                           f"FROM {box_team.name}")}
    rows = []
    results: dict[str, list[dict[str, Any]]] = {}
    for gid, g in sorted(scheduled.items(), key=lambda kv: (kv[1]["date"], kv[1]["number"], kv[0])):
        st, key, played_by, held = status.get(gid, ("scheduled", None, None, None))
        v, h = scores.get((key, g["visitor"])), scores.get((key, g["home"]))
        row = {"game": gid, "date": g["date"], "number": g["number"], "visitor": g["visitor"], "home": g["home"],
               "status": st, "played": st != "scheduled", "played_by": played_by, "held": held,
               "vr": v.runs if v is not None else None, "hr": h.runs if h is not None else None,
               "extra": v.extra_innings if v is not None else 0, "note": g.get("note", "")}
        rows.append(row)
        for side, box in (("visitor", v), ("home", h)):
            if box is not None:  # SQLite keeps a boolean as 0 or 1
                results.setdefault(g[side], []).append({
                    **row, "opponent": box.opponent, "at_home": bool(box.is_home), "runs": box.runs,
                    "opp_runs": box.opp_runs, "result": "W" if box.won else ("T" if box.runs == box.opp_runs else "L")})
    return rows, results


# Each kind of box score -> (table, column naming the player, kind of line) of the views that hold its
# batting and pitching lines.
BOX_TABLES: dict[str, tuple[tuple[Any, str, str], ...]] = {
    boxes.POINTS: ((box_batting, "batter", "batting"), (box_pitching, "pitcher", "pitching")),
    boxes.PLAYS: ((pa_batting, "player", "batting"), (pa_pitching, "pitcher", "pitching")),
}
# Each kind of box score -> the columns of a club page's batting table.
CLUB_BATTING: dict[str, tuple[tuple[str, str], ...]] = {
    boxes.POINTS: (("hr", "HR"), ("bat", "BAT pts"), ("pow", "POW pts"), ("spd", "SPD pts"), ("fld", "FLD runs")),
    boxes.PLAYS: tuple((k, k.upper()) for k in ("g", "pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so",
                                                "sb", "avg", "obp", "slg")),
}


def _players_with_lines(store: Any, box: str) -> dict[str, set[str]]:
    """team -> everyone with a box-score line for it (who has a page, for those not on the sheet)."""
    out: dict[str, set[str]] = {}
    with rows_of(store) as conn:
        for table, who, _ in BOX_TABLES[box]:
            for team, player in conn.all(f"SELECT DISTINCT team, {who} FROM {table.name}"):
                out.setdefault(team, set()).add(player)
    return out


def players_in_games(store: Any, box: str, game_ids: set[str]) -> dict[str, set[str]]:
    """team -> the players with a line in the box scores of the named games."""
    out: dict[str, set[str]] = {}
    if not game_ids:
        return out
    named = sorted(game_ids)
    with rows_of(store) as conn:
        for table, who, _ in BOX_TABLES[box]:
            for at in range(0, len(named), 500):  # well under any driver's limit on parameters
                chunk = named[at:at + 500]
                for team, player in conn.all(
                        f"SELECT t.team, t.{who} FROM {table.name} t JOIN {games.name} g ON g.game_key = t.game_key "
                        f"WHERE g.game_id IN ({', '.join('?' * len(chunk))})", chunk):
                    out.setdefault(team, set()).add(player)
    return out


def team_lines(store: Any, content: Content, team: str, players: Collection[str] = ()) -> dict[str, list[dict[str, Any]]]:
    """The club's lines in each game, by player, in playing order: every pitching line, and the batting
    lines of ``players`` (those of the player pages being rendered).

    Read only as far as :func:`read_lines` has not read them already (``content.game_lines`` keeps what
    was read): a season has a hundred thousand lines, a day's rebuild needs a few thousand.
    """
    wanted = {p for p in players if (team, p) not in content.lines_read}
    if (team, "") not in content.lines_read or wanted:
        read_lines(store, content, {team: wanted})
    return content.game_lines.setdefault(team, {})


def read_lines(store: Any, content: Content, wanted: dict[str, set[str]]) -> None:
    """Read the box-score lines the pages about to be rendered show, one pass over each table: for each
    club in ``wanted`` all its pitching lines (its page lists each pitcher's last work) and the batting
    lines of the players named.

    Plain SQL through :func:`projections.rows.rows_of` (the SQLite file through ``sqlite3`` itself): a
    whole season is a hundred thousand lines, and SQLAlchemy's rows cost several times what the driver's
    tuples do.  The batting lines are selected by club and filtered by player here (the few players of a
    club without a page are cheaper to drop than to name).
    """
    batting, pitching = BOX_TABLES[content.box]
    clubs = {t for t in wanted if (t, "") not in content.lines_read}
    batters = {(t, p) for t, players in wanted.items() for p in players if (t, p) not in content.lines_read}
    with rows_of(store) as conn:
        for table, teams, keep in ((pitching, clubs, None), (batting, {t for t, _ in batters}, batters)):
            if teams:
                _lines_into(content.game_lines, conn, table, "team", sorted(teams), keep)
    content.lines_read.update((t, "") for t in clubs)
    content.lines_read.update(batters)


def read_day_lines(store: Any, content: Content, game_ids: Collection[str], players: set[tuple[str, str]]) -> None:
    """The lines of ``players`` (team, player) in the named games only, batting and pitching, into
    ``content.day_lines``: the rows a kept game log gains (:mod:`league.site.logs`)."""
    named = sorted(game_ids)
    if not named or not players:
        return
    lines: dict[str, dict[str, list[dict[str, Any]]]] = {}
    with rows_of(store) as conn:
        for table in BOX_TABLES[content.box]:
            for at in range(0, len(named), 500):  # well under any driver's limit on parameters
                _lines_into(lines, conn, table, "game", named[at:at + 500], players)
    for team, by_player in lines.items():
        for player, rows in by_player.items():
            # Each chunk of games is in order; together they are put in order here.
            content.day_lines[(team, player)] = sorted(rows, key=lambda r: (r["date"], r["game_key"], r["seq"]))


def _lines_into(lines: dict[str, dict[str, list[dict[str, Any]]]], conn: Any, table: tuple[Any, str, str],
                by: str, values: list[str], keep: set[tuple[str, str]] | None) -> None:
    """Append to ``lines`` (team -> player -> lines, in playing order) the rows of one box-score ``table``
    whose ``by`` ("team", or "game": its id) is among ``values``, for the (team, player) pairs in ``keep``
    (None: all).  Each line has its game's id and status, its ``kind`` and, for a pitcher, ``ip``."""
    box, who, kind = table
    where = "t.team" if by == "team" else "g.game_id"
    # The line's own columns, then its game's id and status (none for a game the views lost).
    data = conn.all(
        f"SELECT t.*, COALESCE(g.game_id, '') AS game, COALESCE(g.status, '') AS status "
        f"FROM {box.name} t LEFT JOIN {games.name} g ON g.game_key = t.game_key "
        f"WHERE {where} IN ({', '.join('?' * len(values))}) ORDER BY t.date, t.game_key, t.seq", values)
    if not data:
        return
    columns = type(data[0])._fields
    team_at, who_at = columns.index("team"), columns.index(who)
    outs_at = columns.index("outs") if "outs" in columns else None
    for row_values in data:
        team, player = row_values[team_at], row_values[who_at]
        if keep is not None and (team, player) not in keep:
            continue
        row = dict(zip(columns, row_values))
        row["kind"] = kind
        if outs_at is not None:
            row["ip"] = fmt_ip(row_values[outs_at])
        lines.setdefault(team, {}).setdefault(player, []).append(row)
