"""usage=real reads a club's at-bats and outs so far at every setup: the kept sums are the plain sums.

``StratSeason._used_before`` keeps each club's sums and adds only the games
new since the last setup (issue #16: summing the whole season again at every
setup was two fifths of a season sim's serial process).  Whatever happens
between setups -- games added, a game replayed (its box figures read again),
a game revoked (no longer among the earlier ones) -- the answer must be the
sum over the earlier games' current figures, as it always was computed.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from league.rules.strat.season_rest import StratSeason

PLAYERS = ("B1", "B2", "P1", "P2")


def _season(at_bats: dict[str, dict[str, int]], outs: dict[str, dict[str, int]]) -> Any:
    # Only what _used_before reads: every game's figures are already read (no store to load them from).
    season = object.__new__(StratSeason)
    season._used, season.at_bats, season.outs = {}, at_bats, outs
    return season


def _plain(season: Any, earlier: list[str]) -> dict[str, dict[str, int]]:
    used: dict[str, dict[str, int]] = {"batter": {}, "pitcher": {}}
    for gid in earlier:
        for kind, counts in (("batter", season.at_bats[gid]), ("pitcher", season.outs[gid])):
            for player, n in counts.items():
                used[kind][player] = used[kind].get(player, 0) + n
    return used


figures = st.dictionaries(st.sampled_from(PLAYERS), st.integers(min_value=0, max_value=30), max_size=4)
step = st.one_of(st.tuples(st.just("play"), figures, figures),  # a new game with its box figures
                 st.tuples(st.just("replay"), st.integers(min_value=0), figures),  # a game's figures read again
                 st.tuples(st.just("revoke"), st.integers(min_value=0)))  # a game no longer counts


@given(st.lists(step, max_size=25))
def test_the_kept_sums_are_the_sums_of_the_earlier_games_current_figures(steps: list[tuple[Any, ...]]) -> None:
    season = _season({}, {})
    earlier: list[str] = []
    for n, (what, *args) in enumerate(steps):
        if what == "play":
            gid = f"g{n}"
            season.at_bats[gid], season.outs[gid] = args[0], args[1]
            earlier.append(gid)
        elif earlier and what == "replay":
            gid = earlier[args[0] % len(earlier)]
            season.at_bats[gid], season.outs[gid] = dict(args[1]), dict(season.outs[gid])
        elif earlier and what == "revoke":
            earlier.pop(args[0] % len(earlier))
        assert season._used_before("AAA", list(earlier)) == _plain(season, earlier)


def test_a_replayed_game_counts_its_new_figures_and_a_revoked_one_none() -> None:
    season = _season({"g1": {"B1": 4}, "g2": {"B1": 3}}, {"g1": {"P1": 27}, "g2": {"P1": 6, "P2": 21}})
    assert season._used_before("AAA", ["g1", "g2"]) == {"batter": {"B1": 7}, "pitcher": {"P1": 33, "P2": 21}}
    season.at_bats["g2"] = {"B1": 5}  # g2 replayed after a correction
    assert season._used_before("AAA", ["g1", "g2"])["batter"] == {"B1": 9}
    assert season._used_before("AAA", ["g2"]) == {"batter": {"B1": 5}, "pitcher": {"P1": 6, "P2": 21}}
