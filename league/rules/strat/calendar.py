"""A Strat-O-Matic club's rest calendar on a day, and its cards as a roster.

Who may pitch is what the season player (:class:`league.rules.pa.season.PASeason`)
and the auto-manager (:mod:`.manager`) decide from, asked of them:

* a starter needs four club games between starts, three with an asterisk
  after his name (10.2, 26.1: :func:`.usage_rules.rest_needed`); in super
  advanced revision 4 leagues 27.51's chart by the outs of his last start,
  and a row says who would pitch fatigued today (27.52, 27.61:
  :func:`.usage_rules.starter_rest`, :func:`.usage_rules.fatigued_today`,
  as :mod:`.season_rest` rules); counted by
  :func:`league.rules.pa.rotation.games_since_start` over the club's Staff;
  the next starter is the season player's own choice (the most rested who
  has had his rest, and healthy; else the most rested), and a commissioner
  may name any healthy starter who has had his rest;
* a reliever rests after pitching today already (a doubleheader), on each of
  the two days before (27.64), a start too few games ago if he also starts
  (27.61, in games as the engine counts it), or at a window limit
  (:data:`.usage_rules.LIMITS`): :func:`.usage_rules.resting_relievers`.  The
  auto-manager brings a resting one in only when no rested one is left;
* a pitcher hurt in an earlier game sits out the games the injury chart gave
  him (the season player's ``out_of_action``).

The calendar on ``day`` counts only the club's games on or before it (less
any the caller leaves out: the game being checked, later games of a
doubleheader), by replaying those games' records into a fresh in-memory
Staff: the Staff as the season player saw it before the next game.  Nothing
is stored.  On current views (``league pitchers``: ``app.club_views``,
:mod:`projections.club_views`) the same records come from rows -- each final
game's pitching lines and injuries, the schedule, the sheet from the League's
events -- and the next starter from :func:`league.rules.pa.rotation.next_starter`,
the season player's own choice; the rest rules live in
:mod:`.usage_rules`, which imports no engine, so that path loads neither the
event-sourcing library nor the game state: a read command's time is mostly
what it imports.
"""

from __future__ import annotations

import datetime
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping, Sequence

from league.domain.usage import Appearance, window_counts
from league.rules.pa.lineup import Out, out_of_action
from league.rules.pa.rotation import games_since_start, next_starter
from league.rules.strat.pitcher_header import PitcherHeader
from league.rules.strat.levels import SUPER_LEVEL
from league.rules.strat.usage_rules import (LIMITS, RELIEF_DAYS_IN_A_ROW, fatigued_today, last_start, resting_relievers,
                                            start_fatigue, starter_rest, super_rest)

if TYPE_CHECKING:
    from league.rules.ruleset import LeagueRecords
    from league.domain.staff import Staff
    from league.rules.pa.engine import PACard
    from league.rules.strat.cards import Card

# The card parser (league.rules.strat.cards and its readings' tables) is imported where cards are parsed:
# on current views the calendar reads the pitchers' card headers only (.card_headers).

# Only the fold of the aggregates (club_calendar without views) loads the event-sourcing library, the
# Staff and the season player: `league pitchers` on current views reads rows instead, and loads none of them.

RECENT_DAYS = 7  # the appearances a reliever's row lists: the usage limits' shortest window, and today
AFTER = 10**9  # a game number after any of a day's: the key of "the club's next game"


