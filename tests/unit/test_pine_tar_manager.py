"""The Pine Tar auto-manager's pitching in the 9th (docs/pine-tar.md, "The auto-manager", rule 2): the closer
comes in for a lead of 1-3, but a starter the rules still let pitch who has allowed one run or none finishes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.rules.pa.replay import Fold
from league.rules.pa.state import evolve
from league.rules.pine_tar import engine, manager
from league.rules.pine_tar.card_engine import ENGINE
from tests.unit.test_pine_tar_examples import game


@pytest.mark.parametrize("mip,runs,closer_in", [(8, 0, False), (8, 1, False), (8, 2, True), (7, 0, True)])
def test_the_closer_waits_for_a_starter_who_may_finish_with_a_run_or_none(mip: int, runs: int,
                                                                          closer_in: bool) -> None:
    st, cards = game(inning=9, score=(0, 2))  # top of the 9th, the home club two up
    home = st.home
    starter = home.pitcher
    cards[starter] = replace(cards[starter], mip=(mip, None))
    st = st.with_team("home", replace(home, pitchers=(replace(home.stint, batters=27),)))
    st = engine.with_extra(st, **{f"runs:{starter}": runs})
    # MIP 8: through the 8th, the 9th as the +1 with two runs or fewer; MIP 7 ends with the 8th
    assert engine.over_limit(st, cards, st.home) is (mip == 7)
    f = Fold({"orders": manager.ORDERS}, cards, ENGINE, "main", st, ENGINE.strategy(manager.ORDERS))
    made = manager.manage(f)
    closer = next(p for p in home.bullpen if cards[p].role == "C")
    changes = [m["in"] for m in made if m["type"] == "pitching_change"]
    if mip == 7:  # past his limit: the bullpen's order, the closer first for a 1-3 lead in the 9th
        assert changes == [closer]
    else:
        assert (changes == [closer]) is closer_in and (changes == []) is not closer_in
    assert manager.finishes(st, cards, st.home) is (not closer_in)


def test_a_reliever_never_keeps_the_9th_from_the_closer() -> None:
    st, cards = game(inning=9, score=(0, 1))
    home = st.home
    reliever = next(p for p in home.bullpen if cards[p].role == "R")
    st = st.with_team("home", replace(home, fielders=tuple((pos, reliever if pos == "p" else p)
                                                           for pos, p in home.fielders),
                                      pitchers=(*home.pitchers, replace(home.stint, pitcher=reliever,
                                                                        role="relief", entered_inning=8,
                                                                        batters=3))))
    assert not manager.finishes(evolve(st), cards, st.home)
