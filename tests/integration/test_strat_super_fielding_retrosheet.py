"""Revision 4's fielding-chart plays exported to Retrosheet and read back by Chadwick's cwbox.

A hit with an error on it is the hit with the batter's extra bases on the error (``T8.B-H(E8)(UR)``),
catcher's interference ``C/E2`` and the hidden ball trick a pickoff without the pitcher (``PO1(3)``).
A half-inning of them on scripted dice: cwbox's at bats, hits, runs, RBI, errors and pitching line
(earned runs included) are the box score's.
"""

from __future__ import annotations

import re
import types
from pathlib import Path
from typing import Any

import pytest

from league.export.retrosheet import Person, event_file, game_records, play_text, roster_file, team_file
from tests.unit.test_strat_helpers import card_set, game, v1_reads, with_cells
from tests.unit.test_strat_super_fielding_box import RARE, _Inning

chadwick = pytest.importorskip("chadwickpy.tools.cli")

GAME_ID = "H00202404010"


def _inning() -> _Inning:
    """V1's triple an error carries home, V2's catcher's interference, the hidden ball trick on V2, V3's
    strikeout, V4's homer, V5's strikeout."""
    cards = v1_reads("FLYBALL(cf)X")
    cards["V2"] = with_cells(cards["V2"], {"1-7": "CATCH-X"})
    cards["V3"] = with_cells(cards["V3"], {"1-7": "GROUNDBALL(3b)X"})
    cards["V4"] = with_cells(cards["V4"], {"1-7": "HOMERUN"})
    g = _Inning(cards, game(cards))
    for rolls in (("134", "d20", "112"), ("134", "d1", RARE), ("d20", "134", "d1", RARE), ("111",), ("134",),
                  ("111",)):
        g.pa(*rolls)
    return g


def _records(g: _Inning) -> list[str]:
    facts = types.SimpleNamespace(game=GAME_ID, visitor="V00", home="H00", date="2024-04-01", number=0,
                                  ruleset="strat-o-matic-super")
    return game_records(facts, g.timeline, g.state, g.box(), {})


def _cwbox(g: _Inning, directory: Path) -> str:
    (directory / "2024H00.EVA").write_text(event_file([_records(g)]))
    for code, t in (("V00", "V"), ("H00", "H")):
        people = [Person(c.id, c.id, "X", "R", "R", code, "P") for c in g.cards.values() if c.team == t]
        (directory / f"{code}2024.ROS").write_text(roster_file(people))
    (directory / "TEAM2024").write_text(team_file([("V00", "A", "V", "V"), ("H00", "A", "H", "H")]))
    out: list[str] = []
    err: list[str] = []
    status = chadwick.main(chadwick.CWBOX, ["cwbox", "-X", "-y", "2024", "-D", str(directory),
                                            str(directory / "2024H00.EVA")], io=chadwick.IO(out.append, err.append))
    assert status == 0, "".join(err)
    return "".join(out)


def _attrs(xml: str, tag: str, player: str) -> dict[str, int]:
    m = re.search(rf'<player id="{player}".*?<{tag} (.*?)/>', xml, re.DOTALL)
    assert m, (tag, player)
    return {k: int(v) for k, v in re.findall(r'(\w+)="(-?\d+)"', m.group(1))}


def test_the_plays_are_written_as_retrosheet_writes_them() -> None:
    plays = [r.split(",")[-1] for r in _records(_inning()) if r.startswith("play,")]
    assert plays == ["T8.B-H(E8)(UR)", "C/E2", "PO1(3)", "K", "HR", "K"]


def test_chadwick_counts_the_at_bats_hits_errors_and_earned_runs_the_box_score_has(tmp_path: Path) -> None:
    g = _inning()
    xml, box = _cwbox(g, tmp_path), g.box()
    for b in box["visitor"]["batting"]:
        theirs = _attrs(xml, "batting", b["player"])
        assert (theirs["ab"], theirs["h"], theirs["r"], theirs["bi"]) == (b["ab"], b["h"], b["r"], b["rbi"]), b
    v1, v2 = (next(b for b in box["visitor"]["batting"] if b["player"] == p) for p in ("V1", "V2"))
    assert (v1["ab"], v1["h"], v1["rbi"], v2["pa"], v2["ab"]) == (1, 1, 0, 1, 0)
    errors = re.search(r'home_errors="(\d+)"', xml)
    assert errors and int(errors.group(1)) == box["home"]["errors"] == 2
    assert _attrs(xml, "fielding", "H1")["e"] == 1  # the catcher's, on the interference
    pitcher = re.search(r'<pitcher id="HP"(.*?)/>', xml)
    assert pitcher
    theirs = dict(re.findall(r'(\w+)="([^"]*)"', pitcher.group(1)))
    ours = box["home"]["pitching"][0]
    assert {k: int(theirs[k]) for k in ("outs", "bf", "h", "r", "er", "hr", "so")} == \
        {k: ours[k] for k in ("outs", "bf", "h", "r", "er", "hr", "so")} == \
        {"outs": 3, "bf": 5, "h": 2, "r": 2, "er": 1, "hr": 1, "so": 2}


@pytest.mark.parametrize("bases, label, batter, runners, text", [
    # 16.42's example on a runner on second: SI1 + E1, the batter to second, the runner home
    ((None, "V8", None), "SINGLE(1b) SI1 + E1", 2, [None, 4, None], "S3.2-H;B-2(E3)"),
    # interference moves only the forced runners
    (("V8", None, "V6"), "CATCHER'S INTERFERENCE, ERROR(c)", 1, [2, None, 3], "C/E2.1-2"),
])
def test_a_hit_with_an_error_and_interference_write_the_runners_moves(
        bases: tuple, label: str, batter: int, runners: list[Any], text: str) -> None:  # type: ignore[type-arg]
    st = game(card_set(), bases=bases)
    scored = [st.bases[i] for i, d in enumerate(runners) if d == 4]
    ev = {"type": "plate_appearance", "batter": "V1", "completed": True, "outs_made": 0, "scored": scored,
          "runs": len(scored), "play": {"label": label, "batter": batter, "runners": runners}}
    assert play_text(ev, st, set()) == text


@pytest.mark.parametrize("bases, runners, fielder, text", [
    (("V8", "V7", None), [1, 0, None], "ss", "PO2(6)"), (("V8", "V7", None), [1, 0, None], "2b", "PO2(4)"),
    (("V8", None, "V6"), [1, None, 0], "ss", "PO3(5)"), (("V8", None, None), [0, None, None], "p", "PO1(3)"),
])
def test_the_hidden_ball_trick_is_a_pickoff_by_the_baseman_without_the_pitcher(
        bases: tuple, runners: list[Any], fielder: str, text: str) -> None:  # type: ignore[type-arg]
    st = game(card_set(), bases=bases)
    ev = {"type": "hidden_ball", "batter": "V1", "completed": False, "outs_made": 1, "scored": [], "runs": 0,
          "play": {"label": "HIDDEN BALL TRICK", "batter": None, "runners": runners},
          "steps": [{"chart": "super fielding", "row": "1", "column": f"{fielder} 3", "value": "G1"}]}
    assert play_text(ev, st, set()) == text
