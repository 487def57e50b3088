"""League leaders rank only the rows that can place, and still print what ranking the whole pool printed.

``projections.queries.stats.leaders`` used to sort each category's whole pool
(hundreds of pitchers or batters) by value, player and team; it now sorts
only the rows at least as good as the ``limit``-th value (issue #16).  Ties
at the cut-off share the place and all are shown, as before.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any, Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from projections.queries.stats import _leading, _ranked


def _whole_pool(pool: list[dict[str, Any]], value: Callable[[dict[str, Any]], Any], higher: bool,
                limit: int) -> list[dict[str, Any]]:
    """The ranking as it was: the whole pool sorted, then its first ``limit`` places."""
    ordered = sorted(pool, key=lambda r: ((-value(r) if higher else value(r)), r["player"], r["team"]))
    return _ranked("x", "AL", ordered, value, value, limit)


rows = st.lists(st.fixed_dictionaries({
    "player": st.sampled_from(["Ace", "Bo", "Cy", "Dee", "Ed"]),
    "team": st.sampled_from(["BAL", "TEX", "NYA"]),
    "hr": st.integers(0, 6),
    "era": st.sampled_from([0.0, 1.5, 2.25, 3.0, 4.5]),
}), max_size=40)


@settings(max_examples=300, deadline=None)
@given(pool=rows, limit=st.integers(-1, 8), higher=st.booleans(), category=st.sampled_from(["hr", "era"]))
def test_the_leaders_are_the_head_of_the_whole_pool_sorted(pool: list[dict[str, Any]], limit: int, higher: bool,
                                                            category: str) -> None:
    value = itemgetter(category)
    assert _ranked("x", "AL", _leading(pool, value, higher, limit), value, value, limit) == \
        _whole_pool(pool, value, higher, limit)


def test_a_tie_at_the_last_place_shows_everyone_tied() -> None:
    pool = [{"player": p, "team": "BAL", "hr": hr} for p, hr in
            [("Ed", 30), ("Al", 25), ("Cy", 20), ("Bo", 20), ("Di", 20), ("Fay", 5)]]
    random.Random(1).shuffle(pool)
    shown = _ranked("hr", "AL", _leading(pool, itemgetter("hr"), True, 3), itemgetter("hr"), itemgetter("hr"), 3)
    assert [(r["rank"], r["player"], r["value"]) for r in shown] == [
        (1, "Ed", 30), (2, "Al", 25), (3, "Bo", 20), (3, "Cy", 20), (3, "Di", 20)]