def club_calendar(app: "LeagueRecords", team: str, day: datetime.date, counted: Collection[str] | None = None,
                  outs: Mapping[tuple[str, str], int] | None = None) -> dict[str, Any]:
    """The calendar of ``team`` on ``day`` from the League's cards and the club's Staff.

    ``counted``: the games to count (the read model's final games up to the
    day); None counts every game the Staff holds on or before ``day``.
    ``outs``: ``(pitcher, game) -> outs`` for the recent outings, where known.
    An ``app`` with ``club_views`` (current views, :mod:`projections.club_views`)
    gives the same facts as rows, and no aggregate is folded.
    """
    views = getattr(app, "club_views", None) if counted is not None else None
    if views is not None:
        found = _from_views(views, team, day, counted or (), outs or {})
        if found is not None:
            return found
    from eventsourcing.application import AggregateNotFoundError

    from league.domain import ids
    from league.rules.strat.card_engine import ENGINE
    from league.rules.strat.season_rest import StratSeason

    league = app.league()
    sheet = league.sheets[team]
    try:
        staff = app.repository.get(ids.staff_id(team))
    except AggregateNotFoundError:  # no game played yet
        staff = None

    def keep(game: str, record: Mapping[str, Any]) -> bool:
        return record["date"] <= day.isoformat() and (counted is None or game in counted)

    kept = staff_as_of(team, staff, keep)
    cards = _cards(sheet["cards"], sheet.get("source", team))
    pitchers: list[PACard] = [c for c in cards if c.kind == "pitcher"]
    season = StratSeason(app, league, {team: kept}, ENGINE)
    known = dict(outs or {})
    if super_rest(season.level):  # 27.51 reads the outs of last starts: the rows' where given, else the box's
        for (p, game), n in known.items():
            season.outs.setdefault(game, {})[p] = n
        for p, history in kept.usage.items():
            start = last_start(history)
            if start is not None and (p, start.game) not in known:
                lines = season.outs_in(start.game)
                if p in lines:
                    known[(p, start.game)] = lines[p]
    # ``kept`` holds only the games counted: a key after all of them is the next game's.
    out = season.out_of_action(team, (day.isoformat(), AFTER, ""))
    pick = season._starter(team, pitchers, None, out, day.isoformat())[0].id if pitchers else None
    upcoming = [g["date"] for g in sorted(league.games.values(), key=lambda g: (g["date"], g["number"]))
                if team in (g["visitor"], g["home"]) and g["date"] >= day.isoformat()
                and g["game_id"] not in kept.by_game]
    return calendar(team, day, cards, kept, upcoming, out, pick, outs or {}, season.level, known)


class _Usage:
    """A club's Staff as the calendar reads it (``by_game`` and ``usage``), built from the views' rows."""

    def __init__(self, by_game: dict[str, dict[str, Any]]) -> None:
        self.by_game = by_game
        self.usage: dict[str, list[Appearance]] = {}
        # In game order, as the Staff's replay (staff_as_of) records them.
        for game, record in sorted(by_game.items(), key=lambda kv: (kv[1]["date"], kv[1]["number"])):
            day = datetime.date.fromisoformat(record["date"])
            for a in record["appearances"]:
                self.usage.setdefault(a["pitcher"], []).append(Appearance(date=day, game=game, role=a["role"]))


def _from_views(views: Any, team: str, day: datetime.date, counted: Collection[str],
                outs: Mapping[tuple[str, str], int]) -> dict[str, Any] | None:
    """The calendar from rows (:class:`projections.club_views.ClubViews`); None when the views cannot say."""
    # The pitchers' card headers the league view keeps; where it keeps none, the club's cards themselves.
    pitchers: list[Card | PitcherHeader] = [PitcherHeader(*row) for row in views.card_pitchers(team)]
    if not pitchers:
        sheet = views.club_sheet(team)
        if sheet is None:
            return None
        pitchers = list(_pitchers(sheet["cards"], sheet.get("source", team)))
    kept = _Usage(views.club_games(team, day.isoformat(), counted))
    # Every record holds its injuries (the views keep them for every game), so no game's own events are read.
    out = out_of_action(kept.by_game, (day.isoformat(), AFTER, ""), lambda game: ())
    since = games_since_start(kept.by_game)
    level = SUPER_LEVEL if views.league_ruleset() == "strat-o-matic-super" else ""  # the rest rules' level
    # The season player's own choice (StratSeason._starter with nobody named), by the engine's rest rules.
    prefer = (lambda c: start_fatigue(kept.usage.get(c.id, ()), day) is None) if super_rest(level) else None
    pick = next_starter(pitchers, lambda c: c.starter is not None, lambda c: c.id, since,
                        lambda c: _rest(level, c, kept.usage, outs), out, prefer)[0].id if pitchers else None
    upcoming = [d for g, d in views.club_schedule(team, day.isoformat()) if g not in kept.by_game]
    return calendar(team, day, pitchers, kept, upcoming, out, pick, outs, level)


