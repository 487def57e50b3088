"""The rotation and the Strat-O-Matic rest rules that `league pitchers` reads without the engine.

``league.rules.pa.rotation`` (who starts next, games since a start) is what
the season player sets its games up with and what the rest calendars show;
``league.rules.strat.usage_rules`` holds Strat's rest rules.  Neither may load
the game state or the event store: `league pitchers` on current views reads
rows and asks them (issue #16).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

from league.rules.pa.rotation import NO_HEALTHY_PITCHER, NO_HEALTHY_STARTER, RESTED, games_since_start, next_starter


@dataclass(frozen=True)
class P:
    id: str
    starts: bool = True
    rest: int = 4


def pick(pitchers: list[P], since: dict[str, int], out: tuple[str, ...] = ()) -> tuple[str, str]:
    card, why = next_starter(pitchers, lambda c: c.starts, lambda c: c.id, since, lambda c: c.rest,
                             {p: "hurt" for p in out})
    return card.id, why


def test_the_most_rested_starter_who_has_had_his_rest_starts() -> None:
    staff = [P("A"), P("B"), P("C"), P("R", starts=False)]
    assert pick(staff, {"A": 5, "B": 6, "C": 2, "R": 9}) == ("B", RESTED)


def test_a_starter_who_never_started_counts_as_rested_and_ties_go_to_the_first_listed() -> None:
    assert pick([P("A"), P("B"), P("C")], {"A": 1}) == ("B", RESTED)


def test_nobody_rested_the_most_rested_starts_anyway() -> None:
    assert pick([P("A", rest=4), P("B", rest=4)], {"A": 1, "B": 3}) == ("B", RESTED)


def test_an_injured_starter_is_passed_over() -> None:
    assert pick([P("A"), P("B")], {"A": 1, "B": 9}, out=("B",)) == ("A", RESTED)


def test_no_healthy_starter_the_most_rested_healthy_pitcher_starts() -> None:
    staff = [P("A"), P("R1", starts=False), P("R2", starts=False)]
    assert pick(staff, {"A": 9, "R1": 2, "R2": 1}, out=("A",)) == ("R1", NO_HEALTHY_STARTER)


def test_nobody_healthy_the_starters_choice_stands() -> None:
    staff = [P("A"), P("B"), P("R", starts=False)]
    assert pick(staff, {"A": 9, "B": 2}, out=("A", "B", "R")) == ("A", NO_HEALTHY_PITCHER)


def test_games_since_start_counts_the_clubs_games_after_his_last_start_in_date_and_game_order() -> None:
    def game(date: str, number: int, *used: str) -> dict[str, object]:
        return {"date": date, "number": number,
                "appearances": [{"pitcher": p, "role": "start" if i == 0 else "relief"} for i, p in enumerate(used)]}

    by_game = {"g3": game("2024-04-03", 0, "A", "R"), "g1": game("2024-04-01", 0, "A"),
               "g2b": game("2024-04-02", 2, "C", "B"), "g2a": game("2024-04-02", 1, "B")}
    # order: g1 (A), g2a (B), g2b (C, B in relief), g3 (A): B's relief does not reset his count
    assert games_since_start(by_game) == {"A": 0, "B": 2, "C": 1}


def test_the_rules_modules_import_no_engine() -> None:
    script = ("import sys, league.rules.strat.usage_rules, league.rules.pa.rotation\n"
              "print(sorted(m for m in ('eventsourcing', 'league.rules.pa.state', 'league.rules.strat.manager',"
              " 'league.rules.pa.season') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "[]", (done.stdout, done.stderr)
