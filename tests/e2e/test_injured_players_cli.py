"""Hand play keeps injured players out: a substitution or a named starter off the injury list is refused.

Seed 88 hurts BRK05 (third base, 10 games) and seed 286 CDR14 (a starter, 5
games) on 2024-04-01; both clubs play again on 2024-04-02.  (Seeds, not
scripted dice: the injury comes out of a simulated day, as in a league.)  The refused commands exit 1
with a message naming the player and his injury, and store nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import ok, refused

SCHEDULE = """date,visitor,home,game
2024-04-01,ANV,BRK,0
2024-04-01,CDR,DUN,0
2024-04-02,ANV,BRK,0
2024-04-02,DUN,CDR,0
"""


def _first_day(db_url: str, tmp_path: Path, seed: int) -> str:
    ok(db_url, "init", "--name", "S", "--ruleset", "strat-o-matic", "--seed", str(seed))
    ok(db_url, "teams", "import", *(str(CARD_SET / f"{t}.txt") for t in ("ANV", "BRK", "CDR", "DUN")))
    sched = tmp_path / "s.csv"
    sched.write_text(SCHEDULE)
    ok(db_url, "schedule", "import", str(sched))
    ok(db_url, "sim", "--through", "2024-04-01", "--quiet")
    return db_url


@pytest.fixture
def league(db_url: str, tmp_path: Path) -> str:
    """BRK05, the third baseman, is out for 10 games."""
    return _first_day(db_url, tmp_path, 88)


@pytest.fixture
def starter_hurt(db_url: str, tmp_path: Path) -> str:
    """CDR14, a starting pitcher, is out for 5 games."""
    return _first_day(db_url, tmp_path, 286)


def _card(card: str) -> Any:
    return next(c for c in parse_cards((CARD_SET / f"{card[:3]}.txt").read_text(), card[:3]) if c.id == card)


def name_of(card: str) -> str:
    return str(_card(card).name)


def _rating(card: str, position: str) -> str:
    return str(_card(card).rating(position))


def injured(db: str) -> dict[str, Any]:
    return {r["player"]: r for r in json.loads(ok(db, "injuries", "--active", "--json"))}


def test_the_injured_are_on_the_list_and_out_of_the_next_lineups_in_the_log(league: str) -> None:
    hurt = injured(league)
    assert hurt["BRK05"]["games"] == 10
    ok(league, "game", "start", "BRK202404020")
    setup = json.loads(ok(league, "game", "log", "BRK202404020", "--json"))[0]
    (out,) = setup["setup"]["home"]["out"]
    assert out["player"] == "BRK05" and out["replaced_by"] in setup["setup"]["home"]["order"]
    assert "BRK05" not in setup["setup"]["home"]["order"] + setup["setup"]["home"]["bench"]
    # step: the log says it in words, with the players' names (the table wraps the detail column)
    assert setup["summary"].endswith(f"; BRK05 (3B) out: injured 2024-04-01 in BRK202404010 for 10 game(s); "
                                     f"this game is 1 of 10; {out['replaced_by']} takes his place (rated at 3B: "
                                     f"{_rating(out['replaced_by'], '3b')})")
    text = " ".join(line.split("│")[-1].strip() for line in ok(league, "game", "log", "BRK202404020").splitlines())
    assert f"{name_of('BRK05')} (3B) out: injured 2024-04-01" in text
    assert f"{name_of(out['replaced_by'])} takes his place" in text and "BRK05" not in text


def test_bringing_an_injured_player_into_a_game_played_by_hand_is_refused_and_stores_nothing(league: str) -> None:
    ok(league, "game", "start", "BRK202404020")
    side = json.loads(ok(league, "game", "log", "BRK202404020", "--json"))[0]["setup"]["home"]
    replacement = side["out"][0]["replaced_by"]
    refused(league, "game", "sub", "BRK202404020", "BRK05", "--for", replacement, "--position", "3b",
            names=("(BRK05) is on the injury list (injured 2024-04-01 in BRK202404010 for 10 game(s)",
                   "he may not play in this game"))


def test_bringing_an_injured_pitcher_in_to_pitch_is_refused_and_stores_nothing(starter_hurt: str) -> None:
    assert injured(starter_hurt)["CDR14"]["games"] == 5
    # the home side is in the field in the top of the first
    ok(starter_hurt, "game", "start", "CDR202404020")
    refused(starter_hurt, "game", "pitch", "CDR202404020", "CDR14",
            names=("(CDR14) is on the injury list (injured 2024-04-01 in DUN202404010 for 5 game(s)",))


def test_naming_an_injured_starter_is_refused_and_stores_nothing(starter_hurt: str) -> None:
    refused(starter_hurt, "game", "start", "CDR202404020", "--home-starter", "CDR14",
            names=("CDR14 (CDR) is on the injury list (injured 2024-04-01 in DUN202404010 for 5 game(s); "
                   "this game is 1 of 5)", "he may not pitch in this game"))
    ok(starter_hurt, "game", "start", "CDR202404020")  # not named: a healthy starter is chosen
    setup = json.loads(ok(starter_hurt, "game", "log", "CDR202404020", "--json"))[0]["setup"]["home"]
    assert setup["starter"] != "CDR14" and [o["player"] for o in setup["out"]] == ["CDR14"]
