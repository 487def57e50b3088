"""A Pine Tar club's pitchers on a day (``league pitchers``), and its cards as roster rows and tables.

Starters need :data:`.manager.STARTER_REST` club games between starts, counted
over the club's Staff as the season player counts them.  Relievers are shown
with their last outing and the days in a row they have pitched; one who
pitched each of the last three days rests (page 15's suggestion, as the
auto-manager judges it: :func:`.manager.resting_relievers`).  A man on the
injury list (the optional injuries) for the club's next game is shown with
its reason, as the season player reads it (:func:`league.rules.pa.lineup.out_of_action`).
Nothing is stored.
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from eventsourcing.application import AggregateNotFoundError

from league.domain import ids
from league.rules.pa.lineup import Out, out_of_action
from league.rules.pine_tar.cards import Card, parse_cards
from league.rules.pine_tar.manager import RELIEF_DAYS_IN_A_ROW, STARTER_REST
from league.rules.ruleset import RosterTable

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords



@lru_cache(maxsize=64)
def _cards(text: str, source: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text, source))


AFTER = 10**6  # a game number after any of a day's: the key of the club's next game after ``day``


def _records(app: "LeagueRecords", team: str, day: datetime.date) -> dict[str, Mapping[str, Any]]:
    """The club's finished games on or before ``day`` (game id -> its Staff record), in order."""
    try:
        staff = app.repository.get(ids.staff_id(team))
    except AggregateNotFoundError:  # no game played yet
        return {}
    games = [(gid, r) for gid, r in staff.by_game.items() if r["date"] <= day.isoformat()]
    return dict(sorted(games, key=lambda x: (x[1]["date"], x[1]["number"], x[0])))


def injured(games: Mapping[str, Mapping[str, Any]], day: datetime.date) -> dict[str, Out]:
    """Who is out of the club's next game after ``day`` (Pine Tar games kept injuries on the Staff from the start)."""
    return out_of_action(games, (day.isoformat(), AFTER, ""), lambda gid: ())


def club_calendar(app: "LeagueRecords", team: str, day: datetime.date) -> dict[str, Any]:
    sheet = app.league().sheets[team]
    cards = [c for c in _cards(sheet["cards"], sheet.get("source", team)) if c.kind == "pitcher"]
    by_game = _records(app, team, day)
    games = list(by_game.values())
    out = injured(by_game, day)
    since: dict[str, int] = {}
    used: dict[str, list[str]] = {}
    for i, g in enumerate(games):
        for a in g["appearances"]:
            used.setdefault(a["pitcher"], []).append(g["date"])
            if a["role"] == "start":
                since[a["pitcher"]] = len(games) - 1 - i
    starters, relievers = [], []
    for c in cards:
        if c.starter is not None:
            had = since.get(c.id)
            rested = had is None or had >= STARTER_REST
            hurt = out.get(c.id)
            starters.append({"pitcher": c.id, "name": c.name, "mip": c.starter, "rest": STARTER_REST,
                             "games_since_start": had, "rested": rested,
                             "injured": hurt.reason if hurt else None,
                             "status": hurt.reason if hurt else "has not started" if had is None
                             else "rested" if rested else f"needs {STARTER_REST - had} more game(s)"})
        if c.relief is not None:
            dates = sorted(set(used.get(c.id, [])))
            streak = 0
            while (day - datetime.timedelta(days=streak + 1)).isoformat() in dates:
                streak += 1
            rests = streak >= RELIEF_DAYS_IN_A_ROW
            hurt = out.get(c.id)
            relievers.append({"pitcher": c.id, "name": c.name, "role": c.role, "mip": c.relief,
                              "last_used": dates[-1] if dates else None, "days_in_a_row": streak,
                              "season_games": len(used.get(c.id, [])), "available": not rests and hurt is None,
                              "injured": hurt.reason if hurt else None,
                              "status": hurt.reason if hurt else
                              f"rests: pitched the last {streak} days (page 15)" if rests else "available"})
    return {"kind": "cards", "team": team, "as_of": day.isoformat(), "games_counted": len(games),
            "starters": starters, "relievers": relievers,
            "injured": {p: o.reason for p, o in out.items()}}


def calendar_tables(cal: Mapping[str, Any]) -> list[tuple[list[dict[str, Any]], list[tuple[str, str]], str]]:
    team, as_of = cal["team"], cal["as_of"]
    return [
        (list(cal["starters"]),
         [("name", "Starter"), ("pitcher", "Card"), ("mip", "MIP"), ("rest", "Needs"),
          ("games_since_start", "Games since"), ("status", "Status")],
         f"{team} starters as of {as_of} ({STARTER_REST} games of rest between starts)"),
        (list(cal["relievers"]),
         [("name", "Reliever"), ("pitcher", "Card"), ("role", "Role"), ("mip", "MIP"), ("last_used", "Last used"),
          ("days_in_a_row", "In a row"), ("season_games", "Season"), ("status", "Status")],
         f"{team} bullpen as of {as_of} (rests after {RELIEF_DAYS_IN_A_ROW} days in a row, page 15)"),
    ]


def _ratings(c: Card) -> str:
    common = f"SBC {c.sbc if c.sbc is not None else 'N'} SBO {c.sbo} BR {c.br} " \
             f"SHC {c.shc if c.shc is not None else 'N'} RG {c.rg} EC {c.ec} INJ {c.inj or '-'}"
    if c.kind == "batter":
        arm = f" Arm {c.arm}" if c.arm else f" AR {c.ar:+d}" if c.ar is not None else ""
        return f"{', '.join(f.position for f in c.fielding)}  bats {c.bats}  {common}{arm}"
    bkwp = f"{'--' if c.bk is None else c.bk}/{'--' if c.wp is None else c.wp}"
    mip = "/".join(str(m) for m in c.mip if m is not None)
    return f"{c.role}  throws {c.throws}  home {c.home}  away {c.away}  MIP {mip}  BK/WP {bkwp}  {common}"


def roster_rows(app: "LeagueRecords", team: str, day: datetime.date, cal: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    if cal is None:
        cal = club_calendar(app, team, day)
    starters = {r["pitcher"]: r for r in cal["starters"]}
    sheet = app.league().sheets[team]
    out = []
    for c in _cards(sheet["cards"], sheet.get("source", team)):
        row = {"id": c.id, "player": c.name, "role": "batter" if c.kind == "batter" else (c.role or "pitcher"),
               "ratings": _ratings(c), "status": "active", "note": ""}
        st = starters.get(c.id)
        if st is not None and not st["rested"]:
            row.update(status="resting", note=f"started {st['games_since_start']} game(s) ago, needs {st['rest']}")
        out.append(row)
    return out


def roster_table(team: Mapping[str, Any]) -> RosterTable:
    batters: list[dict[str, Any]] = []
    pitchers: list[dict[str, Any]] = []
    for c in _cards(team["cards"], team.get("source", "<cards>")):
        row: dict[str, Any] = {"key": c.id, "name": c.name, "ratings": _ratings(c)}
        (batters if c.kind == "batter" else pitchers).append(row)
    cols = [("key", "Card"), ("name", "Player"), ("ratings", "Ratings")]
    return RosterTable(cols, cols, batters, pitchers)


def staff_calendar(app: "LeagueRecords", team: str, roster: RosterTable, day: str) -> dict[str, Any]:
    return club_calendar(app, team, datetime.date.fromisoformat(day))


__all__ = ["calendar_tables", "club_calendar", "roster_rows", "roster_table", "staff_calendar"]
