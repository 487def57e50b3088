"""Every worked example of the Inside Pitch manual, through the engine with scripted dice.

Dice: ``P(red, white)`` is a 2d6 roll; a 1d6 is the red die of a pair (``d6(n)``); ``D20(n)`` the d20.
Section numbers point into rules/inside-pitch.txt.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from league.domain.dice import D20, Pair
from league.rules.inside_pitch import strategy
from league.rules.inside_pitch.cards import Ballpark, Card, Fielding, HitRanges, park_key
from league.rules.inside_pitch.context import Ctx, Orders
from league.rules.inside_pitch.engine import play_pa, resolve_pa
from league.domain.dice import NeedRoll
from league.domain.dice import Dice
from league.rules.pa.state import GameState, evolve, new_team

P = Pair
QUIET = Orders(strategy_roll=False)
POS = ("c", "1b", "2b", "3b", "ss", "lf", "cf", "rf")


def d6(n: int) -> Pair:
    return Pair(n, 1)


def grid(cells: dict[tuple[int, int], str], default: str = "-") -> Any:
    return tuple(tuple(_cell(cells.get((r, w), default)) for w in range(1, 7)) for r in range(1, 7))


def _cell(token: str) -> tuple[str, str]:
    left, slash, right = token.partition("/")
    return (left or "-", (right or "-") if slash else left)


def batter(cid: str, hand: str = "R", cells: dict[tuple[int, int], str] | None = None, pos: str = "1b",
           hits: str = "", **ratings: Any) -> Card:
    base = {"k": "5", "w": "5", "hr": "5", "hbp": "0", "gdp": "0", "br": "3", "sf": "1", "att": "N", "sb": "10",
            "bnt": "2", "inj": "0"}
    base.update({k: str(v) for k, v in ratings.items()})
    ranges = HitRanges(tuple((k, int(r.split("-")[0]), int(r.split("-")[-1])) for k, r in
                             (part.split("=") for part in hits.split()))) if hits else HitRanges()
    return Card(cid, "batter", cid, "V", hand, (Fielding(pos, 3, 5),), grid(cells or {}, "G6"), base, (),
                (ranges, ranges))


def pitcher(cid: str = "HP", hand: str = "R", cells: dict[tuple[int, int], str] | None = None,
            stars: str = "G6 G4 G5 F8 F7 P5", **ratings: Any) -> Card:
    base = {"start": "25/7", "relief": "-", "hbp": "0", "gdp": "0", "hld": "0", "sb": "0", "wp": "1-2",
            "pb?": "3-5", "blk": "1", "po": "2-3", "poe": "4", "??": "**:1-6/1-4", "hr?": "1-3/1-3",
            "specialk": "-", "inj": "0"}
    base.update({k.replace("_", "?") if k == "pb_" else k: str(v) for k, v in ratings.items()})
    return Card(cid, "pitcher", cid, "H", hand, (Fielding("p", 3, 3),), grid(cells or {}, "-"), base,
                tuple(stars.split()))


def park(cells: dict[tuple[int, int], str] | None = None, hits: str = "", **ratings: Any) -> Ballpark:
    ranges = HitRanges(tuple((k, int(r.split("-")[0]), int(r.split("-")[-1])) for k, r in
                             (part.split("=") for part in hits.split()))) if hits else HitRanges()
    return Ballpark("HPARK", "Home Park", "H", grid(cells or {}, "F8"), {k: str(v) for k, v in ratings.items()},
                    ranges)


def fielder(pos: str, r: int = 3, e: int = 5, a: int = 0, pv: int = 0, pb: int = 4) -> Card:
    return Card(f"H-{pos}", "batter", f"H-{pos}", "H", "R", (Fielding(pos, r, e, a, pv, pb),), grid({}, "G6"),
                {"br": "3", "inj": "0"}, ())


def game(bat: Card, pit: Card, ballpark: Ballpark | None = None, fielders: dict[str, dict[str, int]] | None = None,
         runners: dict[int, Card] | None = None, outs: int = 0, score: tuple[int, int] = (0, 0),
         inning: int = 1) -> tuple[GameState, dict[str, Any]]:
    """The visitor bats (``bat`` leads off), the home club fields (``pit`` pitching)."""
    cards: dict[str, Any] = {bat.id: bat, pit.id: pit, park_key("H"): ballpark or park()}
    runners = runners or {}
    others = [c for c in runners.values()]
    filler = [batter(f"V{i}") for i in range(len(others), 8)]
    order = [bat, *others, *filler]
    for c in order:
        cards[c.id] = c
    fielders = fielders or {}
    fcards = {pos: fielder(pos, **fielders.get(pos, {})) for pos in POS}
    cards.update({c.id: c for c in fcards.values()})
    v_fielders = {pos: order[i].id for i, pos in enumerate(POS)} | {"p": "VP", "dh": order[8].id}
    cards["VP"] = pitcher("VP")
    visitor = new_team("V", [c.id for c in order], v_fielders, {c.id: POS for c in order}, [], [], True)
    h_order = [fcards[p].id for p in POS] + ["H-dh"]
    cards["H-dh"] = batter("H-dh")
    home = new_team("H", h_order, {p: fcards[p].id for p in POS} | {"p": pit.id, "dh": "H-dh"},
                    {c.id: (c.fielding[0].position,) for c in fcards.values()}, [], [], True)
    st = GameState(visitor, home, inning=inning, outs=outs, score=score)
    bases = tuple(runners[b].id if b in runners else None for b in (1, 2, 3))
    return evolve(st, bases=bases), cards


def run(st: GameState, cards: dict[str, Any], rolls: list[Any], orders: Orders = QUIET,
        revision: int = 2) -> dict[str, Any]:
    out = resolve_pa(st, cards, rolls, orders, revision=revision)
    assert not isinstance(out, NeedRoll), f"needs another roll: {out.purpose}"
    new, ev = out
    ev["state"] = new
    return ev


def needs(st: GameState, cards: dict[str, Any], rolls: list[Any], orders: Orders = QUIET) -> NeedRoll:
    out = resolve_pa(st, cards, rolls, orders)
    assert isinstance(out, NeedRoll), f"resolved: {out[1]['play']}"
    return out


def label(ev: dict[str, Any]) -> str:
    return str(ev["play"]["label"])


# --- 2.19 Special K ------------------------------------------------------------------------


def special_k_example() -> tuple[GameState, dict[str, Any]]:
    b = batter("B", k="10", cells={(2, 3): "G4"})
    p = pitcher(cells={(1, 1): "K"}, specialk="1-10")
    return game(b, p, park(k=-2))


@pytest.mark.parametrize("k_roll,special,result", [(9, 10, "STRIKEOUT"), (9, 11, "GROUNDBALL G4")])
def test_special_k_swaps_the_groundout_after_a_missed_k(k_roll: int, special: int, result: str) -> None:
    st, cards = special_k_example()
    ev = run(st, cards, [P(1, 1), D20(k_roll), P(2, 3), D20(special)])
    assert label(ev).startswith(result)
    assert any("K 10 + park -2 = 8" in r["for"] for r in ev["rolls"])


def test_a_k_roll_within_the_ballpark_adjusted_rating_strikes_out() -> None:
    st, cards = special_k_example()
    ev = run(st, cards, [P(1, 1), D20(8)])
    assert label(ev) == "STRIKEOUT" and len(ev["rolls"]) == 2


def test_special_k_after_a_failed_ballpark_home_run_check() -> None:
    b = batter("B", hr="6")
    p = pitcher(cells={(1, 1): "@"}, specialk="1-10")
    pk = park({(4, 4): "?9"}, hits="S=1-5 HR=6-8")
    st, cards = game(b, p, pk)
    ev = run(st, cards, [P(1, 1), P(4, 4), D20(7), D20(6), ])  # HR check 6 <= 6: a home run
    assert label(ev).startswith("HOMERUN")
    ev = run(st, cards, [P(1, 1), P(4, 4), D20(7), D20(7), D20(3)])  # F9, then Special K 3
    assert label(ev).startswith("STRIKEOUT")
    ev = run(st, cards, [P(1, 1), P(4, 4), D20(7), D20(7), D20(15)])
    assert label(ev) == "FLYBALL F9"


def test_a_range_play_cancels_the_special_k_check() -> None:
    b = batter("B", cells={(3, 3): "G6"})
    st, cards = game(b, pitcher(cells={(1, 1): "RP"}, specialk="1-20"), fielders={"ss": {"r": 4}})
    ev = run(st, cards, [P(1, 1), P(3, 3), d6(4)])
    assert label(ev) == "GROUNDBALL G6"
    assert not any("Special K" in r["for"] for r in ev["rolls"])


def test_an_error_check_cancels_the_special_k_check() -> None:
    b = batter("B", cells={(3, 3): "F8"})
    st, cards = game(b, pitcher(cells={(1, 1): "E?"}, specialk="1-20"), fielders={"cf": {"e": 4}})
    ev = run(st, cards, [P(1, 1), P(3, 3), D20(12)])  # 12 > 4: no error
    assert label(ev) == "FLYBALL F8"
    assert [r["for"] for r in ev["rolls"]][-1].startswith("E?: error rating of H-cf")


# --- 4.5 [HRp] and 4.6 S+ ----------------------------------------------------------------------


def test_rp_at_hrp_home_run_or_range_play_on_the_left_fielder() -> None:
    b = batter("B", hand="R", hr="13/5")
    p = pitcher(hand="L", cells={(1, 1): "RP@"})
    st, cards = game(b, p, park({(2, 2): "[HRp]"}, hr=0), fielders={"lf": {"r": 4}})
    assert label(run(st, cards, [P(1, 1), P(2, 2), D20(13)])) == "HOMERUN H7"
    assert label(run(st, cards, [P(1, 1), P(2, 2), D20(14), d6(4)])) == "FLYBALL F7"
    assert label(run(st, cards, [P(1, 1), P(2, 2), D20(14), d6(5)])) == "DOUBLE D7"


@pytest.mark.parametrize("range_roll,arm_roll,result,batter_at", [
    (4, None, "FLYBALL F7", 0), (5, 2, "DOUBLE S+7", 2), (5, 3, "SINGLE S+7", 1), (5, 5, "SINGLE S+7", 1),
    (6, 6, "SINGLE S+7, out stretching", 0)])
def test_rp_at_then_s_plus_7(range_roll: int, arm_roll: int | None, result: str, batter_at: int) -> None:
    b = batter("B", br=3)
    st, cards = game(b, pitcher(cells={(1, 1): "RP@"}), park({(5, 5): "S+7"}), fielders={"lf": {"r": 4, "a": -1}})
    rolls = [P(1, 1), P(5, 5), d6(range_roll)] + ([d6(arm_roll)] if arm_roll else [])
    ev = run(st, cards, rolls)
    assert label(ev) == result and ev["play"]["batter"] == batter_at


def test_s_plus_9_with_br_and_arm_summing_to_six_is_a_double_without_a_roll() -> None:
    b = batter("B", br=4, cells={(2, 2): "S+9"})
    st, cards = game(b, pitcher(), fielders={"rf": {"a": 2}})
    ev = run(st, cards, [P(1, 1), P(2, 2)])
    assert label(ev) == "DOUBLE S+9" and len(ev["rolls"]) == 2


# --- 5 errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("outs,roll,runner_at,batter_at", [(0, 4, 4, 2), (0, 3, 4, 3), (1, 1, 4, 3), (0, 5, 3, 2),
                                                         (2, 5, 4, 2), (2, 4, 4, 3), (2, 6, 3, 2)])
def test_eg_single_to_center_misplayed_with_adjusted_br(outs: int, roll: int, runner_at: int, batter_at: int) -> None:
    """5.1: EG?, S8, error: the batter to second, the runner from first to third; one 1d6 from the lead runner:
    BR 3 + arm 1 (+1 with two out) scores him, then the batter's 2 + 1 (+1) takes third."""
    runner = batter("R1", br=3)
    b = batter("B", br=2, cells={(3, 3): "S8"})
    st, cards = game(b, pitcher(cells={(1, 1): "EG?"}), fielders={"cf": {"e": 5, "a": 1}}, runners={1: runner},
                     outs=outs)
    ev = run(st, cards, [P(1, 1), P(3, 3), D20(2), d6(roll)])
    assert ev["play"]["runners"][0] == runner_at and ev["play"]["batter"] == batter_at
    assert label(ev).startswith("SINGLE S8")


