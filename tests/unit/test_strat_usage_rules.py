"""The Strat-O-Matic rest rules the calendar reads without the engine are the season player's own.

``league.rules.strat.usage_rules`` holds the starter choice and the games
since a start as pure functions over plain records, so ``league pitchers``
on current views need not import the season player (issue #16).  Random
staffs hold them to ``PASeason._starter`` and ``pa.season.games_since_start``.
"""

from __future__ import annotations

import random
import sys
import subprocess
from types import SimpleNamespace
from typing import Any

import pytest

from league.rules.pa.lineup import Out
from league.rules.pa.season import PASeason
from league.rules.pa.season import games_since_start as season_games_since_start
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET
from league.rules.strat.usage_rules import games_since_start, next_starter, rest_needed

PITCHERS = [c for t in ("ANV", "BRK") for c in parse_cards((CARD_SET / f"{t}.txt").read_text(), t)
            if c.kind == "pitcher"]


def _season(since: dict[str, int]) -> Any:
    season = PASeason.__new__(PASeason)  # only what _starter reads: the engine and the games since starts
    season.engine = ENGINE
    season.games_since_start = lambda team: since  # type: ignore[method-assign]
    return season


@pytest.mark.parametrize("seed", range(200))
def test_next_starter_is_the_season_players_choice(seed: int) -> None:
    rng = random.Random(seed)
    pitchers = rng.sample(PITCHERS, rng.randint(1, len(PITCHERS)))
    if all(c.starter is None for c in pitchers):  # a club has a starter (else neither may choose)
        pitchers.append(next(c for c in PITCHERS if c.starter is not None))
    since = {c.id: rng.randint(0, 6) for c in pitchers if rng.random() < 0.7}
    out = {c.id: Out(player=c.id, date="2024-04-01", game="G", games=3, missed=0)
           for c in pitchers if rng.random() < rng.choice((0.0, 0.3, 0.9))}
    expected = _season(since)._starter("T", pitchers, None, out)[0]
    got = next_starter(pitchers, lambda c: c.starter is not None, lambda c: c.id, since,
                       lambda c: rest_needed(c.name), out)
    assert got.id == expected.id


@pytest.mark.parametrize("seed", range(50))
def test_games_since_start_counts_as_the_season_player(seed: int) -> None:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(8)]
    by_game = {}
    for g in range(rng.randint(0, 25)):
        used = rng.sample(names, rng.randint(1, 4))
        by_game[f"G{g}"] = {"date": f"2024-04-{rng.randint(1, 28):02d}", "number": rng.choice((0, 1, 2)),
                            "appearances": [{"pitcher": p, "role": "start" if i == 0 else "relief"}
                                            for i, p in enumerate(used)]}
    assert games_since_start(by_game) == season_games_since_start(SimpleNamespace(by_game=by_game))  # type: ignore[arg-type]


def test_the_rules_module_imports_no_engine() -> None:
    script = ("import sys, league.rules.strat.usage_rules\n"
              "print(sorted(m for m in ('eventsourcing', 'league.rules.pa.state', 'league.rules.strat.manager',"
              " 'league.rules.pa.season') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "[]", (done.stdout, done.stderr)
