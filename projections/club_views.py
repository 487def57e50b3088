"""What a rule system's rest calendar reads of one club, from the views and the League's own rows.

``league pitchers`` on a Strat-O-Matic league needs the club's cards (on
the League aggregate), its finished games' pitchers and injuries (on its
Staff aggregate) and its schedule.  Folding the two aggregates takes the
event-sourcing library and the domain classes, whose imports alone cost as
much as all of ``league --version``.  When the views are
current the same facts are rows: each final game's pitching lines
(``rm_box_pitching``, the first line of a side its start: exactly what the
engine records on the Staff), its injuries (``rm_injuries``), the schedule
(``rm_schedule``); and the club's pitchers' card headers, which the league
view keeps (``rm_card_pitchers``, since revision 0009).  Where it keeps none
(a rule system's headers it cannot vouch for), the club's sheet is the last
``TeamRegistered`` (or ``SheetsRestored``) event of the League naming it,
read from the events table with ``sqlite3`` or psycopg as
:mod:`projections.game_record` reads a game (only that event when the counts
prove it is the club's one registration: :func:`_only_registration`).

Anything this reader does not know (a value tagged with a type other than
the timestamp, no sheet for the club) answers None and the calendar folds
the aggregates.  ``tests/e2e/test_fast_reads.py`` holds both to the same bytes.
"""

from __future__ import annotations

import json
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable, Collection, Sequence
from uuid import UUID

from league.domain import topics
from projections.rows import rows_of

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords

_REGISTERED = topics.LEAGUE_TEAM_REGISTERED
_RESTORED = topics.LEAGUE_SHEETS_RESTORED
# league.domain.ids.LEAGUE_ID, written out: deriving it (a name-based UUID) loads hashlib, and a rule
# system whose calendar reads no sheet (Pennant Race's) loads nothing of this module's readers (a unit
# test holds the two equal).
LEAGUE_ID = UUID("203ef3f4-38a7-558e-8a38-95c78e1517f5")

_Run = Callable[[str, Sequence[Any]], list[Any]]  # SQL with ? parameters -> all its rows


class ClubViews:
    """The direct path's reader for a calendar (``app.club_views``); ``app`` serves everything else."""

    def __init__(self, app: "LeagueRecords", lines: tuple[str, str, Sequence[tuple[Any, ...]]] | None = None) -> None:
        """``lines``: ``(team, day, rows)``, the club's pitching lines up to ``day`` as the calendar query
        read them (``pitcher, date, role, outs, game_id, number, game_key, seq``), so that
        :meth:`club_games` for that club and day need not read them again."""
        self._app = app
        self._lines = lines

    @property
    def store(self) -> Any:
        return self._app.store

    @property
    def club_views(self) -> "ClubViews":
        return self

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._app, attr)

    def club_sheet(self, team: str) -> dict[str, Any] | None:
        """The club's sheet as the League aggregate holds it, or None (not known here: fold the aggregate)."""
        from league.adapters.event_bytes import stored_topics

        store = self.store
        stored = stored_topics([_REGISTERED, _RESTORED])
        postgres = store.kind == "postgresql"
        # SQLite keeps an aggregate's id as 16 bytes or (written before) as hexadecimal text, PostgreSQL
        # as a uuid; an event's notification id is SQLite's row id, PostgreSQL's notification_id column.
        same_id, ids = ("originator_id = ?", (LEAGUE_ID,)) if postgres else \
            ("originator_id IN (?, ?)", (LEAGUE_ID.bytes, LEAGUE_ID.hex))
        where = f'{same_id} AND topic IN ({", ".join("?" * len(stored))})'
        params = (*ids, *stored)
        with rows_of(store) as conn:
            only = _only_registration(conn.tuples, store.events_table, where, params, team,
                                      "notification_id" if postgres else "rowid")
            decided, sheet = _newest_sheet(only, team) if only else (False, None)
            if decided:
                return sheet
            # Newest first: the last event naming the club decides, so the search stops there.
            rows = conn.tuples(f'SELECT topic, state FROM "{store.events_table}" WHERE {where} '
                               'ORDER BY originator_version DESC', params)
        return _newest_sheet(rows, team)[1]

    def card_pitchers(self, team: str) -> list[tuple[str, str, int | None, int | None]]:
        """The club's pitchers' card headers the league view keeps (``rm_card_pitchers``), in card order:
        ``(id, name, starter, relief)``; none where it keeps none (the sheet is then read: :meth:`club_sheet`)."""
        with rows_of(self.store) as conn:
            return conn.tuples("SELECT pitcher, name, starter, relief FROM rm_card_pitchers WHERE team = ? "
                               "ORDER BY seq", (team,))

    def club_games(self, team: str, day: str, counted: Collection[str]) -> dict[str, dict[str, Any]]:
        """The club's final games in ``counted`` on or before ``day``, as its Staff records them.

        ``{game: {"date", "number", "appearances": [{"pitcher", "role"}], "injuries": [{"player", "games"}]}}``.
        """
        with rows_of(self.store) as conn:
            if self._lines is not None and self._lines[:2] == (team, day):
                # Read by the calendar query already: the same rows, in the order of the query below.
                lines = [(game, date, number, pitcher, role) for pitcher, date, role, _, game, number, *_
                         in sorted(self._lines[2], key=itemgetter(6, 7))]
            else:
                lines = conn.tuples(
                    "SELECT g.game_id, g.date, g.number, p.pitcher, p.role FROM rm_box_pitching p "
                    "JOIN rm_games g ON g.game_key = p.game_key WHERE p.team = ? AND p.date <= ? "
                    "ORDER BY g.game_key, p.seq", (team, day))  # g's: SQLite then scans the
                # games and finds each one's lines by the key, where p's had it build an index of the games
            hurt = conn.tuples(
                "SELECT game_id, player, games FROM rm_injuries WHERE team = ? AND date <= ? "
                "ORDER BY game_uuid, version", (team, day))
        games: dict[str, dict[str, Any]] = {}
        for game, date, number, pitcher, role in lines:
            if game in counted:
                record = games.setdefault(game, {"date": date, "number": number, "appearances": [],
                                                 "injuries": []})
                record["appearances"].append({"pitcher": pitcher, "role": "start" if role == "SP" else "relief"})
        for game, player, n in hurt:
            if game in games:  # a game not final (or left out) is not on the Staff yet
                games[game]["injuries"].append({"player": player, "games": int(n)})
        return games

    def league_ruleset(self) -> str | None:
        """The league's ruleset name (``rm_league``), or None before the league is in the views."""
        with rows_of(self.store) as conn:
            found = conn.scalar("SELECT ruleset FROM rm_league WHERE id = 1")
        return None if found is None else str(found)

    def club_schedule(self, team: str, day: str) -> list[tuple[str, str]]:
        """``(game, date)`` of the club's scheduled games from ``day`` on, in order."""
        with rows_of(self.store) as conn:
            return [(g, d) for g, d in conn.tuples(
                "SELECT game_id, date FROM rm_schedule WHERE (visitor = ? OR home = ?) AND date >= ? "
                "ORDER BY date, number", (team, team, day))]