def test_eg_checks_no_error_on_a_flyout() -> None:
    st, cards = game(batter("B", cells={(3, 3): "F8"}), pitcher(cells={(1, 1): "EG?"}))
    ev = run(st, cards, [P(1, 1), P(3, 3)])
    assert label(ev) == "FLYBALL F8"


# --- 6 range plays ------------------------------------------------------------------------------


@pytest.mark.parametrize("roll,result", [(3, "FLYBALL F8"), (4, "DOUBLE D8")])
def test_range_play_on_a_double_to_center(roll: int, result: str) -> None:
    st, cards = game(batter("B", cells={(2, 2): "D8"}), pitcher(cells={(1, 1): "RP"}), fielders={"cf": {"r": 3}})
    assert label(run(st, cards, [P(1, 1), P(2, 2), d6(roll)])) == result


@pytest.mark.parametrize("rolls,result", [([2], "LINEOUT L3"), ([3, 4], "SINGLE S9"), ([6, 5], "DOUBLE D9")])
def test_range_play_on_a_lineout_to_first(rolls: list[int], result: str) -> None:
    st, cards = game(batter("B", cells={(2, 2): "L3"}), pitcher(cells={(1, 1): "RP"}), fielders={"1b": {"r": 2}})
    assert label(run(st, cards, [P(1, 1), P(2, 2), *map(d6, rolls)])) == result


