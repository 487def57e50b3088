"""The optional injuries by INJ rating (page 16, "Player Injuries"), through the engine with scripted dice:
the checks after a game for each pitcher who appeared and one lineup slot, the manual's 54C, the limits."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from league.domain.dice import NeedRoll
from league.rules.pa.state import GameState, PitcherLog, evolve
from league.rules.pine_tar import engine
from league.rules.pine_tar.cards import Card
from league.rules.pine_tar.charts import load_charts
from league.rules.pine_tar.injuries import resolve_postgame
from tests.unit.test_pine_tar_examples import d, game

ON = engine.Orders(options=("injuries",))


def over(relievers: int = 0) -> tuple[GameState, dict[str, Card], dict[str, Any]]:
    """HBR at PRD, finished; every card INJ 10A but the ones a test rates; ``relievers`` came in for each
    club after its starter.  The setup is the one the season player would store (orders, nobody out)."""
    st, cards = game()
    for cid, c in cards.items():
        cards[cid] = replace(c, inj="10A")
    for side in ("visitor", "home"):
        t = st.team(side)
        stints = [t.stint, *(PitcherLog(p, "relief", 7) for p in t.bullpen[:relievers])]
        st = st.with_team(side, replace(t, pitchers=tuple(stints)))
    setup = {side: {"order": list(st.team(side).order), "out": []} for side in ("visitor", "home")}
    return evolve(st, over=True, inning=9), cards, setup


def checks(st: GameState, cards: dict[str, Card], setup: dict[str, Any], *rolls: str,
           orders: engine.Orders = ON) -> tuple[GameState, dict[str, Any]]:
    out = resolve_postgame(st, cards, [d(r) for r in rolls], orders, setup)
    assert isinstance(out, tuple), f"the checks want another roll: {out}"
    return out


def test_the_manuals_54c_is_hurt_on_0_to_54_and_misses_the_c_games_of_the_length_die() -> None:
    st, cards, setup = over()
    starter = st.visitor.pitcher
    cards[starter] = replace(cards[starter], inj="54C")
    # visitor: starter's check 54 (hurt), length die 3; lineup die 0; home: starter 99, lineup die 0
    new, ev = checks(st, cards, setup, "54", "30", "00", "99", "00")
    games = load_charts().injury["C"][3]
    assert ev["injuries"] == [{"team": "HBR", "player": starter, "games": games}]
    assert new.visitor.injured == (starter,) and new.home.injured == ()
    assert any("check roll 54 <= 54: injured" in s["step"] for s in ev["steps"])
    assert [s["value"] for s in ev["steps"] if s.get("chart") == "injury"] == [games]
    # one more than the chance: no injury, and no length roll
    new, ev = checks(st, cards, setup, "55", "00", "99", "00")
    assert ev["injuries"] == [] and new == st and "nobody hurt" in ev["play"]["label"]


def test_pitchers_are_checked_in_order_of_appearance_and_the_first_hurt_exempts_the_rest() -> None:
    st, cards, setup = over(relievers=2)
    starter, first, second = [s.pitcher for s in st.home.pitchers]
    cards[first] = replace(cards[first], inj="40B")
    cards[second] = replace(cards[second], inj="99D")  # would be hurt on any roll, but is exempt
    need = resolve_postgame(st, cards, [d("99"), d("99"), d("99"), d("00")], ON, setup)
    assert isinstance(need, NeedRoll) and need.purpose == f"injury check: {starter}" and need.team == "home"
    new, ev = checks(st, cards, setup, "99", "99", "99", "00",  # visitor's three pitchers and lineup die
                     "11", "40", "52", "00")  # home: starter 11 > 10, first 40 <= 40, length die 5; die 0
    assert ev["injuries"] == [{"team": "PRD", "player": first, "games": load_charts().injury["B"][5]}]
    assert not any(second in s["step"] for s in ev["steps"])


def test_the_lineup_die_picks_the_starting_slot_and_the_pitchers_slot_or_0_checks_nobody() -> None:
    st, cards, setup = over()
    third = setup["home"]["order"][2]
    cards[third] = replace(cards[third], inj="30A")
    new, ev = checks(st, cards, setup, "99", "00", "99", "30", "30", "90")  # home lineup die 3, check 30, A on 9
    assert ev["injuries"] == [{"team": "PRD", "player": third, "games": load_charts().injury["A"][9]}]
    assert new.home.injured == (third,)
    # die 9 is the pitcher batting ninth (no DH): nobody more is checked, the next roll is the home club's
    _, ev = checks(st, cards, setup, "99", "90", "99", "00")
    assert any("the pitcher's slot" in s["step"] for s in ev["steps"])


def test_a_club_with_a_pitcher_or_position_player_out_is_exempt_from_those_checks() -> None:
    st, cards, setup = over()
    for cid in cards:
        cards[cid] = replace(cards[cid], inj="99D")  # anyone checked is hurt
    setup["visitor"]["out"] = [{"player": "x", "at": "pitcher"}, {"player": "y", "at": "ss"}]
    # visitor: no roll at all; home: its starter hurt (99, length 0), lineup die 1 and its man hurt (length 0)
    new, ev = checks(st, cards, setup, "99", "00", "10", "99", "00")
    assert [i["team"] for i in ev["injuries"]] == ["PRD", "PRD"]
    assert ev["injuries"][0]["player"] == st.home.pitcher and ev["injuries"][1]["player"] == setup["home"]["order"][0]
    assert sum("exempt" in s["step"] for s in ev["steps"]) == 2


def test_without_the_option_there_are_no_checks() -> None:
    st, cards, setup = over()
    assert resolve_postgame(st, cards, [], engine.Orders(), setup) is None


def test_the_length_table_has_every_letter_a_card_may_carry() -> None:
    table = load_charts().injury
    assert sorted(table) == ["A", "B", "C", "D"]
    assert all(len(games) == 10 and min(games) >= 1 for games in table.values())
    means = [sum(table[x]) / 10 for x in "ABCD"]
    assert means == sorted(means)  # a later letter, a longer injury


@pytest.mark.parametrize("bad", ["54E", "54", "C54"])
def test_a_card_with_an_injury_letter_off_the_table_is_refused(bad: str) -> None:
    from league.rules.pine_tar.cardgen import OUT
    from league.rules.pine_tar.cards import parse_cards
    from league.domain.errors import LeagueError

    text = (OUT / "hbr.txt").read_text()
    first = text.index("inj: ")
    end = text.index("\n", first)
    with pytest.raises(LeagueError, match="injury rating"):
        parse_cards(text[:first] + f"inj: {bad}" + text[end:], "hbr.txt")
