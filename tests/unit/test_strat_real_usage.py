"""10.1-10.2's real-usage limits: the cards' ``actual:`` line and the policy that keeps players within it."""

from __future__ import annotations

import pytest

from league.domain.errors import InputError
from league.rules.strat.cardgen import team_cards
from league.rules.strat.cards import parse_cards
from league.rules.strat.cardtext import format_card
from league.rules.strat.real_usage import START_OUTS, actual_text, parse_actual, sits


def with_line(text: str, line: str) -> str:
    head, _, rest = text.partition("\n")
    return f"{head}\n{line}\n{rest}"


def test_a_batter_card_reads_its_actual_at_bats_and_a_pitcher_card_its_innings_as_outs() -> None:
    cards = team_cards("BAY")
    batter = next(c for c in cards if c.kind == "batter")
    pitcher = next(c for c in cards if c.kind == "pitcher")
    text = with_line(format_card(batter), "actual: ab=512") + with_line(format_card(pitcher), "Actual: ip=231.1")
    b, p = parse_cards(text, "BAY.txt")
    assert (b.actual_ab, b.actual_outs) == (512, None)
    assert (p.actual_ab, p.actual_outs) == (None, 694)  # 231 innings and a third
    assert parse_cards(with_line(format_card(pitcher), "actual: outs=694"))[0].actual_outs == 694


def test_a_card_without_the_line_carries_no_figure() -> None:
    batter = next(c for c in team_cards("BAY") if c.kind == "batter")
    assert parse_cards(format_card(batter))[0].actual_ab is None


@pytest.mark.parametrize("value", ["ab=12.1", "ip=20.3", "ab=-4", "hits=100", "ip=10, outs=30", ""])
def test_a_malformed_actual_line_is_refused_with_its_line_and_field(value: str) -> None:
    batter = next(c for c in team_cards("BAY") if c.kind == "batter")
    with pytest.raises(InputError) as e:
        parse_cards(with_line(format_card(batter), f"actual: {value}"), "BAY.txt")
    assert "BAY.txt" in str(e.value) and "actual" in str(e.value)


def test_innings_are_written_back_as_innings_and_thirds() -> None:
    assert actual_text(None, 694) == "ip=231.1" and parse_actual("ip=231.1") == {"actual_outs": 694}
    assert actual_text(610, None) == "ab=610" and actual_text(None, None) is None


class _Card:
    def __init__(self, kind: str, ab: int | None = None, outs: int | None = None, starter: int | None = None,
                 relief: int | None = None) -> None:
        self.kind, self.actual_ab, self.actual_outs = kind, ab, outs
        self.starter, self.relief = starter, relief


def test_a_batter_plays_on_pace_sits_ahead_of_it_and_stops_a_game_short_of_his_figure() -> None:
    regular = _Card("batter", ab=100)
    assert sits(regular, used=0, played=0, scheduled=40) is None
    assert sits(regular, used=59, played=20, scheduled=40) is None  # 50 on pace, 4 + 5 slack
    assert "ahead of his real pace (100; 59 allowed)" in (sits(regular, used=60, played=20, scheduled=40) or "")
    assert sits(regular, used=96, played=39, scheduled=40) is None
    assert "not enough left" in (sits(regular, used=97, played=39, scheduled=40) or "")
    assert sits(_Card("batter"), used=1000, played=1, scheduled=40) is None  # no figure: no limit


def test_a_starter_keeps_the_longest_start_in_hand_and_a_reliever_his_longest_relief_outing() -> None:
    starter = _Card("pitcher", outs=200, starter=6)
    assert sits(starter, used=165, played=39, scheduled=40) is None  # 33 outs and a double play left
    assert "not enough left" in (sits(starter, used=166, played=39, scheduled=40) or "")
    reliever = _Card("pitcher", outs=30, relief=2)
    assert sits(reliever, used=22, played=39, scheduled=40) is None  # 6 outs (3 x POW 2) and a double play
    assert "not enough left" in (sits(reliever, used=23, played=39, scheduled=40) or "")


def test_the_reserve_is_the_auto_managers_longest_outing() -> None:
    from league.rules.strat.manager import START_OUTS as MANAGER

    assert START_OUTS == MANAGER


def test_a_refusal_says_a_player_kept_within_his_real_figure_sits_and_an_injured_one_is_on_the_list() -> None:
    from league.domain.errors import RulesError
    from league.rules.pa.subs import check_not_out

    sitting = {"player": "ANV03", "reason": "real usage (10.1): 508 of his 512 real at-bats used, "
                                            "not enough left for another game"}
    hurt = {"player": "ANV04", "reason": "injured 2024-04-01 in G1 for 3 game(s); this game is 1 of 3"}
    with pytest.raises(RulesError, match=r"ANV03 sits this game \(real usage \(10.1\)"):
        check_not_out({"in": "ANV03"}, [sitting, hurt])
    with pytest.raises(RulesError, match=r"ANV04 is on the injury list \(injured"):
        check_not_out({"in": "ANV04"}, [sitting, hurt])