@pytest.mark.parametrize("rolls,result,batter_at", [([2], "FLYBALL F9", 0), ([3, 3], "DOUBLE S+9", 2),
                                                    ([3, 4], "SINGLE S+9", 1), ([6, 5], "SINGLE S+9", 1),
                                                    ([3, 6], "SINGLE S+9, out stretching", 0)])
def test_rp_at_single_plus_to_right(rolls: list[int], result: str, batter_at: int) -> None:
    """6: RF range 2, arm -1, batter BR 4: 1d6 up to 3 a double, 4-5 a single, 6 out at second.
    (The manual writes 'rolls 3 and it's a double': every roll up to the sum of 3.)"""
    st, cards = game(batter("B", br=4), pitcher(cells={(1, 1): "RP@"}), park({(2, 2): "S+9"}),
                     fielders={"rf": {"r": 2, "a": -1}})
    ev = run(st, cards, [P(1, 1), P(2, 2), *map(d6, rolls)])
    assert label(ev) == result and ev["play"]["batter"] == batter_at


def test_infield_in_range_play_and_play_at_the_plate() -> None:
    """6: tying run on third, one out, infield in: SS range 4 becomes 2; a failed check is an S6 and the run scores;
    a made play with the runner going: BR 3 - 2 = 1, safe only on a 1."""
    runner = batter("R3", br=3)
    b = batter("B", cells={(2, 2): "G6"})
    st, cards = game(b, pitcher(cells={(1, 1): "RP"}), fielders={"ss": {"r": 4}}, runners={3: runner}, outs=1,
                     score=(2, 3), inning=9)
    go = Orders(strategy_roll=False, third="go")
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(3)], go)
    assert label(ev) == "SINGLE S6" and ev["runs"] == 1
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(2), d6(1)], go)
    assert ev["play"]["runners"][2] == 4 and ev["play"]["batter"] == 1
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(2), d6(2)], go)
    assert ev["play"]["runners"][2] == 0 and ev["play"]["batter"] == 1
    hold = Orders(strategy_roll=False, third="hold")
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(1)], hold)
    assert ev["play"]["runners"][2] == 3 and ev["play"]["batter"] == 0


# --- 7 runner advancement ---------------------------------------------------------------------------


@pytest.mark.parametrize("outs,runner_at", [(1, 3), (2, 4)])
def test_s3_with_a_runner_on_second(outs: int, runner_at: int) -> None:
    st, cards = game(batter("B", cells={(2, 2): "S3"}), pitcher(), runners={2: batter("R2", br=3)}, outs=outs)
    assert run(st, cards, [P(1, 1), P(2, 2)])["play"]["runners"][1] == runner_at


@pytest.mark.parametrize("outs,first_at,second_at", [(1, 2, 3), (2, 3, 4)])
def test_s6_lead_runner_holds_the_trailing_runner(outs: int, first_at: int, second_at: int) -> None:
    st, cards = game(batter("B", cells={(2, 2): "S6"}), pitcher(),
                     runners={1: batter("R1", br=5), 2: batter("R2", br=2)}, outs=outs)
    ev = run(st, cards, [P(1, 1), P(2, 2)])
    assert ev["play"]["runners"][:2] == [first_at, second_at]


def bases_loaded_s8() -> tuple[GameState, dict[str, Any]]:
    runners = {1: batter("R1", br=3), 2: batter("R2", br=4), 3: batter("R3", br=2)}
    return game(batter("B", br=3, cells={(2, 2): "S8"}), pitcher(), runners=runners, outs=1,
                fielders={"cf": {"a": -1}})