def _rest(level: str, c: Card | PitcherHeader, usage: Mapping[str, Sequence[Appearance]],
          outs: Mapping[tuple[str, str], int]) -> int:
    """Games of rest ``c`` needs before he starts, as the season player rules at ``level``."""
    return starter_rest(level, c.name, usage.get(c.id, ()), lambda game: outs.get((c.id, game)))


def staff_as_of(team: str, staff: Staff | None, keep: Callable[[str, Mapping[str, Any]], bool]) -> Staff:
    """A new in-memory Staff holding the games of ``staff`` that ``keep`` accepts, in game order."""
    from league.domain.staff import Staff

    replay = Staff(team=team)
    games = staff.by_game.items() if staff is not None else ()
    for game, record in sorted(games, key=lambda kv: (kv[1]["date"], kv[1]["number"])):
        if keep(game, record):
            replay.record_usage(game=game, date=record["date"], appearances=record["appearances"],
                                number=record["number"])
            replay.by_game[game] = record  # the whole record (its injuries too), as the season player reads it
    return replay


def calendar(team: str, day: datetime.date, cards: Sequence[Card | PitcherHeader], staff: Staff | _Usage,
             upcoming: Sequence[str], out: Mapping[str, Out], pick: str | None, outs: Mapping[tuple[str, str], int],
             level: str = "", start_outs: Mapping[tuple[str, str], int] | None = None) -> dict[str, Any]:
    """``{"kind": "cards", "team", "as_of", "games_counted", "next_starter", "starters", "relievers"}``.

    ``staff`` holds only the games counted; ``upcoming`` the dates of the
    club's games not counted from ``day`` on, in order (for "rested on");
    ``out`` who is injured for the next game; ``pick`` the season player's
    next starter; ``level`` the rules' (super advanced revision 4: 27.51's rest by the outs of the last
    start, from ``start_outs``, else ``outs``; 27.52's and 27.61's fatigue).  ``outs`` are what the
    relievers' recent outings show.
    """
    since = games_since_start(staff.by_game)
    pitchers = [c for c in cards if c.kind == "pitcher"]
    rest = {c.id: _rest(level, c, staff.usage, outs if start_outs is None else start_outs)
            for c in pitchers if c.starter is not None}
    starter_rows = [_starter_row(c, since.get(c.id), rest[c.id], out.get(c.id), c.id == pick,
                                 staff.usage.get(c.id, ()), upcoming) for c in pitchers if c.starter is not None]
    bullpen = [c for c in pitchers if c.relief is not None]
    # A reliever also rated to start needs his rest between starts (27.61), as the season player rules.
    dual = {c.id: rest[c.id] for c in bullpen if c.starter is not None}
    why = {r["pitcher"]: r["reason"] for r in
           resting_relievers([c.id for c in bullpen if c.id not in out], staff.usage, day, since, dual)}
    reliever_rows = [_reliever_row(c, list(staff.usage.get(c.id, ())), day, out.get(c.id), why.get(c.id), outs)
                     for c in bullpen]
    cal = {"kind": "cards", "team": team, "as_of": day.isoformat(), "games_counted": len(staff.by_game),
           "next_starter": pick, "starters": starter_rows, "relievers": reliever_rows}
    if super_rest(level):  # only then: the calendars of every other level read as before
        _super_rows(cal, staff.usage, day, since, dual)
    return cal


def _super_rows(cal: dict[str, Any], usage: Mapping[str, Sequence[Appearance]], day: datetime.date,
                since: Mapping[str, int], dual: Mapping[str, int]) -> None:
    """Super advanced revision 4: each row says whether he would pitch fatigued today, and why -- a
    starter who relieved with no day of rest since (27.52), a reliever within his rest between starts
    (27.61) -- as the season player sets the game up (.season_rest)."""
    cal["rest_rules"] = "27.51"
    for r in cal["starters"]:
        r["fatigued"] = start_fatigue(usage.get(r["pitcher"], ()), day)
        if r["fatigued"] is not None:
            r["status"] += f"; fatigued if he starts: {r['fatigued']}"
    tired = fatigued_today(SUPER_LEVEL, "", [r["pitcher"] for r in cal["relievers"]], usage, day, since, dual)
    for r in cal["relievers"]:
        r["fatigued"] = tired.get(r["pitcher"])


