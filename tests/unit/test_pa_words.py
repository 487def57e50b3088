"""Decisions and steals of a plate-appearance game read in words, as the log shows them."""

from __future__ import annotations

from league.rules.pa.words import decision_words, steal_result, with_names

NAMES = {"ANV01": "Orval Ormsby", "ANV02": "Irv Pruett", "ANV12": "Al Smith", "BRK20": "Cy Banks"}


def steal_event(runners: list[int], before: list[str | None], dest: list[int | None]) -> dict[str, object]:
    return {"type": "steal", "runners": runners, "before": {"bases": before}, "play": {"label": "steal", "runners": dest}}


def test_a_double_steal_names_each_runner_safe_or_out_lead_runner_first() -> None:
    e = steal_event([1, 2], ["ANV01", "ANV02", None], [2, 0, None])
    assert steal_result(e, NAMES) == "Irv Pruett out stealing third; Orval Ormsby safe at second"


def test_a_throwing_error_that_carries_the_runner_on_is_said() -> None:
    e = steal_event([1], ["ANV01", None, None], [3, None, None])
    assert steal_result(e, NAMES) == "Orval Ormsby safe at second, on to third on the throw"


def test_a_steal_of_home_and_unknown_ids_shown_as_they_are() -> None:
    e = steal_event([3], [None, None, "XYZ09"], [None, None, 0])
    assert steal_result(e, NAMES) == "XYZ09 out stealing home"


def test_substitutions_and_strategies_read_as_words() -> None:
    assert decision_words({"type": "pinch_run", "team": "visitor", "base": 1, "in": "ANV12"}, NAMES) == \
        "pinch runner Al Smith for the runner on first"
    assert decision_words({"type": "pitching_change", "team": "home", "in": "BRK20"}, NAMES) == "new pitcher Cy Banks"
    assert decision_words({"type": "strategy", "team": "home", "set": {"infield_in": True, "held": [1]}}, NAMES) == \
        "infield in, runner on first held"
    assert decision_words({"type": "steal", "team": "visitor", "runners": [1, 2]}, NAMES) == \
        "double steal: the runner from first and the runner from second"


def test_card_ids_inside_engine_text_become_names() -> None:
    assert with_names("ANV01 steals 2: C stealer", NAMES) == "Orval Ormsby steals 2: C stealer"


def test_the_super_advanced_defensive_choices_read_as_words() -> None:
    assert decision_words({"type": "strategy", "team": "home",
                           "set": {"corners_in": True, "concede_third": True}}, NAMES) == \
        "corners in, concede third to the runner from first on a single"
    assert decision_words({"type": "strategy", "team": "home", "set": {"outfield_in": True}}, NAMES) == "outfield in"


def test_the_words_read_the_bases_as_the_plays_write_them() -> None:
    from league.rules.pa import play, words

    assert (words.OUT, words.HOME) == (play.OUT, play.HOME)