def test_bases_loaded_s8_lead_runner_adjusted_br_5_draws_a_throw() -> None:
    st, cards = bases_loaded_s8()
    need = needs(st, cards, [P(1, 1), P(2, 2)])
    assert need.kind == "pair" and "Adjusted BR 5" in need.purpose
    ev = run(st, cards, [P(1, 1), P(2, 2), P(5, 3)])  # 5 <= 5: scores; runner from first: 3 - 1 - 1 = 1: holds
    assert ev["play"]["runners"] == [2, 4, 4] and ev["play"]["batter"] == 1 and ev["runs"] == 2
    ev = run(st, cards, [P(1, 1), P(2, 2), P(6, 2)])  # chart B 2: lead runner out, trailing BR 3 >= 2 advance
    assert ev["play"]["runners"] == [3, 0, 4] and ev["play"]["batter"] == 2
    ev = run(st, cards, [P(1, 1), P(2, 2), P(1, 4)])  # 1: lead scores; chart A: 4 > BR 3 for both trailing
    assert ev["play"]["runners"] == [2, 4, 4] and ev["play"]["batter"] == 1


# --- 8 groundouts -------------------------------------------------------------------------------


@pytest.mark.parametrize("br,roll,runner_at,batter_at", [
    (3, 1, 0, 0), (3, 3, 0, 0), (3, 4, 0, 1), (3, 5, 0, 1), (3, 6, 2, 0),
    (5, 4, 2, 0), (5, 5, 0, 1), (5, 6, 2, 0)])
def test_g6_double_play_chances_at_halfway(br: int, roll: int, runner_at: int, batter_at: int) -> None:
    """8.2: GDP 1 + 0 + pivot 2B +1 + halfway 1 = 3; the runner's BR -1 at halfway.  (The manual's 'rolls
    3-5 are force outs' counts a 3 that is already a double play: the rule text decides.)"""
    st, cards = game(batter("B", gdp=1, cells={(2, 2): "G6"}), pitcher(gdp=0), runners={1: batter("R1", br=br)},
                     fielders={"2b": {"pv": 1}})
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(roll)], Orders(strategy_roll=False, infield="half"))
    assert (ev["play"]["runners"][0], ev["play"]["batter"]) == (runner_at, batter_at)


def test_g4_combined_gdp_6_is_always_a_double_play() -> None:
    st, cards = game(batter("B", gdp=4, cells={(2, 2): "G4"}), pitcher(gdp=0), runners={1: batter("R1", br=5)},
                     fielders={"ss": {"pv": 1}})
    for roll in range(1, 7):
        ev = run(st, cards, [P(1, 1), P(2, 2), d6(roll)], Orders(strategy_roll=False, infield="half"))
        assert ev["outs_made"] == 2


def test_range_play_on_g3_at_halfway_then_the_double_play() -> None:
    st, cards = game(batter("B", gdp=1, cells={(2, 2): "G3"}), pitcher(cells={(1, 1): "RP"}),
                     runners={1: batter("R1", br=1)}, fielders={"1b": {"r": 3}, "ss": {"pv": 0}})
    half = Orders(strategy_roll=False, infield="half")
    assert label(run(st, cards, [P(1, 1), P(2, 2), d6(3), d6(4), P(4, 1)], half)) == "SINGLE S9"  # 3 > 3 - 1
    needs(st, cards, [P(1, 1), P(2, 2), d6(3)], half)  # the failed check's single-or-double roll
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(2), d6(2)], half)  # made; GDP 1 + 0 + 0 + 1 = 2: double play
    assert ev["outs_made"] == 2


# --- 9 lineouts, 10 flyouts -----------------------------------------------------------------------------


@pytest.mark.parametrize("roll,first,second", [(1, 0, 2), (2, 0, 2), (3, 1, 0), (4, 1, 0), (5, 1, 2), (6, 1, 2)])
def test_l4_doubles_off_a_runner(roll: int, first: int, second: int) -> None:
    st, cards = game(batter("B", cells={(2, 2): "L4"}), pitcher(),
                     runners={1: batter("R1"), 2: batter("R2")})
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(roll)])
    assert ev["play"]["runners"][:2] == [first, second]


def f9_example() -> tuple[GameState, dict[str, Any]]:
    runners = {2: batter("R2", br=3), 3: batter("R3", br=1)}
    return game(batter("B", sf=2, cells={(2, 2): "F9"}), pitcher(), runners=runners, outs=1,
                fielders={"rf": {"a": 1}})


def test_f9_sacrifice_fly_scores_without_a_throw_then_a_throw_to_third() -> None:
    st, cards = f9_example()
    need = needs(st, cards, [P(1, 1), P(2, 2), d6(2)])
    assert "Adjusted BR 4" in need.purpose
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(2), P(4, 1)])  # 4 <= 4: he takes third
    assert ev["play"]["runners"][1:] == [3, 4] and ev["runs"] == 1


def test_f9_throw_home_cut_off_and_the_runner_from_second_out() -> None:
    st, cards = f9_example()
    need = needs(st, cards, [P(1, 1), P(2, 2), d6(3)])
    assert "Adjusted BR 2" in need.purpose
    ev = run(st, cards, [P(1, 1), P(2, 2), d6(3), P(6, 1)])
    assert ev["play"]["runners"][1:] == [0, 4] and ev["runs"] == 1 and ev["outs_made"] == 2


# --- 11 strategy roll ---------------------------------------------------------------------------


def strategy_ctx(att: str, hld: int, bnt: int, roll: int) -> Ctx:
    st, cards = game(batter("B", bnt=bnt), pitcher(hld=hld), runners={1: batter("R1", att=att)})
    return Ctx(st, cards, Dice([D20(roll), D20(10), D20(10)]), Orders())


@pytest.mark.parametrize("att,hld,bnt,steal,hit_run,bunt", [
    ("7", 0, 3, (1, 7), (8, 9), (18, 19)), ("2", 4, 4, (1, 4), (5, 6), (17, 19)),
    ("H", 1, 2, None, (1, 2), (19, 19)), ("13", 1, 5, (1, 14), (15, 16), (17, 19))])