def _starter_row(c: Card | PitcherHeader, had: int | None, needs: int, hurt: Out | None, nxt: bool,
                 history: Sequence[Appearance], upcoming: Sequence[str]) -> dict[str, Any]:
    rested = had is None or had >= needs
    # Club games still to be played before he may start: his rest, and the games his injury keeps him out.
    more = 0 if nxt else max(0 if had is None else needs - had, hurt.games - hurt.missed if hurt else 0, 0)
    if hurt is not None:
        status = hurt.reason
    else:
        status = "has not started" if had is None else "rested" if rested else f"needs {needs - had} more game(s)"
    if nxt and hurt is not None:
        status += "; starts anyway: no healthy pitcher left (10.1)"
    elif nxt and not rested:
        status += "; starts anyway: no healthy starter has had his rest"
    starts = [a.date for a in history if a.role == "start"]
    return {
        "pitcher": c.id,
        "name": c.name,
        "pow": c.starter,
        "asterisk": c.name.endswith("*"),
        "rest": needs,
        "last_start": max(starts).isoformat() if starts else None,
        "games_since_start": had,
        "rested": rested,
        "injured": hurt.reason if hurt else None,
        # A commissioner may name a healthy starter who has had his rest; the sim starts ``next_starter``.
        "may_start": nxt or (rested and hurt is None),
        "next_starter": nxt,
        "starts_in": more,
        "rested_on": upcoming[more] if more < len(upcoming) else None,
        "status": status,
    }


def _reliever_row(c: Card | PitcherHeader, history: list[Appearance], day: datetime.date, hurt: Out | None,
                  why: str | None, outs: Mapping[tuple[str, str], int]) -> dict[str, Any]:
    days = {a.date for a in history}
    streak = 0  # days in a row up to yesterday, as 27.64 counts them
    while day - datetime.timedelta(days=streak + 1) in days:
        streak += 1
    last_7, last_30, season = window_counts(history, day)
    first = day - datetime.timedelta(days=RECENT_DAYS - 1)
    recent = [{"date": a.date.isoformat(), "game": a.game, "role": a.role, "outs": outs.get((c.id, a.game))}
              for a in reversed(history) if a.date >= first]
    reason = hurt.reason if hurt is not None else why
    return {
        "pitcher": c.id,
        "name": c.name,
        "pow": c.relief,
        "starter": c.starter is not None,
        "last_used": history[-1].date.isoformat() if history else None,
        "recent": recent,
        "pitched_today": day in days,
        "days_in_a_row": streak,
        "last_7_days": last_7,
        "last_30_days": last_30,
        "season_games": season,
        "injured": hurt.reason if hurt is not None else None,
        "available": reason is None,
        "reason": reason,
        # A resting reliever comes in only when no rested one is left; an injured one not at all.
        "status": "available" if reason is None else f"out: {reason}" if hurt is not None else f"rests: {reason}",
    }


def calendar_tables(cal: Mapping[str, Any]) -> list[tuple[list[dict[str, Any]], list[tuple[str, str]], str]]:
    """The calendar as ``league pitchers`` prints it: (rows, columns, title) per table."""
    team, as_of = cal["team"], cal["as_of"]
    starters = [{**r, "next": "next" if r["next_starter"] else ""} for r in cal["starters"]]
    relievers = [{**r, "recent_outings": ", ".join(_outing(a) for a in r["recent"])} for r in cal["relievers"]]
    return [
        (starters,
         [("name", "Starter"), ("pitcher", "Card"), ("rest", "Needs"), ("last_start", "Last start"),
          ("games_since_start", "Games since"), ("may_start", "May start"), ("starts_in", "Games to go"),
          ("rested_on", "Rested on"), ("next", "Next"), ("status", "Status")],
         f"{team} starters as of {as_of} (games of rest between starts: "
         f"{'27.51 by the last start, 27.52' if cal.get('rest_rules') else '10.2, 26.1'})"),
        (relievers,
         [("name", "Reliever"), ("pitcher", "Card"), ("pow", "POW"), ("last_used", "Last used"),
          ("recent_outings", "Last 7 days (date: outs)"), ("days_in_a_row", "In a row"),
          ("last_7_days", "7 days"), ("last_30_days", "30 days"), ("season_games", "Season"), ("status", "Status")],
         f"{team} bullpen as of {as_of} (rest: 27.61, 27.64 after {RELIEF_DAYS_IN_A_ROW} days in a row; limits "
         f"{LIMITS.per_7_days} in 7 days, {LIMITS.per_30_days} in 30, {LIMITS.per_season} a season)"),
    ]


