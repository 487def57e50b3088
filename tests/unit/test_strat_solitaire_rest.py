"""26.2's solitaire rest charts, read with scripted dice: the usage chart's d6 names three positions, a d20
on the rest chart's section for each starter's actual at-bats plus walks says whether he rests; the last
man rated at a position starts anyway (D); a rested man sits on the bench, free to come in later (E).

The cards are the shipped BRK club's (tests/unit/test_pa_injured_lineups.py names them): BRK01-08 play
C, 1B, 2B, SS, 3B, LF, CF, RF, BRK09 is the DH, the bench is BRK10 (C), BRK11 (2B-1, SS-3, 3B-3),
BRK12 (LF, CF, RF) and BRK13 (1B-2, 3B-2).  The figures are made up here: the shipped set carries none.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from league.rules.pa.lineup import Lineup, Out, fill_lineup, rest_lineup
from league.rules.pa.subs import check_not_out
from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET
from league.rules.strat.solitaire_rest import CHART, at_bats_and_walks, checks, reason, section, usage_row

CARDS = parse_cards((CARD_SET / "BRK.txt").read_text(), "BRK")


def batters(ab: int = 600, bb: int = 50, **figures: tuple[int, int] | None) -> list[Any]:
    """BRK's batters, each with ``actual: ab=.., bb=..`` (``figures`` by card id: another pair, or None for
    no line at all)."""
    out = []
    for c in CARDS:
        if c.kind != "batter":
            continue
        pair = figures.get(c.id, (ab, bb))
        out.append(dataclasses.replace(c, actual_ab=pair[0] if pair else None, actual_bb=pair[1] if pair else None))
    return out


def rested(cards: list[Any], d6: int, d20s: list[int], out: dict[str, Out] | None = None) -> tuple[Lineup, dict]:
    """The season player's steps with the dice given: the lineup filled, the charts read, the rests made."""
    lineup = fill_lineup(cards, True, out or {})
    record = checks(lineup.fielders, {c.id: c for c in cards}, d6, d20s)
    rests = [{**c, "reason": reason(record, c)} for c in record["checks"] if c["rests"]]
    return rest_lineup(lineup, cards, rests), record


# --- the charts -------------------------------------------------------------------------------------


def test_the_usage_chart_names_three_positions_a_roll_the_catcher_most_often() -> None:
    assert usage_row(5) == ("c", "ss", "rf")
    named = [p for d6 in range(1, 7) for p in usage_row(d6)]
    assert named.count("c") == 3 and named.count("dh") == 1
    assert all(named.count(p) == 2 for p in ("1b", "2b", "3b", "ss", "lf", "cf", "rf"))


def test_a_regular_rests_only_on_a_1_and_a_part_timer_on_1_to_15() -> None:
    assert (str(section(688)), section(688).rests_through) == ("650 or more", 1)
    assert (str(section(250)), section(250).rests_through) == ("250-299", 15)
    sections = json.loads(CHART.read_text())["rest"]["sections"]  # every figure from 0 up has one section
    assert sections[-1][0] == 0 and all(lo == nxt[1] + 1 for (lo, _, _), nxt in zip(sections, sections[1:]))


def test_at_bats_and_walks_come_from_the_actual_line_and_a_card_without_it_has_none() -> None:
    one = parse_cards((CARD_SET / "BRK.txt").read_text().replace("BATTER BRK01\n", "BATTER BRK01\nactual: ab=480, bb=62\n", 1),
                      "BRK")[0]
    assert (one.actual_ab, one.actual_bb, at_bats_and_walks(one)) == (480, 62, 542)
    assert at_bats_and_walks(CARDS[0]) is None
    assert at_bats_and_walks(dataclasses.replace(CARDS[0], actual_ab=480)) == 480  # no bb=: the at-bats alone


# --- rest, no rest ------------------------------------------------------------------------------------


def test_a_regular_rolling_1_rests_and_the_best_rated_bench_man_takes_his_slot() -> None:
    lineup, record = rested(batters(), d6=5, d20s=[1, 2, 20])  # C, SS, RF: 650 rests on 1
    assert [(c["player"], c["d20"], c["rests"]) for c in record["checks"]] == [
        ("BRK01", 1, True), ("BRK04", 2, False), ("BRK08", 20, False)]
    assert lineup.order[0] == "BRK10" and lineup.fielders["c"] == "BRK10"
    (note,) = lineup.out
    assert note == {"player": "BRK01", "at": "c", "rested": True, "replaced_by": "BRK10",
                    "reason": "rests (26.2): lineup usage d6 5 (C, SS, RF); 650 at-bats and walks, "
                              "rest chart 650 or more rests on 1, d20 1",
                    "how": f"rated at C: {CARDS[9].rating('c')}"}


