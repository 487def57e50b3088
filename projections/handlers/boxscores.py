"""View "boxscores": games, and one row per game per team / pitcher / batter / fielder.

Standings and stats are sums over these rows, so a rewound or voided game is
a delete of that game's rows (and a replay re-inserts them): nothing is ever
recomputed for the whole season.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import msgspec
from sqlalchemy import delete, select, update

from league.domain import boxes
from league.domain import lifecycle as steps
from league.domain.errors import LeagueError
from projections import payloads
from projections.handlers.hands import Hands
from projections.tables import (
    PA_BATTING_COUNTS,
    PA_PITCHING_COUNTS,
    batting_season,
    box_batting,
    box_fielding,
    box_pitching,
    box_team,
    fielding_season,
    games,
    pa_batting,
    pa_batting_season,
    pa_pitching,
    pa_pitching_season,
    pitching_season,
)
from projections.view import NotificationLike, View, Writer, check_columns, origin, payload


BOX_TABLES = (box_team, box_pitching, box_batting, box_fielding, pa_batting, pa_pitching)
_KEPT = object()  # a game's hold, as it was


def game_started(w: Writer, n: NotificationLike) -> None:
    p = payloads.started.decode(n.state)
    played_by, hands = _began(n.originator_version, p.dice_source, p.actor)
    row: dict[str, Any] = {
        "game_uuid": origin(n),
        "game_key": n.id,
        "game_id": p.game,
        "date": p.date,
        "number": p.number,
        "visitor": p.visitor,
        "home": p.home,
        "status": "in progress",
        "played_by": played_by,
        "hands": hands,
        "held_reason": None,
        "held_position": None,
        "held_dispute": None,
        "box": _box_kind(w, p.ruleset),
    }
    w.insert(games, row)
    # Still buffered: a Completed later in this batch edits the row in place.  "begun": its hands are
    # as a game's begin (Hands.as_begun: a Completed need not fold them).
    _games(w)[row["game_uuid"]] = {"row": row, "flushes": w.flushes, "begun": True}


@functools.lru_cache(maxsize=64)
def _began(position: int, dice_source: str, actor: str) -> tuple[str | None, str]:
    """A game's row as its Started event leaves it: how it is played, and the fold (the same for
    every game started alike, so worked out once)."""
    hands = Hands.began(position, dice_source, actor)
    return hands.played_by(), hands.text()


def _box_kind(w: Writer, ruleset: str) -> str:
    """The kind of box score the games of ``ruleset`` make, as the rule system declares it (asked once
    per rule system); a rule system this build does not have makes the default kind."""
    kinds = w.cache.setdefault("box_kinds", {})
    if ruleset not in kinds:
        from league import registry
        from league.rules.ruleset import Ruleset

        try:
            kinds[ruleset] = registry.ruleset(ruleset).box_kind
        except LeagueError:
            kinds[ruleset] = Ruleset.box_kind
    return kinds[ruleset]  # type: ignore[no-any-return]


def game_completed(w: Writer, n: NotificationLike) -> None:
    """The game's box rows, read as the kind of box score it makes."""
    entry = _game(w, origin(n))
    if entry is not None and entry["row"]["box"] == boxes.PLAYS:
        box = payload(n)["outcome"]
        _set_result(w, n, "final", lambda game: _from_plays(box, game), plays=box)
    else:
        _set_result(w, n, "final", lambda game: payloads.completed.decode(n.state).outcome)


def game_undone(w: Writer, n: NotificationLike) -> None:
    """Rewound or voided: the game no longer counts until a new Completed."""
    if steps.STEPS[n.topic] == steps.VOIDED:
        _set_result(w, n, "void", None, lambda hands: hands.seen(n.originator_version), held=None)
    else:
        rewound = payload(n)
        to = int(rewound["to"])
        # A rewind to the game's start (its setup) makes it unplayed again, as the aggregate folds it.
        status = "scheduled" if rewound.get("to_start") else "in progress"
        _set_result(w, n, status, None, lambda hands: hands.rewound(n.originator_version, to))


def game_reinstated(w: Writer, n: NotificationLike) -> None:
    """Undo: the game takes back an earlier state, a result included or not."""
    state = payload(n)["state"]
    raw = state["outcome"] if state["status"] == "final" else None
    record = steps.record_of(n.topic) or ""
    entry = _game(w, origin(n))
    plays = raw if raw is not None and entry is not None and entry["row"]["box"] == boxes.PLAYS else None

    def outcome(game: dict[str, Any]) -> payloads.Outcome:
        assert raw is not None  # only called for a final state
        if plays is not None:
            return _from_plays(plays, game)
        return msgspec.convert(raw, payloads.Outcome)

    _set_result(w, n, state["status"], outcome if raw is not None else None,
                lambda hands: hands.reinstated(n.originator_version, state, record), plays,
                held=state.get("held"))