def test_strategy_roll_ranges(att: str, hld: int, bnt: int, steal: Any, hit_run: Any, bunt: Any) -> None:
    """11: the example table: steal, hit and run, no strategy, sacrifice bunt, pickoff on 20."""
    for roll in range(1, 21):
        ctx = strategy_ctx(att, hld, bnt, roll)
        got = strategy.strategy_roll(ctx)
        text = ctx.steps[-1]["step"]
        if roll == 20:
            assert got is not None and got[0] == "pickoff"
        elif steal and steal[0] <= roll <= steal[1]:
            assert got is not None and got[0] == "steal", roll
        elif hit_run[0] <= roll <= hit_run[1]:
            assert got == ("hit_and_run", None, {}) and "hit and run" in text, roll
        elif bunt[0] <= roll <= bunt[1]:
            assert got is not None and got[0] == "bunt" and got[1] is None and "sacrifice bunt" in text, roll
        else:
            assert got is None and "no strategy" in text, roll


def test_no_strategy_roll_when_differential_plus_inning_exceeds_ten() -> None:
    st, cards = game(batter("B"), pitcher(), runners={1: batter("R1", att="9")}, score=(2, 5), inning=8)
    ev = run(st, cards, [P(1, 1), P(1, 1), d6(6)], Orders())
    assert not any(r["for"] == "strategy roll" for r in ev["rolls"])


@pytest.mark.parametrize("roll,going", [(1, [2, 1]), (2, [2]), (3, [2]), (4, None)])
def test_double_steal_jump(roll: int, going: list[int] | None) -> None:
    st, cards = game(batter("B"), pitcher(hld=0), runners={1: batter("R1", att="1"), 2: batter("R2", att="6")})
    ctx = Ctx(st, cards, Dice([D20(roll), D20(1), D20(1), D20(20), D20(20)]), Orders())
    got = strategy.strategy_roll(ctx)
    if going is None:
        assert got is None
    else:
        assert got is not None and got[0] == "steal" and got[2]["runners"] == going


def test_double_steal_both_caught_puts_out_the_runner_going_to_third() -> None:
    st, cards = game(batter("B"), pitcher(hld=0), runners={1: batter("R1", att="1"), 2: batter("R2", att="6")})
    ev = run(st, cards, [D20(1), D20(20), D20(20)], Orders())
    assert ev["type"] == "steal" and ev["play"]["runners"][:2] == [2, 0] and not ev["completed"]


# --- 2.5 WLD: events inside the at bat ----------------------------------------------------------------


def test_wld_with_the_bases_empty_is_a_foul_and_the_batter_stays_up() -> None:
    st, cards = game(batter("B"), pitcher(cells={(1, 1): "WLD"}))
    ev = run(st, cards, [P(1, 1)])
    assert ev["type"] == "foul" and ev["play"]["batter"] is None
    assert ev["state"].offense.batter == "B"


@pytest.mark.parametrize("rolls,kind,first_at", [([D20(2)], "wild_pitch", 2), ([D20(4), d6(5)], "passed_ball", 2),
                                               ([D20(4), d6(4)], "foul", 1), ([D20(9)], "foul", 1)])
def test_wld_with_a_runner(rolls: list[Any], kind: str, first_at: int) -> None:
    st, cards = game(batter("B"), pitcher(cells={(1, 1): "WLD"}), runners={1: batter("R1")},
                     fielders={"c": {"pb": 4}})
    ev = run(st, cards, [P(1, 1), *rolls])
    assert ev["type"] == kind and ev["play"]["runners"][0] == first_at and ev["play"]["batter"] is None


def test_after_a_wild_pitch_the_at_bat_goes_on_without_a_second_strategy_roll() -> None:
    st, cards = game(batter("B", cells={(3, 3): "G6"}), pitcher(cells={(1, 1): "WLD"}), runners={1: batter("R1")})
    dice: Iterator[Any] = iter([D20(12), P(1, 1), D20(1), P(2, 2), P(3, 3), d6(6)])
    new, ev = play_pa(st, cards, lambda need: next(dice), Orders())
    assert ev["type"] == "wild_pitch"
    new2, ev2 = play_pa(new, cards, lambda need: next(dice), Orders())
    assert ev2["type"] == "plate_appearance" and not any(r["for"] == "strategy roll" for r in ev2["rolls"])


# --- 11.3 sacrifice bunts -------------------------------------------------------------------------------


@pytest.mark.parametrize("bnt,fielder_roll,chart_roll,first_at,batter_at,label_start", [
    (3, 1, 12, 2, 0, "SAC"), (3, 1, 13, 1, None, "FOUL"), (3, 3, 14, 0, 1, "FIELDER'S CHOICE"),
    (3, 5, 17, 2, 1, "SINGLE"), (5, 6, 16, 2, 0, "SAC"), (3, 1, 20, 1, 0, "POPUP")])
def test_sacrifice_bunt_chart(bnt: int, fielder_roll: int, chart_roll: int, first_at: int, batter_at: int | None,
                              label_start: str) -> None:
    """11.3: the strategy roll 18 is a bunt for BNT 3 (18-19); the pitcher's card blank is disregarded; the
    fielder by 1d6, the result by 1d20 on the bunt chart's BNT column (the popout: the lead runner is doubled
    off on a 1d6 above his BR -- here a 1 keeps him)."""
    st, cards = game(batter("B", bnt=bnt), pitcher(), runners={1: batter("R1", att="N", br=3)})
    strategy_roll = {3: 18, 5: 17}[bnt]
    rolls = [D20(strategy_roll), P(1, 1), d6(fielder_roll), D20(chart_roll)] + ([d6(1)] if label_start == "POPUP" else [])
    ev = run(st, cards, rolls, Orders())
    assert label(ev).startswith(label_start) and ev["play"]["runners"][0] == first_at
    assert ev["play"]["batter"] == batter_at and ev.get("tactic") == "bunt"


