"""10.1-10.2 in play: with ``usage=real`` no player of a simulated season begins a game with less than an
outing's worth of his card's actual at-bats or outs left, unless nobody else could play (so a batter ends
within his figure but for a game of more than four at-bats, a pitcher but for a game whose bullpen ran out
or held only relievers who must rest);
without the option the same cards play the season they always did.

The cards are the shipped set with made-up ``actual:`` figures below what a club's games give its men, so
the limits bite within a short season.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from league.bootstrap import open_app
from league.rules.strat.cards import read_cards
from league.rules.strat.real_usage import reserve
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team
from tests.integration.test_strat_calendar_agrees_with_engine import card_schedule

CLUBS = ("ANV", "BRK", "CDR", "DUN")
DAYS = 24
# Made-up figures: a regular's 4 at-bats a game would give about 96; a starter's 6 starts about 140 outs.
REGULAR_AB, BENCH_AB, STARTER_OUTS, RELIEF_OUTS = 70, 40, 90, 30


def with_figures(text: str) -> str:
    """Every card of the file with an ``actual:`` line: the first nine batters ``REGULAR_AB``, the rest
    ``BENCH_AB``; starters ``STARTER_OUTS``, relievers ``RELIEF_OUTS``."""
    out, batters = [], 0
    for line in text.splitlines():
        out.append(line)
        m = re.match(r"^(BATTER|PITCHER)\s+\S+", line)
        if m and m[1] == "BATTER":
            batters += 1
            out.append(f"actual: ab={REGULAR_AB if batters <= 9 else BENCH_AB}")
        elif m:
            out.append("actual: ip=PITCHER_IP")  # filled below, once the endurance line says his role
    text = "\n".join(out) + "\n"
    cards = text.split("PITCHER ")
    for i, card in enumerate(cards[1:], start=1):
        outs = STARTER_OUTS if re.search(r"endurance:.*starter\(", card) else RELIEF_OUTS
        cards[i] = card.replace("ip=PITCHER_IP", f"outs={outs}")
    return "PITCHER ".join(cards)


def season(folder: Path, usage: str | None, figures: bool, seed: str = "usage", ruleset: str = "strat-o-matic") -> Any:
    app = open_app(str(folder / "league.db"))
    app.create_league(name="usage", ruleset=ruleset, seed=seed, actor="test",
                      options={"usage": usage} if usage else None)
    for c in CLUBS:
        text = (CARD_SET / f"{c}.txt").read_text()
        (folder / f"{c}.txt").write_text(with_figures(text) if figures else text)
    app.import_teams([(read_card_team(folder / f"{c}.txt"), f"{c}.txt") for c in CLUBS], actor="test")
    app.import_schedule(card_schedule(CLUBS, DAYS, set(), set()), source="test", actor="test")
    app.simulate(actor="test")
    return app


def totals(app: Any, cards: dict[str, Any]) -> tuple[dict[str, int], dict[str, int], list[str], list[str], list[str]]:
    """Season at-bats and outs by player; the players who began a game with less than an outing's worth of
    their real figure left (:func:`reserve`), unless nobody else could play (the setup notes him out with
    nobody in his place, or he started with every starter sitting); the setups' out-notes; the winners."""
    ab: dict[str, int] = {}
    outs: dict[str, int] = {}
    over: list[str] = []
    notes: list[str] = []
    winners = []
    for g in sorted(app.league().games.values(), key=lambda g: (g["date"], g["number"])):
        game = app.game(g["game_id"])
        box, setup = game.outcome, game.setup
        winners.append(box[box["winner"]]["team"])
        for side in ("visitor", "home"):
            out = setup[side].get("out", ())
            forced = {n["player"] for n in out if n["replaced_by"] is None and n["at"] != "bench"
                      and (n["at"] != "pitcher" or n["player"] == setup[side]["starter"])}
            if cards[setup[side]["starter"]].starter is None:  # a reliever starts: every starter sat
                forced.add(setup[side]["starter"])
            for b in box[side]["batting"]:
                player, used = b["player"], ab.get(b["player"], 0)
                real = cards[player].actual_ab if player in cards else None
                if real is not None and player not in forced and used + reserve(cards[player]) > real:
                    over.append(f"{g['game_id']} {player} {used} of {real} at-bats")
                ab[player] = used + b["ab"]
            for p in box[side]["pitching"]:
                card, used = cards[p["pitcher"]], outs.get(p["pitcher"], 0)
                if card.actual_outs is not None and p["pitcher"] not in forced and used + reserve(card) > card.actual_outs:
                    over.append(f"{g['game_id']} {p['pitcher']} {used} of {card.actual_outs} outs")
                outs[p["pitcher"]] = used + p["outs"]
            notes += [n["reason"] for n in out]
    return ab, outs, over, notes, winners


def _all_cards(folder: Path) -> dict[str, Any]:
    return {c.id: c for club in CLUBS for c in read_cards(folder / f"{club}.txt")}


@pytest.mark.parametrize(("seed", "ruleset"), [("usage", "strat-o-matic"), ("1988", "strat-o-matic-basic"),
                                               ("x7", "strat-o-matic-super")])
def test_with_usage_real_every_player_begins_each_game_within_his_real_figure_less_an_outing(
        tmp_path: Path, seed: str, ruleset: str) -> None:
    app = season(tmp_path, "real", figures=True, seed=seed, ruleset=ruleset)
    cards = _all_cards(tmp_path)
    try:
        ab, outs, over, notes, _ = totals(app, cards)
    finally:
        app.close()
    assert sum(n.startswith("real usage (10.1)") for n in notes) >= 20, "the made-up figures bite"
    assert any(n.startswith("real usage (10.2)") for n in notes)
    # So a batter ends the season over his figure only by a game of more than four at-bats, a pitcher only
    # in a game whose bullpen ran out or had to rest (he is left in then), or in games nobody else could play.
    assert over == []


def test_without_the_option_cards_carrying_figures_play_the_season_they_always_did(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    plain = season(tmp_path / "a", None, figures=False)
    free = season(tmp_path / "b", "free", figures=True)
    cards = _all_cards(tmp_path / "b")
    try:
        before, after = totals(plain, cards), totals(free, cards)
        assert before[:2] == after[:2] and before[3:] == after[3:]
    finally:
        plain.close()
        free.close()
