"""The optional hit and run (pages 13-14) through the engine with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.pa.replay import Fold
from league.rules.pa.state import GameState, evolve
from league.rules.pine_tar import engine, manager
from league.rules.pine_tar.card_engine import ENGINE
from league.rules.pine_tar.cards import Card
from tests.unit.test_pine_tar_examples import batter_card, game, play

HR = engine.orders({"play": "hit_and_run", "options": ["hit-and-run"]})


def on_first(results: dict[int, str], sbo: str = "B", br: str = "S", sbc: int = 70, outs: int = 0
             ) -> tuple[GameState, dict[str, Card], str]:
    st, cards = game(outs=outs)
    runner = st.visitor.order[5]
    cards[runner] = replace(cards[runner], sbo=sbo, br=br, sbc=sbc)
    catcher = st.home.at("c")
    assert catcher is not None
    cards[catcher] = replace(cards[catcher], ar=0)
    batter_card(cards, st.visitor.batter, results)
    return evolve(st, bases=(runner, None, None)), cards, runner


def test_the_hit_and_run_is_an_optional_rule_refused_by_name_when_off() -> None:
    with pytest.raises(RulesError, match="optional rule hit-and-run"):
        engine.orders({"play": "hit_and_run"})


def test_five_is_added_to_the_batter_roll_and_the_runner_runs_a_speed_faster() -> None:
    st, cards, runner = on_first({43: "SO", 48: "1B"}, br="S")
    new, ev = play(st, cards, "43", orders=HR)  # 43 + 5 = 48: a single; odd/even reads 48
    assert ev["play"]["label"].startswith("SINGLE") and ev["roll"] == 48
    # a slow runner runs as M: on an even roll one more than the hit's bases, to third
    assert new.bases[2] == runner
    _, plain = play(st, cards, "43")
    assert plain["play"]["label"] == "STRIKEOUT"


def test_the_modifier_rolls_get_no_plus_five_nor_do_rolls_over_90() -> None:
    st, cards, _ = on_first({45: "1B", 50: "SO", 91: "PO-SS", 96: "SO"})
    assert play(st, cards, "45", orders=HR)[1]["roll"] == 45
    assert play(st, cards, "91", orders=HR)[1]["roll"] == 91


def test_the_white_die_takes_four_more_on_the_ground_out_table_so_a_gdp_becomes_a_force() -> None:
    st, cards, runner = on_first({48: "GO-SS"})  # 43 + 5 = 48: GO-SS; white 8 + 4 = 9 (at most): PO-3 RA
    new, ev = play(st, cards, "43", orders=HR)
    assert ev["play"]["label"] == "GROUNDOUT GO-SS PO-3 RA" and new.bases == (None, runner, None)
    st2, cards2, _ = on_first({41: "GO-SS"})  # 36 + 5 = 41: white 1 + 4 = 5: FC R3H, not the GDP on 0-4
    new, ev = play(st2, cards2, "36", orders=HR)
    assert "FC" in ev["play"]["label"] and new.outs == 1


@pytest.mark.parametrize("steal,safe", [("70", True), ("71", False)])
def test_a_strikeout_on_the_hit_and_run_turns_into_a_steal(steal: str, safe: bool) -> None:
    st, cards, runner = on_first({39: "SO"}, sbc=70)  # 34 + 5 = 39: a strikeout
    new, ev = play(st, cards, "34", steal, orders=HR)
    assert new.outs == (1 if safe else 2)
    assert new.bases[1] == (runner if safe else None)
    assert ev["play"]["label"] == "STRIKEOUT, " + ("STOLEN BASE" if safe else "CAUGHT STEALING")


def test_two_hit_and_runs_a_game_and_never_for_an_e_runner_or_with_two_out() -> None:
    st, cards, runner = on_first({48: "BB"})
    for _ in range(2):
        st, _ev = play(evolve(st, bases=(runner, None, None)), cards, "43", orders=HR)
    with pytest.raises(RulesError, match="used its 2 hit and runs"):
        play(evolve(st, bases=(runner, None, None)), cards, "43", orders=HR)
    st, cards, _ = on_first({48: "BB"}, sbo="E")
    with pytest.raises(RulesError, match="SBO E or N"):
        play(st, cards, "43", orders=HR)
    st, cards, _ = on_first({48: "BB"}, outs=2)
    with pytest.raises(RulesError, match="fewer than two out"):
        play(st, cards, "43", orders=HR)


def test_the_auto_manager_calls_the_hit_and_run_only_where_the_league_plays_it() -> None:
    st, cards, runner = on_first({48: "1B"}, sbo="A", sbc=50)  # too slow to steal (rule 3), quick to run
    for options, calls in (([], False), (["hit-and-run"], True)):
        orders = {**manager.ORDERS, "options": options}
        f = Fold({"orders": orders}, cards, ENGINE, "main", st, ENGINE.strategy(orders))
        made = manager.manage(f)
        assert ({"type": "strategy", "team": "visitor", "set": {"play": "hit_and_run"}} in made) is calls
    used = engine.with_extra(st, **{"hit-and-run:visitor": 2})
    orders = {**manager.ORDERS, "options": ["hit-and-run"]}
    f = Fold({"orders": orders}, cards, ENGINE, "main", used, ENGINE.strategy(orders))
    assert manager.manage(f) == []  # both used


def test_behind_a_pitcher_who_does_not_run_a_strikeout_is_only_a_strikeout() -> None:
    st, cards, runner = on_first({39: "SO"})
    pitcher = st.visitor.order[8]  # no DH: the pitcher bats ninth, and stands on second
    new, ev = play(evolve(st, bases=(runner, pitcher, None)), cards, "34", orders=HR)
    assert ev["play"]["label"] == "STRIKEOUT" and new.bases == (runner, pitcher, None) and new.outs == 1