def _outing(a: Mapping[str, Any]) -> str:
    outs = "?" if a["outs"] is None else str(a["outs"])
    return f"{a['date'][5:]}: {outs}{' (start)' if a['role'] == 'start' else ''}"


def roster_rows(app: "LeagueRecords", team: str, day: datetime.date, cal: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Every card of the club with its ratings; pitchers resting on ``day`` say why, from the calendar."""
    if cal is None:
        cal = club_calendar(app, team, day)
    sheet = app.league().sheets[team]
    starters = {r["pitcher"]: r for r in cal["starters"]}
    relievers = {r["pitcher"]: r for r in cal["relievers"]}
    out = []
    for c in _cards(sheet["cards"], sheet.get("source", team)):
        if c.kind == "batter":
            fielding = ", ".join(f"{f.position}-{f.range}e{f.error}" for f in c.fielding) or "dh"
            ratings: dict[str, Any] = {"bats": c.hand, "fielding": fielding, "running": c.running,
                                       "stealing": c.stealing, "power": "/".join(c.power)}
            text = f"{fielding}  bats {c.hand}  run 1-{c.running}  steal {c.stealing}  power {'/'.join(c.power)}"
            row = _row(c.name, "batter", ratings, text)
        else:
            ratings = {"throws": c.hand, "starter": c.starter, "relief": c.relief, "hold": c.hold}
            endurance = " ".join(f"{k}({v})" for k, v in (("starter", c.starter), ("relief", c.relief))
                                 if v is not None)
            role = "/".join(r for r, v in (("starter", c.starter), ("reliever", c.relief)) if v is not None)
            row = _row(c.name, role or "pitcher", ratings, f"throws {c.hand}  {endurance}  hold {c.hold:+d}")
            st, rp = starters.get(c.id), relievers.get(c.id)
            if st is not None and not st["rested"]:
                row.update(status="resting",
                           note=f"started {st['games_since_start']} game(s) ago, needs {st['rest']}")
            elif st is None and rp is not None and not rp["available"]:
                row.update(status="resting", note=rp["reason"])
        row["id"] = c.id
        out.append(row)
    return out


@lru_cache(maxsize=64)
def _cards(text: str, source: str) -> tuple[Card, ...]:
    """A club's cards, parsed once per text: a season's calendars read the same files again and again."""
    from league.rules.strat.cards import parse_cards

    return tuple(parse_cards(text, source))


@lru_cache(maxsize=64)
def _pitchers(text: str, source: str) -> tuple[Card | PitcherHeader, ...]:
    """The club's pitchers as the calendar reads them: their card headers, or their parsed cards where
    the header reader cannot vouch for one (it then leaves the parser to say what is wrong)."""
    from league.rules.strat.card_headers import pitcher_headers

    headers = pitcher_headers(text)
    return _pitcher_cards(text, source) if headers is None else headers


@lru_cache(maxsize=64)
def _pitcher_cards(text: str, source: str) -> tuple[Card, ...]:
    """The club's pitchers' cards, parsed without its batters' (all the calendar reads): each card is
    parsed from its own lines alone, so these are the very cards :func:`_cards` gives."""
    from league.rules.strat.cards import parse_cards

    kept: list[str] = []
    keep = False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith(("BATTER", "PITCHER")) and not keep:
            keep = line.startswith("PITCHER")
            if not keep:
                continue
        if keep:
            kept.append(raw)
            keep = line != "END"
    return tuple(parse_cards("\n".join(kept), source))


def _row(name: str, role: str, ratings: dict[str, Any], text: str) -> dict[str, Any]:
    return {"player": name, "role": role, "ratings": text, "rating": ratings, "status": "active", "note": ""}


__all__ = ["calendar", "calendar_tables", "club_calendar", "roster_rows", "staff_as_of"]
