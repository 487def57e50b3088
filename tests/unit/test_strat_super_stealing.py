"""23.x, the Supplementary Stealing System, and 29.2's pickoffs and balks, by the manual's examples and scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from league.domain.errors import InputError
from league.domain.dice import NeedRoll
from league.rules.strat.cards import Card, parse_cards
from league.rules.strat.engine import resolve_steal
from league.rules.strat.strategy import Strategy
from league.rules.strat.supplementary import catcher_pitcher, chance, lead_result, parse_lead, ratings
from tests.unit.test_strat_helpers import card_set, game, roll, steal

SUPER = "super"
SAMPLE = parse_lead("*8-10 / 11, 12 (19-14)")  # 23.1's sample


def test_23_1_the_sample_rating_reads_as_printed() -> None:
    assert SAMPLE.automatic and SAMPLE.good == {8, 9, 10} and SAMPLE.out == {11, 12}
    assert (SAMPLE.first, SAMPLE.second) == (19, 14)
    assert str(SAMPLE) == "*8-10/11-12 (19-14)"
    best = parse_lead("2-12/- (20-17)")
    assert not best.automatic and best.out == frozenset()


@pytest.mark.parametrize("bad", ["8-10 (19-14)", "*8-13/- (19-14)", "*8-10/10 (19-14)", "*8-10/- (21-14)"])
def test_a_bad_supplementary_rating_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_lead(bad)


def test_a_card_file_with_a_bad_lead_names_the_line_and_field() -> None:
    text = "BATTER X1\nname: X\nteam: XX\nbats: R\nfielding: ss-2e12\nlead: 8-10 (19-14)\n"
    with pytest.raises(InputError) as e:
        parse_cards(text, "x.txt")
    assert e.value.line == 6 and e.value.field == "lead"


def test_23_3_a_catcher_and_pitcher_together_stay_within_five() -> None:
    assert catcher_pitcher(-1, -5)[0] == -5  # the manual's example: -6 becomes -5
    assert catcher_pitcher(3, 4)[0] == 5 and catcher_pitcher(2, -1)[0] == 1


def test_23_3_a_and_b_the_sample_runner_becomes_14_9_then_12_5_held() -> None:
    assert ratings(SAMPLE, -1, -5, held=False)[:2] == (14, 9)
    assert ratings(SAMPLE, -1, -5, held=True)[:2] == (12, 5)


def test_23_3_e_limits_above_20_when_not_held_19_when_held_at_least_1() -> None:
    assert chance(SAMPLE, 2, True, 5, 5, held=False)[0] == 24  # automatically safe
    assert chance(SAMPLE, 2, True, 5, 5, held=True)[0] == 19
    assert chance(parse_lead("8/- (2-1)"), 2, False, -4, -6, held=True)[0] == 1


def test_23_41_third_base_uses_the_second_rating_9_in_the_example() -> None:
    assert chance(SAMPLE, 3, True, -2, 1, held=True)[0] == 9  # 14 - 4 + 1 - 2


def test_23_51_stealing_home_1_to_5_not_held_1_held() -> None:
    assert chance(SAMPLE, 4, True, 5, 9, held=False)[0] == 5  # no catcher/pitcher effect
    assert chance(SAMPLE, 4, True, 5, 9, held=True)[0] == 1


def test_23_12_no_rating_starts_from_zero_and_keeps_at_least_one() -> None:
    assert chance(None, 2, False, 3, 0, held=False)[0] == 3
    assert chance(None, 2, False, -3, 0, held=False)[0] == 1
    assert lead_result(None, 7) == "none"


@pytest.fixture
def cards() -> dict[str, Card]:
    """V8 on first is the 23.1 sample; the home catcher's arm is -1, the pitcher's hold -5 and bk3."""
    cards = card_set()
    cards["V8"] = replace(cards["V8"], lead=SAMPLE)
    cards["H1"] = replace(cards["H1"], fielding=(replace(cards["H1"].fielding[0], arm=-1),), catcher_t=(1, 5))
    cards["HP"] = replace(cards["HP"], hold=-5, balk=3)
    return cards


def test_23_3_c_1_an_asterisk_not_held_has_his_lead_without_a_roll(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", None, None))
    need = resolve_steal(start, cards, None, [], (1,), Strategy(), SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "d20" and need.purpose.endswith("steals")
    state, ev = steal(start, cards, (1,), "d14", level=SUPER)  # 1-14 (19-14 adjusted -5)
    assert ev["type"] == "steal" and state.bases == (None, "V8", None)
    state, _ = steal(start, cards, (1,), "d15", level=SUPER)
    assert state.bases == (None, None, None) and state.outs == 1


def test_23_3_c_2_held_he_rolls_for_the_lead_and_steals_on_12(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", None, None))
    s = Strategy(held=(1,))
    need = resolve_steal(start, cards, None, [roll("d5")], (1,), s, SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "pair"
    state, _ = steal(start, cards, (1,), "d5", "45", "d12", level=SUPER, s=s)  # 9: good lead, 12-5 held
    assert state.bases == (None, "V8", None)
    state, _ = steal(start, cards, (1,), "d5", "45", "d13", level=SUPER, s=s)
    assert state.outs == 1


def test_23_3_c_2_an_out_total_is_out_stealing_and_no_d20(cards: dict[str, Card]) -> None:
    state, ev = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d5", "56", level=SUPER,
                      s=Strategy(held=(1,)))
    assert state.outs == 1 and ev["type"] == "steal" and len(ev["rolls"]) == 2


def test_23_3_d_no_good_lead_he_holds_his_base_and_no_steal_is_counted(cards: dict[str, Card]) -> None:
    state, ev = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d5", "11", level=SUPER,
                      s=Strategy(held=(1,)))
    assert state.bases == ("V8", None, None) and state.outs == 0
    assert ev["type"] == "lead" and ev["completed"] is False


def test_23_41_to_steal_third_the_asterisk_is_ignored(cards: dict[str, Card]) -> None:
    start = game(cards, bases=(None, "V8", None))
    need = resolve_steal(start, cards, None, [roll("d5")], (2,), Strategy(), SUPER)
    assert isinstance(need, NeedRoll) and need.kind == "pair"
    state, _ = steal(start, cards, (2,), "d5", "44", "d9", level=SUPER)  # second rating 14 - 5 = 9
    assert state.bases == (None, None, "V8")
    state, _ = steal(start, cards, (2,), "d5", "44", "d10", level=SUPER)
    assert state.outs == 1


def test_23_31_a_safe_roll_of_1_to_3_checks_the_catchers_t(cards: dict[str, Card]) -> None:
    state, _ = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d2", "d5", level=SUPER)
    assert state.bases == (None, None, "V8")  # T1-5: the throw gets away
    state, _ = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d2", "d6", level=SUPER)
    assert state.bases == (None, "V8", None)


def test_29_2_b_a_pickoff_above_his_second_rating(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", None, None))
    s = Strategy(held=(1,))
    state, ev = steal(start, cards, (1,), "d1", "d15", level=SUPER, s=s)
    assert ev["type"] == "pickoff" and state.outs == 1 and state.bases == (None, None, None)
    state, ev = steal(start, cards, (1,), "d1", "d14", level=SUPER, s=s)  # dives back
    assert ev["type"] == "lead" and state.bases == ("V8", None, None) and state.outs == 0


def test_29_2_c_a_balk_within_the_pitchers_rating(cards: dict[str, Card]) -> None:
    start = game(cards, bases=("V8", None, "V9"))
    s = Strategy(held=(1,))
    state, ev = steal(start, cards, (1,), "d2", "d3", level=SUPER, s=s)
    assert ev["type"] == "balk" and state.bases == (None, "V8", None) and state.score == (1, 0)
    state, ev = steal(start, cards, (1,), "d2", "d4", level=SUPER, s=s)
    assert ev["type"] == "lead" and state.bases == ("V8", None, "V9")


def test_a_runner_without_a_rating_steals_by_the_advanced_letter_grade(cards: dict[str, Card]) -> None:
    cards["V7"] = replace(cards["V7"], stealing="B")
    start = game(cards, bases=("V7", None, None))
    state, ev = steal(start, cards, (1,), "d12", level=SUPER)  # 22.21: B 1-13, catcher's arm -1: 1-12
    assert ev["type"] == "steal" and state.bases == (None, "V7", None)
    state, _ = steal(start, cards, (1,), "d13", level=SUPER)
    assert state.outs == 1


# --- 19.8 (revision 2): one try for the good lead per plate appearance ---------------------------------


@pytest.mark.parametrize("level, second_try", [("super+r2", False), (SUPER, True)])
def test_19_8_after_a_missed_lead_the_hit_and_runs_forced_steal_rolls_no_second_lead(
        cards: dict[str, Card], level: str, second_try: bool) -> None:
    from league.rules.strat.engine import resolve_pa

    held = Strategy(held=(1,))
    # the steal: no good lead (colored 2), he holds first; the batter is still up
    state, ev = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d5", "11", level=level, s=held)
    assert ev["type"] == "lead" and state.bases == ("V8", None, None)
    # the hit and run in the same plate appearance: the 29.1 d20, then colored 3 on C: MISS (19.4)
    s = Strategy(play="hit_and_run", held=(1,))
    need = resolve_pa(state, cards, None, [roll("d20"), roll("12")], s, level)
    assert isinstance(need, NeedRoll) and need.kind == "d20"
    assert ("leads off" in need.purpose) is second_try  # revision 1 rolled for the lead again
    if not second_try:
        out = resolve_pa(state, cards, None, [roll("d20"), roll("12"), roll("d4"), roll("134")], s, level)
        assert isinstance(out, tuple)
        after, pa_ev = out
        assert any(step.get("rule") == "19.8" for step in pa_ev["steps"])
        assert after.bases[1] == "V8"  # he stole second without the good lead on a 4 (no T check on 4)
        # the plate appearance is over: a later one gives him his try again
        assert "strat:leads" not in dict(after.extra)


# --- 23.3 D (revision 2): one try for the good lead while he occupies the same base ----------------------

R2 = "super+r2"


def _missed(cards: dict[str, Card], held: bool = True):  # type: ignore[no-untyped-def]
    """V8 on first, held, misses his lead (colored 2): he holds first, his try spent."""
    state, ev = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d5", "11", level=R2,
                      s=Strategy(held=(1,) if held else ()))
    assert ev["type"] == "lead" and state.bases == ("V8", None, None)
    return state


def test_23_3_d_a_second_steal_on_the_same_base_rolls_no_lead_and_uses_the_second_rating(
        cards: dict[str, Card]) -> None:
    state = _missed(cards)
    need = resolve_steal(state, cards, None, [], (1,), Strategy(held=(1,)), R2)
    assert isinstance(need, NeedRoll) and need.kind == "d20" and need.purpose.endswith("steals")
    # second rating 14, catcher and pitcher -5, held -4: 1-5
    after, ev = steal(state, cards, (1,), "d5", level=R2, s=Strategy(held=(1,)))
    assert after.bases == (None, "V8", None) and any(s.get("rule") == "23.3 D" for s in ev["steps"])
    after, _ = steal(state, cards, (1,), "d6", level=R2, s=Strategy(held=(1,)))
    assert after.outs == 1


def test_23_3_d_1_no_longer_held_he_may_try_once_more(cards: dict[str, Card]) -> None:
    state = _missed(cards)
    # not held, his asterisk gives him the good lead (23.11): the first rating, 19 -5 = 1-14
    after, ev = steal(state, cards, (1,), "d14", level=R2, s=Strategy())
    assert after.bases == (None, "V8", None) and any(s.get("rule") == "23.3 D" for s in ev["steps"])


def test_23_3_d_2_a_catcher_with_a_worse_arm_gives_him_another_try(cards: dict[str, Card]) -> None:
    state = _missed(cards)
    worse = replace(cards["H1"], fielding=(replace(cards["H1"].fielding[0], arm=+2),))
    cards["H1"] = worse  # the same catcher id with a worse arm stands for a new catcher
    need = resolve_steal(state, cards, None, [], (1,), Strategy(held=(1,)), R2)
    assert isinstance(need, NeedRoll) and "leads off" in need.purpose


def test_23_3_d_the_try_is_forgotten_once_he_leaves_the_base(cards: dict[str, Card]) -> None:
    state = _missed(cards)
    assert dict(state.extra)["strat:tried"] == (("V8", 1, True, -5),)
    from league.rules.strat.engine import resolve_pa
    from tests.unit.test_strat_helpers import with_cells

    cards["V1"] = with_cells(cards["V1"], {"1-7": "SINGLE*"})
    out = resolve_pa(state, cards, None, [roll("d20"), roll("134")], Strategy(held=(1,)), R2)  # V1 singles
    assert isinstance(out, tuple)
    after, _ = out
    assert after.bases[1] == "V8" and "strat:tried" not in dict(after.extra)


def test_23_3_d_revision_1_lets_him_roll_for_the_lead_every_time(cards: dict[str, Card]) -> None:
    state, _ = steal(game(cards, bases=("V8", None, None)), cards, (1,), "d5", "11", level=SUPER,
                     s=Strategy(held=(1,)))
    need = resolve_steal(state, cards, None, [], (1,), Strategy(held=(1,)), SUPER)
    assert isinstance(need, NeedRoll) and "leads off" in need.purpose