def test_a_walk_on_the_pitchers_card_stands_on_a_bunt_attempt() -> None:
    st, cards = game(batter("B", bnt=3, w=20), pitcher(cells={(1, 1): "W"}), runners={1: batter("R1", att="N")})
    ev = run(st, cards, [D20(18), P(1, 1), D20(5)], Orders())
    assert label(ev) == "WALK"


@pytest.mark.parametrize("bnt,roll,result", [(0, 6, "sacrifice"), (0, 9, "foul"), (0, 13, "lead out"),
                                             (0, 18, "too hard"), (0, 19, "popout"), (2, 16, "safe"),
                                             (4, 15, "foul"), (4, 20, "too hard"), (5, 17, "lead out"),
                                             (5, 20, "safe"), (3, 20, "popout")])
def test_bunt_chart_columns(bnt: int, roll: int, result: str) -> None:
    from league.rules.inside_pitch.bunts import BUNT_CHART, bunt_result

    assert bunt_result(bnt, roll) == result
    for column in BUNT_CHART.values():  # every column covers 1-20 once
        assert sorted(n for _, lo, hi in column for n in range(lo, hi + 1)) == list(range(1, 21))


# --- 12 fatigue and the optional rules --------------------------------------------------------------


def tired_game(**orders: Any) -> tuple[GameState, dict[str, Any], Orders]:
    st, cards = game(batter("B", k=1, w=20, cells={(2, 2): "G6"}), pitcher(cells={(1, 1): "K(W)", (1, 2): "(S1)"}))
    stint = evolve(st.defense.stint, batters=25)  # START 25: tired
    st = st.with_team("home", evolve(st.home, pitchers=(stint,)))
    return st, cards, Orders(strategy_roll=False, **orders)


def test_a_tired_pitchers_k_w_is_a_possible_walk_and_s1_a_single() -> None:
    st, cards, orders = tired_game()
    assert label(run(st, cards, [P(1, 1), D20(20)], orders)) == "WALK"
    assert label(run(st, cards, [P(1, 2)], orders)) == "SINGLE (S1)"
    fresh = st.with_team("home", evolve(st.home, pitchers=(evolve(st.home.stint, batters=24),)))
    assert label(run(fresh, cards, [P(1, 1), D20(1)], orders)) == "STRIKEOUT"  # K 1: 1 <= 1
    assert label(run(fresh, cards, [P(1, 2), P(2, 2)], orders)) == "GROUNDBALL G6"  # (S1) is a blank


def test_exhausted_option_marks_the_pitcher_for_replacement() -> None:
    st, cards, orders = tired_game(exhausted=True)
    ev = run(st, cards, [P(1, 1), D20(20)], orders)
    assert ev["exhausted"] == "HP" and dict(ev["state"].extra)["exhausted"] == "HP"
    st, cards, orders = tired_game()
    assert "exhausted" not in dict(run(st, cards, [P(1, 1), D20(20)], orders)["state"].extra)


def test_the_house_rule_rolls_strategy_again_after_a_wild_pitch() -> None:
    st, cards = game(batter("B", cells={(3, 3): "F8"}), pitcher(cells={(1, 1): "WLD"}), runners={1: batter("R1")})
    for restrike, second_roll in ((False, []), (True, [D20(12)])):
        dice: Iterator[Any] = iter([D20(12), P(1, 1), D20(1), *second_roll, P(2, 2), P(3, 3), P(6, 5)])
        orders = Orders(restrike=restrike)
        new, ev = play_pa(st, cards, lambda need: next(dice), orders)
        new2, ev2 = play_pa(new, cards, lambda need: next(dice), orders)
        assert ev["type"] == "wild_pitch" and label(ev2) == "FLYBALL F8"
        assert any(r["for"] == "strategy roll" for r in ev2["rolls"]) == restrike


# --- 11.2 hit and run (the project's adjustments) and the manager's calls ------------------------------


def hit_and_run_game(cell: str, outs: int = 0) -> tuple[GameState, dict[str, Any]]:
    return game(batter("B", cells={(2, 2): cell}), pitcher(), runners={1: batter("R1", att="7", sb=12)}, outs=outs)


def test_hit_and_run_from_the_strategy_roll() -> None:
    """11.2: a strategy roll one or two above the runner's Adjusted ATT (7: 8-9) is a hit and run."""
    st, cards = hit_and_run_game("G6")
    ev = run(st, cards, [D20(8), P(1, 1), P(2, 2), d6(1)], Orders())  # a double play ball: he was going
    assert ev["tactic"] == "hit_and_run" and ev["play"]["runners"][0] == 2 and ev["play"]["batter"] == 0


@pytest.mark.parametrize("cell,rolls,first_at", [("S8", [P(5, 1)], 3), ("L6", [d6(3)], 0), ("F8", [], 1)])
def test_hit_and_run_adjustments(cell: str, rolls: list[Any], first_at: int) -> None:
    st, cards = hit_and_run_game(cell)
    ev = run(st, cards, [P(1, 1), P(2, 2), *rolls], Orders(strategy_roll=False, play="hit_and_run"))
    assert ev["play"]["runners"][0] == first_at


def test_hit_and_run_strikeout_makes_the_runner_steal() -> None:
    st, cards = game(batter("B", k=20), pitcher(cells={(1, 1): "K"}), runners={1: batter("R1", sb=12)})
    ev = run(st, cards, [P(1, 1), D20(3), D20(13)], Orders(strategy_roll=False, play="hit_and_run"))
    assert label(ev) == "STRIKEOUT" and ev["play"]["runners"][0] == 0 and ev["outs_made"] == 2


def test_a_called_sacrifice_and_an_intentional_walk() -> None:
    st, cards = game(batter("B", bnt=3), pitcher(), runners={1: batter("R1")})
    ev = run(st, cards, [P(1, 1), d6(1), D20(3)], Orders(play="sacrifice"))
    assert label(ev).startswith("SAC") and ev["play"]["runners"][0] == 2
    ev = run(st, cards, [], Orders(play="ibb"))
    assert label(ev) == "INTENTIONAL WALK" and ev["play"]["runners"][0] == 2


