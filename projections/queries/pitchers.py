"""Starter rest and reliever fatigue calendars for one club, as of a date.

The appearances are the final games' pitching lines (``rm_box_pitching``):
the engine records a club's usage on its Staff from exactly those lines
(``Staff.PitchersUsed``), and a rewind, void or undo removes or restores both
together, so the box rows are the Staff's history.  The league's rule system
folds them into the calendar (``Ruleset.pitcher_calendar``) with the
engine's own functions, so what people read is what the engine decides from.
A rule system may also read the club's Staff aggregate through ``app``
(Strat-O-Matic counts rest in club games, in the Staff's game order); it
counts only the games these rows hold.  The rows' outs go along too: the
Staff records who pitched, not how long.  On the direct path (current views,
the caller names the ruleset) ``app`` comes wrapped in
:class:`projections.club_views.ClubViews`, whose rows give a calendar the same
facts as the aggregates without folding them.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from projections.rows import Rows, fast_reads, rows_of

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords

# rm_pitchers' columns, in the table's order (fat_asterisk is a bool: SQLite keeps it as 0/1).
STAFF_COLUMNS = "team, name, seq, st, endurance, rest, cg, sho, rel, fat, fat_asterisk"


def pitcher_calendar(
    app: "LeagueRecords",
    team: str,
    as_of: datetime.date | str | None = None,
    exclude_games: Collection[str] = (),
    ruleset: str | None = None,
) -> dict[str, Any] | None:
    """``{"team", "as_of", ...}`` for one club; None if its rule system keeps no calendar.

    ``as_of`` defaults to the club's next unplayed scheduled date.  Appearances
    after ``as_of`` are ignored; ``exclude_games`` drops more (e.g. the game
    being checked and later games of a doubleheader).  ``ruleset``, the
    league's ruleset name when the caller knows it (from the league view),
    spares reading the League aggregate: Pennant Race's calendar then reads
    nothing of ``app`` but ``app.store``.
    """
    from league import registry
    from league.domain.errors import NotFoundError
    from league.domain.usage import Appearance

    rules = registry.ruleset(ruleset or app.league().ruleset)
    if not rules.has_calendar:
        return None
    with rows_of(app.store) as conn:
        staff = conn.all(f"SELECT {STAFF_COLUMNS} FROM rm_pitchers WHERE team = ? ORDER BY seq", (team,))
        # A card file lists its pitchers as cards, not as rm_pitchers rows: the club must still be known.
        if not staff and conn.first("SELECT code FROM rm_teams WHERE code = ?", (team,)) is None:
            raise NotFoundError(f"no team {team!r} in the read model (run 'league projections status')")
        day = _as_of(conn, team, as_of)
        # Plain tuples (a few hundred lines); the game's number, key and line too, which a card
        # calendar's club views read of the same lines (projections.club_views: not read twice).
        used = conn.tuples(
            "SELECT p.pitcher, p.date, p.role, p.outs, g.game_id, g.number, p.game_key, p.seq "
            "FROM rm_box_pitching p JOIN rm_games g ON g.game_key = p.game_key WHERE p.team = ? AND p.date <= ? "
            "ORDER BY p.date, g.game_id, p.seq", (team, day.isoformat()))
    history: dict[str, list[Appearance]] = {}
    outs: dict[tuple[str, str], int] = {}
    dates: dict[str, datetime.date] = {}
    for pitcher, date, role, n, game, *_ in used:
        if game not in exclude_games:
            on = dates.get(date)
            if on is None:
                on = dates[date] = datetime.date.fromisoformat(date)
            history.setdefault(pitcher, []).append(Appearance(
                date=on, game=game, role="start" if role == "SP" else "relief"
            ))
            outs[(pitcher, game)] = n
    if ruleset is not None and app.store.kind in ("sqlite", "postgresql") and fast_reads():
        # The direct path (the caller read the ruleset from current views): a calendar that reads a
        # club's aggregates may read the same facts from the views instead (projections.club_views).
        app = _WithClubViews(app, (team, day.isoformat(), used))
    return rules.pitcher_calendar(app, team, day, [dict(r._asdict(), fat_asterisk=bool(r.fat_asterisk))
                                                   for r in staff], history, outs)


class _WithClubViews:
    """``app`` and, asked for, its ``club_views`` (:class:`projections.club_views.ClubViews`): that module
    is loaded only by a calendar that reads them (Strat-O-Matic's; Pennant Race's reads rows alone)."""

    def __init__(self, app: "LeagueRecords", lines: tuple[str, str, Any]) -> None:
        self._app = app
        self._lines = lines

    def __getattr__(self, attr: str) -> Any:
        if attr == "club_views":
            from projections.club_views import ClubViews

            views = self.__dict__["club_views"] = ClubViews(self._app, lines=self._lines)
            return views
        return getattr(self._app, attr)


def _as_of(conn: Rows, team: str, as_of: datetime.date | str | None) -> datetime.date:
    if isinstance(as_of, datetime.date):
        return as_of
    if isinstance(as_of, str):
        return datetime.date.fromisoformat(as_of)
    # The club's next game not yet final; else the day after its last game.
    last = conn.scalar("SELECT date FROM rm_box_team WHERE team = ? ORDER BY date DESC LIMIT 1", (team,))
    after = last or ""
    nxt = conn.scalar("SELECT date FROM rm_schedule WHERE (visitor = ? OR home = ?) AND date > ? ORDER BY date "
                      "LIMIT 1", (team, team, after))
    if nxt:
        return datetime.date.fromisoformat(nxt)
    if last:
        return datetime.date.fromisoformat(last) + datetime.timedelta(days=1)
    return datetime.date.today()
