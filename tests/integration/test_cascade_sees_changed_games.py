"""A dispute's cascade judges later games by the games as the command has changed them.

Super advanced rest (27.51) reads how many outs a starter's last start lasted,
and the real-usage limits (10.x) the outs and at-bats so far, so a correction
that changes them -- the same pitchers, other outs or at-bats -- must send the
club's later games to be looked at again, and the
season player that sets them up again must read the corrected game, not the
stored one.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from league.application.cascade import Cascade, usage_of
from league.bootstrap import open_app
from league.domain.staff import Staff
from league.rules.strat.roster import CARD_SET
from league.rules.strat.team_file import read_card_team


def _game(outs: int, ab: int = 4) -> Any:
    box = {"visitor": {"team": "BRK", "pitching": [{"pitcher": "BRK14", "outs": 27}],
                       "batting": [{"player": "BRK01", "ab": 4}]},
           "home": {"team": "ANV", "pitching": [{"pitcher": "ANV14", "outs": outs},
                                                {"pitcher": "ANV20", "outs": 27 - outs}],
                    "batting": [{"player": "ANV01", "ab": ab}]}}
    return SimpleNamespace(game="G", visitor="BRK", home="ANV", outcome=box)


def test_a_start_that_lasted_other_outs_with_the_same_pitchers_counts_as_changed_usage() -> None:
    staffs = {"ANV": Staff(team="ANV"), "BRK": Staff(team="BRK")}
    staffs["ANV"].record_usage(game="G", date="2024-04-01",
                               appearances=[{"pitcher": "ANV14", "role": "start"}, {"pitcher": "ANV20", "role": "relief"}])
    staffs["BRK"].record_usage(game="G", date="2024-04-01", appearances=[{"pitcher": "BRK14", "role": "start"}])
    before, after = usage_of(staffs, _game(18)), usage_of(staffs, _game(24))
    assert before["ANV"] != after["ANV"]  # ANV's starter went two innings longer
    assert before["BRK"] == after["BRK"]
    # a batter's at-bats count too (10.x's real-usage limits read them)
    assert usage_of(staffs, _game(18, ab=5))["ANV"] != before["ANV"]
    assert usage_of(staffs, _game(18))["ANV"] == before["ANV"]


def test_the_cascades_season_player_reads_a_changed_game_as_it_now_stands(tmp_path: Any) -> None:
    app = open_app(str(tmp_path / "l.db"))
    try:
        app.create_league(name="c", ruleset="strat-o-matic-super", seed="c", actor="t")
        app.import_teams([(read_card_team(CARD_SET / f"{c}.txt"), c) for c in ("ANV", "BRK")], actor="t")
        corrected = _game(24)
        cascade = Cascade(app, {}, "t", "r", changed={"G": corrected})
        player = cascade.session(app.league().version)
        assert player.app.find_game("G") is corrected
        assert player.app.find_game("OTHER") is None  # not changed: read from the store (not played)
        assert player.app.league().name == "c"  # the rest is the application's
    finally:
        app.close()
