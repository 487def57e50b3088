"""Strat-O-Matic's rest calendar allows every start and relief appearance the engine makes.

For every game of small simulated card seasons (doubleheaders included),
the calendar ``league pitchers`` shows for each club as of the game's date,
counting the club's games before it (an earlier game of the same day
counts, that game and later ones do not), must

* show the game's starter as able to start, and name him as the next
  starter (the sim names nobody, so the season player chose him) -- also
  when no starter has had his rest and for an asterisk starter (three
  games of rest, 26.1; the shipped cards have none): clubs cut to four
  starters, one with an asterisk, need both;
* rest exactly the relievers the game's setup rests, for the same reason;
* show every reliever who came in as available -- or, for a resting
  reliever (or a position player), every available reliever already used
  in that game: the auto-manager takes a resting arm only when no rested
  one is left.

The website's calendar, read from the Staff aggregate alone, is the same.

A super advanced league (revision 4) rests its starters by 27.51's chart,
the outs of each one's last start deciding: the calendar's rest is the
season player's, and the pitchers it calls fatigued for the day (27.52 for
a starter, 27.61 for a reliever) are exactly those the game's setup tires.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from league import registry
from league.adapters.schedule import ScheduledGame
from league.bootstrap import open_app
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team
from projections import queries
from projections.db import dispose_all
from projections.migrate import upgrade
from projections.runner import catch_up

CLUBS = ("ANV", "BRK", "CDR", "DUN", "ELM", "FOX")
START = dt.date(2024, 4, 1)


def reshaped(text: str, starters: int | None) -> str:
    """A card file whose first starter has an asterisk (26.1), and with only ``starters`` cards
    rated to start (the others relieve: their relief rating, or relief(2))."""
    out: list[str] = []
    name_at, seen = None, 0
    for line in text.splitlines():
        if line.startswith("name:"):
            name_at = len(out)
        if line.startswith("endurance:") and "starter(" in line:
            seen += 1
            if seen == 1 and name_at is not None:
                out[name_at] += "*"
            if starters is not None and seen > starters:
                relief = re.search(r"relief\(\d+\)", line)
                line = f"endurance: {relief[0] if relief else 'relief(2)'}"
        out.append(line)
    return "\n".join(out) + "\n"


def card_schedule(clubs: tuple[str, ...], days: int, doubleheaders: set[int], off: set[int]) -> list[ScheduledGame]:
    """Three-game series by the circle method; on a doubleheader day every pair plays twice."""
    rounds = []
    rest = list(clubs[1:])
    for r in range(len(clubs) - 1):
        ring = [clubs[0], *rest[r:], *rest[:r]]
        rounds.append([(ring[i], ring[-1 - i]) if (r + i) % 2 else (ring[-1 - i], ring[i])
                       for i in range(len(clubs) // 2)])
    games = []
    for d in range(days):
        if d in off:
            continue
        day = START + dt.timedelta(days=d)
        numbers = (1, 2) if d in doubleheaders else (0,)
        for visitor, home in rounds[(d // 3) % len(rounds)]:
            games += [ScheduledGame(f"{home}{day:%Y%m%d}{n}", day, n, visitor, home) for n in numbers]
    return games


@pytest.mark.parametrize(("ruleset", "starters"), [("strat-o-matic", None), ("strat-o-matic", 4),
                                                   ("strat-o-matic-super", 4)])
@settings(max_examples=3, deadline=None, phases=[Phase.explicit, Phase.generate],  # a season is slow to shrink
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.text("0123456789abcdef", min_size=1, max_size=6), clubs=st.sampled_from([4, 6]),
       days=st.integers(min_value=8, max_value=16),
       doubleheaders=st.sets(st.integers(min_value=1, max_value=15), min_size=1, max_size=4),
       off=st.sets(st.integers(min_value=1, max_value=15), max_size=2))
def test_every_start_and_relief_appearance_is_one_the_calendar_allows(
        tmp_path_factory: Any, ruleset: str, starters: int | None, seed: str, clubs: int, days: int,
        doubleheaders: set[int], off: set[int]) -> None:
    folder = tmp_path_factory.mktemp("strat-calendar")
    app = open_app(str(folder / "league.db"))
    try:
        app.create_league(name="calendar", ruleset=ruleset, seed=seed, actor="test")
        upgrade(app.store)
        codes = CLUBS[:clubs]
        for c in codes:
            (folder / f"{c}.txt").write_text(reshaped((CARD_SET / f"{c}.txt").read_text(), starters))
        app.import_teams([(read_card_team(folder / f"{c}.txt"), f"{c}.txt") for c in codes], actor="test")
        app.import_schedule(card_schedule(codes, days, doubleheaders - off, off), source="test", actor="test")
        app.simulate(actor="test")
        catch_up(app)
        played = sorted(app.league().games.values(), key=lambda g: (g["date"], g["number"]))
        seen = {"relief": 0, "asterisk": 0, "short": 0, "chart": 0, "fatigued": 0}
        for g in played:
            game = app.game(g["game_id"])
            assert game.status == "final", g["game_id"]
            not_yet = {o["game_id"] for o in played if o["date"] == g["date"] and o["number"] >= g["number"]}
            for side in ("visitor", "home"):
                _check_side(app, game, side, not_yet, seen)
        # The checks are not empty: most games go to the bullpen; with four starters the
        # asterisk one starts on three games' rest and the others start short of theirs (with
        # five, doubleheaders may bring both about too: seed '7829c3', six clubs).
        assert seen["relief"] > len(played) // 2, seen
        if starters is not None:
            assert seen["short"] > 0 and seen["asterisk"] > 0, seen
        # 27.51's chart comes into play (a rest other than 26.1's after a start) in super leagues only.
        assert (seen["chart"] > 0) == (ruleset == "strat-o-matic-super"), seen
        assert (seen["fatigued"] > 0) == (ruleset == "strat-o-matic-super"), seen
        _check_site_calendar(app, codes)
    finally:
        app.close()
        dispose_all()


def _check_side(app: Any, game: Any, side: str, not_yet: set[str], seen: dict[str, int]) -> None:
    setup = game.setup[side]
    team = setup["team"]
    cal = queries.pitcher_calendar(app, team, dt.date.fromisoformat(game.date), exclude_games=not_yet)
    assert cal is not None
    lines = [p["pitcher"] for p in game.outcome[side]["pitching"]]
    starter = lines[0]
    assert starter == setup["starter"], game.game
    # The start: allowed by the calendar, and the one the calendar says comes next.
    row = next(r for r in cal["starters"] if r["pitcher"] == starter)
    assert row["may_start"], (game.game, row)
    assert cal["next_starter"] == starter, (game.game, cal["next_starter"], starter)
    seen["asterisk"] += row["asterisk"] and row["games_since_start"] == 3
    # The rest by 27.51 (super advanced revision 4) or 26.1, as the engine rules it.
    seen["chart"] += any(r["games_since_start"] is not None and r["rest"] != (3 if r["asterisk"] else 4)
                         for r in cal["starters"])
    # Fatigued for a whole outing (27.52, 27.61): the calendar names whom the setup tires, for the same reason.
    tired = game.setup["orders"].get("fatigued", {})
    shown = {r["pitcher"]: r.get("fatigued") for r in cal["relievers"] if r["pitcher"] in setup["bullpen"]}
    shown[starter] = row.get("fatigued")
    assert {p: why for p, why in shown.items() if why is not None} == \
        {p: why for p, why in tired.items() if p in shown}, game.game
    seen["fatigued"] += len(tired)
    seen["short"] += not row["rested"]
    # The bullpen: the calendar rests exactly whom the setup rests, for the same reason.
    relievers = {r["pitcher"]: r for r in cal["relievers"]}
    resting = {r["pitcher"]: r["reason"] for r in setup["resting"]}
    assert {p: relievers[p]["reason"] for p in setup["bullpen"] if not relievers[p]["available"]} == resting, \
        game.game
    # Each relief appearance: an available reliever, or nobody available left unused in this game.
    for i, p in enumerate(lines[1:], start=1):
        if p in relievers and relievers[p]["available"]:
            continue
        unused = [q for q in setup["bullpen"] if relievers[q]["available"] and q not in lines[:i]]
        assert unused == [], (game.game, p, unused)
    seen["relief"] += len(lines) - 1


def _check_site_calendar(app: Any, codes: tuple[str, ...]) -> None:
    """The website's calendar (the Staff alone) is ``league pitchers``' (the read model's rows)."""
    rules = registry.ruleset(app.league().ruleset)
    for team in codes:
        cal = queries.pitcher_calendar(app, team)
        assert cal is not None
        site = rules.staff_calendar(app, team, rules.roster_table(app.league().sheets[team]), cal["as_of"])
        assert site is not None
        # Only the outs differ: the Staff records who pitched, the box rows how long.
        for r in cal["relievers"]:
            r["recent"] = [{**a, "outs": None} for a in r["recent"]]
        assert site == cal, team