def test_nobody_rests_when_the_d20s_are_above_the_sections() -> None:
    lineup, record = rested(batters(BRK04=(220, 30)), d6=5, d20s=[2, 16, 20])  # SS 250: rests on 1-15
    assert [c["rests"] for c in record["checks"]] == [False, False, False]
    assert record["checks"][1]["section"] == "250-299" and record["checks"][1]["rests_on"] == "1-15"
    assert lineup.order == [f"BRK0{i}" for i in range(1, 10)] and lineup.out == []


def test_a_part_timer_rests_where_a_regular_does_not_on_the_same_die() -> None:
    lineup, _ = rested(batters(BRK04=(220, 30)), d6=5, d20s=[2, 15, 20])
    assert [n["player"] for n in lineup.out] == ["BRK04"] and lineup.fielders["ss"] == "BRK11"


def test_a_card_without_the_figures_never_rests_and_reads_no_die() -> None:
    lineup, record = rested(batters(BRK01=None), d6=5, d20s=[1, 1, 1])
    assert record["checks"][0] == {"at": "c", "player": "BRK01", "ab_bb": None, "rests": False}
    assert [n["player"] for n in lineup.out] == ["BRK04", "BRK08"]


def test_without_the_dh_the_usage_rows_dh_is_skipped() -> None:
    cards = batters()
    lineup = fill_lineup(cards, False, {})
    record = checks(lineup.fielders, {c.id: c for c in cards}, 4, [1, 1, 1])  # 2B, LF, DH
    assert [c["at"] for c in record["checks"]] == ["2b", "lf"]


# --- D: the last man rated starts; E: the rested man is on the bench -------------------------------------


def test_the_last_player_available_rated_at_his_position_starts_anyway() -> None:
    hurt = {"BRK10": Out(player="BRK10", date="2024-04-01", game="G1", games=5, missed=0)}  # the only other C
    lineup, _ = rested(batters(), d6=1, d20s=[1, 1, 20], out=hurt)  # C, 2B, LF: the catcher and 2B roll 1
    assert lineup.fielders["c"] == "BRK01" and lineup.fielders["2b"] == "BRK11"
    note = next(n for n in lineup.out if n["player"] == "BRK01")
    assert note["replaced_by"] is None and note["how"] == "the last player available rated at C: he starts (26.2 D)"


def test_a_bench_man_rested_into_one_position_is_not_counted_again() -> None:
    # SS rests first and BRK11 (the bench's only SS and 2B) takes it; at 2B nobody rated is left but the DH,
    # who is not rated there either: the second baseman starts.
    lineup = fill_lineup(batters(), True, {})
    rests = [{"player": "BRK04", "at": "ss", "reason": "r"}, {"player": "BRK03", "at": "2b", "reason": "r"}]
    after = rest_lineup(lineup, batters(), rests)
    assert after.fielders["ss"] == "BRK11" and after.fielders["2b"] == "BRK03"


def test_the_dh_moves_in_when_he_is_the_one_left_rated_there() -> None:
    # 1B rests with BRK13 (the bench's only 1B) hurt: the DH BRK09 (1B/LF) moves to first, a bench man bats DH.
    hurt = {"BRK13": Out(player="BRK13", date="2024-04-01", game="G1", games=5, missed=0)}
    lineup, _ = rested(batters(), d6=2, d20s=[1, 20, 20], out=hurt)
    assert lineup.fielders["1b"] == "BRK09" and lineup.fielders["dh"] == "BRK10"


def test_a_rested_man_sits_on_the_bench_and_may_pinch_hit() -> None:
    lineup, _ = rested(batters(), d6=5, d20s=[1, 20, 1])  # the catcher and the right fielder rest
    assert lineup.bench[-2:] == ["BRK01", "BRK08"] and "BRK01" not in lineup.order
    # E: hand play lets him in (the note is marked rested); an injured man's note still refuses
    check_not_out({"type": "pinch_hit", "team": "home", "in": "BRK01"}, lineup.out)
    check_not_out({"type": "defensive_replacement", "team": "home", "in": "BRK08", "position": "rf"}, lineup.out)