def game_restarted(w: Writer, n: NotificationLike) -> None:
    """Set up afresh after a rewind to its start: new hands make its entries (no result yet)."""
    entry = _game(w, origin(n))
    if entry is not None:
        p = payloads.restarted.decode(n.state)
        _hands(entry).restarted(n.originator_version, p.dice_source, p.actor)
        _set(w, entry)


def hands_changed(w: Writer, n: NotificationLike) -> None:
    """Someone else makes the game's entries from here on."""
    entry = _game(w, origin(n))
    if entry is not None:
        _hands(entry).handed(n.originator_version, str(payload(n)["by"]))
        _set(w, entry)


def game_held(w: Writer, n: NotificationLike) -> None:
    """A dispute held the game for the commissioner's review."""
    entry = _game(w, origin(n))
    if entry is not None:
        _hands(entry).seen(n.originator_version)
        _set(w, entry, payload(n))


def hold_released(w: Writer, n: NotificationLike) -> None:
    """The commissioner settled the hold (league review)."""
    entry = _game(w, origin(n))
    if entry is not None:
        _hands(entry).seen(n.originator_version)
        _set(w, entry, None)


def _set_result(
    w: Writer, n: NotificationLike, status: str,
    outcome: Callable[[dict[str, Any]], payloads.Outcome] | None,
    fold: Callable[[Hands], None] | None = None,
    plays: dict[str, Any] | None = None, held: Any = _KEPT,
) -> None:
    """Replace a game's box rows (none when ``outcome`` is None) and set its status.

    ``plays`` is a box score counted from the plays (league.domain.boxes.PLAYS), its
    lines written to the rm_pa_* tables as well.  ``fold`` takes the event into the game's
    hands (none: a Completed, projections/handlers/hands.py), ``held`` is its hold.
    """
    entry = _game(w, origin(n))
    if entry is None:  # no Started seen: nothing to date the game by
        return
    game = entry["row"]
    if game["status"] == "final":  # its rows stand: they go before any new ones
        _delete_box(w, game["game_key"])
    if outcome is not None:
        _insert_box(w, game["game_key"], game, outcome(game))
        if plays is not None:
            _insert_plays(w, game["game_key"], game, plays)
    if fold is None and not _as_begun(entry):  # a Completed: the entries before it (hands.py)
        position = n.originator_version
        fold = lambda hands: hands.seen(position)  # noqa: E731
    if fold is not None:
        fold(_hands(entry))
    _set(w, entry, held, fold is not None, status=status)


def _from_plays(o: dict[str, Any], game: dict[str, Any]) -> payloads.Outcome:
    """A box score counted from the plays in the shape the box tables hold."""
    sides = {}
    lines = []
    for side, other in (("visitor", "home"), ("home", "visitor")):
        me, them = o[side], o[other]
        earned = sum(p["er"] for p in them["pitching"])
        sides[side] = payloads.Side(runs=me["runs"], earned=earned, unearned=me["runs"] - earned)
        staff = me["pitching"]
        for p in staff:
            starter = p["role"] == "starter"
            cg = starter and len(staff) == 1 and o["innings"] <= 9
            lines.append(payloads.PitchingLine(
                team=me["team"], pitcher=p["pitcher"], role="SP" if starter else "RP", outs=p["outs"],
                er=p["er"], ur=p["r"] - p["er"], decision=p["decision"] if p["decision"] in ("W", "L") else None,
                save=p["decision"] == "SV", cg=cg, sho=cg and them["runs"] == 0,
            ))
    return payloads.Outcome(visitor=sides["visitor"], home=sides["home"], winner=o["winner"],
                            extra_innings=max(0, o["innings"] - 9), pitching=lines)


