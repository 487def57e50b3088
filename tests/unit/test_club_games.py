"""A club's games kept in order (``league.rules.pa.club_games``) answer as the functions over the whole record.

The season player reads games since each start and who is out of a game
from :class:`ClubGames`, which reads only the games a Staff record gained
since it was last asked (issue #16).  Whatever happens to the record --
games added in order or not, revoked, stored again, injuries added later,
games without an injury record -- its answers must be exactly those of
``rotation.games_since_start`` and ``lineup.out_of_action`` (order of the
dict included), or None where it leaves the question to them.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from league.rules.pa.club_games import ClubGames
from league.rules.pa.lineup import OLD_GAMES_READ, out_of_action
from league.rules.pa.rotation import games_since_start

PITCHERS = [f"p{i}" for i in range(8)]
PLAYERS = [f"b{i}" for i in range(6)]


def _old(gid: str) -> list[dict[str, Any]]:
    n = int(gid[1:])
    return [{"player": PLAYERS[n % len(PLAYERS)], "games": n % 7}] if n % 3 == 0 else []


def _game(rng: random.Random, day: int, number: int, injuries: bool) -> dict[str, Any]:
    starter = rng.choice(PITCHERS)
    apps = [{"pitcher": starter, "role": "start"}] + [{"pitcher": p, "role": "relief"}
                                                       for p in rng.sample(PITCHERS, rng.randint(0, 3)) if p != starter]
    info: dict[str, Any] = {"date": f"2024-{4 + day // 28:02d}-{1 + day % 28:02d}", "number": number,
                            "appearances": apps}
    if injuries:
        info["injuries"] = [{"player": rng.choice(PLAYERS), "games": rng.choice([0, 1, 2, 5, 15, 40])}
                            for _ in range(rng.choice([0, 0, 0, 1, 2]))]
    return info


def _check(club: ClubGames, by_game: dict[str, dict[str, Any]], version: int) -> None:
    club.sync(version)
    since = club.games_since_start()
    expected = games_since_start(by_game)
    if since is not None:
        assert list(since.items()) == list(expected.items())
    if by_game:
        last = max((info["date"], int(info.get("number", 0)), gid) for gid, info in by_game.items())
        keys = [(last[0], last[1] + 1, ""), ("2099-01-01", 1, "z"), last, (last[0], last[1], last[2] + "x")]
    else:
        keys = [("2024-01-01", 1, "g")]
    for key in keys:
        out = club.out_of_action(key, _old)
        if out is not None:
            assert list(out.items()) == list(out_of_action(by_game, key, _old).items())


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.floats(0, 1), st.floats(0, 0.2))
def test_club_games_answer_as_the_whole_record_does(seed: int, shuffle: float, revoke: float) -> None:
    rng = random.Random(seed)
    by_game: dict[str, dict[str, Any]] = {}
    club = ClubGames(by_game)
    version = 0
    day, number = 0, 1
    for n in range(60):
        step = rng.choice([0, 1, 1, 2])
        day, number = day + step, 1 if step else 2  # a doubleheader's second game now and then
        d = day if rng.random() >= shuffle * 0.1 else max(0, day - rng.randint(0, 5))  # now and then out of order
        gid = f"g{n}"
        by_game[gid] = _game(rng, d, number, injuries=rng.random() > 0.05)
        version += 1
        if rng.random() < 0.5:  # the injuries stored a moment later, as the Staff's second event does
            if "injuries" not in by_game[gid]:
                by_game[gid] = {**by_game[gid], "injuries": [{"player": "b0", "games": 3}]}
                version += 1
        if by_game and rng.random() < revoke:
            by_game.pop(rng.choice(list(by_game)))
            version += 1
        _check(club, by_game, version)
        if rng.random() < 0.1:
            _check(club, by_game, version)  # asked again at the same version


def test_a_season_in_order_is_answered_and_matches() -> None:
    rng = random.Random(7)
    by_game: dict[str, dict[str, Any]] = {}
    club = ClubGames(by_game)
    answered = 0
    for n in range(200):
        info = _game(rng, n, 1, injuries=n > 20)
        by_game[f"g{n}"] = info
        club.sync(n)
        key = (info["date"], 2, "")
        out = club.out_of_action(key, _old)
        assert out is not None
        assert list(out.items()) == list(out_of_action(by_game, key, _old).items())
        since = club.games_since_start()
        assert since is not None and list(since.items()) == list(games_since_start(by_game).items())
        answered += 1
    assert answered == 200
    assert OLD_GAMES_READ == 30  # the oldest games without a record fall out of the list read


def test_a_game_stored_out_of_order_is_left_to_the_functions() -> None:
    by_game = {"a": {"date": "2024-04-02", "number": 1, "appearances": [], "injuries": []},
               "b": {"date": "2024-04-01", "number": 1, "appearances": [], "injuries": []}}
    club = ClubGames(by_game)
    club.sync()
    assert club.games_since_start() is None
    assert club.out_of_action(("2024-05-01", 1, ""), _old) is None
    del by_game["b"]
    club.sync()
    assert club.games_since_start() == {}
    assert club.out_of_action(("2024-05-01", 1, ""), _old) == {}
