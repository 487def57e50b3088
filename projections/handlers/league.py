"""View "league": the league's name, rule system and kind of box score, the clubs (name, league,
division), their pitchers (a card game's: their cards' headers) and players' names, the schedule."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select

from league.domain import topics
from league.domain.errors import LeagueError
from league.rules.ruleset import Ruleset
from projections.tables import card_pitchers, league_row, pitchers, players, schedule, teams
from projections.view import NotificationLike, View, Writer, payload


def league_started(w: Writer, n: NotificationLike) -> None:
    data = payload(n)
    w.execute(delete(league_row))
    w.cache["ruleset"] = data["ruleset"]
    rules = _rules(w)
    box = rules.box_kind if rules is not None else Ruleset.box_kind  # a rule system this build lacks: the default
    w.insert(league_row, {"id": 1, "name": data["name"], "ruleset": data["ruleset"], "box": box})


def team_registered(w: Writer, n: NotificationLike) -> None:
    sheet = payload(n)["sheet"]
    _club(w, sheet["code"], sheet)
    _player_names(w, n, sheet["code"], sheet)
    _card_pitchers(w, sheet["code"], sheet)


def sheets_restored(w: Writer, n: NotificationLike) -> None:
    """Undo of an import: the clubs, their pitchers and names follow the sheets the League aggregate holds again.

    A club the undone import added leaves (its sheet is None); one it replaced gets its earlier sheet back.
    """
    for code, sheet in payload(n)["sheets"].items():
        _club(w, code, sheet)
        _player_names(w, n, code, sheet)
        _card_pitchers(w, code, sheet)


def _club(w: Writer, code: str, sheet: dict[str, Any] | None) -> None:
    """The club's row and its pitchers as ``sheet`` says; none when it left (``sheet`` is None).

    A later sheet replaces the club's: what the old one said goes first.
    """
    w.execute(delete(pitchers).where(pitchers.c.team == code))
    w.execute(delete(teams).where(teams.c.code == code))
    if sheet is None:
        return
    w.insert(
        teams,
        {"code": code, "name": sheet["name"], "league": sheet["league"], "division": sheet["division"]},
    )
    w.insert(pitchers, [_pitcher_row(code, i, p) for i, p in enumerate(sheet.get("pitchers", ()))])


def _player_names(w: Writer, n: NotificationLike, code: str, sheet: dict[str, Any] | None) -> None:
    """The club's players' names as the rule system reads its team file (``commands.names``).

    A club keeps its place among the sheets when its sheet is replaced and
    goes to the end when it left and comes back, as in the aggregate's dict.
    """
    held = w.execute(select(players.c.team_order).where(players.c.team == code).limit(1)).scalar()
    w.execute(delete(players).where(players.c.team == code))
    if sheet is None:
        return
    names = _rules_names(w, sheet)
    order = held if held is not None else n.id
    w.insert(players, [{"team": code, "player": pid, "name": name, "team_order": order, "seq": i}
                       for i, (pid, name) in enumerate(names.items())])


def _card_pitchers(w: Writer, code: str, sheet: dict[str, Any] | None) -> None:
    """The club's pitchers' card headers as the rule system reads them from its sheet; none when it left,
    or when the rule system reads none or cannot vouch for them (the calendar then reads the sheet)."""
    w.execute(delete(card_pitchers).where(card_pitchers.c.team == code))
    rules = _rules(w) if sheet is not None else None
    headers = rules.pitcher_headers(sheet or {}) if rules is not None else None
    if headers:
        w.insert(card_pitchers, [{"team": code, "seq": i, "pitcher": pid, "name": name, "starter": starter,
                                  "relief": relief} for i, (pid, name, starter, relief) in enumerate(headers)])


def _rules_names(w: Writer, sheet: dict[str, Any]) -> dict[str, str]:
    rules = _rules(w)
    # A rule system this build does not have: its screens print ids.
    return {} if rules is None else dict(rules.player_names(sheet or {}))


def _rules(w: Writer) -> Any:
    """The league's rule system, or None (no league yet, or one this build does not have)."""
    from league import registry

    if "ruleset" not in w.cache:
        w.cache["ruleset"] = w.execute(select(league_row.c.ruleset)).scalar()
    if w.cache["ruleset"] is None:
        return None
    try:
        return registry.ruleset(w.cache["ruleset"])
    except LeagueError:
        return None


def games_scheduled(w: Writer, n: NotificationLike) -> None:
    rows = [
        {
            "game_id": g["game_id"],
            "date": g["date"],
            "number": int(g.get("number", 0)),
            "visitor": g["visitor"],
            "home": g["home"],
        }
        for g in payload(n)["games"]
    ]
    w.insert(schedule, rows)


def games_unscheduled(w: Writer, n: NotificationLike) -> None:
    """Undo of a schedule import: its games leave the schedule (as they leave the League aggregate's)."""
    gone = list(payload(n)["games"])
    for i in range(0, len(gone), 500):  # SQLite's bound parameters per statement are limited
        w.execute(delete(schedule).where(schedule.c.game_id.in_(gone[i:i + 500])))


def _pitcher_row(team: str, seq: int, p: dict[str, Any]) -> dict[str, Any]:
    return {
        "team": team,
        "name": p["name"],
        "seq": seq,
        "st": p.get("st"),
        "endurance": p.get("end"),
        "rest": p.get("rest"),
        "cg": p.get("cg"),
        "sho": p.get("sho"),
        "rel": p.get("rel"),
        "fat": p.get("fat"),
        "fat_asterisk": bool(p.get("fat_asterisk", False)),
    }


VIEW = View(
    name="league",
    topics=(topics.LEAGUE_STARTED, topics.LEAGUE_TEAM_REGISTERED, topics.LEAGUE_GAMES_SCHEDULED,
            topics.LEAGUE_SHEETS_RESTORED, topics.LEAGUE_GAMES_UNSCHEDULED),
    handlers={topics.LEAGUE_STARTED: league_started, topics.LEAGUE_TEAM_REGISTERED: team_registered,
              topics.LEAGUE_GAMES_SCHEDULED: games_scheduled, topics.LEAGUE_SHEETS_RESTORED: sheets_restored,
              topics.LEAGUE_GAMES_UNSCHEDULED: games_unscheduled},
    tables=(league_row, players, teams, pitchers, card_pitchers, schedule),
    description="the league, its clubs, their pitchers (and card games' pitchers' card headers) and players' "
                "names, the schedule",
)
