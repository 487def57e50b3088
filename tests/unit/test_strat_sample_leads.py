"""The shipped sample cards carry 23.1's supplementary stealing rating (``lead:``) on every batter card, by
his stealing grade (league/rules/strat/cardgen.py, LEAD_BY_GRADE), so super advanced leagues made from
them steal by 23.x; pitchers' cards carry none (23.12)."""

from __future__ import annotations

from dataclasses import replace

from league.rules.strat.cardgen import LEAD_BY_GRADE, TEAMS
from league.rules.strat.roster import load_set
from league.rules.strat.supplementary import parse_lead
from tests.unit.test_strat_helpers import card_set
from tests.unit.test_strat_policy import decisions, fold

GRADES = ("AAA", "AA", "A", "B", "C", "D", "E")


def test_every_shipped_batter_card_carries_the_lead_of_his_stealing_grade() -> None:
    cards = load_set()
    batters = [c for c in cards.values() if c.team in TEAMS and c.kind == "batter"]
    assert len(batters) == 8 * 13
    assert all(c.lead == parse_lead(LEAD_BY_GRADE[c.stealing]) for c in batters)
    # pitchers, the pitchers' hitting cards and the 25.3 card: none (23.12)
    assert all(c.lead is None for c in cards.values() if c not in batters)


def test_a_better_grade_never_gets_a_worse_lead() -> None:
    leads = [parse_lead(LEAD_BY_GRADE[g]) for g in GRADES]
    for better, worse in zip(leads, leads[1:]):
        assert better.first >= worse.first and better.good >= worse.good
    # the auto-manager sends a runner only when his automatic outs come under a quarter of his good leads
    ways = {t: 6 - abs(t - 7) for t in range(2, 13)}
    assert all(4 * sum(ways[t] for t in lead.out) < sum(ways[t] for t in lead.good) for lead in leads)


def test_in_super_play_an_a_runner_steals_by_his_lead_and_a_c_runner_does_not() -> None:
    # first alone, none out, an arm 0 catcher and a hold 0 pitcher: the A runner's good lead gives him 19,
    # 17 held (the defense holds both), the C runner's 15, 13 held: only the A runner reaches 15
    cards = card_set()
    for grade, steals in (("A", True), ("C", False)):
        cards["V8"] = replace(cards["V8"], stealing=grade, lead=parse_lead(LEAD_BY_GRADE[grade]))
        made = decisions(fold(cards, level="super+r4", bases=("V8", None, None)))
        assert any(d["type"] == "steal" for d in made) is steals, grade