def _insert_box(w: Writer, key: int, game: dict[str, Any], outcome: payloads.Outcome) -> None:
    day = game["date"]
    sides = {"visitor": outcome.visitor, "home": outcome.home}
    winner = _winner(outcome, game)
    w.insert_rows(box_team, [
        (key, game[side], day, game["number"], game[other], side == "home", me.runs, them.runs, me.earned,
         me.unearned, winner == game[side], outcome.extra_innings)
        for side, other, me, them in (("visitor", "home", sides["visitor"], sides["home"]),
                                      ("home", "visitor", sides["home"], sides["visitor"]))
    ])
    w.insert_rows(box_pitching, [
        (key, p.team, i, day, p.pitcher, p.role, p.outs, p.er, p.ur, p.decision or None, p.save, p.cg, p.sho,
         p.short_rest, p.rel)
        for i, p in enumerate(outcome.pitching)
    ])
    for p in outcome.pitching:  # the pitcher's season so far (rm_pitching_season)
        w.add(pitching_season, (p.team, p.pitcher), _pitching_counts(p.role, p.cg, p.sho, p.decision, p.save,
                                                                      p.outs, p.er, p.ur))
    w.insert_rows(box_batting, [
        (key, b.team, i, day, b.batter, b.bat_pts, b.pow_pts, b.spd_pts, b.ei_bat_pts, b.hr)
        for i, b in enumerate(outcome.batting)
    ])
    for b in outcome.batting:  # the batter's season so far (rm_batting_season)
        w.add(batting_season, (b.team, b.batter), (1, b.hr, b.bat_pts + b.ei_bat_pts, b.pow_pts, b.spd_pts))
    w.insert_rows(box_fielding, [
        (key, f.team, i, day, f.fielder, f.runs_saved) for i, f in enumerate(outcome.fielding)
    ])
    for f in outcome.fielding:
        w.add(fielding_season, (f.team, f.fielder), (1, f.runs_saved))


def _insert_plays(w: Writer, key: int, game: dict[str, Any], box: dict[str, Any]) -> None:
    """One row per batting and pitching line; ``seq`` is the line's place in its side of the box."""
    day = game["date"]
    for side in ("visitor", "home"):
        me = box[side]
        team = game[side]
        lines = [(key, team, i, day, b["player"], b["pos"], *[b[k] for k in _PA_BAT])
                 for i, b in enumerate(me["batting"])]
        w.insert_rows(pa_batting, lines)
        for line in lines:  # the batter's season so far: one more game, these counts
            w.add(pa_batting_season, (team, line[4]), (1, *line[6:]))
        w.insert_rows(pa_pitching, [
            (key, team, i, day, p["pitcher"], *[p[k] for k in _PA_PIT], p.get("decision") or None)
            for i, p in enumerate(me["pitching"])
        ])
        for p in me["pitching"]:
            w.add(pa_pitching_season, (team, p["pitcher"]), (1, *[p[k] for k in PA_PITCHING_COUNTS]))


