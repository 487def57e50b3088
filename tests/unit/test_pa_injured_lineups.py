"""An injured player sits out his club's next N games: who is out, and the lineup filled around him.

The cards are the shipped BRK club's: BRK01-08 play C, 1B, 2B, SS, 3B, LF,
CF, RF; BRK09 (1B/LF) is the DH; the bench is BRK10 (C), BRK11 (2B-1, SS-3,
3B-3), BRK12 (LF, CF, RF) and BRK13 (1B-2, 3B-2); BRK14-17 start, BRK18 and
BRK22 start and relieve, BRK19-21, 23, 24 relieve.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from league.application.app import LeagueApp
from league.domain.errors import RulesError
from league.domain.staff import Staff, club_injuries
from league.rules.pa.lineup import OLD_GAMES_READ, Out, fill_lineup, out_of_action
from league.rules.pa.subs import check_not_out
from league.rules.strat.cards import parse_cards
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team

CARDS = parse_cards((CARD_SET / "BRK.txt").read_text(), "BRK")
BATTERS = [c for c in CARDS if c.kind == "batter"]


def hurt(*players: str) -> dict[str, Out]:
    return {p: Out(player=p, date="2024-04-01", game="G1", games=5, missed=2) for p in players}


def played(n: int, injuries: dict[int, list[dict[str, Any]]] | None = None) -> dict[str, dict[str, Any]]:
    """A club's Staff record of ``n`` finished games, G1..Gn a day apart; ``injuries`` by game number."""
    by_game = {}
    for i in range(1, n + 1):
        by_game[f"G{i}"] = {"date": (dt.date(2024, 4, 1) + dt.timedelta(days=i - 1)).isoformat(), "number": 0,
                            "appearances": [], "injuries": (injuries or {}).get(i, [])}
    return by_game


def key(i: int) -> tuple[str, int, str]:
    return ((dt.date(2024, 4, 1) + dt.timedelta(days=i - 1)).isoformat(), 0, f"G{i}")


# --- who is out ---------------------------------------------------------------------------------


def test_a_player_hurt_for_two_games_misses_the_next_two_and_is_back_for_the_third() -> None:
    by_game = played(4, {1: [{"player": "BRK05", "games": 2}]})
    assert out_of_action(by_game, key(2), lambda g: []) == {
        "BRK05": Out(player="BRK05", date="2024-04-01", game="G1", games=2, missed=0)}
    assert out_of_action(by_game, key(3), lambda g: ())["BRK05"].missed == 1
    assert out_of_action(by_game, key(4), lambda g: ()) == {}


def test_only_the_games_before_the_one_set_up_count_and_a_zero_game_injury_ends_with_its_game() -> None:
    by_game = played(4, {1: [{"player": "BRK03", "games": 0}], 3: [{"player": "BRK07", "games": 5}]})
    # game 3 set up again (a dispute's cascade) sees neither game 3's own injury nor game 4
    assert out_of_action(by_game, key(3), lambda g: ()) == {}
    assert set(out_of_action(by_game, key(5), lambda g: ())) == {"BRK07"}


def test_a_doubleheaders_second_game_counts_the_first() -> None:
    by_game = {"G1": {"date": "2024-04-01", "number": 1, "appearances": [],
                      "injuries": [{"player": "BRK02", "games": 1}]},
               "G2": {"date": "2024-04-01", "number": 2, "appearances": [], "injuries": []}}
    assert set(out_of_action(by_game, ("2024-04-01", 2, "G2"), lambda g: ())) == {"BRK02"}
    assert out_of_action(by_game, ("2024-04-02", 0, "G3"), lambda g: ()) == {}


def test_games_finished_before_injuries_were_kept_are_read_from_the_game_within_reach_only() -> None:
    by_game = played(OLD_GAMES_READ + 2)
    for info in by_game.values():
        del info["injuries"]  # finished by older code: no record on the Staff
    asked: list[str] = []

    def read_old(game: str) -> list[dict[str, Any]]:
        asked.append(game)
        return [{"player": "BRK06", "games": 40}] if game == "G1" else []

    out = out_of_action(by_game, key(OLD_GAMES_READ + 3), read_old)
    assert out == {}  # G1 and G2 are out of reach: not even read
    assert asked == [f"G{i}" for i in range(3, OLD_GAMES_READ + 3)]


# --- the lineup ---------------------------------------------------------------------------------


