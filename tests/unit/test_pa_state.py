"""The shared PA state machine: outs, runs, half-innings, the game's end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import RulesError
from league.rules.pa.play import HOME, OUT, Play, apply_play, forced
from league.rules.pa.state import check_lineup
from tests.unit.test_strat_helpers import card_set, game


@pytest.fixture
def start():  # type: ignore[no-untyped-def]
    return game(card_set())


def test_three_outs_switch_sides_and_clear_the_bases(start):  # type: ignore[no-untyped-def]
    s = replace(start, outs=2, bases=("V8", None, None))
    s, facts = apply_play(s, Play(OUT, (1, None, None)))
    assert facts["half_over"] and (s.half, s.outs, s.bases) == ("bottom", 0, (None, None, None))
    assert s.visitor.up == 1  # the next inning starts with the next batter


def test_a_walk_forces_only_forced_runners(start):  # type: ignore[no-untyped-def]
    s = replace(start, bases=("V8", None, "V7"))
    assert forced(s) == (2, None, 3)


def test_runs_count_in_order_and_the_batter_homers(start):  # type: ignore[no-untyped-def]
    s = replace(start, bases=("V8", "V7", "V6"))
    s, facts = apply_play(s, Play(HOME, (HOME, HOME, HOME)))
    assert facts["scored"] == ["V6", "V7", "V8", "V1"] and s.score == (4, 0)


def test_home_leading_after_the_top_of_the_ninth_ends_the_game(start):  # type: ignore[no-untyped-def]
    s = replace(start, inning=9, outs=2, score=(1, 2))
    s, facts = apply_play(s, Play(OUT))
    assert s.over and facts["game_over"]


def test_a_tie_after_nine_goes_to_extra_innings(start):  # type: ignore[no-untyped-def]
    s = replace(start, inning=9, half="bottom", outs=2, score=(2, 2))
    s, _ = apply_play(s, Play(OUT))
    assert (s.over, s.inning, s.half) == (False, 10, "top")


def test_walk_off_counts_only_the_winning_run(start):  # type: ignore[no-untyped-def]
    s = replace(start, inning=10, half="bottom", score=(3, 3), bases=("H8", "H7", "H6"))
    s, facts = apply_play(s, Play(1, (3, HOME, HOME), runs_on_third_out=True))
    assert s.over and facts["walk_off"] and facts["scored"] == ["H6"] and s.score == (3, 4)


def test_walk_off_homer_counts_every_run(start):  # type: ignore[no-untyped-def]
    s = replace(start, inning=9, half="bottom", score=(3, 2), bases=("H8", None, None))
    s, facts = apply_play(s, Play(HOME, (HOME, None, None)))
    assert s.over and s.score == (3, 4)


def test_a_steal_does_not_advance_the_batting_order(start):  # type: ignore[no-untyped-def]
    s = replace(start, outs=2, bases=("V8", None, None))
    s, _ = apply_play(s, Play(None, (OUT, None, None)))
    assert s.half == "bottom" and s.visitor.up == 0


def test_a_runner_cannot_pass_another(start):  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        apply_play(replace(start, bases=("V8", "V7", None)), Play(1, (3, 2, None)))


def test_the_pitcher_log_counts_outs_hits_and_batters(start):  # type: ignore[no-untyped-def]
    s, _ = apply_play(start, Play(1, hit_or_walk=True))
    s, _ = apply_play(s, Play(OUT, (1, None, None)))
    assert (s.home.stint.outs, s.home.stint.counted, s.home.stint.batters) == (1, ((1, 0),), 2)


def test_lineups_are_checked(start):  # type: ignore[no-untyped-def]
    t = start.visitor
    with pytest.raises(RulesError, match="nine"):
        check_lineup(replace(t, order=t.order[:8]))
    with pytest.raises(RulesError, match="positions"):
        check_lineup(replace(t, fielders=t.fielders[:-1]))
