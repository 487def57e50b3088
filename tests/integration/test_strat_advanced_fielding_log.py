"""The advanced fielding chart's second roll is its own position in a game's log (16.2).

A simulated advanced game stores the X-chance d20 and the e-rating roll as two
entries, so a game rewound between them asks for the e-rating roll again.
"""

from __future__ import annotations

import datetime as dt

from league.application.app import LeagueApp
from league.domain.dice import roll_from_text
from league.rules.strat.team_file import read_card_team
from league.adapters.schedule import balanced_schedule
from league.rules.pa.game import PAGame
from league.rules.pa.replay import cards_for, fold
from league.domain.dice import NeedRoll
from league.rules.strat.card_engine import ENGINE
from league.rules.strat.roster import CARD_SET


def test_rewinding_to_the_e_rating_roll_asks_for_it_again_and_replays_the_same_play() -> None:
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("T", "strat-o-matic", "t1")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in ("ANV", "BRK")], actor="t")
    app.import_schedule(balanced_schedule(["ANV", "BRK"], 2, dt.date(2024, 4, 1), seed=3), "b", "t")
    app.simulate()
    found = None
    for game in sorted(app.league().games):
        g: PAGame = app.game(game)
        for before, entry in zip(g.entries, g.entries[1:]):
            if str(entry.get("purpose", "")).startswith("e-rating roll at"):
                found = (g, before, entry)
                break
        if found:
            break
    assert found, "no e-rating roll in two simulated games"
    original, d20, e_roll = found
    # step: the d20 and the e-rating roll are separate, consecutive entries
    assert (d20["roll_kind"], e_roll["roll_kind"]) == ("d20", "triad")
    assert d20["purpose"].startswith("X-chance to")
    assert e_roll["position"] == d20["position"] + 1
    # step: rewind between them; the game waits for the e-rating roll
    g = app.repository.get(original.id)
    g.rewind(to=e_roll["position"], to_start=False, reason="test", actor="t")
    cards = cards_for(app.league().sheets, (g.visitor, g.home), ENGINE)
    f = fold(g, cards, ENGINE)
    need = f.resolve()
    assert isinstance(need, NeedRoll) and (need.kind, need.purpose) == ("triad", e_roll["purpose"])
    # step: the same roll gives the same play
    out = f.resolve([*f.rolls, roll_from_text(e_roll["dice"])])
    assert isinstance(out, tuple) and out[1]["play"] == e_roll["play"]["play"]
