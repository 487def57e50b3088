"""26.2 through the CLI: a super advanced league with ``--option solitaire-rest=on`` rests starters by the
solitaire charts, the game log says who rested and why (both charts, both dice), and a rested man sits on
the bench: he may pinch-hit in a game played by hand.  Other variants refuse the option.

Seed 2 rests BRK06 (left field) in BRK at ANV on 2024-04-03 (seeded dice, as a league rolls them).
"""

from __future__ import annotations

import json
from pathlib import Path

from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import ok, run
from tests.integration.test_strat_solitaire_rest_season import with_figures

SCHEDULE = """date,visitor,home,game
2024-04-01,ANV,BRK,0
2024-04-01,CDR,DUN,0
2024-04-02,ANV,BRK,0
2024-04-02,DUN,CDR,0
2024-04-03,BRK,ANV,0
2024-04-03,CDR,DUN,0
"""
CLUBS = ("ANV", "BRK", "CDR", "DUN")


def _league(db: str, tmp_path: Path) -> None:
    files = []
    for t in CLUBS:
        (tmp_path / f"{t}.txt").write_text(with_figures((CARD_SET / f"{t}.txt").read_text()))
        files.append(str(tmp_path / f"{t}.txt"))
    ok(db, "init", "--name", "S", "--ruleset", "strat-o-matic-super", "--seed", "2",
       "--option", "solitaire-rest=on")
    ok(db, "teams", "import", *files)
    (tmp_path / "s.csv").write_text(SCHEDULE)
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))


def _name(card: str) -> str:
    return next(c.name for c in parse_cards((CARD_SET / f"{card[:3]}.txt").read_text(), card[:3]) if c.id == card)


def test_simulated_games_log_who_rested_and_a_rested_man_pinch_hits_by_hand(db_url: str, tmp_path: Path) -> None:
    _league(db_url, tmp_path)
    ok(db_url, "sim", "--through", "2024-04-02", "--quiet")
    # step: the simulated games' logs name each rest with the charts' rows and dice
    logged = [json.loads(ok(db_url, "game", "log", g, "--json"))[0]
              for g in ("BRK202404010", "DUN202404010", "BRK202404020", "CDR202404020")]
    records = [e["setup"][s]["solitaire_rest"] for e in logged for s in ("visitor", "home")]
    assert all(1 <= r["d6"] <= 6 and len(r["positions"]) == 3 for r in records)
    assert any(c["rests"] for r in records for c in r["checks"])
    assert any(" rests (26.2): lineup usage d6 " in e["summary"] for e in logged)
    # step: a game started by hand is set up by the same charts and dice
    ok(db_url, "game", "start", "ANV202404030")
    setup = json.loads(ok(db_url, "game", "log", "ANV202404030", "--json"))[0]["setup"]["visitor"]
    (note,) = [n for n in setup["out"] if n.get("rested")]
    assert note["player"] == "BRK06" and note["at"] == "lf" and note["replaced_by"] == "BRK12"
    assert "BRK06" in setup["bench"] and "BRK06" not in setup["order"]
    text = " ".join(line.split("│")[-1].strip() for line in ok(db_url, "game", "log", "ANV202404030").splitlines())
    assert f"{_name('BRK06')} (LF) rests (26.2): lineup usage d6" in " ".join(text.split())
    # step: E, he is on the bench: he pinch-hits for the leadoff man
    ok(db_url, "game", "sub", "ANV202404030", "BRK06")
    state = json.loads(ok(db_url, "game", "state", "ANV202404030", "--json"))
    assert "BRK06" in json.dumps(state)


def test_the_option_is_refused_outside_super_advanced(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    r = run(db, "init", "--name", "S", "--ruleset", "strat-o-matic", "--option", "solitaire-rest=on")
    assert r.exit_code == 1
    assert "option solitaire-rest is a super advanced rule (26.2): it needs --ruleset strat-o-matic-super" in r.output
    # nothing stored: the same database takes a super advanced league with the option afterwards
    assert "created (strat-o-matic-super" in ok(db, "init", "--name", "S", "--ruleset", "strat-o-matic-super",
                                                "--option", "solitaire-rest=on")
