"""The auto-manager follows each club's era (its cards' real figures): a club whose starters really
averaged under six innings a start has them pulled at their length however well they pitch; other
clubs, and cards without the figures (the shipped set), play the games they always did."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from league.bootstrap import open_app
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team
from tests.integration.test_strat_calendar_agrees_with_engine import card_schedule

CLUBS = ("ANV", "BRK", "CDR", "DUN")
DAYS = 12
# The entries (rolls, plays, decisions) of the shipped set's games on seed "eras", recorded before the
# era-aware policy: the set's cards carry no real figures, so its games must not change.
SHIPPED_DIGEST = "5f9ee83110038e3616426817a7db7e383dbc5ff5e2793fa468573f6070e69494"


def cards(text: str, pow_: int | None, figures: bool) -> str:
    """A shipped club file with every starter rated ``pow_`` (None: as shipped) and, with ``figures``,
    an ``actual:`` line of 150 innings on every pitcher (the Lahman generator's line)."""
    if pow_ is not None:
        text = re.sub(r"starter\(\d\)", f"starter({pow_})", text)
    if figures:
        text = re.sub(r"(?m)^(PITCHER\s+\S+.*)$", r"\1\nactual: ip=150.0", text)
    return text


def season(folder: Path, pow_: int | None, figures: bool) -> Any:
    app = open_app(str(folder / "league.db"))
    app.create_league(name="eras", ruleset="strat-o-matic", seed="eras", actor="test")
    for c in CLUBS:
        (folder / f"{c}.txt").write_text(cards((CARD_SET / f"{c}.txt").read_text(), pow_, figures))
    app.import_teams([(read_card_team(folder / f"{c}.txt"), f"{c}.txt") for c in CLUBS], actor="test")
    app.import_schedule(card_schedule(CLUBS, DAYS, set(), set()), source="test", actor="test")
    app.simulate(actor="test")
    return app


def starts(app: Any) -> list[dict[str, Any]]:
    """Every starter's pitching line, with ``cg`` when he pitched the whole game."""
    out = []
    for g in sorted(app.league().games):
        box = app.game(g).outcome
        for side in ("visitor", "home"):
            lines = box[side]["pitching"]
            out.append({**lines[0], "cg": len(lines) == 1})
    return out


def test_the_shipped_cards_play_the_games_they_always_did(tmp_path: Path) -> None:
    app = season(tmp_path, None, figures=False)
    try:
        entries = [app.game(g).entries for g in sorted(app.league().games)]
        assert hashlib.sha256(json.dumps(entries, sort_keys=True, default=str).encode()).hexdigest() \
            == SHIPPED_DIGEST
    finally:
        app.close()


def test_a_five_inning_club_pulls_its_starters_at_their_length(tmp_path: Path) -> None:
    (tmp_path / "era").mkdir()
    (tmp_path / "any").mkdir()
    modern, any_era = season(tmp_path / "era", 3, figures=True), season(tmp_path / "any", 3, figures=False)
    try:
        era, before = starts(modern), starts(any_era)
        # starter(3): five innings a start.  Without the figures a dominating starter may go three more;
        # with them (the club's workload is five innings) he goes no further than his length
        assert any(s["outs"] > 15 for s in before)
        assert sum(s["outs"] > 15 for s in era) < sum(s["outs"] > 15 for s in before) / 3
        assert sum(s["cg"] for s in era) <= sum(s["cg"] for s in before)
    finally:
        modern.close()
        any_era.close()


def test_a_club_of_seven_innings_a_start_plays_as_it_did_without_the_figures(tmp_path: Path) -> None:
    (tmp_path / "era").mkdir()
    (tmp_path / "any").mkdir()
    old, any_era = season(tmp_path / "era", 5, figures=True), season(tmp_path / "any", 5, figures=False)
    try:
        assert starts(old) == starts(any_era)
    finally:
        old.close()
        any_era.close()
