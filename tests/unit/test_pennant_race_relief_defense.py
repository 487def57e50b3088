"""The relief-defense variant (relief-defense-variant.txt) and its worked example."""

from __future__ import annotations

from league.rules.pennant_race.engine import GameSetup, SideSetup
from league.rules.pennant_race.ratings import Batter, Pitcher, TeamSheet
from league.rules.pennant_race.usage import RelieverStatus
from tests.unit.texas import TEXAS, game, line, play, steps


def _sheet(code: str, bat_value: int) -> TeamSheet:
    return TeamSheet(
        code=code, name=code, league="XX", division="X", bat_value=bat_value,
        unearned=(0,) * 8, xhr_grid=(111, 141, 245, 666),
        pitchers=(
            Pitcher("ACE", st=4.0, end=4, rest=4, cg=666, sho=666),
            Pitcher("ZERO", rel=0, fat=1),
            Pitcher("MINUS ONE", rel=-1, fat=1),
            Pitcher("MINUS TWO", rel=-2, fat=1),
            Pitcher("LONG MAN", rel=5, fat=1),
        ),
        lineup=tuple(Batter(str(i), f"{code} {i}", "DH", 3, 1, 1, ei=(10 + i, 10 + i))
                     for i in range(1, 10)),
    )


def _pen() -> tuple[RelieverStatus, ...]:
    return tuple(RelieverStatus(name, rel, 1, False, False, i, 0, False, None)
                 for i, (name, rel) in enumerate(
                     [("ZERO", 0), ("MINUS ONE", -1), ("MINUS TWO", -2), ("LONG MAN", 5)], 1))


VARIANT = GameSetup(
    "relief-defense",
    SideSetup(_sheet("VIS", 30), "ACE", False, _pen()),
    SideSetup(_sheet("HOM", 30), "ACE", False, _pen()),
)


def test_batting_value_30_against_st_4_end_4_with_roll_432_scores_3() -> None:
    o = play(VARIANT, "432", "666")
    assert steps(o, "relief check", row=9, pitcher_endurance=4, end=4, result="relief needed")
    (chosen,) = steps(o, "relievers chosen")
    assert [c["pitcher"] for c in chosen["chosen"]] == ["MINUS TWO", "MINUS ONE", "ZERO"]
    assert chosen["sum"] == -3 and chosen["white_change"] == -2
    (d,) = [s for s in steps(o, "defense") if s["modified_white"] == 2]
    assert d["defense"] == 8.0
    assert o.visitor.runs == 3


def test_no_relief_when_the_starters_endurance_beats_the_chart() -> None:
    o = play(VARIANT, "666", "432")
    assert steps(o, "relief check", result="sum 10 or more: no relief")
    assert [p.role for p in o.pitching_for("HOM")] == ["SP"]


def test_variant_has_no_fielding_chart_and_no_relief_term_in_offense() -> None:
    o = play(game(ruleset="relief-defense"), "323", "452")
    assert not steps(o, "fielding")
    assert o.visitor.offense["relief"] == 0


def test_variant_relievers_get_the_outs_and_the_usual_lines() -> None:
    o = play(VARIANT, "432", "666")
    hom = o.pitching_for("HOM")
    assert sum(p.outs for p in hom) == 27
    assert all(p.outs >= 1 for p in hom)
    assert line(o, "ACE").role == "SP"


def test_variant_keeps_the_shutout_check() -> None:
    o = play(game(ruleset="relief-defense"), "645", "452")
    assert o.visitor.shutout_by_triad and o.visitor.runs == 0
    assert TEXAS.pitcher("JOSE GUZMAN") is not None