# --- 11.5 bunting for a hit, 11.6 squeezes ---------------------------------------------------------------


@pytest.mark.parametrize("hit_roll,result", [(4, "SINGLE"), (5, "GROUNDBALL")])
def test_bunting_for_a_hit_revision_1(hit_roll: int, result: str) -> None:
    """11.5 as revision 1 games play it (no 8.12): a successful bunt, then 1d20 <= BNT 3 + BR 4 - the first
    baseman's range 3 = 4 is a single."""
    st, cards = game(batter("B", bnt=3, br=4), pitcher(), fielders={"1b": {"r": 3}})
    ev = run(st, cards, [P(1, 1), d6(3), D20(5), D20(hit_roll)], Orders(strategy_roll=False, play="bunt_hit"),
             revision=1)
    assert label(ev).startswith(result) and ev["ruleset"] == "ip-1"


@pytest.mark.parametrize("infield,fielder_roll,need", [
    ("back", 3, 6),  # 1B back: BR 4 + 2, range 3: 3 + 6 - 3
    ("in", 3, 1),  # 1B in: BR 4 - 2, range 3 + 1, and BNT 3 - 1 on the bunt chart ... 3 + 2 - 4
    ("back", 1, 0),  # the pitcher (P or C): BR 4 - 2, range 3 + 2: 3 + 2 - 5, no hit possible
    ("back", 6, 1),  # the catcher (range 2), the same: 3 + 2 - 4
])
def test_bunting_for_a_hit_with_the_8_12_adjustments(infield: str, fielder_roll: int, need: int) -> None:
    """8.12 (revision 2): on a bunt for a hit the batter's BR is +2 against a fielder back, -2 against one in
    or the pitcher or catcher; the fielder's range +1 in, +2 for the pitcher or catcher."""
    st, cards = game(batter("B", bnt=3, br=4), pitcher(), fielders={"1b": {"r": 3}, "c": {"r": 2}})
    orders = Orders(strategy_roll=False, play="bunt_hit", infield=infield)
    for roll, result in ((need, "SINGLE"), (need + 1, "GROUNDBALL")):
        if roll < 1:
            continue
        ev = run(st, cards, [P(1, 1), d6(fielder_roll), D20(1), D20(roll)], orders)
        assert label(ev).startswith(result), (roll, ev["steps"])
        assert ev["ruleset"] == "ip-2" and f"BNT + BR - range = {need}" in str(ev["rolls"])


@pytest.mark.parametrize("infield,fielder_roll,gdp,revision", [
    ("back", 3, -1, 2), ("in", 3, 1, 2), ("back", 1, 1, 2), ("half", 3, 0, 2),  # 8.12
    ("back", 3, 0, 1), ("half", 3, 1, 1),  # revision 1: 8.11's groundout adjustments
])
def test_a_bunt_too_hard_reads_the_8_12_gdp_adjustment(infield: str, fielder_roll: int, gdp: int,
                                                         revision: int) -> None:
    """11.3 "bunted too hard" is the ground ball double play chance; 8.12 (revision 2) adjusts its Combined
    GDP by the fielder's depth: back -1, in +1, the pitcher or catcher +1 (no entry at half)."""
    st, cards = game(batter("B", bnt=0, gdp=2), pitcher(), runners={1: batter("R1", att="N", br=1)})
    orders = Orders(strategy_roll=False, play="sacrifice", infield=infield)
    combined = 2 + gdp
    for roll, dp in ((combined, True), (combined + 1, False)):
        if roll < 1 or roll > 5:
            continue
        ev = run(st, cards, [P(1, 1), d6(fielder_roll), D20(15), d6(roll)], orders, revision=revision)
        assert label(ev).endswith(" DP") == dp, (roll, ev["steps"])
        assert f"= {combined}" in str(ev["rolls"][-1])


@pytest.mark.parametrize("bnt,rolls,third_at,batter_at", [
    (3, [D20(6)], 4, 0),  # successful: the only play is at first
    (3, [D20(10)], 0, 1),  # the lead runner out
    (5, [D20(12), d6(3)], 4, 1),  # ?? bunt, BR 3: the play at the plate, 3 <= 3 scores
    (5, [D20(12), d6(4)], 0, 1),  # ... 4 > 3: out at the plate
    (3, [D20(18), d6(6)], 4, 1),  # rundown 6: under the tag
    (3, [D20(20)], 0, 0)])  # popout: both out
def test_squeeze_chart(bnt: int, rolls: list[Any], third_at: int, batter_at: int) -> None:
    st, cards = game(batter("B", bnt=bnt), pitcher(), runners={3: batter("R3", br=3)}, outs=1)
    ev = run(st, cards, [P(1, 1), d6(1), *rolls], Orders(strategy_roll=False, play="squeeze"))
    assert ev["play"]["runners"][2] == third_at and ev["play"]["batter"] == batter_at


def test_squeeze_chart_columns_cover_the_die() -> None:
    from league.rules.inside_pitch.bunts import SQUEEZE_CHART

    for column in SQUEEZE_CHART.values():
        assert sorted(n for _, lo, hi in column for n in range(lo, hi + 1)) == list(range(1, 21))


@pytest.mark.parametrize("rolls,error", [([D20(3)], True), ([D20(9), D20(2)], True), ([D20(9), D20(9)], False)])
def test_et_groundball_checks_the_fielder_then_the_pivot_man(rolls: list[Any], error: bool) -> None:
    """5.2 #6: with a double play chance the pivot man's throw is checked too; an error puts everyone safe."""
    st, cards = game(batter("B", cells={(2, 2): "G6"}), pitcher(cells={(1, 1): "ET?"}), runners={1: batter("R1")},
                     fielders={"ss": {"e": 4}, "2b": {"e": 4, "r": 6}})
    extra = [d6(1)] if error else [d6(6)]  # the receiver keeps it to one base / no double play (6: safe)
    ev = run(st, cards, [P(1, 1), P(2, 2), *rolls, *extra])
    assert label(ev).startswith("ERROR") == error


