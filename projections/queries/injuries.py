"""The injury list: games to miss are the club's games; the days out, from the day he was hurt to the last of them."""

from __future__ import annotations

import bisect
import datetime
from typing import Any

from league.adapters.store import Store
from projections.queries.common import iso
from projections.rows import Rows, rows_of


def injury_list(
    store: Store, team: str | None = None, as_of: datetime.date | str | None = None, active_only: bool = False
) -> list[dict[str, Any]]:
    """Each injury with games missed so far (club games completed since), the return date and the days out."""
    bound = iso(as_of)
    sql = ("SELECT i.game_id, i.team, i.player, i.date, i.games, g.number FROM rm_injuries i "
           "LEFT OUTER JOIN rm_games g ON g.game_uuid = i.game_uuid WHERE i.date <= ?")
    params = [bound]
    if team:
        sql += " AND i.team = ?"
        params.append(team)
    sql += " ORDER BY i.date, i.team, i.player, i.game_uuid, i.version"
    out = []
    with rows_of(store) as conn:
        hurt = conn.all(sql, params)
        # Each club's played and scheduled games, read in one pass over each table for every club
        # hurt (a season's list has hundreds of injuries over thirty clubs), not once per club.
        clubs = {h.team for h in hurt}
        played = _played(conn, clubs, bound) if clubs else {}
        scheduled = _scheduled(conn, clubs) if clubs else {}
        for h in hurt:
            after = (h.date, h.number if h.number is not None else 10**6)
            mine = played[h.team]
            missed = min(len(mine) - bisect.bisect_right(mine, after), h.games)
            later = scheduled[h.team]
            first = bisect.bisect_right(later, after)  # the club's first game after the injury
            back = first + h.games  # the (games+1)-th of them: the first he may play
            out.append(
                {
                    "player": h.player,
                    "team": h.team,
                    "date": h.date,
                    "game": h.game_id,
                    "games": h.games,
                    "missed": missed,
                    "remaining": h.games - missed,
                    "return_date": later[back][0] if back < len(later) else None,
                    "days": _days_out(h.date, h.games, later, first),
                    "status": "out" if missed < h.games else "back",
                }
            )
    if active_only:
        out = [r for r in out if r["status"] == "out"]
    return out


def _days_out(hurt: Any, games: int, later: list[tuple[str, int]], first: int) -> int | None:
    """Days from the day he was hurt to the last club game he misses (0 when he misses none: Inside
    Pitch's "Game", 13); None while that game is past the schedule's last."""
    if games <= 0:
        return 0
    last = first + games - 1
    if last >= len(later):
        return None
    return (datetime.date.fromisoformat(str(later[last][0])[:10]) - datetime.date.fromisoformat(str(hurt)[:10])).days


def _played(conn: Rows, clubs: set[str], bound: str) -> dict[str, list[tuple[str, int]]]:
    """Per club: (date, number) of its completed games up to ``bound``, in order."""
    games: dict[str, list[tuple[str, int]]] = {club: [] for club in clubs}
    if len(clubs) == 1:
        sql = "SELECT team, date, number FROM rm_box_team WHERE date <= ? AND team = ?"
        for team, date, number in conn.tuples(sql, (bound, next(iter(clubs)))):
            games[team].append((date, number))
    else:
        # Each final game once, by its home side's row (a game's two rows are written together, and a
        # club cannot play itself: the rows' key is the game and the club): half the season's rows.
        sql = "SELECT team, opponent, date, number FROM rm_box_team WHERE is_home AND date <= ?"
        for home, visitor, date, number in conn.tuples(sql, (bound,)):  # plain tuples
            game = (date, number)
            mine = games.get(home)
            if mine is not None:
                mine.append(game)
            mine = games.get(visitor)
            if mine is not None:
                mine.append(game)
    for mine in games.values():
        mine.sort()
    return games


def _scheduled(conn: Rows, clubs: set[str]) -> dict[str, list[tuple[str, int]]]:
    """Per club: (date, number) of every game on its schedule, in order."""
    sql = "SELECT visitor, home, date, number FROM rm_schedule"
    params: tuple[str, ...] = ()
    if len(clubs) == 1:
        sql += " WHERE visitor = ? OR home = ?"
        params = (next(iter(clubs)),) * 2
    games: dict[str, list[tuple[str, int]]] = {club: [] for club in clubs}
    for visitor, home, date, number in conn.tuples(sql, params):  # the season's schedule: plain tuples
        game = (date, number)
        mine = games.get(visitor)
        if mine is not None:
            mine.append(game)
        if home != visitor:
            mine = games.get(home)
            if mine is not None:
                mine.append(game)
    for mine in games.values():
        mine.sort()
    return games