# The box keys of a line counted from the plays, in column order (doubles and
# triples are "2b"/"3b" in the box, d2b/d3b in the table).
_PA_BAT = ("pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "so", "sb", "cs", "hbp", "sh", "sf")
_PA_PIT = ("outs", "h", "r", "er", "bb", "so", "hr", "bf")

# The tuples above are written by position: the column order they assume,
# checked against the schema when this module loads so a new column fails here.
check_columns(box_team, "game_key team date number opponent is_home runs opp_runs earned unearned won extra_innings")
check_columns(box_pitching, "game_key team seq date pitcher role outs er ur decision save cg sho short_rest rel")
check_columns(box_batting, "game_key team seq date batter bat_pts pow_pts spd_pts ei_bat_pts hr")
check_columns(box_fielding, "game_key team seq date fielder runs_saved")
check_columns(pa_batting, "game_key team seq date player pos "
              + " ".join(k if k[0].isalpha() else "d" + k for k in _PA_BAT))
check_columns(pa_batting_season, "team player g " + " ".join(PA_BATTING_COUNTS))
check_columns(pitching_season, "team pitcher g gs cg sho w l sv outs er ur")
check_columns(pa_pitching_season, "team pitcher n " + " ".join(PA_PITCHING_COUNTS))
check_columns(batting_season, "team batter n hr bat pow spd")
check_columns(fielding_season, "team fielder n fld")
check_columns(pa_pitching, "game_key team seq date pitcher " + " ".join(_PA_PIT) + " decision")


def _winner(outcome: payloads.Outcome, game: dict[str, Any]) -> str | None:
    if outcome.winner in ("visitor", "home"):
        return game[outcome.winner]  # type: ignore[no-any-return]
    if outcome.winner:
        return outcome.winner
    v, h = outcome.visitor.runs, outcome.home.runs
    return game["visitor"] if v > h else game["home"] if h > v else None  # type: ignore[no-any-return]


def _pitching_counts(role: str, cg: Any, sho: Any, decision: str | None, save: Any, outs: int, er: int,
                     ur: int) -> tuple[int, ...]:
    """A pitching line's part of its pitcher's season (rm_pitching_season's counts, in column order)."""
    return (1, int(role == "SP"), int(bool(cg)), int(bool(sho)), int(decision == "W"), int(decision == "L"),
            int(bool(save)), outs, er, ur)


def _games(w: Writer) -> dict[str, Any]:
    return w.cache.setdefault("games", {})  # type: ignore[no-any-return]


def _game(w: Writer, gid: str) -> dict[str, Any] | None:
    cache = _games(w)
    if gid not in cache:
        row = w.execute(select(games).where(games.c.game_uuid == gid)).mappings().first()
        cache[gid] = None if row is None else {"row": dict(row), "flushes": -1}
    return cache[gid]  # type: ignore[no-any-return]


def _hands(entry: dict[str, Any]) -> Hands:
    """The game's hands as folded so far (read from its row the first time in a batch)."""
    hands = entry.get("hands")
    if hands is None:
        hands = entry["hands"] = Hands.read(entry["row"]["hands"])
    return hands  # type: ignore[no-any-return]


def _as_begun(entry: dict[str, Any]) -> bool:
    """Whether the game's hands are as a game's begin (known without reading them for a game whose
    Started this batch read and nothing since folded)."""
    begun = entry.get("begun")
    if begun is None:
        begun = entry["begun"] = _hands(entry).as_begun()
    return bool(begun)


def _set(w: Writer, entry: dict[str, Any], held: Any = _KEPT, folded: bool = True, **values: Any) -> None:
    """Write the game's row: ``values``, its hands as folded (when ``folded``), and its hold (``held``: the
    Held event's fields, None for none, or as it was)."""
    if folded:
        hands = _hands(entry)
        values.update(played_by=hands.played_by(), hands=hands.text())
        entry["begun"] = hands.as_begun()
    if held is not _KEPT:
        values.update(held_reason=held["reason"] if held else None, held_position=held["position"] if held else None,
                      held_dispute=held["dispute"] if held else None)
    row = entry["row"]
    row.update(values)
    # Still in the insert buffer (no flush since it was queued): the edit above
    # is enough.  Otherwise the row is in the database and needs an UPDATE.
    if entry["flushes"] != w.flushes:
        w.execute(update(games).where(games.c.game_uuid == row["game_uuid"]).values(**values))


def _delete_box(w: Writer, key: int) -> None:
    # The game's lines leave their season totals with it (a box in points has no rm_pa_* lines, one
    # counted from the plays no rm_box_batting or rm_box_fielding lines).
    _take_back(w, pa_batting_season, pa_batting, key, pa_batting.c.player,
               *(pa_batting.c[c] for c in PA_BATTING_COUNTS))
    bp = box_pitching.c
    for p in w.execute(select(bp.team, bp.pitcher, bp.role, bp.cg, bp.sho, bp.decision, bp.save, bp.outs, bp.er,
                              bp.ur).where(bp.game_key == key)):
        w.add(pitching_season, (p[0], p[1]), tuple(-c for c in _pitching_counts(*p[2:])))
    bb = box_batting.c
    _take_back(w, batting_season, box_batting, key, bb.batter, bb.hr, bb.bat_pts + bb.ei_bat_pts, bb.pow_pts,
               bb.spd_pts)
    _take_back(w, fielding_season, box_fielding, key, box_fielding.c.fielder, box_fielding.c.runs_saved)
    _take_back(w, pa_pitching_season, pa_pitching, key, pa_pitching.c.pitcher,
               *(pa_pitching.c[c] for c in PA_PITCHING_COUNTS))
    for table in BOX_TABLES:
        w.execute(delete(table).where(table.c.game_key == key))


def _take_back(w: Writer, season: Any, lines: Any, key: int, player: Any, *sums: Any) -> None:
    """Each of game ``key``'s ``lines`` out of its player's ``season`` row: one line less, its ``sums`` less."""
    for row in w.execute(select(lines.c.team, player, *sums).where(lines.c.game_key == key)):
        w.add(season, (row[0], row[1]), (-1, *(-c for c in row[2:])))


# Each step of a game's life cycle -> how it changes the game's row and box rows.
BY_STEP = {
    steps.STARTED: game_started,
    steps.COMPLETED: game_completed,
    steps.REWOUND: game_undone,
    steps.VOIDED: game_undone,
    steps.REINSTATED: game_reinstated,
    # Who made the game's entries, and its hold (the entries themselves are not read: hands.py).
    steps.RESTARTED: game_restarted,
    steps.HANDS_CHANGED: hands_changed,
    steps.HELD: game_held,
    steps.HOLD_RELEASED: hold_released,
}
VIEW = View(
    name="boxscores",
    topics=steps.step_topics(*BY_STEP),
    handlers={topic: BY_STEP[steps.STEPS[topic]] for topic in steps.step_topics(*BY_STEP)},
    tables=(games, *BOX_TABLES, pa_batting_season, pitching_season, pa_pitching_season, batting_season,
            fielding_season),
    description="games and their box rows (standings, pitching and batting stats)",
)