def test_nobody_out_gives_the_card_orders_lineup() -> None:
    lineup = fill_lineup(BATTERS, True, {})
    assert lineup.order == [f"BRK0{i}" for i in range(1, 10)]
    assert lineup.bench == ["BRK10", "BRK11", "BRK12", "BRK13"] and lineup.out == []
    # without the DH the ninth batter sits last on the bench
    assert fill_lineup(BATTERS, False, {}).bench == ["BRK10", "BRK11", "BRK12", "BRK13", "BRK09"]


def test_an_injured_regular_gives_way_to_the_best_rated_bench_player_in_his_batting_slot() -> None:
    lineup = fill_lineup(BATTERS, True, hurt("BRK05"))  # 3B: BRK11 is 3b-3, BRK13 3b-2
    assert lineup.order[4] == "BRK13" and lineup.fielders["3b"] == "BRK13"
    assert "BRK05" not in lineup.order and "BRK05" not in lineup.bench and "BRK13" not in lineup.bench
    (note,) = lineup.out
    assert note["player"] == "BRK05" and note["at"] == "3b" and note["replaced_by"] == "BRK13"
    assert note["reason"] == "injured 2024-04-01 in G1 for 5 game(s); this game is 3 of 5"
    assert note["how"] == "rated at 3B: 3b-2e23"


def test_two_out_in_the_infield_the_second_plays_out_of_position_rated_the_worst() -> None:
    lineup = fill_lineup(BATTERS, True, hurt("BRK03", "BRK04"))  # BRK11 is the only 2B and the only SS
    assert lineup.fielders["2b"] == "BRK11"
    assert lineup.fielders["ss"] == "BRK13"  # an infielder (1B, 3B) before a catcher or an outfielder
    assert "out of position, rated the worst (25.2)" in lineup.out[1]["how"]


def test_the_dh_moves_to_the_field_when_he_alone_is_rated_there() -> None:
    lineup = fill_lineup(BATTERS, True, hurt("BRK02", "BRK13"))  # 1B: BRK13 hurt too; the DH BRK09 plays 1B
    assert lineup.fielders["1b"] == "BRK09" and lineup.fielders["dh"] == "BRK10"
    assert lineup.order[1] == "BRK10" and lineup.order[8] == "BRK09"  # each keeps a slot: the order's shape
    assert {n["player"]: n["at"] for n in lineup.out} == {"BRK02": "1b", "BRK13": "bench"}
    # without the DH, BRK09 is on the bench and simply takes first base
    assert fill_lineup(BATTERS, False, hurt("BRK02", "BRK13")).fielders["1b"] == "BRK09"


def test_an_injured_dh_gives_way_to_the_first_healthy_bench_player() -> None:
    lineup = fill_lineup(BATTERS, True, hurt("BRK09", "BRK10"))
    assert lineup.fielders["dh"] == "BRK11" and lineup.order[8] == "BRK11"


def test_with_the_bench_empty_the_injured_man_plays_and_the_setup_says_so() -> None:
    lineup = fill_lineup(BATTERS, True, hurt("BRK10", "BRK11", "BRK12", "BRK13", "BRK07"))
    assert lineup.fielders["cf"] == "BRK07" and lineup.bench == []
    note = next(n for n in lineup.out if n["player"] == "BRK07")
    assert note["replaced_by"] is None and "he plays" in note["how"]


def test_a_substitution_bringing_in_a_player_out_of_the_game_is_refused_naming_him() -> None:
    out = [{"player": "BRK05", "at": "3b", "reason": "injured 2024-04-01 in G1 for 5 game(s); this game is 3 of 5",
            "replaced_by": "BRK13", "how": "rated at 3B"}]
    for decision in ({"type": "pinch_hit", "team": "home", "in": "BRK05"},
                     {"type": "pitching_change", "team": "home", "in": "BRK05"},
                     {"type": "double_switch", "team": "home", "pitcher": "BRK19", "fielder": "BRK05", "out": "BRK04"}):
        with pytest.raises(RulesError, match=r"Stan \(BRK05\) is on the injury list \(injured 2024-04-01 in G1"):
            check_not_out(decision, out, {"BRK05": "Stan"})
    check_not_out({"type": "pinch_hit", "team": "home", "in": "BRK11"}, out)  # anyone else comes in


# --- the Staff record -----------------------------------------------------------------------------


