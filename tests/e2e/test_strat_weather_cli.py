"""30.5 through the CLI: a super advanced league created with ``--option weather=on`` rolls the weather
before a hand-played game's first pitch, shows it in the log, plays its ranges in place of the park's, and
can be rewound to just after the weather roll; the option is refused for the advanced rules."""

from __future__ import annotations

import json
from pathlib import Path

from league.rules.strat.roster import CARD_SET
from tests.e2e.cli import game_state, last_play, ok, refused, run
from tests.e2e.test_strat_ballparks_cli import _diamond_cards

GAME = "BRK202407010"  # ANV at BRK, a July day game


def _league(where: Path, *options: str) -> str:
    db = str(where / "w.db")
    ok(db, "init", "--name", "W", "--ruleset", "strat-o-matic-super", "--seed", "1", *options)
    ok(db, "teams", "import", str(_diamond_cards(where)), str(CARD_SET / "BRK.txt"))
    (where / "s.csv").write_text("date,visitor,home,game,time\n2024-07-01,ANV,BRK,0,day\n")
    ok(db, "schedule", "import", str(where / "s.csv"))
    ok(db, "game", "start", GAME)
    return db


def _roll(db: str, where: Path, to: str, *dice: str) -> str:
    (where / "d.txt").write_text("".join(f"{d}\n" for d in dice))
    return ok(db, "game", "roll", GAME, "--dice", str(where / "d.txt"), "--to", to)


def test_the_weather_is_rolled_before_the_first_pitch_and_replaces_the_park(tmp_path: Path) -> None:
    db = _league(tmp_path, "--option", "weather=on")
    # step: a walk called before the weather roll is refused (the roll's play would drop it)
    refused(db, "game", "walk", GAME, names=("weather is rolled before the first pitch",))
    # step: the first roll is the weather's: BRK is a cold club, a July day game there is good on 1-7
    out = _roll(db, tmp_path, "roll", "d3")
    assert "good weather at BRK (July day)" in out
    state = game_state(db, GAME)
    assert state["batter"] == "ANV01" and state["outs"] == 0 and state["last_play"].startswith("good weather")
    assert "good weather at BRK" in ok(db, "game", "log", GAME)
    entry = json.loads(ok(db, "game", "log", GAME, "--json"))[1]
    assert entry["summary"].startswith("d3 (weather (30.5)) -> good weather at BRK (July day): L homerun 1-12")
    step = entry["play"]["steps"][0]
    assert (step["chart"], step["row"], step["column"], step["value"]) == \
        ("weather effects", "cold July day", "d20 1-7", "good")
    # step: the black diamond reads the weather's 1-12, not Heron Park's 1-8 for a right-handed batter
    _roll(db, tmp_path, "play", "134", "d12")
    play = last_play(db, GAME)
    assert play["play"]["label"] == "HOMERUN" and play["runs"] == 1
    step = next(s for s in play["steps"] if s.get("rule") == "30.3" and "chart" in s)
    assert (step["chart"], step["value"]) == ("weather effects", "1-12")
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: rewound to just after the weather roll, the homerun is gone and the weather stays
    positions = [e["position"] for e in json.loads(ok(db, "game", "log", GAME, "--json"))
                 if e["type"] == "PlayResolved"]
    ok(db, "rewind", GAME, "--to", str(positions[0] + 1), "--reason", "the batter's dice were misread")
    state = game_state(db, GAME)
    assert state["score"] == [0, 0] and state["last_play"].startswith("good weather")
    _roll(db, tmp_path, "play", "134", "d13")  # no second weather roll: off the 1-12, a flyball
    assert last_play(db, GAME)["play"]["label"] == "FLYBALL(lf)B"
    assert "Audit passed" in ok(db, "audit", "--all")
    # step: rewound to before it, the weather is asked again
    ok(db, "rewind", GAME, "--to", str(positions[0]), "--reason", "the weather die was misread")
    assert "bad weather at BRK (July day)" in _roll(db, tmp_path, "roll", "d20")
    assert "Audit passed" in ok(db, "audit", "--all")


def test_without_the_option_the_first_roll_is_the_batters(tmp_path: Path) -> None:
    db = _league(tmp_path)
    _roll(db, tmp_path, "play", "134", "d9")  # Heron Park: 1-8, so a flyball
    play = last_play(db, GAME)
    assert play["play"]["label"] == "FLYBALL(lf)B" and play["type"] == "plate_appearance"
    setup = json.loads(ok(db, "game", "log", GAME, "--json"))[0]["setup"]
    assert "extra" not in setup and setup["level"] == "super+r4"
    assert "weather" not in ok(db, "game", "show", GAME)


def test_the_option_is_refused_for_the_advanced_rules(tmp_path: Path) -> None:
    db = str(tmp_path / "a.db")
    r = run(db, "init", "--name", "A", "--ruleset", "strat-o-matic", "--option", "weather=on")
    assert r.exit_code != 0 and "super advanced rule (30.5)" in r.output


def test_a_simulated_weather_game_audits_and_exports_its_weather_as_a_comment(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    ok(db, "init", "--name", "S", "--ruleset", "strat-o-matic-super", "--seed", "3", "--option", "weather=on")
    ok(db, "teams", "import", str(CARD_SET / "ANV.txt"), str(CARD_SET / "DUN.txt"))
    (tmp_path / "s.csv").write_text("date,visitor,home\n2024-09-02,ANV,DUN\n")  # no time: a night game
    ok(db, "schedule", "import", str(tmp_path / "s.csv"))
    ok(db, "play", "DUN202409020")
    assert "Audit passed" in ok(db, "audit", "--all")
    first = [e for e in json.loads(ok(db, "game", "log", "DUN202409020", "--json")) if e["type"] == "PlayResolved"][0]
    assert first["play"]["weather"] == {"condition": "average", "row": "dome", "club": "DUN", "month": "September",
                                        "time": "night", "L": {"homerun": 10, "single": 10},
                                        "R": {"homerun": 10, "single": 10}}
    shown = ok(db, "game", "show", "DUN202409020").splitlines()
    assert "weather: average weather at DUN (September night): L homerun 1-10, single 1-10; " \
        "R homerun 1-10, single 1-10" in shown[1:3]  # under the heading, beside who played the game
    assert json.loads(ok(db, "game", "show", "DUN202409020", "--json"))["weather"]["condition"] == "average"
    ok(db, "export", "retrosheet", "DUN202409020", str(tmp_path / "retro"))
    records = (tmp_path / "retro" / "2024DUN.EVA").read_text().splitlines()
    assert "info,daynight,night" in records
    plays = [r for r in records if r.startswith(("play,", "com,"))]
    assert plays[0].startswith('com,"average weather at DUN (September night)') and ",OA" not in plays[1]
