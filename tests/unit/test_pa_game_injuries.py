"""A plate-appearance game keeps its injuries in force, so undo can restore them."""

from __future__ import annotations

from league.rules.pa.game import PAGame


def _game() -> PAGame:
    return PAGame(game="G1", date="2024-04-01", number=0, visitor="ANV", home="BRK", ruleset="strat-o-matic",
                  ruleset_version="x", setup={}, dice_source="seeded", actor="t")


def test_a_rewind_before_the_injury_drops_it_and_reinstating_the_old_state_brings_it_back() -> None:
    g = _game()
    g.record_roll(team="ANV", kind="3d6", purpose="plate appearance", dice="1-7")
    g.injure(team="ANV", player="ANV03", date="2024-04-01", games=4, game="G1")
    hurt_at = g.version
    old = g.snapshot()
    assert [(i["player"], i["position"]) for i in old["injuries"]] == [("ANV03", hurt_at)]
    g.rewind(to=hurt_at - 1, to_start=False, reason="dispute", actor="t")
    assert g.snapshot()["injuries"] == []
    g.reinstate(state=old, reason="undo", actor="t")
    assert g.snapshot()["injuries"] == old["injuries"]


def test_a_rewind_after_the_injury_keeps_it_and_a_void_drops_it() -> None:
    g = _game()
    g.injure(team="BRK", player="BRK07", date="2024-04-01", games=2, game="G1")
    g.record_roll(team="ANV", kind="3d6", purpose="plate appearance", dice="2-5")
    g.rewind(to=g.version, to_start=False, reason="typo", actor="t")
    assert [i["player"] for i in g.snapshot()["injuries"]] == ["BRK07"]
    g.void(reason="rain", actor="t")
    assert g.snapshot()["injuries"] == []