def test_a_games_injuries_on_the_staff_go_with_its_usage_and_come_back_with_it() -> None:
    staff = Staff(team="BRK")
    game_injuries = [{"team": "BRK", "player": "BRK05", "games": 3}, {"team": "ANV", "player": "ANV02", "games": 1}]
    staff.record_usage(game="G1", date="2024-04-01", appearances=[{"pitcher": "BRK14", "role": "start"}])
    staff.record_injuries(game="G1", injuries=club_injuries(game_injuries, "BRK"))
    assert staff.by_game["G1"]["injuries"] == [{"player": "BRK05", "games": 3}]
    staff.revoke_usage(game="G1", reason="void")
    assert out_of_action(staff.by_game, key(2), lambda g: ()) == {}
    staff.record_usage(game="G1", date="2024-04-01", appearances=[{"pitcher": "BRK14", "role": "start"}])
    staff.record_injuries(game="G1", injuries=club_injuries(game_injuries, "BRK"))
    assert set(out_of_action(staff.by_game, key(2), lambda g: ())) == {"BRK05"}
    assert [type(e).__name__ for e in staff.collect_events()][-2:] == ["PitchersUsed", "PlayersInjured"]


# --- the season player: pitchers and a named starter ------------------------------------------------


@pytest.fixture
def season() -> Any:
    app = LeagueApp(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    app.create_league("T", "strat-o-matic", "u1")
    app.import_teams([(read_card_team(CARD_SET / f"{t}.txt"), t) for t in ("ANV", "BRK")], actor="t")
    staffs = {t: app.staff(t) for t in ("ANV", "BRK")}
    return app.season_player(app.league(), staffs)


def _hurt_in_g1(season: Any, injuries: list[dict[str, Any]]) -> None:
    staff = season.staffs["BRK"]
    staff.record_usage(game="G1", date="2024-04-01", appearances=[{"pitcher": "BRK14", "role": "start"}])
    staff.record_injuries(game="G1", injuries=injuries)


def _setup(season: Any, visitor_starter: str | None = None) -> dict[str, Any]:
    scheduled = {"game_id": "G2", "date": "2024-04-02", "number": 0, "visitor": "BRK", "home": "ANV"}
    return season.begin(scheduled, None, "t", "seeded", (visitor_starter, None)).setup["visitor"]


def test_an_injured_starter_is_passed_over_and_an_injured_reliever_leaves_the_bullpen(season: Any) -> None:
    _hurt_in_g1(season, [])
    before = _setup(season)  # BRK14 started G1: BRK15 is next
    assert before["starter"] == "BRK15" and "BRK19" in before["bullpen"] and "out" not in before
    season.staffs["BRK"].revoke_usage(game="G1", reason="hurt after all")
    _hurt_in_g1(season, [{"player": "BRK15", "games": 2}, {"player": "BRK19", "games": 2}])
    side = _setup(season)
    assert side["starter"] == "BRK16"  # the next most rested starter
    assert "BRK19" not in side["bullpen"] and "BRK15" not in side["bullpen"]
    assert {o["player"]: o["at"] for o in side["out"]} == {"BRK15": "pitcher", "BRK19": "pitcher"}


def test_a_named_injured_starter_is_refused(season: Any) -> None:
    _hurt_in_g1(season, [{"player": "BRK15", "games": 2}])
    with pytest.raises(RulesError, match=r"BRK15 \(BRK\) is on the injury list \(injured 2024-04-01 in G1 "
                                         r"for 2 game\(s\); this game is 1 of 2\)"):
        _setup(season, visitor_starter="BRK15")
    assert _setup(season, visitor_starter="BRK16")["starter"] == "BRK16"


def test_with_every_starter_hurt_a_healthy_reliever_starts(season: Any) -> None:
    starters = ["BRK14", "BRK15", "BRK16", "BRK17", "BRK18", "BRK22"]
    _hurt_in_g1(season, [{"player": p, "games": 3} for p in starters])
    side = _setup(season)
    assert side["starter"] not in starters and side["starter"] not in side["bullpen"]
    note = next(o for o in side["out"] if o["player"] == "BRK14")
    assert note["how"] == "not available"


def test_an_injured_regular_is_benched_and_returns_when_his_games_are_over(season: Any) -> None:
    _hurt_in_g1(season, [{"player": "BRK05", "games": 1}])
    side = _setup(season)
    assert side["order"][4] == "BRK13" and "BRK05" not in side["bench"] and side["out"][0]["player"] == "BRK05"
    # step: G2 is played (in the Staff's eyes); for G3 he is back in his slot
    season.staffs["BRK"].record_usage(game="G2", date="2024-04-02", appearances=[])
    season.staffs["BRK"].record_injuries(game="G2", injuries=[])
    scheduled = {"game_id": "G3", "date": "2024-04-03", "number": 0, "visitor": "BRK", "home": "ANV"}
    back = season.begin(scheduled, None, "t", "seeded").setup["visitor"]
    assert back["order"][4] == "BRK05" and "out" not in back