# --- 2 and 3: splits and H? ranges ------------------------------------------------------------------


@pytest.mark.parametrize("roll,result", [(1, "SINGLE S8"), (8, "SINGLE S8"), (9, "DOUBLE D8"), (16, "DOUBLE D8"),
                                         (17, "TRIPLE T8"), (18, "TRIPLE T8"), (19, "FLYBALL F8"), (20, "FLYBALL F8")])
def test_the_h_question_ranges_of_the_batters_card(roll: int, result: str) -> None:
    """3.2: RH?: S=1-8; D=9-16; T=17-18 where 19-20 is a flyout."""
    st, cards = game(batter("B", cells={(2, 2): "?8"}, hits="S=1-8 D=9-16 T=17-18"), pitcher())
    assert label(run(st, cards, [P(1, 1), P(2, 2), D20(roll)])) == result


@pytest.mark.parametrize("throws,cell,result", [("L", "S6/G6", "SINGLE S6"), ("R", "S6/G6", "GROUNDBALL G6"),
                                                ("L", "F9/D9", "FLYBALL F9"), ("R", "F9/D9", "DOUBLE D9")])
def test_batter_card_splits_read_by_the_pitchers_hand(throws: str, cell: str, result: str) -> None:
    """3.4: S/G6 a single against a left-hander, a groundout against a right-hander; F/D9 likewise."""
    st, cards = game(batter("B", cells={(2, 2): cell}), pitcher(hand=throws))
    assert label(run(st, cards, [P(1, 1), P(2, 2)])) == result


@pytest.mark.parametrize("bats,throws,k_check", [("L", "R", True), ("R", "R", False), ("S", "L", False),
                                                 ("S", "R", True)])
def test_pitcher_card_splits_read_by_the_batters_side(bats: str, throws: str, k_check: bool) -> None:
    """2: 'K/' is a K against a left-handed batter, a blank against a right-hander; a switch hitter bats
    opposite the pitcher's hand."""
    st, cards = game(batter("B", hand=bats, k=20, cells={(2, 2): "F8"}), pitcher(hand=throws, cells={(1, 1): "K/"}))
    ev = run(st, cards, [P(1, 1), D20(1)] if k_check else [P(1, 1), P(2, 2)])
    assert label(ev) == ("STRIKEOUT" if k_check else "FLYBALL F8")


# --- 13 injuries from the rare play chart ---------------------------------------------------------------


def test_a_rare_play_injury_rerolls_on_a_six_and_counts_days() -> None:
    """4.1 blank -> the rare play chart (bases empty, red 1 white 4: INJ:F8): F8, then the injury chart:
    INJ-2, 1d6 6 rerolls on INJ-3; 1d6 3 there is Game + 1d6; 1d6 5: five days."""
    st, cards = game(batter("B"), pitcher(cells={(1, 1): "@"}), park({(2, 2): "-"}))
    cf = cards["H-cf"]
    cards["H-cf"] = Card(cf.id, cf.kind, cf.name, cf.team, cf.hand, cf.fielding, cf.grid, {**cf.ratings, "inj": "2"})
    ev = run(st, cards, [P(1, 1), P(2, 2), P(1, 4), d6(6), d6(3), d6(5)])
    assert label(ev) == "FLYBALL F8"
    step = next(s for s in ev["steps"] if s.get("chart") == "injury")
    assert step["column"] == 3 and step["days"] == 5 and "H-cf" in ev["state"].home.injured


def test_a_steal_ordered_by_hand_is_checked_then_rolled() -> None:
    from league.domain.errors import RulesError
    from league.rules.inside_pitch.engine import resolve_steal

    st, cards = game(batter("B"), pitcher(sb=1), runners={1: batter("R1", sb=12), 2: batter("R2", sb=12)},
                     fielders={"c": {"a": -2}})
    with pytest.raises(RulesError):
        resolve_steal(st, cards, [], (1,), QUIET)  # second base is taken
    with pytest.raises(RulesError):
        resolve_steal(st, cards, [], (3,), QUIET)  # nobody on third
    out = resolve_steal(st, cards, [D20(11), D20(11)], (2, 1), QUIET)  # 11 <= 12 + 1 - 2 for both
    assert not isinstance(out, NeedRoll) and out[1]["play"]["runners"][:2] == [2, 3]


@pytest.mark.parametrize("range_roll,result", [(4, "FLYBALL F7"), (5, "SINGLE S7")])
def test_rp_at_ballpark_question_seven_types_the_ball_first(range_roll: int, result: str) -> None:
    """4.4: RP@ and the ballpark's ?7: step one, 1d20 on the park's H? for the batted ball type (a single),
    then the range check on the left fielder (range 4)."""
    st, cards = game(batter("B"), pitcher(cells={(1, 1): "RP@"}), park({(3, 3): "?7"}, hits="S=1-10 D=11-13"),
                     fielders={"lf": {"r": 4}})
    ev = run(st, cards, [P(1, 1), P(3, 3), D20(6), d6(range_roll)])
    assert label(ev) == result


def test_a_runner_on_third_is_not_the_lead_runner_on_a_single() -> None:
    """7.2: he always scores and never draws the throw: the runner from first is the lead runner (S9: +2)."""
    runners = {1: batter("R1", br=2), 3: batter("R3", br=1)}
    st, cards = game(batter("B", cells={(2, 2): "S9"}), pitcher(), runners=runners, fielders={"rf": {"a": 0}})
    need = needs(st, cards, [P(1, 1), P(2, 2)])
    assert "runner from 1 (Adjusted BR 4)" in need.purpose
    ev = run(st, cards, [P(1, 1), P(2, 2), P(4, 2)])
    assert ev["play"]["runners"] == [3, None, 4] and ev["play"]["batter"] == 1