def _only_registration(run: _Run, events: str, where: str, ids: tuple[Any, ...], team: str,
                       notification: str) -> list[Any]:
    """The one event that can hold the club's sheet, ``[(topic, state)]``, when the counts prove there is one;
    else ``[]``.

    A club's sheet is set by its ``TeamRegistered`` events and an undone import's ``SheetsRestored``.  With
    no undone import and as many registrations as clubs, each club was registered once (none leaves without
    an undo), by the event whose notification id its players' rows keep (``rm_players.team_order``; the
    column ``notification``: SQLite's row id, PostgreSQL's ``notification_id``): that event alone is read,
    where the search reads and decompresses every club's sheet from the newest back (for the first of
    thirty clubs, all thirty sheets).
    """
    from league.adapters.event_bytes import read_topic

    counts: dict[str, int] = {}
    for topic, n in run(f'SELECT topic, count(*) FROM "{events}" WHERE {where} GROUP BY topic', ids):
        counts[read_topic(topic)] = counts.get(read_topic(topic), 0) + n
    clubs = run("SELECT count(*) FROM rm_teams", ())[0][0]
    if counts.get(_RESTORED) or counts.get(_REGISTERED) != clubs:
        return []
    first = run("SELECT min(team_order) FROM rm_players WHERE team = ?", (team,))[0][0]
    if first is None:
        return []
    rows = run(f'SELECT topic, state FROM "{events}" WHERE {notification} = ? AND {where}', (first, *ids))
    return [] if not rows or read_topic(rows[0][0]) != _REGISTERED else rows[:1]


def _newest_sheet(rows: list[Any], team: str) -> tuple[bool, dict[str, Any] | None]:
    """From League events, newest first: (whether one decides the club's sheet, the sheet or None)."""
    from league.adapters.event_bytes import decompress, read_topic

    named = f'"{team}"'.encode()
    for stored_topic, state in rows:
        data = decompress(state)
        if named not in data:  # another club's sheet: not parsed
            continue
        if data.count(b'"_type_"') != 1:  # only the timestamp is tagged in these events
            return True, None
        fields = json.loads(data)
        if read_topic(stored_topic) == _REGISTERED:
            if fields["sheet"].get("code") == team:
                return True, dict(fields["sheet"])
        elif team in fields["sheets"]:  # an undone import: the earlier sheet back, or none (gone)
            sheet = fields["sheets"][team]
            return True, None if sheet is None else dict(sheet)
    return False, None
